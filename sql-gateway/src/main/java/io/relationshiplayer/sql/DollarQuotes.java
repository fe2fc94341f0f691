package io.relationshiplayer.sql;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nonnull;

/**
 * PostgreSQL's dollar-quoted string constants ({@code $$it's$$}, {@code $fn$ ... $fn$}) as the standard string
 * literals every later reader of a statement takes ({@code 'it''s'}): done once, on a statement's text as it comes in,
 * before the DDL parser, the DML clauses' lexer and Calcite see it. As in PostgreSQL 15, a dollar quote opens with
 * {@code $tag$} (the tag letters, digits and underscores, not starting with a digit, or empty) where no word goes on
 * into it, and closes at the next {@code $tag$} with the same tag; what is between is taken as it is, no escape
 * processed. {@code $1} is not one (PostgreSQL's parameter), nor a {@code $} inside a word ({@code a$$b}). String
 * literals, quoted names and comments are skipped. An unterminated dollar quote is a syntax error (42601) at its start.
 * The text's lines stay, but a line's columns after a dollar quote move: {@link Text#located} puts an error's position
 * back into the statement as written.
 */
final class DollarQuotes {
    private DollarQuotes() {
    }

    /**
     * A statement's text with its dollar quotes made standard literals; {@code spans} each such literal's start and end
     * in {@code sql} and its dollar quote's start and end in {@code written} (four ints a literal, in order).
     */
    record Text(@Nonnull String sql, @Nonnull String written, @Nonnull int[] spans) {
        /**
         * {@code e} placed in the statement as written: its position moved from {@code sql}'s to {@code written}'s,
         * and a syntax error at a literal that was a dollar quote names the dollar quote, as PostgreSQL would.
         */
        @Nonnull
        SqlException located(@Nonnull SqlException e) {
            return InputErrors.placed(moved(e), written, spans.length == 0);
        }

        private SqlException moved(SqlException e) {
            if (spans.length == 0 || e.line() <= 0 || e.column() <= 0) {
                return e;
            }
            if (e instanceof BatchItemException && e.getCause() instanceof SqlException) {
                BatchItemException item = (BatchItemException) e;
                return new BatchItemException(item.index(), located((SqlException) item.getCause()));
            }
            if (e.getClass() != SqlException.class) {
                return e;
            }
            int at = offset(sql, e.line(), e.column());
            int k = spans.length - 4;
            while (k >= 0 && spans[k] > at) {
                k -= 4;
            }
            int moved = k < 0 ? at : at >= spans[k + 1] ? spans[k + 3] + (at - spans[k + 1])
                    : Math.min(spans[k + 2] + (at - spans[k]), spans[k + 3] - 1);
            String message = e.getMessage();
            String near = "syntax error at or near \"";
            if (k >= 0 && at == spans[k] && message.startsWith(near) && message.endsWith("\"")) {
                message = near + written.substring(spans[k + 2], spans[k + 3]) + "\"";
            }
            int[] position = position(written, moved);
            return new SqlException(e.kind(), e.sqlState(), message, position[0], position[1], e.getCause());
        }
    }

    /** {@code written} checked against {@code bounds} (54001 past them), then made {@link #standard(String)}. */
    @Nonnull
    static Text standard(@Nonnull StatementBounds bounds, @Nonnull String written) {
        bounds.check(written);
        return standard(written);
    }

    /** {@code written} with each dollar quote a standard string literal; fails with 42601 on an unterminated one. */
    @Nonnull
    static Text standard(@Nonnull String written) {
        if (written.indexOf('$') < 0) {
            return new Text(written, written, new int[0]);
        }
        StringBuilder out = null;
        List<Integer> spans = new ArrayList<>();
        int copied = 0;
        int len = written.length();
        int i = 0;
        while (i < len) {
            char c = written.charAt(i);
            if (c == '\'' || c == '"') {
                i = StatementText.quotedEnd(written, i, c);
            } else if (c == '-' && i + 1 < len && written.charAt(i + 1) == '-') {
                while (i < len && written.charAt(i) != '\n' && written.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < len && written.charAt(i + 1) == '*') {
                i = StatementText.blockCommentEnd(written, i);
            } else if (isWordStart(c)) {
                while (i < len && (isWordStart(written.charAt(i)) || isDigit(written.charAt(i))
                        || written.charAt(i) == '$')) {
                    i++;
                }
            } else if (c == '$') {
                int tagEnd = tagEnd(written, i);
                if (tagEnd < 0) {
                    i++;
                    continue;
                }
                String delimiter = written.substring(i, tagEnd);
                int close = written.indexOf(delimiter, tagEnd);
                if (close < 0) {
                    throw unterminated(written, i);
                }
                out = out == null ? new StringBuilder(len + 16) : out;
                out.append(written, copied, i);
                spans.add(out.length());
                out.append('\'').append(written.substring(tagEnd, close).replace("'", "''")).append('\'');
                spans.add(out.length());
                spans.add(i);
                i = close + delimiter.length();
                spans.add(i);
                copied = i;
            } else {
                i++;
            }
        }
        if (out == null) {
            return new Text(written, written, new int[0]);
        }
        out.append(written, copied, len);
        return new Text(out.toString(), written, spans.stream().mapToInt(Integer::intValue).toArray());
    }

    /**
     * Where the dollar quote opening at {@code from} starts its content (after {@code $tag$}), or -1 when the
     * {@code $} there opens none ({@code $1}, a lone {@code $}).
     */
    static int tagEnd(String sql, int from) {
        int i = from + 1;
        if (i < sql.length() && isWordStart(sql.charAt(i))) {
            while (i < sql.length() && (isWordStart(sql.charAt(i)) || isDigit(sql.charAt(i)))) {
                i++;
            }
        }
        return i < sql.length() && sql.charAt(i) == '$' ? i + 1 : -1;
    }

    /** Where the dollar quote opening at {@code from} ends (after its closing delimiter), or the text's length. */
    static int end(String sql, int from) {
        int tagEnd = tagEnd(sql, from);
        int close = sql.indexOf(sql.substring(from, tagEnd), tagEnd);
        return close < 0 ? sql.length() : close + (tagEnd - from);
    }

    private static SqlException unterminated(String sql, int at) {
        int[] position = position(sql, at);
        return SqlException.syntax("unterminated dollar-quoted string at or near \"" + sql.substring(at) + "\"",
                position[0], position[1]);
    }

    /** PostgreSQL's identifier letters: ASCII letters, the underscore, and any character past ASCII but a blank. */
    private static boolean isWordStart(char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 128 && !Character.isWhitespace(c));
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The offset in {@code text} of a 1-based line and column (a line ends at LF, CRLF or CR). */
    static int offset(String text, int line, int column) {
        int i = 0;
        for (int l = 1; l < line && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                l++;
            }
        }
        return Math.min(text.length(), i + column - 1);
    }

    /** The 1-based line and column of {@code offset} in {@code text}. */
    static int[] position(String text, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }
}
