package io.relationshiplayer.jdbc;

import javax.annotation.Nullable;

/** The server's line and column of an error as PostgreSQL's position: a 1-based character offset in the text. */
final class StatementPositions {
    private StatementPositions() {
    }

    /**
     * The 1-based offset, in code points, of {@code line} and {@code column} (1-based; the column in UTF-16 chars, as
     * the server's parser counts them; lines end at CR LF, LF or CR) in {@code text}; 0 when there is no position or
     * no text, or the line is past the text's end. A column past its line's end (the end of the input) is clamped to
     * just past the text.
     */
    static int offset(@Nullable String text, int line, int column) {
        if (text == null || line < 1 || column < 1) {
            return 0;
        }
        int start = 0;
        for (int l = 1; l < line; l++) {
            int next = lineEnd(text, start);
            if (next >= text.length()) {
                return 0;
            }
            start = next + (text.charAt(next) == '\r' && next + 1 < text.length() && text.charAt(next + 1) == '\n'
                    ? 2 : 1);
        }
        int at = (int) Math.min((long) start + column - 1, text.length());
        return text.codePointCount(0, at) + 1;
    }

    /** The index of the line break that ends the line starting at {@code from}, or the text's length. */
    private static int lineEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r') {
                return i;
            }
        }
        return text.length();
    }
}
