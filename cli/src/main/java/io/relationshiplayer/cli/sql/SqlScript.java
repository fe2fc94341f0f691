package io.relationshiplayer.cli.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into statements on {@code ;} outside quotes ('...', "...", PostgreSQL's dollar quotes $$...$$ and
 * $tag$...$tag$) and comments (-- to the end of the line, /* ... *&#47;). A statement keeps the line of the text it
 * starts on, so an error can be placed in a file.
 */
public final class SqlScript {
    private SqlScript() {
    }

    /** One statement: its text (trimmed, without the {@code ;}) and the 1-based line of the script it starts on. */
    public record Statement(String sql, int line) {
    }

    /** The statements of {@code text}; pieces holding only blanks and comments are dropped. */
    public static List<Statement> split(String text) {
        List<Statement> out = new ArrayList<>();
        Scanner s = new Scanner(text);
        int start = 0;
        while (true) {
            int end = s.nextTerminator(start);
            add(out, text, start, end < 0 ? text.length() : end);
            if (end < 0) {
                return out;
            }
            start = end + 1;
        }
    }

    /** A statement found by {@link #next}, the index just past its {@code ;} (or the text's end) and that line. */
    public record Next(Statement statement, int end, int endLine) {
    }

    /**
     * The first statement at or after {@code from} (the start of a statement or of a line, itself on line
     * {@code line}), or null when only blanks and comments remain: for a script read statement by statement, where
     * data may follow a statement (COPY ... FROM STDIN).
     */
    public static Next next(String text, int from, int line) {
        Scanner s = new Scanner(text);
        int at = from;
        int atLine = line;
        while (true) {
            int end = s.nextTerminator(at);
            int stop = end < 0 ? text.length() : end;
            String piece = text.substring(at, stop);
            int after = end < 0 ? text.length() : end + 1;
            int afterLine = atLine + newlines(text, at, after);
            if (meaningful(piece) != null) {
                int lead = 0;
                while (Character.isWhitespace(piece.charAt(lead))) {
                    lead++;
                }
                return new Next(new Statement(piece.strip(), atLine + newlines(text, at, at + lead)), after,
                        afterLine);
            }
            if (end < 0) {
                return null;
            }
            at = after;
            atLine = afterLine;
        }
    }

    private static int newlines(String text, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    /**
     * Whether {@code text} ends a statement: its last {@code ;} outside quotes and comments is followed only by blanks
     * and comments (what a shell waits for before it sends a statement).
     */
    public static boolean complete(String text) {
        Scanner s = new Scanner(text);
        int last = -1;
        for (int at = s.nextTerminator(0); at >= 0; at = s.nextTerminator(at + 1)) {
            last = at;
        }
        return last >= 0 && meaningful(text.substring(last + 1)) == null && !s.open;
    }

    /**
     * The index of the first {@code ;} or backslash outside quotes and comments at or after {@code from}, or -1: where
     * a statement ends or a shell's backslash command starts. {@code from} must not be inside a quote or comment.
     */
    public static int nextSeparator(String text, int from) {
        Scanner s = new Scanner(text);
        s.backslash = true;
        return s.nextTerminator(from);
    }

    /** Whether the text holds something besides blanks and comments. */
    public static boolean blank(String text) {
        return meaningful(text) == null;
    }

    private static void add(List<Statement> out, String text, int from, int to) {
        String piece = text.substring(from, to);
        if (meaningful(piece) == null) {
            return;
        }
        int lead = 0;
        while (lead < piece.length() && Character.isWhitespace(piece.charAt(lead))) {
            lead++;
        }
        int line = 1;
        for (int i = 0; i < from + lead; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        out.add(new Statement(piece.strip(), line));
    }

    /** The first character outside comments and blanks, or null. */
    private static Character meaningful(String text) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                int nl = text.indexOf('\n', i);
                i = nl < 0 ? n : nl + 1;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else {
                return c;
            }
        }
        return null;
    }

    /** Walks the text tracking quotes and comments. */
    private static final class Scanner {
        private final String text;
        /** Whether the scan ended inside a quote or a block comment. */
        boolean open;
        /** Whether a backslash ends the scan as a {@code ;} does. */
        boolean backslash;

        Scanner(String text) {
            this.text = text;
        }

        /** The index of the next {@code ;} outside quotes and comments from {@code from}, or -1. */
        int nextTerminator(int from) {
            int n = text.length();
            int i = from;
            open = false;
            while (i < n) {
                char c = text.charAt(i);
                if (c == '\'' || c == '"') {
                    int close = closing(c, i + 1);
                    if (close < 0) {
                        open = true;
                        return -1;
                    }
                    i = close + 1;
                } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                    int nl = text.indexOf('\n', i);
                    i = nl < 0 ? n : nl + 1;
                } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                    int close = text.indexOf("*/", i + 2);
                    if (close < 0) {
                        open = true;
                        return -1;
                    }
                    i = close + 2;
                } else if (c == ';' || c == '\\' && backslash) {
                    return i;
                } else if (isWordStart(c)) {
                    i++;
                    while (i < n && (isWordStart(text.charAt(i)) || Character.isDigit(text.charAt(i))
                            || text.charAt(i) == '$')) {
                        i++; // a $ inside a word (a$$b) opens no dollar quote
                    }
                } else if (c == '$' && dollarTagEnd(i) > 0) {
                    int tagEnd = dollarTagEnd(i);
                    int close = text.indexOf(text.substring(i, tagEnd), tagEnd);
                    if (close < 0) {
                        open = true;
                        return -1;
                    }
                    i = close + (tagEnd - i);
                } else {
                    i++;
                }
            }
            return -1;
        }

        /**
         * Where a dollar quote's text starts when one opens at {@code from} ({@code $$}, {@code $tag$}, the tag
         * PostgreSQL's: letters, digits and {@code _}, not starting with a digit), else -1 ({@code $1}, a lone $).
         */
        private int dollarTagEnd(int from) {
            int i = from + 1;
            if (i < text.length() && isWordStart(text.charAt(i))) {
                while (i < text.length() && (isWordStart(text.charAt(i)) || Character.isDigit(text.charAt(i)))) {
                    i++;
                }
            }
            return i < text.length() && text.charAt(i) == '$' ? i + 1 : -1;
        }

        private static boolean isWordStart(char c) {
            return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 128 && !Character.isWhitespace(c);
        }

        /** The closing quote of a quote opened before {@code from}; a doubled quote is an escaped one. */
        private int closing(char quote, int from) {
            int i = from;
            while (true) {
                int at = text.indexOf(quote, i);
                if (at < 0) {
                    return -1;
                }
                if (at + 1 < text.length() && text.charAt(at + 1) == quote) {
                    i = at + 2;
                } else {
                    return at;
                }
            }
        }
    }
}
