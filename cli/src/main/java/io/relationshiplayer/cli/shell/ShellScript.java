package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.client.SqlSession;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * The shell's input without a terminal ({@code rl shell -f FILE}, {@code --command}): the same statements and
 * backslash commands as at the prompt, results to standard output, errors to standard error, and psql's exit codes
 * (3 when {@code ON_ERROR_STOP} stopped a script, 1 when the last command failed).
 */
public final class ShellScript {
    /** psql's exit code for a script that ON_ERROR_STOP stopped. */
    public static final int STOPPED = 3;

    private final SqlSession client;
    private final ConnectionInfo connection;
    private final ResultPrinter printer;
    private final PrintWriter err;
    private final Map<String, String> variables;

    public ShellScript(SqlSession client, ConnectionInfo connection, ResultPrinter printer, PrintWriter err,
            Map<String, String> variables) {
        this.client = client;
        this.connection = connection;
        this.printer = printer;
        this.err = err;
        this.variables = Map.copyOf(variables);
    }

    /**
     * Runs each input as a script, in order. Returns {@link #STOPPED} when ON_ERROR_STOP ended one; else, for
     * {@code commands} (--command), 1 when the last one failed, as psql -c; else 0 (psql -f goes on after errors).
     */
    public int run(List<String> inputs, boolean commands) {
        try (ShellInterpreter shell = new ShellInterpreter(client, connection, printer, printer.target().out(), err,
                () -> { })) {
            variables.forEach(shell.variables()::set);
            for (String input : inputs) {
                if (!shell.script(input)) {
                    return shell.stopped() ? STOPPED : 0;
                }
            }
            return commands && shell.failed() ? 1 : 0;
        }
    }
}
