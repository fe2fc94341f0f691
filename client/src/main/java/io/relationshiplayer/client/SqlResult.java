package io.relationshiplayer.client;

import io.grpc.Context;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ResultEnd;
import io.relationshiplayer.proto.v1.ResultHeader;
import io.relationshiplayer.proto.v1.SqlValue;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * One running statement: its header at once, its rows as they are iterated (a batch at a time, so memory stays
 * bounded), its end once the rows are exhausted. {@link #cancel} (from any thread) or {@link #close} before the end
 * cancels the call, and the server stops the scan.
 */
public final class SqlResult implements Iterator<List<SqlValue>>, AutoCloseable {
    private final Iterator<ExecuteResponse> stream;
    private final Context.CancellableContext context;
    private final SqlSession session;
    private final ResultHeader header;
    private final Deque<List<SqlValue>> buffered = new ArrayDeque<>();
    private ResultEnd end;

    SqlResult(Iterator<ExecuteResponse> stream, Context.CancellableContext context, SqlSession session) {
        this.stream = stream;
        this.context = context;
        this.session = session;
        ExecuteResponse first = next(stream);
        if (first != null && first.hasComplete()) {
            // the whole result in one message (the request asked for it: single_message)
            this.header = first.getComplete().getHeader();
            first.getComplete().getBatch().getRowsList().forEach(r -> buffered.add(r.getValuesList()));
            ended(first.getComplete().getEnd());
            return;
        }
        if (first == null || !first.hasHeader()) {
            context.cancel(null);
            throw new IllegalStateException("the server's result did not start with a header: " + first);
        }
        this.header = first.getHeader();
    }

    private void ended(ResultEnd e) {
        end = e;
        session.ended(e.getInTransaction());
        context.close();
    }

    /** The command tag: SELECT, INSERT, CREATE TABLE, ... */
    public String command() {
        return header.getCommand();
    }

    public boolean returnsRows() {
        return header.getReturnsRows();
    }

    /** The result's columns: name, type (kind, length, precision, scale) and nullability. */
    public List<Column> columns() {
        return header.getColumnsList();
    }

    /** The rest of the rows, read to the end, values as Java ({@link SqlValues#toJava}). */
    public List<Object[]> remainingRows() {
        return SqlSession.rows(this);
    }

    @Override
    public boolean hasNext() {
        while (buffered.isEmpty() && end == null) {
            ExecuteResponse m = next(stream);
            if (m == null) {
                throw new IllegalStateException("the server's result ended without an end message");
            }
            if (m.hasBatch()) {
                m.getBatch().getRowsList().forEach(r -> buffered.add(r.getValuesList()));
            } else if (m.hasEnd()) {
                ended(m.getEnd());
            }
        }
        return !buffered.isEmpty();
    }

    @Override
    public List<SqlValue> next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return buffered.poll();
    }

    /** Reads the rest of the result and returns its end (affected rows, row count, transaction state). */
    public ResultEnd end() {
        while (hasNext()) {
            buffered.clear();
        }
        return end;
    }

    /** Cancels the call; the server stops the statement's scan. Safe from any thread. */
    public void cancel() {
        context.cancel(null);
    }

    @Override
    public void close() {
        if (end == null) {
            context.cancel(null);
        }
    }

    private ExecuteResponse next(Iterator<ExecuteResponse> it) {
        try {
            return it.hasNext() ? it.next() : null;
        } catch (StatusRuntimeException e) {
            context.cancel(null);
            throw CallFailures.sql(session.address(), e);
        }
    }
}
