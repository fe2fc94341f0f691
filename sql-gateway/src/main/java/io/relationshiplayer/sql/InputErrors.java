package io.relationshiplayer.sql;

import javax.annotation.Nonnull;

/**
 * Syntax errors about where the statement's text ends, placed and worded as PostgreSQL's: {@code syntax error at end of
 * input} is at the character after the text, past any trailing spaces, comments and line ends (Calcite's parser put it
 * at the last character); a string or a quoted name left open is {@code unterminated quoted string at or near "'abc"}
 * ({@code unterminated quoted identifier}) at its quote, and a block comment left open {@code unterminated /* comment
 * at or near "/* ..."} at its start (Calcite's lexer named a lone quote, or an EOF at the end).
 */
final class InputErrors {
    private static final String END = "syntax error at end of input";

    private InputErrors() {
    }

    /**
     * {@code e}, a statement's error placed in {@code written}, as PostgreSQL reports it if it is about the end;
     * {@code scan}: whether to look for what is left open (not in a text with dollar quotes, whose bodies hold any
     * character).
     */
    @Nonnull
    static SqlException placed(@Nonnull SqlException e, @Nonnull String written, boolean scan) {
        if (e.getClass() != SqlException.class || !SqlException.SYNTAX_ERROR.equals(e.sqlState())) {
            return e;
        }
        String message = e.getMessage();
        boolean end = message.equals(END);
        int at = end || e.line() <= 0 ? written.length() : DollarQuotes.offset(written, e.line(), e.column());
        int open = scan ? openAt(written) : -1;
        if (open >= 0 && open <= at) {
            // the lexer's error: PostgreSQL's scanner meets it before the parser goes past it
            char c = written.charAt(open);
            String what = c == '/' ? "/* comment" : c == '"' ? "quoted identifier" : "quoted string";
            return at(e, "unterminated " + what + " at or near \"" + written.substring(open) + "\"", written, open);
        }
        return end ? at(e, END, written, written.length()) : e;
    }

    /**
     * Where a string, a quoted name or a block comment (nested, as PostgreSQL's) that never closes starts, outside the
     * others and line comments; -1 if there is none.
     */
    static int openAt(String text) {
        int i = 0;
        int len = text.length();
        while (i < len) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                if (unterminated(text, i)) {
                    return i;
                }
                i = StatementText.quotedEnd(text, i, c);
            } else if (c == '-' && i + 1 < len && text.charAt(i + 1) == '-') {
                while (i < len && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < len && text.charAt(i + 1) == '*') {
                int depth = 0;
                int j = i;
                while (j + 1 < len) {
                    if (text.charAt(j) == '/' && text.charAt(j + 1) == '*') {
                        depth++;
                        j += 2;
                    } else if (text.charAt(j) == '*' && text.charAt(j + 1) == '/') {
                        depth--;
                        j += 2;
                        if (depth == 0) {
                            break;
                        }
                    } else {
                        j++;
                    }
                }
                if (depth > 0) {
                    return i;
                }
                i = j;
            } else {
                i++;
            }
        }
        return -1;
    }

    /** Whether the quote at {@code offset} is never closed (a doubled quote is one inside). */
    private static boolean unterminated(String text, int offset) {
        char q = text.charAt(offset);
        int i = offset + 1;
        while (i < text.length()) {
            if (text.charAt(i) == q) {
                if (i + 1 < text.length() && text.charAt(i + 1) == q) {
                    i += 2;
                    continue;
                }
                return false;
            }
            i++;
        }
        return true;
    }

    private static SqlException at(SqlException e, String message, String written, int offset) {
        int[] position = DollarQuotes.position(written, offset);
        return new SqlException(e.sqlState(), message, position[0], position[1], e.getCause());
    }
}
