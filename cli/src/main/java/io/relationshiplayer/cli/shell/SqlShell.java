package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.OutputFormat;
import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.client.SqlSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The interactive SQL shell: statements over several lines until {@code ;} (or a backslash command such as {@code \g}),
 * history, completion, the transaction state in the prompt, Ctrl-C to cancel a running statement or a {@code \watch}
 * (or clear the line), Ctrl-D to leave. What the input does is the {@link ShellInterpreter}'s, as for scripts.
 */
public final class SqlShell {
    private final Terminal terminal;
    private final Path history;
    private final PrintWriter out;
    private final boolean dumb;
    private final SqlCompleter completer;
    private final ShellInterpreter interpreter;

    public SqlShell(Terminal terminal, SqlSession client, ConnectionInfo connection, Path history,
            OutputFormat format, Map<String, String> variables) {
        this.terminal = terminal;
        this.history = history;
        this.out = terminal.writer();
        this.dumb = terminal.getType().startsWith(Terminal.TYPE_DUMB);
        this.completer = new SqlCompleter(this::client);
        ResultPrinter printer = new ResultPrinter(out, format, Math.max(0, terminal.getWidth()), !dumb);
        this.interpreter = new ShellInterpreter(client, connection, printer, out, out, completer::invalidate);
        variables.forEach(interpreter.variables()::set);
    }

    /** Reads and runs until \q or end of input; returns the exit code. */
    public int run() {
        LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("rl")
                .parser(new SqlLineParser(interpreter::copying)).completer(completer)
                .variable(LineReader.HISTORY_FILE, history)
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, "rl-> ")
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.CASE_INSENSITIVE, true)
                .build();
        out.println("rl shell: database " + client().database() + " at " + client().address() + ". \\? for help, "
                + "\\q to quit.");
        out.flush();
        // Ctrl-C outside readLine (which handles it itself) cancels the running statement or \watch
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> interpreter.cancel());
        ElapsedLine elapsed = new ElapsedLine(out);
        if (!dumb) {
            interpreter.showElapsed(elapsed);
        }
        try (interpreter; elapsed) {
            while (true) {
                String text;
                try {
                    // a statement continued on more lines of one input shows the database too (rl:shop->)
                    reader.setVariable(LineReader.SECONDARY_PROMPT_PATTERN, prompt(client()) + "-> ");
                    text = reader.readLine(prompt());
                } catch (UserInterruptException e) {
                    interpreter.clearBuffer(); // Ctrl-C at the prompt clears the buffer
                    continue;
                } catch (EndOfFileException e) {
                    if (interpreter.copying()) {
                        interpreter.endOfInput(); // Ctrl-D ends a COPY's data, as \. does
                        continue;
                    }
                    break;
                }
                boolean copying = interpreter.copying();
                if (!interpreter.text(text)) {
                    break;
                }
                if (!copying && interpreter.copying()) {
                    out.println("Enter data to be copied followed by a newline.");
                    out.println("End with a backslash and a period on a line by itself, or an EOF signal.");
                    out.flush();
                }
            }
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
            try {
                reader.getHistory().save();
            } catch (IOException e) {
                out.println("rl: cannot save the history to " + history + ": " + e.getMessage());
            }
            out.flush();
        }
        return 0;
    }

    private String prompt() {
        if (interpreter.copying()) {
            return ">> ";
        }
        if (interpreter.pending()) {
            return prompt(client()) + "-> ";
        }
        return prompt(client()) + (client().inTransaction() ? "*> " : "=> ");
    }

    /** The prompt's name: rl, or rl:DB on a database other than the default one (after \c DB or --database). */
    static String prompt(SqlSession session) {
        return session.database().equals("default") ? "rl" : "rl:" + session.database();
    }

    private SqlSession client() {
        return interpreter.session();
    }
}
