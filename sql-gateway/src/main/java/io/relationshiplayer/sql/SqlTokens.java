package io.relationshiplayer.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement's text as tokens, for the rewrites made before Calcite's parser reads it ({@link InfixCasts},
 * {@link PostgresOperators}): words, quoted names, string literals (with a prefix such as {@code E'..'}, and
 * dollar-quoted text), numbers, parameters, {@code ::} and single symbols; whitespace and comments skipped.
 */
final class SqlTokens {
    enum Kind { WORD, QUOTED, STRING, NUMBER, PARAMETER, CAST, SYMBOL }

    /** A token: its kind and its characters, {@code start} inclusive, {@code end} exclusive. */
    record Token(Kind kind, int start, int end) {
    }

    private SqlTokens() {
    }

    /** A text rewritten from {@code sql}, each of its characters with the offset in {@code sql} it stands for. */
    static final class Edit {
        private final String sql;
        private final StringBuilder text;
        private int[] origins;
        private int size;

        Edit(String sql) {
            this.sql = sql;
            this.text = new StringBuilder(sql.length() + 16);
            this.origins = new int[sql.length() + 16];
        }

        /** Appends {@code sql}'s characters from {@code from} to {@code to}, each standing for itself. */
        void copy(int from, int to) {
            text.append(sql, from, to);
            for (int i = from; i < to; i++) {
                add(i);
            }
        }

        /** Appends {@code s}, each of its characters standing for {@code sql}'s at {@code origin}. */
        void insert(String s, int origin) {
            text.append(s);
            for (int i = 0; i < s.length(); i++) {
                add(origin);
            }
        }

        private void add(int offset) {
            if (size == origins.length) {
                origins = java.util.Arrays.copyOf(origins, size * 2);
            }
            origins[size++] = offset;
        }

        InfixCasts.Rewritten result() {
            return new InfixCasts.Rewritten(text.toString(), java.util.Arrays.copyOf(origins, size));
        }
    }

    /** Whether {@code t} is the word {@code word}, in any case. */
    static boolean isWord(String sql, Token t, String word) {
        return t.kind() == Kind.WORD && t.end() - t.start() == word.length()
                && sql.regionMatches(true, t.start(), word, 0, word.length());
    }

    static List<Token> tokens(String sql) {
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
