package io.relationshiplayer.sql;

import static io.relationshiplayer.sql.SqlTokens.isWord;

import io.relationshiplayer.sql.SqlTokens.Kind;
import io.relationshiplayer.sql.SqlTokens.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A SELECT without FROM that has a WHERE, GROUP BY or HAVING, as PostgreSQL runs it: over one row of no columns
 * ({@code SELECT 1 WHERE false} has no row; {@code INSERT INTO t SELECT 1, 'x' WHERE NOT EXISTS (SELECT ...)}, the
 * idiom of an insert if absent). Calcite's grammar takes those clauses only after a FROM (42601 at the WHERE): the
 * text gets {@code FROM (VALUES (0)) AS "rl$none" ("rl$none")} before the clause, its characters standing for the
 * clause's first, so that every position stays the text's.
 */
final class NoFromClauses {
    static final String NONE = "rl$none";
    private static final String FROM = " FROM (VALUES (0)) AS \"" + NONE + "\" (\"" + NONE + "\") ";

    private NoFromClauses() {
    }

    /** Whether {@code sql} may have such a SELECT (a cheap look at its words). */
    static boolean mayRewrite(String sql) {
        String lower = sql.toLowerCase(Locale.ROOT);
        return lower.contains("select") && (lower.contains("where") || lower.contains("group")
                || lower.contains("having"));
    }

    /** {@code sql} with a FROM of one row given to each SELECT that lacks one before its clauses, or null if none. */
    static InfixCasts.Rewritten rewrite(String sql) {
        if (!mayRewrite(sql)) {
            return null;
        }
        List<Token> tokens = SqlTokens.tokens(sql);
        // per parenthesis depth: whether a SELECT there still waits for its FROM
        List<Boolean> waiting = new ArrayList<>(List.of(false));
        SqlTokens.Edit edit = new SqlTokens.Edit(sql);
        int copied = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            int depth = waiting.size() - 1;
            if (t.kind() == Kind.SYMBOL) {
                char c = sql.charAt(t.start());
                if (c == '(') {
                    waiting.add(false);
                } else if (c == ')' && depth > 0) {
                    waiting.remove(depth);
                } else if (c == ';') {
                    waiting.set(depth, false);
                }
                continue;
            }
            if (t.kind() != Kind.WORD) {
                continue;
            }
            String word = sql.substring(t.start(), t.end()).toLowerCase(Locale.ROOT);
            switch (word) {
                case "select" -> waiting.set(depth, true);
                case "from", "union", "intersect", "except", "values", "into", "set", "returning" ->
                        // a FROM of its own (not IS DISTINCT FROM's), or the end of this SELECT
                        waiting.set(depth, word.equals("from") && i > 0 && isWord(sql, tokens.get(i - 1), "distinct")
                                && waiting.get(depth));
                case "where", "group", "having" -> {
                    // WITHIN GROUP (ORDER BY ...) of an ordered-set aggregate is no GROUP BY
                    boolean withinGroup = word.equals("group") && i > 0 && isWord(sql, tokens.get(i - 1), "within");
                    if (waiting.get(depth) && !withinGroup) {
                        edit.copy(copied, t.start());
                        edit.insert(FROM, t.start());
                        copied = t.start();
                        waiting.set(depth, false);
                    }
                }
                default -> {
                }
            }
        }
        if (copied == 0) {
            return null;
        }
        edit.copy(copied, sql.length());
        return edit.result();
    }
}
