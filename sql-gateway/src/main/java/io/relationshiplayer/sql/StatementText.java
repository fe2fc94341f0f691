package io.relationshiplayer.sql;

import java.util.Locale;

/** The leading words of a statement, with comments and whitespace skipped, to tell what kind it is. */
public final class StatementText {
    private StatementText() {
    }

    /**
     * The text Calcite runs for a statement of {@code kind}: "TABLE t" as "SELECT * FROM t" (Calcite validates the
     * former but then fails on it), EXPLAIN as "EXPLAIN PLAN FOR".
     */
    static String forCalcite(String sql, StatementKind kind) {
        String text = strip(sql);
        if (leadingWords(text, 1).equals("TABLE")) {
            text = "SELECT * FROM " + afterFirstWord(text);
        }
        if (kind == StatementKind.EXPLAIN) {
            String rest = strip(afterFirstWord(text));
            if (!leadingWords(rest, 1).equals("PLAN")) {
                rest = "PLAN FOR " + rest;
            }
            text = "EXPLAIN " + rest;
        }
        return text;
    }

    /** The first {@code n} words, upper-cased, joined by single spaces. */
    static String leadingWords(String sql, int n) {
        return leadingWords(sql, n, false);
    }

    /** The first word of a statement, past any opening parentheses: "(SELECT 1) UNION (SELECT 2)" gives SELECT. */
    static String firstWordInParentheses(String sql) {
        return leadingWords(sql, 1, true);
    }

    private static String leadingWords(String sql, int n, boolean skipParentheses) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        int words = 0;
        int len = sql.length();
        while (i < len && words < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == ';' || (skipParentheses && words == 0 && c == '(')) {
                i++;
            } else if (c == '-' && i + 1 < len && sql.charAt(i + 1) == '-') {
                // A line comment ends at a line feed or a carriage return, as the DDL and Calcite lexers end it.
                while (i < len && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < len && sql.charAt(i + 1) == '*') {
                i = blockCommentEnd(sql, i);
            } else if (Character.isLetter(c) || c == '\\') {
                int start = i;
                while (i < len && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                        || sql.charAt(i) == '\\')) {
                    i++;
                }
                out.append(out.length() == 0 ? "" : " ").append(sql.substring(start, i).toUpperCase(Locale.ROOT));
                words++;
            } else {
                break;
            }
        }
        return out.toString();
    }

    /**
     * Where the string literal or quoted identifier opened by {@code quote} at {@code from} ends (the index after its
     * closing quote; a doubled quote stands for itself), or the text's length when it does not close.
     */
    public static int quotedEnd(String sql, int from, char quote) {
        int i = from + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /** The index of the next token at or after {@code from}: whitespace and comments skipped. */
    static int skipBlank(String sql, int from) {
        int i = from;
        int len = sql.length();
        while (i < len) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < len && sql.charAt(i + 1) == '-') {
                while (i < len && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < len && sql.charAt(i + 1) == '*') {
                i = blockCommentEnd(sql, i);
            } else {
                return i;
            }
        }
        return len;
    }

    /**
     * Where the next {@code word} (a whole word, any case, not after a '.') starts in {@code sql} at or after
     * {@code from}, outside quotes and comments; -1 if nowhere.
     */
    static int nextWord(String sql, int from, String word) {
        int len = sql.length();
        int i = from;
        while (i < len) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = quotedEnd(sql, i, c);
            } else if (c == '-' && i + 1 < len && sql.charAt(i + 1) == '-') {
                while (i < len && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < len && sql.charAt(i + 1) == '*') {
                i = blockCommentEnd(sql, i);
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < len && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                        || sql.charAt(i) == '$')) {
                    i++;
                }
                boolean qualified = start > 0 && sql.charAt(start - 1) == '.';
                if (!qualified && i - start == word.length() && sql.regionMatches(true, start, word, 0, word.length())) {
                    return start;
                }
            } else {
                i++;
            }
        }
        return -1;
    }

    /** Where the block comment starting at {@code from} ends; block comments nest, as in PostgreSQL. */
    static int blockCommentEnd(String sql, int from) {
        int depth = 0;
        int i = from;
        while (i + 1 < sql.length()) {
            if (sql.charAt(i) == '/' && sql.charAt(i + 1) == '*') {
                depth++;
                i += 2;
            } else if (sql.charAt(i) == '*' && sql.charAt(i + 1) == '/') {
                depth--;
                i += 2;
                if (depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return sql.length();
    }

    /** The text after the first word (for EXPLAIN, DESCRIBE): comments before it skipped. */
    static String afterFirstWord(String sql) {
        String first = leadingWords(sql, 1);
        int at = sql.toUpperCase(Locale.ROOT).indexOf(first);
        return at < 0 ? "" : sql.substring(at + first.length());
    }

    /** The statement without a trailing semicolon and surrounding whitespace. */
    static String strip(String sql) {
        String s = sql.strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        return s;
    }
}
