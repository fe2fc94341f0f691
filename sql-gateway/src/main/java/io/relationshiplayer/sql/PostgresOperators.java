package io.relationshiplayer.sql;

import static io.relationshiplayer.sql.SqlTokens.isWord;

import io.relationshiplayer.sql.SqlTokens.Kind;
import io.relationshiplayer.sql.SqlTokens.Token;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * PostgreSQL's syntax that Calcite's core lexer or parser has no place for, written in Calcite's words before it
 * parses the text, each character of the new text standing for one of the text as written (as {@link InfixCasts}
 * does), and made PostgreSQL's again in the parse tree ({@link PostgresTree}):
 * <ul>
 * <li>{@code SELECT DISTINCT ON (a, b) x, y} is read as {@code SELECT "$distinct_on"(a, b), x, y}: a first select
 *     item that {@link DistinctOn} takes out again;</li>
 * <li>the regular-expression operators {@code ~}, {@code ~*}, {@code !~} and {@code !~*} as Calcite's {@code RLIKE}
 *     and {@code NOT RLIKE} (the same precedence as LIKE: PostgreSQL's binds more tightly, as its other operators do,
 *     which matters only next to another such operator), each made PostgreSQL's operator of the text at its place;</li>
 * <li>the prefix operators {@code |/} (square root) and {@code @} (absolute value) as NOT, where an operand may
 *     start (after an operator, a parenthesis, a comma or a keyword), made sqrt and abs of the operand PostgreSQL
 *     gives them (Calcite drops a unary {@code +} of a number, so that could not stand for them).</li>
 * </ul>
 * String literals, quoted names, comments and dollar-quoted text are never rewritten.
 */
final class PostgresOperators {
    /** The name of the call that stands for a DISTINCT ON list. */
    static final String DISTINCT_ON = "$distinct_on";
    /** Words after which an operand may start. */
    private static final Set<String> BEFORE_OPERAND = Set.of("select", "where", "and", "or", "not", "on", "by",
            "having", "when", "then", "else", "in", "is", "like", "ilike", "between", "values", "set", "returning",
            "limit", "offset", "all", "any", "some", "distinct", "case", "return", "check", "to", "symmetric");

    private PostgresOperators() {
    }

    /** Whether {@code sql} may hold any of these (a quick test before tokens are read). */
    static boolean mayRewrite(String sql) {
        return sql.indexOf('~') >= 0 || sql.indexOf('@') >= 0 || sql.contains("|/")
                || sql.toLowerCase(Locale.ROOT).contains("distinct");
    }

