package io.relationshiplayer.sql;

import io.relationshiplayer.sql.SqlTokens.Kind;
import io.relationshiplayer.sql.SqlTokens.Token;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * PostgreSQL's cast operator, {@code expr::type}, written {@code CAST(expr AS type)} before Calcite parses the text
 * (Calcite's core parser has no {@code ::}: only its Babel parser does, and no conformance turns it on). As in
 * PostgreSQL it binds tighter than every other operator: its operand is the primary expression just before it (a
 * literal, a typed literal such as {@code DATE '...'}, a parameter, a possibly qualified name, a parenthesized
 * expression, a function call with its OVER or FILTER, {@code CASE ... END}, an array element), casts chain
 * ({@code x::int::text}), and its type is a type name with its multi-word forms ({@code double precision},
 * {@code character varying(5)}, {@code timestamp without time zone}). String literals, quoted names, comments and
 * dollar-quoted text are never rewritten. The rewritten text is longer, so every character of it carries the line
 * and column of a character of the text as written ({@code CAST(} the operand's first, {@code AS} the {@code ::}'s,
 * the closing parenthesis the type's last): the parser's positions, in its errors and in every node it makes, are
 * the user's. A {@code ::} with nothing to cast is left as it is ({@link #dangling} finds it for the parser's error
 * there), and a missing type leaves the cast unclosed, so that Calcite's syntax error names the token where
 * PostgreSQL's does.
 */
final class InfixCasts {
    /** Words that end no operand and name no function, so a parenthesis after one is an expression of its own. */
    private static final Set<String> NOT_OPERAND = Set.of("select", "from", "where", "and", "or", "not", "on", "by",
            "having", "when", "then", "else", "as", "in", "is", "like", "ilike", "similar", "between", "values", "set",
            "returning", "limit", "offset", "fetch", "join", "union", "intersect", "except", "all", "any", "some",
            "distinct", "escape", "with", "using", "case", "into", "return", "default", "check", "to", "lateral",
            "table", "group", "order", "partition", "symmetric", "asymmetric", "window");
    private static final Set<String> TYPED_LITERALS = Set.of("date", "time", "timestamp", "interval");
    private static final Set<String> INTERVAL_UNITS = Set.of("year", "month", "day", "hour", "minute", "second");

    /** The rewritten text, and for each of its characters the offset of the character of the original it stands for. */
    record Rewritten(String text, int[] origins) {
    }

    private final String sql;
    private final List<Token> tokens;
    private final int[] match;

    private InfixCasts(String sql) {
        this.sql = sql;
        this.tokens = SqlTokens.tokens(sql);
        this.match = matches();
    }

    /** {@code sql} with its {@code ::} casts as CAST, or null if it has none. */
    static Rewritten rewrite(String sql) {
        return sql.contains("::") ? new InfixCasts(sql).rewrite() : null;
    }

    /** A {@code ::} with nothing before it to cast: its offset, and that of the token before it (its own if none). */
    record Dangling(int cast, int before) {
    }

    /** The first {@code ::} of {@code sql} with nothing to cast ({@code 1 + ::int}), or null. */
    static Dangling dangling(String sql) {
        if (!sql.contains("::")) {
            return null;
        }
        InfixCasts c = new InfixCasts(sql);
        for (int k = 0; k < c.tokens.size(); k++) {
            if (c.tokens.get(k).kind() == Kind.CAST && (k == 0 || c.operandStart(k - 1) < 0)) {
                return new Dangling(c.tokens.get(k).start(), c.tokens.get(k > 0 ? k - 1 : k).start());
            }
        }
        return null;
    }

    private Rewritten rewrite() {
        int n = tokens.size();
        int[] opens = new int[n];
        int[] closes = new int[n];
        boolean[] asAt = new boolean[n];
        boolean any = false;
        for (int k = 0; k < n; k++) {
            if (tokens.get(k).kind() != Kind.CAST || asAt[k]) {
                continue;
            }
            int start = k > 0 ? operandStart(k - 1) : -1;
            // a chain x::a::b: each :: casts all that is before it, so each opens a CAST at the operand's start
            for (int j = k; start >= 0 && j < n && tokens.get(j).kind() == Kind.CAST; ) {
                any = true;
                asAt[j] = true;
                opens[start]++;
                int last = typeEnd(j + 1);
                if (last < 0) {
                    break;
                }
                closes[last]++;
                j = last + 1;
            }
        }
        if (!any) {
            return null;
        }
        SqlTokens.Edit edit = new SqlTokens.Edit(sql);
        int copied = 0;
        for (int i = 0; i < n; i++) {
            Token t = tokens.get(i);
            edit.copy(copied, t.start());
            for (int c = 0; c < opens[i]; c++) {
                edit.insert("CAST(", t.start());
            }
            if (asAt[i]) {
                edit.insert(" A", t.start());
                edit.insert("S ", t.start() + 1);
            } else {
                edit.copy(t.start(), t.end());
            }
            for (int c = 0; c < closes[i]; c++) {
                edit.insert(")", t.end() - 1);
            }
            copied = t.end();
        }
        edit.copy(copied, sql.length());
        return edit.result();
    }

    // ---- the operand: the primary expression that ends at token e ----

    private int operandStart(int e) {
        Token t = tokens.get(e);
        switch (t.kind()) {
            case NUMBER:
            case PARAMETER:
                return e;
            case STRING:
                return e > 0 && TYPED_LITERALS.contains(word(e - 1)) ? e - 1 : e;
            case QUOTED:
                return qualifiedStart(e);
            case WORD: {
                String w = word(e);
                if (w.equals("end")) {
                    return caseStart(e);
                }
                if (NOT_OPERAND.contains(w)) {
                    return -1;
                }
                if (INTERVAL_UNITS.contains(w)) {
                    int s = intervalStart(e);
                    if (s >= 0) {
                        return s;
                    }
                }
                return qualifiedStart(e);
            }
            case SYMBOL:
                if (symbol(e, ')') && match[e] >= 0) {
                    return callStart(match[e]);
                }
                if (symbol(e, ']') && match[e] > 0) {
                    int open = match[e];
                    return word(open - 1).equals("array") ? open - 1 : operandStart(open - 1);
                }
                return -1;
            default:
                return -1;
        }
    }

    /** Where the expression whose parenthesis opens at {@code open} starts: a function call's name, or itself. */
    private int callStart(int open) {
        if (open == 0) {
            return open;
        }
        Token before = tokens.get(open - 1);
        if (before.kind() == Kind.QUOTED) {
            return qualifiedStart(open - 1);
        }
        if (before.kind() != Kind.WORD) {
            return open;
        }
        String w = word(open - 1);
        if ((w.equals("over") || w.equals("filter")) && open >= 2) {
            int call = operandStart(open - 2);
            return call >= 0 ? call : open;
        }
        if (w.equals("group") && open >= 3 && word(open - 2).equals("within")) {
            int call = operandStart(open - 3);
            return call >= 0 ? call : open;
        }
        return NOT_OPERAND.contains(w) ? open : qualifiedStart(open - 1);
    }

    /** The start of {@code a.b.c} ending at token {@code e}. */
    private int qualifiedStart(int e) {
        int s = e;
        while (s >= 2 && symbol(s - 1, '.') && isName(s - 2)) {
            s -= 2;
        }
        return s;
    }

    /** The CASE of the END at {@code e}, or -1. */
    private int caseStart(int e) {
        int depth = 0;
        for (int i = e; i >= 0; i--) {
            if ((symbol(i, ')') || symbol(i, ']')) && match[i] >= 0) {
                i = match[i];
            } else if (word(i).equals("end")) {
                depth++;
            } else if (word(i).equals("case") && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The INTERVAL of {@code INTERVAL '1' DAY} or {@code INTERVAL '1:2' HOUR TO MINUTE} ending at unit {@code e}. */
    private int intervalStart(int e) {
        int s = e;
        if (s >= 2 && word(s - 1).equals("to") && INTERVAL_UNITS.contains(word(s - 2))) {
            s -= 2;
        }
        return s >= 2 && tokens.get(s - 1).kind() == Kind.STRING && word(s - 2).equals("interval") ? s - 2 : -1;
    }

    // ---- the type: the tokens from j to the returned index ----

    private int typeEnd(int j) {
        if (j >= tokens.size() || !isName(j)) {
            return -1;
        }
        int i = j;
        while (symbol(i + 1, '.') && isName(i + 2)) {
            i += 2;
        }
        String w = word(i);
        if (w.equals("double") && word(i + 1).equals("precision")) {
            i++;
        } else if (w.equals("character") || w.equals("char")) {
            i += word(i + 1).equals("varying") ? 1 : 0;
        }
        if (symbol(i + 1, '(') && match[i + 1] >= 0) {
            i = match[i + 1];
        }
        if ((w.equals("timestamp") || w.equals("time"))
                && (word(i + 1).equals("with") || word(i + 1).equals("without"))
                && word(i + 2).equals("time") && word(i + 3).equals("zone")) {
            i += 3;
        }
        return i;
    }

    // ---- tokens ----

    private String word(int i) {
        if (i < 0 || i >= tokens.size() || tokens.get(i).kind() != Kind.WORD) {
            return "";
        }
        Token t = tokens.get(i);
        return sql.substring(t.start(), t.end()).toLowerCase(Locale.ROOT);
    }

    private boolean isName(int i) {
        return i >= 0 && i < tokens.size()
                && (tokens.get(i).kind() == Kind.WORD || tokens.get(i).kind() == Kind.QUOTED);
    }

    private boolean symbol(int i, char c) {
        return i >= 0 && i < tokens.size() && tokens.get(i).kind() == Kind.SYMBOL
                && sql.charAt(tokens.get(i).start()) == c;
    }

    /** For each parenthesis or bracket, the index of its partner; -1 for any other token or one without. */
    private int[] matches() {
        int[] m = new int[tokens.size()];
        java.util.Arrays.fill(m, -1);
        int[] stack = new int[tokens.size()];
        int top = 0;
        for (int i = 0; i < tokens.size(); i++) {
            if (symbol(i, '(') || symbol(i, '[')) {
                stack[top++] = i;
            } else if ((symbol(i, ')') || symbol(i, ']')) && top > 0) {
                char open = symbol(i, ')') ? '(' : '[';
                if (symbol(stack[top - 1], open)) {
                    int o = stack[--top];
                    m[o] = i;
                    m[i] = o;
                }
            }
        }
        return m;
    }

}
