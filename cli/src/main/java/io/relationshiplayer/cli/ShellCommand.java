package io.relationshiplayer.cli;

import io.relationshiplayer.cli.shell.SqlShell;
import io.relationshiplayer.cli.sql.OutputFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rl shell}: the interactive SQL shell. */
@Command(name = "shell", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = {"An interactive SQL shell: statements end with ';' and may span lines; history, completion of "
                + "keywords, tables and columns; \\d, \\d TABLE, \\timing, \\x, \\format, \\i FILE, \\q (\\? lists "
                + "them). The prompt is rl=> , or rl*> inside a transaction. Ctrl-C cancels a running statement, "
                + "Ctrl-D leaves."})
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

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The terminal to use; the system's when null (tests give a dumb terminal on piped streams). */
    Terminal terminal;

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
        Path historyFile = history != null ? history : defaultHistory(System.getenv());
        try (ConnectionOptions.Connection c = connection.open();
             Terminal t = terminal != null ? terminal : TerminalBuilder.builder().system(true).build()) {
            if (c.local()) {
                t.writer().println("(no --connect: a server in this process on the memory backend; nothing is kept)");
            }
            return new SqlShell(t, c.client(), historyFile, format).run();
        }
    }
}
