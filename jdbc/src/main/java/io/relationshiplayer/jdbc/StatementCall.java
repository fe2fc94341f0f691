package io.relationshiplayer.jdbc;

import io.grpc.Context;
import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlResult;
import java.sql.SQLException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import javax.annotation.Nullable;

/**
 * One statement's call to the server, in a gRPC context of its own: cancelling it ({@code Statement.cancel}, from any
 * thread) or its deadline ({@code setQueryTimeout}) cancels the call, and the server stops the statement's work. The
 * client library starts its calls in a child of the current context, so they inherit both.
 */
final class StatementCall implements AutoCloseable {
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rl-jdbc-deadlines");
        t.setDaemon(true);
        return t;
    });

    private final RlConnection connection;
    private final Context.CancellableContext context;
    private final boolean hasTimeout;
    private final IntFunction<String> text;
    private volatile boolean cancelled;

    StatementCall(RlConnection connection, int timeoutSeconds) {
        this(connection, timeoutSeconds, index -> null);
    }

    /** A call that runs {@code sql}: its errors' positions are offsets in it. */
    StatementCall(RlConnection connection, int timeoutSeconds, @Nullable String sql) {
        this(connection, timeoutSeconds, index -> sql);
    }

    /**
     * A call whose statement's text is {@code text} of the failing batch item's index (-1 when the failure is not one
     * item's), for the positions of its errors.
     */
    StatementCall(RlConnection connection, int timeoutSeconds, IntFunction<String> text) {
        this.connection = connection;
        this.text = text;
        this.hasTimeout = timeoutSeconds > 0;
        this.context = hasTimeout
                ? Context.ROOT.withDeadlineAfter(timeoutSeconds, TimeUnit.SECONDS, DEADLINES)
                : Context.ROOT.withCancellation();
    }

    /** Runs {@code work} (calls of the client library) in the statement's context; failures as SQLExceptions. */
    <T> T run(Supplier<T> work) throws SQLException {
        try {
            return context.call(work::get);
        } catch (ClientException e) {
            throw failed(e);
        } catch (RuntimeException e) {
            close();
            throw e;
        } catch (Exception e) {
            close();
            throw new SQLException(e.getMessage(), "XX000", e);
        }
    }

    /** Cancels the call; the server stops the statement (between rows). Safe from any thread. */
    void cancel() {
        cancelled = true;
        context.cancel(null);
    }

    boolean cancelled() {
        return cancelled;
    }

    /** A streamed result read to its end: the session's transaction state is known again. */
    void ended(SqlResult result) {
        connection.statementEnded();
        close();
    }

    SQLException failed(ClientException e) {
        boolean timedOut = hasTimeout && !cancelled && context.getDeadline() != null
                && context.getDeadline().isExpired();
        close();
        String sql = text.apply(e instanceof SqlClientException s ? s.batchIndex() : -1);
        return SqlErrors.of(e, timedOut, sql);
    }

    @Override
    public void close() {
        context.cancel(null);
    }
}
