package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.copy.CopyIn;
import io.relationshiplayer.cli.copy.CopyRunner;
import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.cli.sql.StatementRunner;
import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.SqlSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What the shell does with its input, typed at the prompt or read from a file ({@code rl shell -f}, {@code --command},
 * {@code \i}), so that both behave alike: statements run as their {@code ;} arrives, variables are interpolated, and
 * backslash commands set the display ({@code \pset}, {@code \x}), the output ({@code \o}), variables ({@code \set}),
 * run the query buffer ({@code \g}, {@code \watch}) or describe ({@code \d}, {@code \conninfo}, {@code \h}). With
 * {@code ON_ERROR_STOP} set, a script stops at its first error.
 */
final class ShellInterpreter implements AutoCloseable {
    static final java.time.format.DateTimeFormatter WATCH_TIME =
            java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
    /** The session the shell was started with, which its caller closes (\c closes it, and the shell the last). */
    private final SqlSession original;
    private volatile SqlSession client;
    private ConnectionInfo connection;
    private final ResultPrinter printer;
    private final ResultPrinter.Target console;
    private volatile StatementRunner runner;
    private volatile CopyRunner copy;
    /** A COPY FROM STDIN reading the lines that follow it, up to \. */
    private CopyIn copyIn;
    private final PrintWriter out;
    private final PrintWriter err;
    private final ShellVariables variables = new ShellVariables();
    private final Runnable schemaChanged;
    private QueryBuffer buffer = new QueryBuffer();
    private ElapsedLine elapsed;
    private String lastQuery = "";
    private PrintWriter outputFile;
    private volatile CountDownLatch watching;
    /** Nesting of scripts (-f, --command, \i): where ON_ERROR_STOP stops. */
    private int scripts;
    private boolean failed;
    private boolean stopped;
    private boolean quit;

    /** {@code out}: messages; {@code err}: errors; results go to the printer's target (the console). */
    ShellInterpreter(SqlSession client, ConnectionInfo connection, ResultPrinter printer, PrintWriter out,
            PrintWriter err, Runnable schemaChanged) {
        this.original = client;
        this.client = client;
        this.connection = connection;
        this.printer = printer;
        this.console = printer.target();
        this.runner = new StatementRunner(client, printer, err);
        this.copy = new CopyRunner(client, printer, err, System.in);
        this.out = out;
        this.err = err;
        this.schemaChanged = schemaChanged;
    }

    ShellVariables variables() {
        return variables;
    }

    /** The current session: the one the shell started with, or the one of the last \c. */
    SqlSession session() {
        return client;
    }

    /** Shows a long statement's elapsed time on the terminal (interactive shells only). */
    void showElapsed(ElapsedLine line) {
        this.elapsed = line;
        printer.beforeOutput(line::stop);
    }

    /** Runs the lines of {@code text}; false once the shell should stop reading (\q, or ON_ERROR_STOP). */
    boolean text(String text) {
        for (String line : text.split("\r?\n", -1)) {
            if (!line(line)) {
                return false;
            }
        }
        return true;
    }

    /** Runs a whole script (-f FILE, --command) as psql does: ON_ERROR_STOP stops it at its first error. */
    boolean script(String text) {
        scripts++;
        QueryBuffer outer = buffer;
        buffer = new QueryBuffer();
        try {
            return text(text) && finish();
        } finally {
            buffer = outer;
            scripts--;
        }
    }

    /** Whether ON_ERROR_STOP ended a script. */
    boolean stopped() {
        return stopped;
    }

    /** Whether the last statement or command failed. */
    boolean failed() {
        return failed;
    }

    boolean pending() {
        return !buffer.isEmpty();
    }

    /** Whether the lines are a COPY's data (psql's >> prompt). */
    boolean copying() {
        return copyIn != null;
    }

    /** Ctrl-C at the prompt: clears the buffer, and ends a COPY's data (what it sent rolls back). */
    void clearBuffer() {
        buffer.clear();
        if (copyIn != null) {
            copyIn.cancel();
            endCopy();
        }
    }

