package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;

/**
 * The words that are names in PostgreSQL but keywords in Calcite's parser: Calcite's reserved words that PostgreSQL 15
 * does not reserve ({@code year}, {@code value}, {@code position}, {@code count}, {@code date}, ...). PostgreSQL's
 * reserved keywords and its type-or-function-name keywords ({@code select}, {@code from}, {@code user},
 * {@code left}, {@code is}, ...) can be column names only when quoted, there as here; and its keywords that are a
 * column label only after AS ({@code year}, {@code month}, {@code day}, {@code hour}, {@code minute},
 * {@code second}, {@code over}, {@code filter}, ...) are no bare label of a select list ({@code SELECT 1 year}), as
 * there. {@link PostgresParser} quotes such a word where Calcite's parser stops at it.
 */
final class KeywordNames {
    /** PostgreSQL 15's keywords, not reserved, that are a column label only after AS (its AS_LABEL keywords). */
    private static final Set<String> AS_LABEL_ONLY = Set.of("CHAR", "CHARACTER", "DAY", "FILTER", "HOUR", "MINUTE",
            "MONTH", "OVER", "PRECISION", "SECOND", "VARYING", "WITHIN", "WITHOUT", "YEAR");
    /** The words that start a clause: a select list runs from SELECT (or RETURNING) to the next of these. */
    private static final Set<String> CLAUSES = Set.of("SELECT", "RETURNING", "FROM", "WHERE", "GROUP", "HAVING",
            "WINDOW", "ORDER", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT", "EXCEPT", "VALUES", "SET", "INTO",
            "ON", "USING", "JOIN", "UPDATE", "DELETE", "INSERT", "MERGE", "WHEN", "TABLE", "WITH");
    private static final SqlAbstractParserImpl.Metadata CALCITE = ColumnLabels.calciteWords();

    private KeywordNames() {
    }

    /** Whether the word (any case) is a keyword of Calcite's parser that PostgreSQL takes as a name. */
    static boolean isName(String word) {
        String w = word.toUpperCase(Locale.ROOT);
        return CALCITE.isReservedWord(w) && !PostgresKeywords.isReserved(w);
    }

    /** Whether the word (any case) is a column label in PostgreSQL only after AS. */
    static boolean isLabelOnlyAfterAs(String word) {
        return AS_LABEL_ONLY.contains(word.toUpperCase(Locale.ROOT));
    }

    /**
     * Whether offset {@code at} of {@code sql} is in a select list (or a RETURNING list): the last clause word before
     * it at its depth of parentheses is SELECT or RETURNING. String literals, quoted names and comments are skipped.
     */
    static boolean inSelectList(String sql, int at) {
        String[] clauses = new String[16];
        int depth = 0;
        int i = 0;
        while (i < at) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = StatementText.quotedEnd(sql, i, c);
            } else if (c == '-' && i + 1 < at && sql.charAt(i + 1) == '-') {
                while (i < at && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < at && sql.charAt(i + 1) == '*') {
                i = StatementText.blockCommentEnd(sql, i);
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < at && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                        || sql.charAt(i) == '$')) {
                    i++;
                }
                String w = sql.substring(start, i).toUpperCase(Locale.ROOT);
                boolean qualified = start > 0 && sql.charAt(start - 1) == '.';
                if (!qualified && CLAUSES.contains(w)) {
                    clauses[depth] = w;
                }
            } else {
                if (c == '(') {
                    depth++;
                    if (depth == clauses.length) {
                        clauses = java.util.Arrays.copyOf(clauses, depth * 2);
                    }
                    clauses[depth] = null;
                } else if (c == ')' && depth > 0) {
                    depth--;
                }
                i++;
            }
        }
        return "SELECT".equals(clauses[depth]) || "RETURNING".equals(clauses[depth]);
    }
}
