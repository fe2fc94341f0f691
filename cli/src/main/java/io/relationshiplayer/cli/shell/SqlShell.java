package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.OutputFormat;
import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.cli.sql.SqlScript;
import io.relationshiplayer.cli.sql.StatementRunner;
import io.relationshiplayer.cli.sql.TableLayout;
import io.relationshiplayer.cli.sql.Values;
import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.TableColumn;
import io.relationshiplayer.proto.v1.TableConstraint;
import io.relationshiplayer.proto.v1.TableSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The interactive SQL shell: statements over several lines until {@code ;}, history, completion, backslash commands,
 * the transaction state in the prompt, Ctrl-C to cancel a running statement (or clear the line), Ctrl-D to leave.
 */
public final class SqlShell {
    static final String HELP = String.join("\n",
            "Statements end with ;  and may span lines. Ctrl-C cancels a running statement or clears the line;",
            "Ctrl-D or \\q leaves.",
            "  \\d              tables",
            "  \\d TABLE        a table's columns, keys, foreign keys and indexes",
            "  \\timing         show the time of each statement (on/off)",
            "  \\x              expanded rows: one line per column (on/off)",
            "  \\format FORMAT  table, csv or json",
            "  \\i FILE         run the statements of FILE",
            "  \\q              quit",
            "  \\?              this help");

    private final Terminal terminal;
    private final SqlSession client;
    private final Path history;
    private final PrintWriter out;
    private final StatementRunner runner;
    private final SqlCompleter completer;
    private final AtomicReference<SqlResult> running = new AtomicReference<>();

    public SqlShell(Terminal terminal, SqlSession client, Path history, OutputFormat format) {
        this.terminal = terminal;
        this.client = client;
        this.history = history;
        this.out = terminal.writer();
        boolean dumb = terminal.getType().startsWith(Terminal.TYPE_DUMB);
        this.runner = new StatementRunner(client, new ResultPrinter(out, format, Math.max(0, terminal.getWidth()),
                !dumb), out);
        this.completer = new SqlCompleter(client);
    }

