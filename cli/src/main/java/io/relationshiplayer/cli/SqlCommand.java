package io.relationshiplayer.cli;

import io.relationshiplayer.cli.copy.CopyIn;
import io.relationshiplayer.cli.copy.CopyRunner;
import io.relationshiplayer.cli.sql.OutputFormat;
import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.cli.sql.SqlScript;
import io.relationshiplayer.cli.sql.StatementRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rl sql}: runs statements once, for scripts, and prints their results. */
@Command(name = "sql", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Runs SQL statements and prints their results: from the arguments, a file (-f) or standard "
                + "input, split on ';' outside quotes and comments. Stops at the first error (exit code 1) unless "
                + "--continue-on-error (then the exit code is 1 when any statement failed).",
                "COPY t FROM STDIN [WITH (FORMAT csv, HEADER)] loads rows: in a file or standard input, the lines "
                        + "after it up to \\.; with statements as arguments, standard input. COPY t|(query) TO "
                        + "STDOUT exports them (as psql's COPY; text or csv).",
                "Formats: table (aligned, NULL shown as NULL, the row count and time after each result; never cut: on "
                        + "a terminal, text columns wrap to its width), csv (RFC 4180: a header row, CRLF, NULL as an empty "
                        + "unquoted field, \"\" for the empty string, bytes as \\x hex; one table per query, "
                        + "separated by an empty line), json (one JSON array of row objects per query, on one line: "
                        + "numbers as numbers, decimals exact, NULL as null, bytes as base64, dates and timestamps "
                        + "ISO 8601). csv and json print only the rows of queries."},
        sortOptions = false)
final class SqlCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Read the statements from FILE (- for "
            + "standard input).")
    String file;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = FormatOption.Converter.class,
            completionCandidates = FormatOption.Candidates.class,
            description = "table, csv or json (default ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--continue-on-error", description = "Run the remaining statements after an error.")
    boolean continueOnError;

    @Parameters(paramLabel = "STATEMENT", arity = "0..*",
            description = "Statements to run (each may hold several, separated by ';').")
    List<String> statements = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Standard input (replaced by tests). */
    InputStream stdin = System.in;

    @Override
    public Integer call() {
        if (file != null && !statements.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give statements or -f FILE, not both");
        }
        String text = source();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean onTerminal = Terminals.interactive();
        // a file's or standard input's statements: their lines count on, and COPY FROM STDIN's data follows them
        boolean script = statements.isEmpty();
        try (ConnectionOptions.Connection c = connection.open()) {
            ResultPrinter printer = new ResultPrinter(out, format, onTerminal ? Terminals.width() : 0,
                    onTerminal && Terminals.ansi());
            StatementRunner runner = new StatementRunner(c.client(), printer, err);
            CopyRunner copy = new CopyRunner(c.client(), printer, err, stdin);
            boolean failed = false;
            int from = 0;
            int line = 1;
            for (SqlScript.Next n = SqlScript.next(text, 0, 1); n != null; n = SqlScript.next(text, from, line)) {
                SqlScript.Statement s = n.statement();
                from = n.end();
                line = n.endLine();
                boolean ok;
                if (CopyRunner.isCopy(s.sql())) {
                    CopyIn in = copy.start(s.sql(), false, script ? s.line() : 1, script, true);
                    if (in != null) {
                        // the data: the lines after the statement's, up to \.
                        int nl = text.indexOf('\n', from);
                        from = nl < 0 ? text.length() : nl + 1;
                        line += nl < 0 ? 0 : 1;
                        while (from < text.length()) {
                            int end = text.indexOf('\n', from);
                            String data = text.substring(from, end < 0 ? text.length() : end);
                            from = end < 0 ? text.length() : end + 1;
                            line++;
                            if (in.line(data.endsWith("\r") ? data.substring(0, data.length() - 1) : data)) {
                                break;
                            }
                        }
                        ok = copy.finish(in);
                    } else {
                        ok = copy.ok();
                    }
                } else {
                    ok = runner.run(s.sql(), script ? s.line() : 1);
                }
                if (!ok) {
                    failed = true;
                    if (!continueOnError) {
                        break;
                    }
                }
            }
            out.flush();
            return failed ? 1 : 0;
        }
    }

    private String source() {
        try {
            if (!statements.isEmpty()) {
                return String.join(";\n", statements);
            }
            if (file != null && !file.equals("-")) {
                return Files.readString(Path.of(file), StandardCharsets.UTF_8);
            }
            return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + file + ": no such file");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + (file == null ? "standard input" : file) + ": "
                    + e.getMessage(), e);
        }
    }
}
