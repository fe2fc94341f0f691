package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.SqlScript;
import java.util.ArrayList;
import java.util.List;

/**
 * The shell's query buffer, as psql's: input lines accumulate until a {@code ;} outside quotes and comments ends a
 * statement; a backslash there starts a command that takes the rest of its line, and what came before it stays in the
 * buffer (for {@code \g} or {@code \watch} to run). Statements keep the input line they start on, so that an error in
 * a file is placed at the file's line.
 */
final class QueryBuffer {
    /** What a line gives: statements to run and backslash commands, in their order. */
    sealed interface Piece permits Statement, Command {
    }

    /** A statement, without its {@code ;}, and the 1-based input line it starts on. */
    record Statement(String sql, int line) implements Piece {
    }

    /** A backslash command with its arguments: the rest of its line. */
    record Command(String text) implements Piece {
    }

    /** The text since the last statement ended. */
    private String text = "";
    /** The input line {@link #text} starts on. */
    private int textLine = 1;
    private int lines;

    /** Adds one input line (without its line break) and returns the statements it ends and the command it holds. */
    List<Piece> feed(String line) {
        lines++;
        if (text.isEmpty()) {
            textLine = lines;
        }
        text = text + line + "\n";
        List<Piece> pieces = new ArrayList<>();
        for (int at = SqlScript.nextSeparator(text, 0); at >= 0; at = SqlScript.nextSeparator(text, 0)) {
            if (text.charAt(at) == '\\') {
                pieces.add(new Command(text.substring(at).strip()));
                text = text.substring(0, at) + "\n"; // the command's line counts on
                break;
            }
            String piece = text.substring(0, at);
            if (!SqlScript.blank(piece)) {
                pieces.add(new Statement(piece.strip(), textLine + newlines(piece, leadingBlanks(piece))));
            }
            textLine += newlines(text, at + 1);
            text = text.substring(at + 1);
        }
        return pieces;
    }

    /** A line the buffer does not take (a COPY's data): it counts, so that later statements keep their lines. */
    void pass() {
        lines++;
        if (!text.isEmpty()) {
            text = text + "\n";
        }
    }

    /** Whether the buffer holds nothing but blanks and comments. */
    boolean isEmpty() {
        return SqlScript.blank(text);
    }

    /** The buffer's statement (empty when it holds none), leaving it there. */
    String peek() {
        return isEmpty() ? "" : text.strip();
    }

    /** The buffer's statement (empty when it holds none), clearing the buffer. */
    String take() {
        String sql = isEmpty() ? "" : text.strip();
        clear();
        return sql;
    }

    void clear() {
        text = "";
    }

    private static int leadingBlanks(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int newlines(String s, int upTo) {
        int n = 0;
        for (int i = 0; i < upTo; i++) {
            if (s.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }
}
