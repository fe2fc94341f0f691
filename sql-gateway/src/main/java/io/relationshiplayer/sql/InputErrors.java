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
        if (SqlException.UNDEFINED_COLUMN.equals(e.sqlState())) {
            return QualifiedColumns.placed(e, written);
        }
        if (e.getClass() == SqlException.class && e.line() > 0 && (e.sqlState().equals("22007")
                || e.sqlState().equals("22008"))) {
            return atLiteralText(e, written);
        }
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
        if (!end && message.equals("BETWEEN operator has no terminating AND")
                && written.regionMatches(true, skipBlank(written, at), "AND", 0, 3)
                && blank(written, skipBlank(written, at) + 3)) {
            end = true; // x BETWEEN 1 AND, at the end
        }
        if (!end && tokenWasTaken(e, written, at)) {
            // Calcite's look-ahead named a token PostgreSQL's parser takes: the error is at the next one, or the end
            int next = skipBlank(written, at + tokenLength(written, at));
            if (next >= written.length()) {
                end = true;
            } else {
                return at(e, "syntax error at or near \"" + written.substring(next, next + tokenLength(written, next))
                        + "\"", written, next);
            }
        }
        return end ? at(e, END, written, written.length()) : e;
    }

    /**
     * A DATE, TIME or TIMESTAMP literal's error at its string, as PostgreSQL places it ({@code DATE '2024-02-30'}: at
     * the quote, where the parser put it at the type's name).
     */
    private static SqlException atLiteralText(SqlException e, String written) {
        int at = DollarQuotes.offset(written, e.line(), e.column());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)(date|timestamp|time)\\s*'")
                .matcher(written);
        m.region(at, written.length());
        if (!m.lookingAt()) {
            return e;
        }
        int quote = m.end() - 1;
        int[] position = DollarQuotes.position(written, quote);
        return new SqlException(e.sqlState(), e.getMessage(), e.detail(), e.hint(), position[0], position[1],
                e.getCause());
    }

    /**
     * A syntax error found right after offset {@code from} of {@code text}: at the next token, or at end of input if
     * only spaces and comments follow (for a clause the session parsed within text of its own, {@link ClauseQuery}).
     */
    static SqlException after(SqlException e, String text, int from) {
        int next = skipBlank(text, from);
        if (next >= text.length()) {
            return at(e, END, text, text.length());
        }
        return at(e, "syntax error at or near \"" + text.substring(next, next + tokenLength(text, next)) + "\"", text,
                next);
    }

    /** The length of the token at {@code i}: a word or number, a quoted string or name, an operator, one character. */
    private static int tokenLength(String text, int i) {
        int len = text.length();
        char c = text.charAt(i);
        int j = i;
        if (c == '\'' || c == '"') {
            j = StatementText.quotedEnd(text, i, c);
        } else if (Character.isLetterOrDigit(c) || c == '_') {
            while (j < len && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_'
                    || text.charAt(j) == '$')) {
                j++;
            }
        } else {
            while (j < len && "<>=!|:".indexOf(text.charAt(j)) >= 0) {
                j++;
            }
            j = Math.max(j, i + 1);
        }
        return j - i;
    }

    /**
     * Whether {@code e}, Calcite's {@code syntax error at or near "X"} at {@code offset}, names a token X the parser
     * took in a look-ahead that then failed on what came after it ({@code SELECT ... WHERE id = 1 AND} at the end,
     * {@code ... AND AND}, {@code ... JOIN}, {@code id =}).
     */
    private static boolean tokenWasTaken(SqlException e, String written, int offset) {
        String near = "syntax error at or near \"";
        String message = e.getMessage();
        if (!message.startsWith(near) || !message.endsWith("\"")
                || !(e.getCause() instanceof org.apache.calcite.sql.parser.SqlParseException p)) {
            return false;
        }
        String token = message.substring(near.length(), message.length() - 1);
        if (token.isEmpty() || !written.regionMatches(true, offset, token, 0, token.length())
                || tokenLength(written, offset) != token.length()) {
            return false;
        }
        // a look-ahead sequence that starts with the token: the parser took it, and what it wanted next was missing
        int[][] sequences = p.getExpectedTokenSequences();
        String[] images = p.getTokenImages();
        if (sequences == null || images == null) {
            return false;
        }
        String image = "\"" + token.toUpperCase(java.util.Locale.ROOT) + "\"";
        for (int[] sequence : sequences) {
            if (sequence.length >= 2 && sequence[0] >= 0 && sequence[0] < images.length
                    && images[sequence[0]].equalsIgnoreCase(image)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code text} from {@code from} on holds only spaces and comments. */
    private static boolean blank(String text, int from) {
        return skipBlank(text, from) >= text.length();
    }

    /** The first offset from {@code from} on that is not a space or in a comment (a final semicolon is a space). */
    private static int skipBlank(String text, int from) {
        int i = from;
        int len = text.length();
        while (i < len) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == ';') {
                i++;
            } else if (c == '-' && i + 1 < len && text.charAt(i + 1) == '-') {
                while (i < len && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < len && text.charAt(i + 1) == '*') {
                i = StatementText.blockCommentEnd(text, i);
            } else {
                return i;
            }
        }
        return len;
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
        return new SqlException(e.sqlState(), message, e.detail(), e.hint(), position[0], position[1], e.getCause());
    }
}
