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
                i = io.relationshiplayer.sql.StatementText.quotedEnd(sql, i, c);
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
}
