package io.relationshiplayer.cli;

import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/** What a command's standard output is: a terminal (with a width, showing colours) or a pipe. */
final class Terminals {
    private Terminals() {
    }

    /** Whether standard output is a terminal, as System.console() tells (Java 17: both stdin and stdout are). */
    static boolean interactive() {
        return System.console() != null;
    }

    /**
     * Whether standard input is a terminal (psql prompts only then): on Linux, what /proc/self/fd/0 links to (a
     * /dev/pts or /dev/tty device); elsewhere, as System.console() tells (which also needs standard output to be one).
     */
    static boolean stdinIsTerminal() {
        try {
            String input = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/0")).toString();
            return input.startsWith("/dev/pts/") || input.startsWith("/dev/tty") || input.equals("/dev/console");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return interactive();
        }
    }

    /** The terminal's width in columns when standard output is a terminal; 0 (unlimited) otherwise. */
    static int width() {
        if (!interactive()) {
            return 0;
        }
        try (Terminal t = TerminalBuilder.builder().system(true).dumb(true).build()) {
            int w = t.getWidth();
            return w > 0 ? w : 80;
        } catch (Exception | LinkageError e) {
            return 80;
        }
    }

    /** Whether escape sequences (dimmed NULL) may be written: a terminal that is not "dumb". */
    static boolean ansi() {
        String term = System.getenv("TERM");
        return interactive() && term != null && !term.equals("dumb") && System.getenv("NO_COLOR") == null;
    }
}
