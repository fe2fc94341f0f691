package io.relationshiplayer.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.annotation.Nullable;

/**
 * PostgreSQL's forms of EXPLAIN that Calcite does not parse: {@code EXPLAIN ANALYZE statement} (or ANALYSE) and
 * {@code EXPLAIN (option [value], ...) statement} with the options ANALYZE [boolean] and FORMAT TEXT. The statement
 * is kept at its place in the text (what precedes it blanked out, line breaks kept), so that an error in it has its
 * position in the whole statement.
 *
 * @param analyze whether the statement runs and its plan shows what each operator did
 * @param statement the statement explained, padded to its place in the text
 */
record ExplainOptions(boolean analyze, String statement) {
    /** PostgreSQL's other options: known, but not supported here (0A000). */
    private static final java.util.Set<String> POSTGRES_OPTIONS = java.util.Set.of("VERBOSE", "COSTS", "SETTINGS",
            "GENERIC_PLAN", "BUFFERS", "SERIALIZE", "WAL", "TIMING", "SUMMARY", "MEMORY");

    /** The options of an EXPLAIN (its first word is EXPLAIN), or null for an EXPLAIN Calcite parses itself. */
    @Nullable
    static ExplainOptions of(String sql) {
        int i = skip(sql, 0);
        i = skip(sql, i + "EXPLAIN".length());
        if (i < sql.length() && sql.charAt(i) == '(') {
            return list(sql, i + 1);
        }
        if (!word(sql, i).matches("(?i)ANALY[ZS]E")) {
            return null;
        }
        i = skip(sql, i + "ANALYZE".length());
        if (word(sql, i).equalsIgnoreCase("VERBOSE")) {
            throw error(SqlException.FEATURE_NOT_SUPPORTED, "EXPLAIN option VERBOSE is not supported", sql, i);
        }
        return new ExplainOptions(true, statementFrom(sql, i));
    }

    private static ExplainOptions list(String sql, int from) {
        List<int[]> options = new ArrayList<>(); // offsets of each option's name and value (-1: none)
        int i = from;
        while (true) {
            i = skip(sql, i);
            String name = word(sql, i);
            if (name.isEmpty()) {
                throw syntax(sql, i);
            }
            int at = i;
            i = skip(sql, i + name.length());
            String value = null;
            int valueAt = i;
            if (i < sql.length() && sql.charAt(i) != ',' && sql.charAt(i) != ')') {
                value = word(sql, i);
                if (value.isEmpty()) {
                    throw syntax(sql, i);
                }
                i = skip(sql, i + value.length());
            }
            options.add(new int[] {at, value == null ? -1 : valueAt});
            if (i < sql.length() && sql.charAt(i) == ')') {
                return new ExplainOptions(analyze(sql, options), statementFrom(sql, i + 1));
            }
            if (i >= sql.length() || sql.charAt(i) != ',') {
                throw syntax(sql, i);
            }
            i++;
        }
    }

    /** Whether the options (their syntax checked) ask for ANALYZE; an unknown option fails. */
    private static boolean analyze(String sql, List<int[]> options) {
        boolean analyze = false;
        for (int[] o : options) {
            int at = o[0];
            String name = word(sql, at);
            int valueAt = o[1] < 0 ? at : o[1];
            String value = o[1] < 0 ? null : word(sql, o[1]);
            switch (name.toUpperCase(Locale.ROOT)) {
                case "ANALYZE":
                case "ANALYSE":
                    analyze = bool(value, "analyze", sql, valueAt);
                    break;
                case "FORMAT":
                    format(value, sql, valueAt);
                    break;
                default:
                    if (POSTGRES_OPTIONS.contains(name.toUpperCase(Locale.ROOT))) {
                        throw error(SqlException.FEATURE_NOT_SUPPORTED, "EXPLAIN option "
                                + name.toUpperCase(Locale.ROOT) + " is not supported", sql, at);
                    }
                    throw error(SqlException.SYNTAX_ERROR, "unrecognized EXPLAIN option \"" + name.toLowerCase(
                            Locale.ROOT) + "\"", sql, at);
            }
        }
        return analyze;
    }

    private static boolean bool(@Nullable String value, String option, String sql, int at) {
        if (value == null) {
            return true;
        }
        switch (value.toUpperCase(Locale.ROOT)) {
            case "TRUE": case "ON": case "1":
                return true;
            case "FALSE": case "OFF": case "0":
                return false;
            default:
                throw error("22023", option + " requires a Boolean value", sql, at);
        }
    }

    private static void format(@Nullable String value, String sql, int at) {
        String v = value == null ? "" : value.toUpperCase(Locale.ROOT);
        if (v.equals("JSON") || v.equals("XML") || v.equals("YAML")) {
            throw error(SqlException.FEATURE_NOT_SUPPORTED, "EXPLAIN format " + v + " is not supported: only TEXT",
                    sql, at);
        }
        if (!v.equals("TEXT")) {
            throw error("22023", "unrecognized value for EXPLAIN option \"format\": \"" + (value == null ? ""
                    : value) + "\"", sql, at);
        }
    }

    /** The statement from {@code from} on, what precedes it blanked out (line breaks kept), without a trailing ';'. */
    private static String statementFrom(String sql, int from) {
        StringBuilder s = new StringBuilder(sql.length());
        for (int i = 0; i < from; i++) {
            char c = sql.charAt(i);
            s.append(c == '\n' || c == '\r' ? c : ' ');
        }
        String rest = StatementText.strip(sql.substring(from));
        if (rest.isEmpty()) {
            throw syntax(sql, sql.length());
        }
        return s.append(sql, from, sql.indexOf(rest, from) + rest.length()).toString();
    }

    /** The word (letters, digits, '_') or number at {@code i}, or "" when none starts there. */
    private static String word(String sql, int i) {
        int end = i;
        while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
            end++;
        }
        return sql.substring(i, end);
    }

    /** Past whitespace and comments from {@code i}. */
    private static int skip(String sql, int i) {
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
                while (i < sql.length() && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < sql.length() && sql.charAt(i + 1) == '*') {
                i = StatementText.blockCommentEnd(sql, i);
            } else {
                break;
            }
        }
        return i;
    }

    private static SqlException syntax(String sql, int at) {
        return error(SqlException.SYNTAX_ERROR, at >= sql.length() ? "syntax error at end of input"
                : "syntax error at or near \"" + sql.charAt(at) + "\"", sql, at);
    }

    /** An error at offset {@code at} of the text, with its 1-based line and column. */
    private static SqlException error(String sqlState, String message, String sql, int at) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(at, sql.length()); i++) {
            if (sql.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new SqlException(sqlState, message, line, column, null);
    }
}