    /** The end of the input (Ctrl-D): ends a COPY's data, as psql takes EOF for \. */
    void endOfInput() {
        if (copyIn != null) {
            endCopy();
        }
    }

    /** Ctrl-C: cancels the running statement and ends a \watch; safe from any thread. */
    void cancel() {
        runner.cancel();
        copy.cancel();
        CountDownLatch w = watching;
        if (w != null) {
            w.countDown();
        }
    }

    @Override
    public void close() {
        if (client != original) {
            client.close();
        }
        closeOutputFile();
        out.flush();
        err.flush();
    }

    private boolean line(String line) {
        if (copyIn != null) {
            buffer.pass();
            return !copyIn.line(line) || endCopy();
        }
        for (QueryBuffer.Piece p : buffer.feed(line)) {
            // a script's errors are placed at its lines; at the prompt, at the statement's own
            boolean goOn = p instanceof QueryBuffer.Statement s ? statement(s.sql(), scripts > 0 ? s.line() : 1)
                    : command(((QueryBuffer.Command) p).text());
            if (!goOn) {
                return false;
            }
        }
        return true;
    }

    /** A script's end: a statement left without its ; runs, as psql runs it at the end of -f FILE. */
    private boolean finish() {
        if (copyIn != null && !endCopy()) {
            return false;
        }
        String rest = buffer.take();
        return rest.isEmpty() || statement(rest, 1);
    }

    /** Runs one statement; false when it failed and ON_ERROR_STOP stops the script. */
    private boolean statement(String sql, int line) {
        String text = variables.interpolate(sql);
        lastQuery = text;
        if (CopyRunner.isCopy(text)) {
            return copy(text, false, line);
        }
        if (elapsed != null) {
            elapsed.start();
        }
        try {
            failed = !runner.run(text, line);
        } finally {
            if (elapsed != null) {
                elapsed.stop();
            }
            out.flush();
        }
        String first = text.strip().split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
        if (List.of("CREATE", "DROP", "ALTER").contains(first)) {
            schemaChanged.run();
        }
        return goOn();
    }

    /** COPY or \copy: run, or started to read the lines that follow (a script's, or the prompt's up to \.). */
    private boolean copy(String text, boolean meta, int line) {
        copyIn = copy.start(text, meta, line, true, scripts > 0);
        failed = copyIn == null && !copy.ok();
        out.flush();
        return goOn();
    }

    /** A COPY's data ended: its result; whether to go on. */
    private boolean endCopy() {
        CopyIn in = copyIn;
        copyIn = null;
        failed = !copy.finish(in);
        out.flush();
        return goOn();
    }

    /** After a failure: whether to go on (false when ON_ERROR_STOP stops the script it happened in). */
    private boolean goOn() {
        if (failed && scripts > 0 && variables.isOn(ShellVariables.ON_ERROR_STOP)) {
            stopped = true;
            return false;
        }
        return true;
    }

    /** A command that failed: said on the error output, and counted as an error for ON_ERROR_STOP. */
    private boolean refuse(String message) {
        err.println(message);
        err.flush();
        failed = true;
        return goOn();
    }

