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
