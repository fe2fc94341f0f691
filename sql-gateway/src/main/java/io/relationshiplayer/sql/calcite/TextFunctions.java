package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;

/**
 * PostgreSQL's {@code lpad}, {@code rpad} and {@code repeat}, whose result is bounded as PostgreSQL bounds it
 * ({@value #MAX_LENGTH} characters: its 1 GB value of up to 4 bytes a character): a longer one is 54000,
 * {@code requested length too large}, before any of it is built (Calcite's built it, exhausting memory). A negative
 * length or count is an empty text (Calcite's lpad failed); an empty fill pads nothing.
 */
public final class TextFunctions {
    /** The longest result, in characters: PostgreSQL's (1 GB - 1 less its header) / 4 bytes. */
    public static final int MAX_LENGTH = (0x3fffffff - 4) / 4;

    private TextFunctions() {
    }

    /** {@code s} padded on the left with {@code fill} to {@code length} characters, or cut to them. */
    public static String lpad(String s, Integer length, String fill) {
        return pad(s, length, fill, true);
    }

    /** {@code s} padded on the right with {@code fill} to {@code length} characters, or cut to them. */
    public static String rpad(String s, Integer length, String fill) {
        return pad(s, length, fill, false);
    }

    private static String pad(String s, Integer length, String fill, boolean left) {
        if (s == null || length == null || fill == null) {
            return null;
        }
        int n = Math.max(length, 0);
        if (n > MAX_LENGTH) {
            throw tooLarge();
        }
        int have = s.codePointCount(0, s.length());
        if (have >= n) {
            return s.substring(0, s.offsetByCodePoints(0, n));
        }
        if (fill.isEmpty()) {
            return s;
        }
        StringBuilder out = new StringBuilder(n);
        if (!left) {
            out.append(s);
        }
        int[] f = fill.codePoints().toArray();
        for (int i = 0; i < n - have; i++) {
            out.appendCodePoint(f[i % f.length]);
        }
        if (left) {
            out.append(s);
        }
        return out.toString();
    }

    /** {@code s} {@code count} times over. */
    public static String repeat(String s, Integer count) {
        if (s == null || count == null) {
            return null;
        }
        if (count <= 0 || s.isEmpty()) {
            return "";
        }
        if ((long) count * s.codePointCount(0, s.length()) > MAX_LENGTH) {
            throw tooLarge();
        }
        return s.repeat(count);
    }

    private static SqlException tooLarge() {
        return new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "requested length too large");
    }
}