    /** A backslash command with its arguments; false to stop reading. */
    private boolean command(String text) {
        String[] parts = variables.interpolate(text).split("\\s+", 2);
        String arg = parts.length > 1 ? parts[1].strip().replaceAll(";$", "").strip() : "";
        failed = false;
        boolean goOn = switch (parts[0]) {
            case "\\q" -> {
                quit = true;
                yield false;
            }
            case "\\?" -> say(ShellHelp.TEXT);
            case "\\timing" -> {
                Boolean on = parseSwitch(arg, !printer.timing());
                if (on == null) {
                    yield refuse("\\timing: expected on or off");
                }
                printer.timing(on);
                yield say("Timing is " + (on ? "on." : "off."));
            }
            case "\\x" -> pset("expanded " + (arg.isEmpty() ? "toggle" : arg));
            case "\\pset" -> pset(arg);
            case "\\format" -> format(arg);
            case "\\set" -> set(arg);
            case "\\unset" -> {
                if (!ShellVariables.isName(arg)) {
                    yield refuse("\\unset: a variable name is needed");
                }
                variables.unset(arg);
                yield true;
            }
            case "\\i" -> include(arg);
            case "\\copy" -> copy(arg, true, 1);
            case "\\o" -> output(arg);
            case "\\g" -> go(arg);
            case "\\e" -> edit(arg);
            case "\\p" -> say(!buffer.isEmpty() ? buffer.peek() : lastQuery.isEmpty() ? "Query buffer is empty."
                    : lastQuery);
            case "\\watch" -> watch(arg);
            case "\\r" -> {
                buffer.clear();
                yield say("Query buffer reset (cleared).");
            }
            case "\\conninfo" -> say(connection.describe());
            case "\\h" -> {
                SyntaxHelp.print(arg, out);
                yield true;
            }
            case "\\d", "\\d+", "\\dt", "\\dv", "\\di" -> describe(parts[0], arg);
            case "\\c", "\\connect" -> connect(arg);
            case "\\l" -> statement("SHOW DATABASES", 1);
            default -> refuse("unknown command " + parts[0] + "; \\? lists the commands");
        };
        out.flush();
        return goOn && !quit;
    }

    private boolean say(String message) {
        out.println(message);
        return true;
    }

    /** on/off (true, false, yes, no, 1, 0), {@code toggled} when empty; null when it is neither. */
    private static Boolean parseSwitch(String arg, boolean toggled) {
        return DisplayCommands.parseSwitch(arg, toggled);
    }

    private boolean pset(String arg) {
        return reply(DisplayCommands.pset(printer, arg));
    }

    private boolean format(String arg) {
        return reply(DisplayCommands.format(printer, arg));
    }

    private boolean reply(DisplayCommands.Reply r) {
        return r.error() ? refuse(r.text()) : say(r.text());
    }

    private boolean set(String arg) {
        if (arg.isEmpty()) {
            variables.all().forEach((name, value) -> out.println(name + " = '" + value + "'"));
            return true;
        }
        String[] p = arg.split("\\s+", 2);
        if (!ShellVariables.isName(p[0])) {
            return refuse("\\set: invalid variable name \"" + p[0] + "\"");
        }
        variables.set(p[0], p.length > 1 ? unquote(p[1].strip()) : "");
        return true;
    }