    /** {@code sql} with these operators in Calcite's words, or null if it has none. */
    static InfixCasts.Rewritten rewrite(String sql) {
        if (!mayRewrite(sql)) {
            return null;
        }
        List<Token> tokens = SqlTokens.tokens(sql);
        SqlTokens.Edit edit = new SqlTokens.Edit(sql);
        int copied = 0;
        boolean any = false;
        int[] commaAfter = new int[tokens.size()]; // the DISTINCT ON lists' closing parentheses, marked
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (commaAfter[i] > 0) {
                edit.copy(copied, t.end());
                edit.insert(",", t.start());
                copied = t.end();
                continue;
            }
            if (isWord(sql, t, "distinct") && i + 2 < tokens.size() && isWord(sql, tokens.get(i + 1), "on")
                    && isSymbol(sql, tokens.get(i + 2), '(')) {
                int close = closing(sql, tokens, i + 2);
                if (close > 0) {
                    edit.copy(copied, t.start());
                    edit.insert("\"" + DISTINCT_ON + "\"", t.start());
                    copied = tokens.get(i + 1).end();
                    commaAfter[close] = 1;
                    any = true;
                }
                continue;
            }
            if (t.kind() != Kind.SYMBOL) {
                continue;
            }
            char c = sql.charAt(t.start());
            int like = c == '~' || c == '!' ? likeOperator(sql, tokens, i) : 0;
            if (like > 0) {
                // ~~ ~~* !~~ !~~*: PostgreSQL's names of LIKE, ILIKE and their negations
                boolean not = c == '!';
                boolean ilike = like > (not ? 3 : 2);
                edit.copy(copied, t.start());
                edit.insert((not ? " NOT" : "") + (ilike ? " ILIKE " : " LIKE "), t.start());
                copied = tokens.get(i + like - 1).end();
                i += like - 1;
                any = true;
            } else if (c == '~' && !(i > 0 && tokens.get(i - 1).end() == t.start()
                    && isSymbol(sql, tokens.get(i - 1), '!'))) {
                int end = t.end();
                if (i + 1 < tokens.size() && adjacentSymbol(sql, t, tokens.get(i + 1), '*')) {
                    end = tokens.get(i + 1).end();
                }
                edit.copy(copied, t.start());
                edit.insert(" RLIKE ", t.start());
                copied = end;
                any = true;
            } else if (c == '!' && i + 1 < tokens.size() && adjacentSymbol(sql, t, tokens.get(i + 1), '~')) {
                int end = tokens.get(i + 1).end();
                if (i + 2 < tokens.size() && adjacentSymbol(sql, tokens.get(i + 1), tokens.get(i + 2), '*')) {
                    end = tokens.get(i + 2).end();
                }
                edit.copy(copied, t.start());
                edit.insert(" NOT RLIKE ", t.start());
                copied = end;
                any = true;
            } else if (isPrefix(sql, tokens, i)) {
                edit.copy(copied, t.start());
                edit.insert(" NOT ", t.start());
                copied = c == '@' ? t.end() : tokens.get(i + 1).end();
                any = true;
            }
        }
        if (!any) {
            return null;
        }
        edit.copy(copied, sql.length());
        return edit.result();
    }

    /**
     * The number of adjacent symbol tokens from {@code i} that spell {@code ~~}, {@code ~~*}, {@code !~~} or
     * {@code !~~*}, or 0.
     */
    private static int likeOperator(String sql, List<Token> tokens, int i) {
        int n = 0;
        if (isSymbol(sql, tokens.get(i), '!')) {
            n = 1;
        }
        for (int k = 0; k < 2; k++) {
            if (i + n >= tokens.size() || !isSymbol(sql, tokens.get(i + n), '~')
                    || n > 0 && tokens.get(i + n - 1).end() != tokens.get(i + n).start()) {
                return 0;
            }
            n++;
        }
        if (i + n < tokens.size() && adjacentSymbol(sql, tokens.get(i + n - 1), tokens.get(i + n), '*')) {
            n++;
        }
        return n;
    }

    /** Whether token {@code i} starts a prefix {@code @} or {@code |/} where an operand may start. */
    private static boolean isPrefix(String sql, List<Token> tokens, int i) {
        Token t = tokens.get(i);
        char c = sql.charAt(t.start());
        if (c == '|') {
            if (!(i + 1 < tokens.size() && adjacentSymbol(sql, t, tokens.get(i + 1), '/'))
                    || (i > 0 && tokens.get(i - 1).end() == t.start() && isSymbol(sql, tokens.get(i - 1), '|'))) {
                return false; // not |/, or ||/ (a cube root, which is not supported)
            }
        } else if (c != '@') {
            return false;
        }
        if (i == 0) {
            return false;
        }
        Token before = tokens.get(i - 1);
        if (before.kind() == Kind.WORD) {
            return BEFORE_OPERAND.contains(sql.substring(before.start(), before.end()).toLowerCase(Locale.ROOT));
        }
        if (before.kind() != Kind.SYMBOL) {
            return false;
        }
        char b = sql.charAt(before.start());
        return b != ')' && b != ']';
    }

    /** The index of the token closing the parenthesis at token {@code open}, or -1. */
    private static int closing(String sql, List<Token> tokens, int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            if (isSymbol(sql, tokens.get(i), '(')) {
                depth++;
            } else if (isSymbol(sql, tokens.get(i), ')') && --depth == 0) {
                return i;
            }
        }
        return -1;
    }


    private static boolean isSymbol(String sql, Token t, char c) {
        return t.kind() == Kind.SYMBOL && sql.charAt(t.start()) == c;
    }

    /** Whether {@code next} is the symbol {@code c} right after {@code t}, with nothing between them. */
    private static boolean adjacentSymbol(String sql, Token t, Token next, char c) {
        return next.start() == t.end() && isSymbol(sql, next, c);
    }
}