    /** Reads and runs until \q or end of input; returns the exit code. */
    public int run() {
        LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("rl")
                .parser(new SqlLineParser()).completer(completer)
                .variable(LineReader.HISTORY_FILE, history)
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, "rl-> ")
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.CASE_INSENSITIVE, true)
                .build();
        out.println("rl shell: database " + client.database() + " at " + client.address() + ". \\? for help, "
                + "\\q to quit.");
        out.flush();
        try {
            while (true) {
                String line;
                try {
                    line = reader.readLine(prompt());
                } catch (UserInterruptException e) {
                    continue; // Ctrl-C at the prompt clears the buffer
                } catch (EndOfFileException e) {
                    break;
                }
                String text = line.strip();
                if (text.startsWith("\\")) {
                    if (!command(text)) {
                        break;
                    }
                } else {
                    runAll(text);
                }
            }
        } finally {
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
        return client.inTransaction() ? "rl*> " : "rl=> ";
    }

    private void runAll(String text) {
        for (SqlScript.Statement s : SqlScript.split(text)) {
            runOne(s.sql(), s.line());
        }
    }

    /** Runs one statement; Ctrl-C meanwhile cancels its call, and the server stops the scan. */
    private boolean runOne(String sql, int firstLine) {
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> {
            SqlResult r = running.get();
            if (r != null) {
                r.cancel();
            }
        });
        try {
            boolean ok = runner.run(sql, firstLine, running::set);
            String first = sql.strip().split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
            if (first.equals("CREATE") || first.equals("DROP") || first.equals("ALTER")) {
                completer.invalidate();
            }
            return ok;
        } finally {
            running.set(null);
            terminal.handle(Terminal.Signal.INT, previous);
            out.flush();
        }
    }

    /** A backslash command; false to leave the shell. */
    private boolean command(String text) {
        String[] parts = text.split("\\s+", 2);
        String arg = parts.length > 1 ? parts[1].strip().replaceAll(";$", "") : "";
        ResultPrinter printer = runner.printer();
        switch (parts[0]) {
            case "\\q":
                return false;
            case "\\?":
                out.println(HELP);
                break;
            case "\\timing":
                printer.timing(arg.isEmpty() ? !printer.timing() : arg.equalsIgnoreCase("on"));
                out.println("Timing is " + (printer.timing() ? "on." : "off."));
                break;
            case "\\x":
                printer.expanded(arg.isEmpty() ? !printer.expanded() : arg.equalsIgnoreCase("on"));
                out.println("Expanded display is " + (printer.expanded() ? "on." : "off."));
                break;
            case "\\format":
                try {
                    printer.format(OutputFormat.valueOf(arg.toUpperCase(Locale.ROOT)));
                    out.println("Output format is " + arg.toLowerCase(Locale.ROOT) + ".");
                } catch (IllegalArgumentException e) {
                    out.println("\\format: expected table, csv or json");
                }
                break;
            case "\\i":
                include(arg);
                break;
            case "\\d":
                try {
                    if (arg.isEmpty()) {
                        tables();
                    } else {
                        describe(arg);
                    }
                } catch (ClientException e) {
                    out.println("ERROR: " + e.getMessage());
                }
                out.println();
                break;
            default:
                out.println("unknown command " + parts[0] + "; \\? lists the commands");
        }
        out.flush();
        return true;
    }

    private void include(String file) {
        if (file.isEmpty()) {
            out.println("\\i: a file name is needed");
            return;
        }
        try {
            runAll(Files.readString(Path.of(file), StandardCharsets.UTF_8));
        } catch (IOException e) {
            out.println("\\i: cannot read " + file + ": " + e.getMessage());
        }
    }

    private void tables() {
        List<List<String>> tables = new ArrayList<>();
        List<List<String>> views = new ArrayList<>();
        for (TableSummary t : client.listTables()) {
            (t.getKind().equals("view") ? views : tables).add(List.of(t.getName(),
                    Long.toString(t.getColumnCount())));
        }
        if (tables.isEmpty() && views.isEmpty()) {
            out.println("No tables.");
            return;
        }
        if (!tables.isEmpty()) {
            out.println("Tables");
            TableLayout.printText(out, List.of("table", "columns"), tables);
        }
        if (!views.isEmpty()) {
            out.println("Views");
            TableLayout.printText(out, List.of("view", "columns"), views);
        }
    }

    private void describe(String table) {
        DescribeTableResponse d = client.describeTable(table);
        boolean view = d.getConstraintsList().stream().anyMatch(c -> c.getKind().equals("view"));
        out.println((view ? "View " : "Table ") + d.getTable());
        List<List<String>> rows = new ArrayList<>();
        for (TableColumn c : d.getColumnsList()) {
            rows.add(List.of(c.getName(), Values.typeName(c.getType()), c.getNullable() ? "" : "not null",
                    c.getDefaultSql()));
        }
        TableLayout.printText(out, List.of("column", "type", "nullable", "default"), rows);
        if (d.getPrimaryKeyCount() > 0) {
            out.println("Primary key: (" + String.join(", ", d.getPrimaryKeyList()) + ")");
        }
        String kind = null;
        for (String k : List.of("primary key", "unique", "foreign key", "index", "materialized join")) {
            for (TableConstraint c : d.getConstraintsList()) {
                if (!c.getKind().equals(k) || k.equals("primary key")) {
                    continue;
                }
                if (!k.equals(kind)) {
                    kind = k;
                    out.println(heading(k));
                }
                out.println("  " + c.getName() + " " + c.getDefinition());
            }
        }
        for (TableConstraint c : d.getConstraintsList()) {
            if (c.getKind().equals("view")) {
                out.println("View definition:");
                out.println("  " + c.getDefinition());
            } else if (!List.of("primary key", "unique", "foreign key", "index", "materialized join")
                    .contains(c.getKind())) {
                out.println("  " + c.getKind() + " " + c.getName() + " " + c.getDefinition());
            }
        }
    }

    private static String heading(String kind) {
        switch (kind) {
            case "unique":
                return "Unique keys:";
            case "foreign key":
                return "Foreign keys:";
            case "index":
                return "Indexes:";
            default:
                return "Materialized joins:";
        }
    }
}
