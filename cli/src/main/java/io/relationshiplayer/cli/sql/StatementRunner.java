package io.relationshiplayer.cli.sql;

import io.grpc.Context;
import io.grpc.Status;
import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import java.io.PrintWriter;

/**
 * Runs statements on a client, printing results with a {@link ResultPrinter} and refusals with a caret. Each statement
 * runs in a gRPC context of its own, so that {@link #cancel} (Ctrl-C) stops it in every phase, before its header and
 * first row as well as while rows stream: the call is cancelled and the server stops the statement.
 */
public final class StatementRunner {
    /** What psql prints for a statement its user cancelled. */
    public static final String CANCELLED = "ERROR: canceling statement due to user request (SQLSTATE 57014)";

    private final SqlSession client;
    private final ResultPrinter printer;
    private final PrintWriter err;
    private volatile Context.CancellableContext running;

    public StatementRunner(SqlSession client, ResultPrinter printer, PrintWriter err) {
        this.client = client;
        this.printer = printer;
        this.err = err;
    }

    public ResultPrinter printer() {
        return printer;
    }

    public SqlSession client() {
        return client;
    }

    /** Runs one statement; false when the server refused it (the error is printed). */
    public boolean run(String sql) {
        return run(sql, 1);
    }

    /** As {@link #run(String)}, for a statement that starts on line {@code firstLine} of a script or file. */
    public boolean run(String sql, int firstLine) {
        Context.CancellableContext context = Context.current().withCancellation();
        running = context;
        try {
            return context.call(() -> runIn(sql, firstLine));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            running = null;
            context.close();
        }
    }

    /** Cancels the running statement, if any; safe from any thread (a signal handler). */
    public void cancel() {
        Context.CancellableContext context = running;
        if (context != null) {
            context.cancel(null);
        }
    }

    private boolean runIn(String sql, int firstLine) {
        long start = System.nanoTime();
        try (SqlResult result = client.execute(sql)) {
            printer.print(result, start);
            return true;
        } catch (SqlClientException e) {
            printer.beforeError();
            printer.flush();
            // a cancel of ours (Ctrl-C) is said as psql says it; the server's own (a statement timeout) names its limit
            if (e.cancelled() && e.code() == Status.Code.CANCELLED) {
                err.println(CANCELLED);
                err.flush();
            } else {
                ErrorPrinter.print(err, e, sql, firstLine);
            }
            return false;
        }
    }
}
