package io.relationshiplayer.cli.sql;

import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import java.io.PrintWriter;
import java.util.function.Consumer;

/** Runs statements on a client, printing results with a {@link ResultPrinter} and refusals with a caret. */
public final class StatementRunner {
    private final SqlSession client;
    private final ResultPrinter printer;
    private final PrintWriter err;

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
        return run(sql, 1, r -> { });
    }

    /**
     * As {@link #run(String)}, handing the running result to {@code started} first (a shell keeps it to cancel it on
     * Ctrl-C).
     */
    public boolean run(String sql, Consumer<SqlResult> started) {
        return run(sql, 1, started);
    }

    /** As {@link #run(String, Consumer)}, for a statement that starts on line {@code firstLine} of a script or file. */
    public boolean run(String sql, int firstLine, Consumer<SqlResult> started) {
        long start = System.nanoTime();
        try (SqlResult result = client.execute(sql)) {
            started.accept(result);
            printer.print(result, start);
            return true;
        } catch (SqlClientException e) {
            printer.flush();
            // a cancel of ours (Ctrl-C) is said briefly; the server's own (a statement timeout) names its limit
            if (e.cancelled() && e.code() == io.grpc.Status.Code.CANCELLED) {
                err.println("cancelled (SQLSTATE 57014)");
                err.flush();
            } else {
                ErrorPrinter.print(err, e, sql, firstLine);
            }
            return false;
        }
    }
}
