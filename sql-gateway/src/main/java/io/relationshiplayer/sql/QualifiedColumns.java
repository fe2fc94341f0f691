package io.relationshiplayer.sql;

/**
 * An unknown qualified column ({@code column t.nosuch does not exist}, 42703) at the start of its reference, as
 * PostgreSQL places it ({@code t.nosuch}: at {@code t}); Calcite's error was at the column's name after the dot.
 * The qualifiers before it (names or quoted names, each followed by a dot, with no blank between) are stepped over.
 */
final class QualifiedColumns {
    private QualifiedColumns() {
    }

    static SqlException placed(SqlException e, String written) {
        if (e.getClass() != SqlException.class || !SqlException.UNDEFINED_COLUMN.equals(e.sqlState()) || e.line() <= 0
                || !e.getMessage().startsWith("column ") || e.getMessage().startsWith("column \"")) {
            return e;
        }
        int at = DollarQuotes.offset(written, e.line(), e.column());
        int start = at;
        while (start > 0 && written.charAt(start - 1) == '.') {
            int q = start - 2;
            if (q >= 0 && written.charAt(q) == '"') {
                q--;
                while (q >= 0 && written.charAt(q) != '"') {
                    q--; // (a quoted name with a doubled quote in it is placed at its last part)
                }
                if (q < 0) {
                    break;
                }
                start = q;
            } else {
                while (q >= 0 && (Character.isLetterOrDigit(written.charAt(q)) || written.charAt(q) == '_'
                        || written.charAt(q) == '$')) {
                    q--;
                }
                if (q + 1 == start - 1) {
                    break; // no name before the dot
                }
                start = q + 1;
            }
        }
        if (start == at) {
            return e;
        }
        int[] position = DollarQuotes.position(written, start);
        return new SqlException(e.sqlState(), e.getMessage(), e.detail(), e.hint(), position[0], position[1],
                e.getCause());
    }
}