    /** A value in single quotes loses them (psql's quoting, '' for a quote); any other stays as written. */
    static String unquote(String value) {
        if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
            return value.substring(1, value.length() - 1).replace("''", "'");
        }
        return value;
    }

    private boolean include(String file) {
        if (file.isEmpty()) {
            return refuse("\\i: a file name is needed");
        }
        String text;
        try {
            text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return refuse("\\i: cannot read " + file + ": " + e.getMessage());
        }
        boolean goOn = script(text);
        if (!goOn && stopped && scripts == 0 && !quit) {
            stopped = false; // at the prompt, ON_ERROR_STOP ends the file, not the shell
            return true;
        }
        return goOn;
    }

    private boolean output(String file) {
        closeOutputFile();
        if (file.isEmpty()) {
            printer.target(console);
            return true;
        }
        try {
            outputFile = new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return refuse("\\o: cannot write " + file + ": " + e.getMessage());
        }
        printer.target(new ResultPrinter.Target(outputFile, 0, false));
        return true;
    }

    private void closeOutputFile() {
        if (outputFile != null) {
            outputFile.close();
            outputFile = null;
        }
    }

    /** \g [FILE]: runs the query buffer, or the last query when it is empty; its result to FILE when given. */
    private boolean go(String file) {
        String sql = query();
        if (sql.isEmpty()) {
            return refuse("\\g: the query buffer is empty");
        }
        if (file.isEmpty()) {
            return statement(sql, 1);
        }
        ResultPrinter.Target before = printer.target();
        try (PrintWriter to = new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8))) {
            printer.target(new ResultPrinter.Target(to, 0, false));
            return statement(sql, 1);
        } catch (IOException e) {
            return refuse("\\g: cannot write " + file + ": " + e.getMessage());
        } finally {
            printer.target(before);
        }
    }

    /**
     * psql's \e [FILE]: the query buffer (or the last query), or FILE, edited in the user's editor; the result is then
     * input as if typed: run at once if it ends with ;, else left in the query buffer.
     */
    private boolean edit(String file) {
        try {
            return text(ExternalEditor.edit(ExternalEditor.command(variables.all().get("EDITOR"), System.getenv()),
                    file.isEmpty() ? null : Path.of(unquote(file)), file.isEmpty() ? query() : null).strip());
        } catch (IOException | InterruptedException e) {
            return refuse("\\e: " + e.getMessage());
        }
    }

    private String query() {
        String sql = buffer.take();
        return sql.isEmpty() ? lastQuery : sql;
    }

    /** \watch [[i=]SECONDS] [c=COUNT]: runs the query every SECONDS until Ctrl-C, an error or COUNT runs. */
    private boolean watch(String arg) {
        double seconds = 2;
        long count = 0;
        for (String a : arg.isEmpty() ? new String[0] : arg.split("\\s+")) {
            try {
                if (a.startsWith("c=") || a.startsWith("count=")) {
                    count = Long.parseLong(a.substring(a.indexOf('=') + 1));
                } else {
                    seconds = Double.parseDouble(a.startsWith("i=") || a.startsWith("interval=")
                            ? a.substring(a.indexOf('=') + 1) : a);
                }
            } catch (NumberFormatException e) {
                return refuse("\\watch: bad argument " + a + ": expected [i=]SECONDS or c=COUNT");
            }
        }
        String sql = query();
        if (sql.isEmpty()) {
            return refuse("\\watch cannot be used with an empty query");
        }
        String every = (seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds)) + "s";
        CountDownLatch interrupted = new CountDownLatch(1);
        watching = interrupted;
        try {
            for (long run = 1; ; run++) {
                // always with seconds (LocalDateTime's text drops ":00"), as psql's header
                out.println(LocalDateTime.now().format(WATCH_TIME) + " (every " + every + ")");
                out.println();
                if (!statement(sql, 1) || failed || (count > 0 && run >= count)
                        || interrupted.await((long) (seconds * 1000), TimeUnit.MILLISECONDS)) {
                    return !stopped;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } finally {
            watching = null;
        }
    }

    private boolean describe(String command, String arg) {
        try {
            Listings.run(client, command, arg, out);
            out.println();
            return true;
        } catch (ClientException e) {
            return refuse("ERROR: " + e.getMessage());
        }
    }

    /**
     * psql's {@code \c DB}: a session on DB (which must exist) over the same connection, the old one closed; when DB
     * cannot be reached the shell stays where it was, as psql keeps its previous connection.
     */
    private boolean connect(String arg) {
        String database = arg.isEmpty() ? client.database() : unquote(arg);
        SqlSession next;
        try {
            next = client.switchDatabase(database);
        } catch (ClientException e) {
            // psql's words for a missing database (the server's are the record service's)
            String detail = "3D000".equals(e.sqlState()) ? "database \"" + database + "\" does not exist"
                    : e instanceof io.relationshiplayer.client.SqlClientException s ? s.detail() : e.getMessage();
            return refuse("connection to server at \"" + client.address() + "\" failed: FATAL:  " + detail
                    + (e.sqlState() == null ? "" : " (SQLSTATE " + e.sqlState() + ")") + "\nPrevious connection kept");
        }
        client = next;
        runner = new StatementRunner(next, printer, err);
        copy = new CopyRunner(next, printer, err, System.in);
        connection = connection.on(database);
        schemaChanged.run();
        return say("You are now connected to database \"" + database + "\".");
    }
}
