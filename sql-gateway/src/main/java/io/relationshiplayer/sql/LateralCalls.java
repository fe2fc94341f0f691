package io.relationshiplayer.sql;

import static io.relationshiplayer.sql.SqlTokens.isWord;

import io.relationshiplayer.sql.SqlTokens.Kind;
import io.relationshiplayer.sql.SqlTokens.Token;
import java.util.List;
import java.util.Locale;

/**
 * PostgreSQL's {@code LATERAL generate_series(...)} in FROM ({@code CROSS JOIN LATERAL}, {@code , LATERAL},
 * {@code JOIN LATERAL ... ON true}), its bounds from the rows before it: Calcite's grammar takes a lateral function
 * only as {@code LATERAL TABLE(f(...))} (42601 at LATERAL), so the text gets {@code TABLE(} before the call and
 * {@code )} after it, their characters standing for the call's first and last, so that positions stay the text's.
 */
final class LateralCalls {
    private static final String TABLE = "TABLE(";

    private LateralCalls() {
    }

    /** Whether {@code sql} may have such a call (a cheap look at its words). */
    static boolean mayRewrite(String sql) {
        return sql.toLowerCase(Locale.ROOT).contains("lateral");
    }

    /** {@code sql} with each {@code LATERAL f(...)} written {@code LATERAL TABLE(f(...))}, or null if none. */
    static InfixCasts.Rewritten rewrite(String sql) {
        if (!mayRewrite(sql)) {
            return null;
        }
        List<Token> tokens = SqlTokens.tokens(sql);
        SqlTokens.Edit edit = null;
        int copied = 0;
        for (int i = 0; i + 2 < tokens.size(); i++) {
            Token fn = tokens.get(i + 1);
            if (!isWord(sql, tokens.get(i), "lateral") || fn.kind() != Kind.WORD && fn.kind() != Kind.QUOTED
                    || isWord(sql, fn, "table") || !symbol(sql, tokens.get(i + 2), '(')) {
                continue;
            }
            int close = close(sql, tokens, i + 2);
            if (close < 0) {
                continue; // unbalanced: the parser says so
            }
            if (edit == null) {
                edit = new SqlTokens.Edit(sql);
            }
            edit.copy(copied, fn.start());
            edit.insert(TABLE, fn.start());
            int end = tokens.get(close).end();
            edit.copy(fn.start(), end);
            edit.insert(")", end - 1);
            copied = end;
            i = close - 1;
        }
        if (edit == null) {
            return null;
        }
        edit.copy(copied, sql.length());
        return edit.result();
    }

    private static boolean symbol(String sql, Token t, char c) {
        return t.kind() == Kind.SYMBOL && sql.charAt(t.start()) == c;
    }

    /** The index of the token that closes the parenthesis at {@code open}, or -1. */
    private static int close(String sql, List<Token> tokens, int open) {
        int depth = 0;
        for (int j = open; j < tokens.size(); j++) {
            Token t = tokens.get(j);
            if (symbol(sql, t, '(')) {
                depth++;
            } else if (symbol(sql, t, ')') && --depth == 0) {
                return j;
            }
        }
        return -1;
    }
}
