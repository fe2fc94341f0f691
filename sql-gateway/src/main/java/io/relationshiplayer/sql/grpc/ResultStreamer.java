package io.relationshiplayer.sql.grpc;

import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.grpc.FlowControlledStreamer;
import io.relationshiplayer.grpc.FlowControlledStreamer.Sink;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ResultComplete;
import io.relationshiplayer.proto.v1.ResultEnd;
import io.relationshiplayer.proto.v1.ResultHeader;
import io.relationshiplayer.proto.v1.Row;
import io.relationshiplayer.proto.v1.RowBatch;
import io.relationshiplayer.sql.ColumnMeta;
import io.relationshiplayer.sql.RowStream;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementBounds;
import io.relationshiplayer.sql.StatementKind;
import io.relationshiplayer.sql.StatementResult;
import java.util.List;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Runs one statement under a session lease and streams its result through record-service's
 * {@link FlowControlledStreamer} (flow control, the worker, cancellation and the statement timeout as its deadline):
 * the header, row batches, then the end. What is SQL's stays here: the statement run in {@link #open}, rows encoded in
 * batches of the fetch size and at most about {@link #MAX_BATCH_BYTES}, the end's counts and transaction state, the
 * session's closing (which ends the statement even while the client reads nothing), the statement metrics. A
 * cancelled call cancels the statement, closes its rows and frees the session.
 */
final class ResultStreamer implements FlowControlledStreamer.Source<ExecuteResponse> {
    static final int DEFAULT_FETCH = FlowControlledStreamer.DEFAULT_BATCH;
    /** A batch is cut at about this size whatever the fetch size, so that rows of any width stay bounded. */
    static final int MAX_BATCH_BYTES = 1 << 20;
    /** The commands whose rows (RETURNING) are rows they wrote. */
    private static final java.util.Set<String> WRITES = java.util.Set.of("INSERT", "UPDATE", "DELETE");

    private final Sessions.Lease lease;
    private final String sql;
    private final List<Object> params;
    private final StreamSettings settings;
    private final int fetchSize;
    /** ExecuteRequest's flags. */
    private final Flags flags;
    private final long startNanos = System.nanoTime();
    /** This statement's timeout (zero: none), the session's or the server's ({@link StatementTimeoutException#of}). */
    private final java.time.Duration timeout;
    private StatementResult.Query query;
    private long rowCount;

    /**
     * ExecuteRequest's flags: BEGIN before the statement, COMMIT after it, a result complete in its first batch as one
     * message.
     */
    record Flags(boolean beginTransaction, boolean commit, boolean singleMessage) {
        static final Flags NONE = new Flags(false, false, false);
    }

    private ResultStreamer(Sessions.Lease lease, String sql, List<Object> params, StreamSettings settings,
                           int fetchSize, Flags flags) {
        this.lease = lease;
        this.sql = sql;
        this.params = params;
        this.settings = settings;
        this.fetchSize = FlowControlledStreamer.batchSize(settings.limits(), fetchSize);
        this.flags = flags;
        this.timeout = StatementTimeoutException.of(lease, settings.limits());
    }

    /** Starts the statement; must be called from the gRPC handler method. The streamer releases the lease. */
    static void start(Sessions.Lease lease, String sql, List<Object> params, StreamObserver<ExecuteResponse> observer,
                      StreamSettings settings, int fetchSize) {
        start(lease, sql, params, observer, settings, fetchSize, Flags.NONE);
    }

    /** As {@link #start}, with ExecuteRequest's flags. */
    static void start(Sessions.Lease lease, String sql, List<Object> params, StreamObserver<ExecuteResponse> observer,
                      StreamSettings settings, int fetchSize, Flags flags) {
        ResultStreamer source = new ResultStreamer(lease, sql, params, settings, fetchSize, flags);
        settings.metrics().statementStarted();
        FlowControlledStreamer<ExecuteResponse> streamer = FlowControlledStreamer
                .create(observer, source, flags.beginTransaction() || flags.commit() ? settings.worker()
                        : settings.executorFor(lease.session(), sql))
                .deadline(settings.timers(), source.timeout);
        lease.onRevoke(streamer::wake);
        streamer.start();
    }

    /** A session closed under the running statement ends it, even while the client reads nothing. */
    @Override
    public void check() {
        if (lease.revoked()) {
            throw new SqlException(SqlException.QUERY_CANCELED, "canceling statement: its session was closed");
        }
    }

    /** Runs the statement and sends the header; ends the stream if the statement is already complete (no rows). */
    @Override
    public void open(@Nonnull Sink<ExecuteResponse> out) {
        ServerLimits limits = settings.limits();
        lease.session().bounds(new StatementBounds(limits.maxStatementBytes(), limits.maxStatementDepth()));
        StatementResult result;
        try {
            result = flags.beginTransaction() || flags.commit()
                    ? lease.session().execute(sql, params, flags.beginTransaction(), flags.commit())
                    : lease.session().execute(sql, params);
        } catch (io.relationshiplayer.sql.PlanningElsewhere e) {
            throw new FlowControlledStreamer.NotHere(); // nothing ran: again on the worker
        }
        ResultHeader.Builder header = ResultHeader.newBuilder().setCommand(result.command());
        if (result instanceof StatementResult.Query) {
            query = (StatementResult.Query) result;
            header.setReturnsRows(true);
            query.columns().forEach(c -> header.addColumns(SqlValues.column(c)));
        }
        ResultComplete.Builder whole = flags.singleMessage() ? ResultComplete.newBuilder().setHeader(header) : null;
        if (whole != null && query != null) {
            // the first batch now: if it holds every row, the result goes as one message
            RowBatch first = nextBatch(query.rows(), query.columns(), out);
            if (!query.rows().hasNext()) {
                end(out, whole.setBatch(first), ends(query.command()));
                return;
            }
            out.send(ExecuteResponse.newBuilder().setHeader(header).build());
            if (first.getRowsCount() > 0) {
                out.send(ExecuteResponse.newBuilder().setBatch(first).build());
            }
            return;
        }
        if (whole == null) {
            out.send(ExecuteResponse.newBuilder().setHeader(header).build());
        }
        if (result instanceof StatementResult.Update) {
            end(out, whole, ResultEnd.newBuilder().setAffectedRows(((StatementResult.Update) result).count()));
        } else if (result instanceof StatementResult.Done) {
            end(out, whole, ResultEnd.newBuilder());
        }
    }

    @Override
    public void next(@Nonnull Sink<ExecuteResponse> out) {
        RowStream rows = query.rows();
        RowBatch batch = nextBatch(rows, query.columns(), out);
        boolean more = rows.hasNext();
        if (batch.getRowsCount() > 0) {
            out.send(ExecuteResponse.newBuilder().setBatch(batch).build());
        }
        if (!more) {
            end(out, null, ends(query.command()));
        }
    }

    /** A query's end: the rows returned, and for RETURNING the rows the INSERT, UPDATE or DELETE affected. */
    private ResultEnd.Builder ends(String command) {
        return ResultEnd.newBuilder().setRowCount(rowCount).setAffectedRows(WRITES.contains(command) ? rowCount : 0);
    }

    private RowBatch nextBatch(RowStream rows, List<ColumnMeta> columns, Sink<ExecuteResponse> out) {
        RowBatch.Builder batch = RowBatch.newBuilder();
        long bytes = 0;
        while (batch.getRowsCount() < fetchSize && bytes < MAX_BATCH_BYTES && !out.stopping() && rows.hasNext()) {
            Row row = SqlValues.row(rows.next(), columns);
            bytes += row.getSerializedSize();
            batch.addRows(row);
        }
        rowCount += batch.getRowsCount();
        return batch.build();
    }

    /**
     * The statement completed: the streamer frees the session before the client can see the end and call again. With
     * {@code whole} (single_message), the end goes inside it, with the header and rows it already holds.
     */
    private void end(Sink<ExecuteResponse> out, @Nullable ResultComplete.Builder whole, ResultEnd.Builder end) {
        lease.session().completeStatement();
        end.setDone(true).setInTransaction(lease.session().inTransaction());
        out.end(whole == null ? ExecuteResponse.newBuilder().setEnd(end).build()
                : ExecuteResponse.newBuilder().setComplete(whole.setEnd(end)).build());
    }

    /** On cancellation: stops the statement's scan. */
    @Override
    public void stop() {
        lease.cancel();
    }

    /** At the statement timeout: stops it as an error of the statement, which aborts an explicit transaction. */
    @Override
    public void timedOut() {
        lease.cancelAtTimeout();
    }

    /** Closes the rows (ending the scan and an autocommit transaction) and frees the session. */
    @Override
    public void close() {
        settings.metrics().statement(StatementKind.of(sql).label(), startNanos);
        try {
            if (query != null) {
                query.rows().close();
            }
        } finally {
            lease.close();
            // after the session is free: no statement running means its session takes the next call
            settings.metrics().statementStopped();
        }
    }

    @Nonnull
    @Override
    public StatusRuntimeException toStatus(@Nonnull Throwable failure) {
        return SqlGrpcErrors.toStatus(failure, sql);
    }

    @Nonnull
    @Override
    public StatusRuntimeException deadlineExceeded() {
        return SqlGrpcErrors.toStatus(StatementTimeoutException.reached(timeout, settings.limits()), sql);
    }
}
