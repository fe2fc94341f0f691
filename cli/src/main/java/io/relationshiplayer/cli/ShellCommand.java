package io.relationshiplayer.cli;

import io.relationshiplayer.cli.shell.ConnectionInfo;
import io.relationshiplayer.cli.shell.ShellScript;
import io.relationshiplayer.cli.shell.SqlShell;
import io.relationshiplayer.cli.sql.OutputFormat;
import io.relationshiplayer.cli.sql.ResultPrinter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rl shell}: the interactive SQL shell, or its input from a file or the command line (-f, --command). */
@Command(name = "shell", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"An interactive SQL shell: statements end with ';' and may span lines; history, completion of "
                + "keywords, tables and columns; \\d[+], \\dt, \\dv, \\di, \\l, \\c DB, \\h, \\g, \\watch, \\o, "
                + "\\x, \\pset, \\set, \\timing, \\format, \\i FILE, \\copy, \\e, \\p, \\conninfo, \\q (\\? lists them). "
                + "The prompt is rl=> (rl:DB=> on a database other than default), or rl*> inside a transaction. "
                + "Ctrl-C cancels a running statement, Ctrl-D leaves.",
                "With -f FILE or --command, or input piped in (not a terminal: no banner and no prompts, as psql), "
                        + "the same input runs without a terminal (results to standard output, "
                        + "errors to standard error) and the shell exits: 0, or 1 when the last --command failed; "
                        + "with ON_ERROR_STOP set (-v ON_ERROR_STOP=1 or \\set ON_ERROR_STOP on) it stops at the "
                        + "first error with exit code 3, as psql does."})
final class ShellCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Option(names = "--history", paramLabel = "FILE",
            description = "History file (default: $RL_HISTORY, else ~/.rl_history).")
    Path history;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = FormatOption.Converter.class,
            completionCandidates = FormatOption.Candidates.class,
            description = "table, csv or json (default ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = {"-f", "--file"}, paramLabel = "FILE",
            description = "Run the statements and backslash commands of FILE (- for standard input), then exit.")
    String file;

    @Option(names = "--command", paramLabel = "COMMAND", description = "Run COMMAND (statements or one backslash "
            + "command; repeatable, in order), then exit (psql's -c; -c here is --connect).")
    List<String> commands = new ArrayList<>();

    @Option(names = {"-v", "--set"}, paramLabel = "NAME=VALUE", description = "Set a variable, as \\set does "
            + "(repeatable): -v ON_ERROR_STOP=1.")
    Map<String, String> variables = new LinkedHashMap<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The terminal to use; the system's when null (tests give a dumb terminal on piped streams). */
    Terminal terminal;

    /** Standard input (tests give their own), and whether it is a terminal. */
    java.io.InputStream stdin = System.in;
    java.util.function.BooleanSupplier stdinIsTerminal = Terminals::stdinIsTerminal;

    /** $RL_HISTORY, else .rl_history in $HOME (the user's, not the JVM's idea of it), else in user.home. */
    static Path defaultHistory(java.util.Map<String, String> env) {
        if (env.get("RL_HISTORY") != null) {
            return Path.of(env.get("RL_HISTORY"));
        }
        String home = env.get("HOME");
        return Path.of(home != null && !home.isEmpty() ? home : System.getProperty("user.home"), ".rl_history");
    }

    @Override
    public Integer call() throws IOException {
        if (file != null && !commands.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give -f FILE or --command, not both");
        }
        List<String> inputs = file != null ? List.of(read(file)) : commands;
        if (inputs.isEmpty() && terminal == null && !stdinIsTerminal.getAsBoolean()) {
            // input piped in (echo 'SELECT 1;' | rl shell) is a script, as psql reads it: no banner, no prompts
            inputs = List.of(new String(stdin.readAllBytes(), StandardCharsets.UTF_8));
        }
        try (ConnectionOptions.Connection c = connection.open()) {
            ConnectionInfo info = new ConnectionInfo(c.client().address(), c.client().database(),
                    connection.security.security().tls(), connection.security.security().token() != null, c.local());
            if (!inputs.isEmpty()) {
                boolean onTerminal = Terminals.interactive();
                ResultPrinter printer = new ResultPrinter(spec.commandLine().getOut(), format,
                        onTerminal ? Terminals.width() : 0, onTerminal && Terminals.ansi());
                return new ShellScript(c.client(), info, printer, spec.commandLine().getErr(), variables)
                        .run(inputs, file == null);
            }
            Path historyFile = history != null ? history : defaultHistory(System.getenv());
            try (Terminal t = terminal != null ? terminal : TerminalBuilder.builder().system(true).build()) {
                if (c.local()) {
                    t.writer().println("(no --connect: a server in this process on the memory backend; nothing is "
                            + "kept)");
                }
                return new SqlShell(t, c.client(), info, historyFile, format, variables).run();
            }
        }
    }

    /** Text of FILE, or of standard input for "-". */
    private String read(String file) throws IOException {
        try {
            return file.equals("-") ? new String(stdin.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(Path.of(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + file + ": no such file");
        }
    }
}
