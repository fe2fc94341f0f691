package io.relationshiplayer.sql.grpc;

/** Counts the {@code ?} markers of a statement, outside string literals, quoted identifiers and comments. */
final class ParameterMarkers {
    private ParameterMarkers() {
    }

    static int count(String sql) {
        int n = 0;
        int i = 0;
        int len = sql.length();
        while (i < len) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = skipQuoted(sql, i, c);
            } else if (c == '-' && i + 1 < len && sql.charAt(i + 1) == '-') {
                int nl = sql.indexOf('\n', i);
                i = nl < 0 ? len : nl + 1;
            } else if (c == '/' && i + 1 < len && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                i = close < 0 ? len : close + 2;
            } else {
                if (c == '?') {
                    n++;
                }
                i++;
            }
        }
        return n;
    }

    /** The index after a quoted text starting at {@code start}; a doubled quote stands for itself. */
    private static int skipQuoted(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return i;
    }
}
