package io.relationshiplayer.sql;

import io.relationshiplayer.sql.ddl.DmlClauses;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nonnull;

/**
 * A query the session writes for a clause Calcite does not have (RETURNING, ON CONFLICT DO UPDATE): pieces of the
 * user's statement with text of its own between them. An error Calcite finds in it is moved back to where it is in
 * the user's statement (an error in the session's own text to the start of the piece after it), so that the user
 * sees the position in what they wrote.
 */
final class ClauseQuery {
    /** A piece of the user's statement: where it is in the query and in the statement, and its length. */
    private record Piece(int at, int from, int length) {
    }

    /** Where Calcite's parser says an error is, in its message. */
    private static final java.util.regex.Pattern AT_LINE = java.util.regex.Pattern.compile("at line \\d+, column \\d+");

    private final String statement;
    private final StringBuilder text = new StringBuilder();
    private final List<Piece> pieces = new ArrayList<>();

    ClauseQuery(@Nonnull String statement) {
        this.statement = statement;
    }

    /** Appends text of the session's own. */
    ClauseQuery add(@Nonnull String own) {
        text.append(own);
        return this;
    }

    /** Appends the statement's text of {@code span}. */
    ClauseQuery copy(@Nonnull DmlClauses.Span span) {
        pieces.add(new Piece(text.length(), span.start(), span.end() - span.start()));
        text.append(statement, span.start(), span.end());
        return this;
    }

    @Nonnull
    String text() {
        return text.toString();
    }

    /** Runs the query in {@code session}: its errors with their positions in the user's statement. */
    StatementResult run(SqlSession session, List<Object> params) {
        try {
            return session.execute(text(), params);
        } catch (SqlException e) {
            throw moved(e);
        }
    }

    /** {@code e} with its position moved into the user's statement; as it is when it has none. */
    SqlException moved(SqlException e) {
        if (e.line() <= 0 || pieces.isEmpty()) {
            return e;
        }
        int at = offset(text, e.line(), e.column());
        Piece last = pieces.get(pieces.size() - 1);
        int from = last.from() + last.length();
        int pieceEnd = from; // the end of the user's piece before the error, when it is in the session's own text
        boolean own = true;
        Piece before = null;
        for (Piece p : pieces) {
            if (at < p.at()) {
                from = p.from();
                pieceEnd = before == null ? -1 : before.from() + before.length();
                break;
            }
            if (at <= p.at() + p.length()) {
                from = p.from() + at - p.at();
                own = at == p.at() + p.length(); // just past the piece: the session's text, or the end
                pieceEnd = from;
                break;
            }
            before = p;
        }
        if (own && pieceEnd >= 0 && SqlException.SYNTAX_ERROR.equals(e.sqlState()) && e.getClass() == SqlException.class
                && e.getMessage().startsWith("syntax error at ")) {
            // the user's piece stopped short where the session's text went on: the error is what follows it there
            return InputErrors.after(e, statement, pieceEnd);
        }
        int[] position = position(statement, from);
        String message = AT_LINE.matcher(e.getMessage()).replaceFirst("at line " + position[0] + ", column "
                + position[1]);
        return new SqlException(e.sqlState(), message, e.detail(), e.hint(), position[0], position[1], e.getCause());
    }

    /** The offset of 1-based {@code line} and {@code column} (in characters) in {@code s}. */
    private static int offset(CharSequence s, int line, int column) {
        int i = 0;
        for (int l = 1; l < line && i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= s.length() || s.charAt(i + 1) != '\n'))) {
                l++;
            }
        }
        return Math.min(s.length(), i + column - 1);
    }

    /** The 1-based line and column of {@code offset} in {@code s}: lines end at LF, CRLF or CR. */
    private static int[] position(String s, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset && i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= s.length() || s.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, offset - lineStart + 1};
    }
}
