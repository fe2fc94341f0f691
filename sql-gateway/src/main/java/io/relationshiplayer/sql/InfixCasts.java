package io.relationshiplayer.sql;

import java.util.ArrayList;
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

    private enum Kind { WORD, QUOTED, STRING, NUMBER, PARAMETER, CAST, SYMBOL }

    private record Token(Kind kind, int start, int end) {
    }

    /** The rewritten text, and for each of its characters the offset of the character of the original it stands for. */
    record Rewritten(String text, int[] origins) {
    }

    private final String sql;
    private final List<Token> tokens;
    private final int[] match;

    private InfixCasts(String sql) {
        this.sql = sql;
        this.tokens = tokens(sql);
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
        StringBuilder text = new StringBuilder(sql.length() + 16);
        Origins origins = new Origins(sql.length() + 16);
        int copied = 0;
        for (int i = 0; i < n; i++) {
            Token t = tokens.get(i);
            copy(text, origins, copied, t.start());
            for (int c = 0; c < opens[i]; c++) {
                insert(text, origins, "CAST(", t.start());
            }
            if (asAt[i]) {
                insert(text, origins, " A", t.start());
                insert(text, origins, "S ", t.start() + 1);
            } else {
                copy(text, origins, t.start(), t.end());
            }
            for (int c = 0; c < closes[i]; c++) {
                insert(text, origins, ")", t.end() - 1);
            }
            copied = t.end();
        }
        copy(text, origins, copied, sql.length());
        return new Rewritten(text.toString(), java.util.Arrays.copyOf(origins.offsets, origins.size));
    }

    private void copy(StringBuilder text, Origins origins, int from, int to) {
        text.append(sql, from, to);
        for (int i = from; i < to; i++) {
            origins.add(i);
        }
    }

    private static void insert(StringBuilder text, Origins origins, String s, int origin) {
        text.append(s);
        for (int i = 0; i < s.length(); i++) {
            origins.add(origin);
        }
    }

    /** A growing array of offsets, one per character of the rewritten text. */
    private static final class Origins {
        private int[] offsets;
        private int size;

        Origins(int capacity) {
            offsets = new int[capacity];
        }

        void add(int offset) {
            if (size == offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, size * 2);
            }
            offsets[size++] = offset;
        }
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

    private static List<Token> tokens(String sql) {
        List<Token> out = new ArrayList<>();
        int len = sql.length();
        int i = 0;
        while (i < len) {
            char c = sql.charAt(i);
            int start = i;
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if (c == '-' && i + 1 < len && sql.charAt(i + 1) == '-') {
                while (i < len && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
                continue;
            }
            if (c == '/' && i + 1 < len && sql.charAt(i + 1) == '*') {
                i = StatementText.blockCommentEnd(sql, i);
                continue;
            }
            Kind kind;
            if (c == '\'') {
                i = StatementText.quotedEnd(sql, i, c);
                kind = Kind.STRING;
            } else if (c == '"') {
                i = StatementText.quotedEnd(sql, i, c);
                kind = Kind.QUOTED;
            } else if (c == '?') {
                i++;
                kind = Kind.PARAMETER;
            } else if (c == '$') {
                int tag = dollarTagEnd(sql, i);
                if (i + 1 < len && Character.isDigit(sql.charAt(i + 1))) {
                    i++;
                    while (i < len && Character.isDigit(sql.charAt(i))) {
                        i++;
                    }
                    kind = Kind.PARAMETER;
                } else if (tag > 0) {
                    int close = sql.indexOf(sql.substring(i, tag), tag);
                    i = close < 0 ? len : close + (tag - start);
                    kind = Kind.STRING;
                } else {
                    i++;
                    kind = Kind.SYMBOL;
                }
            } else if (c == ':' && i + 1 < len && sql.charAt(i + 1) == ':') {
                i += 2;
                kind = Kind.CAST;
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < len && Character.isDigit(sql.charAt(i + 1)))) {
                i = numberEnd(sql, i);
                kind = Kind.NUMBER;
            } else if (Character.isLetter(c) || c == '_') {
                while (i < len && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                        || sql.charAt(i) == '$')) {
                    i++;
                }
                kind = Kind.WORD;
                if (i < len && sql.charAt(i) == '\'' && isStringPrefix(sql, start, i)) {
                    i = (i - start == 1 && (c == 'e' || c == 'E')) ? escapedEnd(sql, i) : StatementText.quotedEnd(sql,
                            i, '\'');
                    kind = Kind.STRING;
                }
            } else {
                i++;
                kind = Kind.SYMBOL;
            }
            out.add(new Token(kind, start, i));
        }
        return out;
    }

    /** X'..', N'..', E'..', B'..' and Calcite's _charset'..': a literal with its prefix. */
    private static boolean isStringPrefix(String sql, int start, int end) {
        return sql.charAt(start) == '_' || (end - start == 1 && "xXnNeEbB".indexOf(sql.charAt(start)) >= 0);
    }

    /** The end of an E'...' string, whose backslash escapes its next character. */
    private static int escapedEnd(String sql, int quote) {
        int i = quote + 1;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (c == '\'') {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == '\'') {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }

    /** The end of the opening tag of dollar-quoted text at {@code i} ({@code $$}, {@code $tag$}), or -1. */
    private static int dollarTagEnd(String sql, int i) {
        int j = i + 1;
        if (j < sql.length() && (Character.isLetter(sql.charAt(j)) || sql.charAt(j) == '_')) {
            while (j < sql.length() && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
                j++;
            }
        }
        return j < sql.length() && sql.charAt(j) == '$' ? j + 1 : -1;
    }

    private static int numberEnd(String sql, int from) {
        int i = digits(sql, from);
        if (i < sql.length() && sql.charAt(i) == '.') {
            i = digits(sql, i + 1);
        }
        if (i < sql.length() && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < sql.length() && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
                j++;
            }
            if (j < sql.length() && Character.isDigit(sql.charAt(j))) {
                i = digits(sql, j);
            }
        }
        return i;
    }

    private static int digits(String sql, int from) {
        int i = from;
        while (i < sql.length() && Character.isDigit(sql.charAt(i))) {
            i++;
        }
        return i;
    }
}
