package io.relationshiplayer.cli.copy;

import io.grpc.Context;
import io.relationshiplayer.client.PreparedSql;
import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.client.TransactionFlags;
import io.relationshiplayer.proto.v1.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Loads COPY FROM's records into a table through one prepared INSERT sent in ExecuteBatch calls of up to
 * {@value #CHUNK_ROWS} rows or {@value #CHUNK_BYTES} bytes, each value typed by its column's type (read from the
 * header of a query of the columns).
 *
 * <p>Atomicity: inside BEGIN ... COMMIT every chunk is part of the open transaction, and a failure aborts it, as
 * PostgreSQL's COPY does. In autocommit the COPY is one transaction (the chunks folded into one BEGIN ... COMMIT) as
 * long as it stays within {@value #SEGMENT_ROWS} rows, {@value #SEGMENT_BYTES} bytes of data and
 * {@value #SEGMENT_MILLIS} ms, inside FoundationDB's 10 MB and 5 s; a larger or slower load commits at that point and
 * goes on in a new transaction, so that on a failure the transactions committed before stay (their row count is
 * reported) and the failing one is rolled back.
 */
final class CopyLoader implements AutoCloseable {
    static final int CHUNK_ROWS = 1_000;
    static final int CHUNK_BYTES = 1 << 19;
    /**
     * A transaction's bounds in autocommit. A row costs FoundationDB several times its CSV text (the record, its
     * keys, the uniqueness check's read and the conflict ranges: 100,000 rows of 60 bytes of CSV passed 10 MB after
     * 25,000 rows), so rows are bounded as well as bytes.
     */
    static final long SEGMENT_ROWS = 10_000L;
    static final long SEGMENT_BYTES = 2_000_000L;
    static final long SEGMENT_MILLIS = 2_000L;
    /** The bounds in force (a test shortens them). */
    static volatile long segmentBytes = SEGMENT_BYTES;
    static volatile long segmentRowBound = SEGMENT_ROWS;
    static volatile long segmentMillis = SEGMENT_MILLIS;
    /** A statement that fails as it runs (22P02), aborting the session's transaction. */
    static final String ABORT = "SELECT CAST('the COPY failed' AS INTEGER)";

    private final SqlSession session;
    private final String relation;
    private final List<Column> columns;
    private final PreparedSql insert;
    private final boolean autocommit;
    private final List<Object[]> chunk = new ArrayList<>();
    private long[] chunkLines = new long[CHUNK_ROWS];
    private long chunkBytes;
    private boolean segmentOpen;
    private long segmentStarted;
    private long segmentSize;
    private long segmentRows;
    private long committedRows;
    private long committedLine;
    private long rows;
    private long lastSentLine;

    private CopyLoader(SqlSession session, String relation, List<Column> columns, PreparedSql insert) {
        this.session = session;
        this.relation = relation;
        this.columns = columns;
        this.insert = insert;
        this.autocommit = !session.inTransaction();
    }

    /** Reads the columns' types and prepares the INSERT; the server's refusal (42P01, 42703, 25P02) as it is. */
    static CopyLoader open(SqlSession session, CopyStatement st) {
        String list = st.columns().isEmpty() ? "*" : String.join(", ", st.columns());
        List<Column> columns;
        try (SqlResult header = session.execute("SELECT " + list + " FROM " + st.table() + " LIMIT 0")) {
            columns = header.columns();
            while (header.hasNext()) {
                header.next();
            }
            header.end();
        }
        String names = st.columns().isEmpty() ? "" : " (" + String.join(", ", st.columns()) + ")";
        String markers = String.join(", ", java.util.Collections.nCopies(columns.size(), "?"));
        PreparedSql insert = session.prepare("INSERT INTO " + st.table() + names + " VALUES (" + markers + ")");
        return new CopyLoader(session, st.relation(), columns, insert);
    }

    List<Column> columns() {
        return columns;
    }

    /** Rows committed by transactions of this COPY that ended before a failure (autocommit only). */
    long committedRows() {
        return committedRows;
    }

    /** The last line of the rows {@link #committedRows()} counts. */
    long committedLine() {
        return committedLine;
    }

    /** One record at {@code line}: its fields converted and queued; a full chunk is sent. */
    void add(List<String> fields, long line, int bytes) {
        if (fields.size() > columns.size()) {
            throw CopyException.badData("extra data after last expected column").at(context(line));
        }
        if (fields.size() < columns.size()) {
            throw CopyException.badData("missing data for column \"" + columns.get(fields.size()).getName() + "\"")
                    .at(context(line));
        }
        Object[] values = new Object[fields.size()];
        for (int i = 0; i < values.length; i++) {
            String f = fields.get(i);
            if (f != null) {
                try {
                    values[i] = CopyValues.parse(f, columns.get(i).getType());
                } catch (CopyException e) {
                    throw e.at(context(line) + ", column " + columns.get(i).getName() + ": \"" + f + "\"");
                }
            }
        }
        if (chunk.size() == chunkLines.length) {
            chunkLines = Arrays.copyOf(chunkLines, chunkLines.length * 2);
        }
        chunkLines[chunk.size()] = line;
        chunk.add(values);
        chunkBytes += bytes;
        if (chunk.size() >= CHUNK_ROWS || chunkBytes >= CHUNK_BYTES) {
            send(false);
        }
    }

    /** Sends what is left and commits this COPY's transaction (autocommit); the rows loaded. */
    long finish() {
        if (!chunk.isEmpty()) {
            send(true);
        } else if (segmentOpen) {
            try {
                session.update("COMMIT");
            } catch (SqlClientException e) {
                segmentOpen = false;
                throw CopyException.refused(e, e.detail(), "");
            }
            committed();
        }
        return rows;
    }

    /**
     * After a failure of the client's own (bad data): the rows sent must not stay. In autocommit the open transaction
     * rolls back; inside BEGIN the transaction is left aborted (25P02 until ROLLBACK), as PostgreSQL leaves it after
     * a failed COPY. The service has no call that aborts a transaction without ending it, and it does not abort one
     * for a statement it refuses before running (a syntax error), so a statement that fails as it runs does it.
     */
    void abort() {
        if (autocommit && segmentOpen) {
            quietly("ROLLBACK");
        } else if (!autocommit) {
            quietly(ABORT);
        }
        segmentOpen = false;
    }

    @Override
    public void close() {
        insert.close();
    }

    private void send(boolean last) {
        TransactionFlags flags = TransactionFlags.NONE;
        boolean openAfterFailure = false;
        if (autocommit) {
            boolean begin = !segmentOpen;
            if (begin) {
                segmentStarted = System.nanoTime();
                this.segmentSize = 0;
                segmentRows = 0;
            }
            this.segmentSize += chunkBytes;
            boolean commit = last || this.segmentSize >= CopyLoader.segmentBytes
                    || segmentRows + chunk.size() >= segmentRowBound
                    || System.nanoTime() - segmentStarted >= segmentMillis * 1_000_000L;
            // one chunk that is a whole transaction runs as an autocommit batch (retried whole on a conflict)
            flags = begin && commit ? TransactionFlags.NONE : begin ? TransactionFlags.BEGIN
                    : commit ? TransactionFlags.COMMIT : TransactionFlags.NONE;
            openAfterFailure = !(begin && commit) && !commit;
            segmentOpen = !commit;
        }
        try {
            insert.executeBatch(flags, chunk);
        } catch (SqlClientException e) {
            segmentOpen = false;
            if (openAfterFailure) {
                rollbackQuietly(); // the failed item left the transaction open and aborted
            }
            int item = e.batchIndex();
            long line = chunkLines[item >= 0 && item < chunk.size() ? item : 0];
            // the batch's item is the CONTEXT's line here, not the server's "batch item N: " in front of the message
            String detail = item >= 0 ? e.detail().replaceFirst("^batch item " + item + ": ", "") : e.detail();
            throw CopyException.refused(e, detail, context(line));
        }
        rows += chunk.size();
        segmentRows += chunk.size();
        lastSentLine = chunkLines[chunk.size() - 1];
        chunk.clear();
        chunkBytes = 0;
        if (autocommit && !segmentOpen) {
            committed();
        }
    }

    private void committed() {
        committedRows += segmentRows;
        committedLine = lastSentLine;
        segmentRows = 0;
        segmentOpen = false;
    }

    private void rollbackQuietly() {
        quietly("ROLLBACK");
    }

    /** Runs a statement whose failure is expected or harmless, outside a cancelled COPY's context (Ctrl-C). */
    private void quietly(String sql) {
        Context.ROOT.run(() -> {
            try {
                session.update(sql);
            } catch (SqlClientException ignored) {
                // nothing open any more, or the failure that aborts the transaction
            }
        });
    }

    private String context(long line) {
        return "COPY " + relation + ", line " + line;
    }
}
