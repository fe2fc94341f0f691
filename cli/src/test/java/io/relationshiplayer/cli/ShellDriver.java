package io.relationshiplayer.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import picocli.CommandLine;

/** Drives {@code rl shell} through a dumb JLine terminal on piped streams, as a person at a terminal would. */
final class ShellDriver {
    record Session(int exitCode, String out, String err, Path history) {
    }

    private ShellDriver() {
    }

    /** Runs the shell on {@code input}; {@code meanwhile} gets the terminal and its output (to raise Ctrl-C). */
    static Session shell(Path dir, String input, List<String> args, Consumer<Watched> meanwhile) throws Exception {
        ByteArrayOutputStream terminalOut = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine cl = Rl.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        ShellCommand shell = cl.getSubcommands().get("shell").getCommand();
        DumbTerminal terminal = new DumbTerminal("test", "dumb",
                new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), terminalOut, StandardCharsets.UTF_8);
        shell.terminal = terminal;
        Path history = dir.resolve("history");
        Thread helper = new Thread(() -> meanwhile.accept(new Watched(terminal, terminalOut)), "shell-driver");
        helper.setDaemon(true);
        helper.start();
        List<String> all = new ArrayList<>(List.of("shell", "--history", history.toString()));
        all.addAll(args);
        int code = cl.execute(all.toArray(new String[0]));
        helper.interrupt();
        helper.join(10_000);
        return new Session(code, terminalOut.toString(StandardCharsets.UTF_8), err.toString(), history);
    }

    static Session shell(Path dir, String input) throws Exception {
        return shell(dir, input, List.of(), w -> { });
    }

    /** The terminal of a running shell and what it has printed so far. */
    record Watched(Terminal terminal, ByteArrayOutputStream output) {
        String printed() {
            return output.toString(StandardCharsets.UTF_8);
        }

        /** Ctrl-C, as the terminal's signal. */
        void interrupt() {
            terminal.raise(Terminal.Signal.INT);
        }
    }
}
