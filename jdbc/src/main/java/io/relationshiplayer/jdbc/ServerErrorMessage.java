package io.relationshiplayer.jdbc;

import java.io.Serializable;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * What the server said about a refused statement, as PostgreSQL's driver (pgjdbc) gives it with
 * {@code PSQLException.getServerErrorMessage()}: the SQLSTATE, the server's message, PostgreSQL's DETAIL and HINT, and
 * where in the statement's text the error was found. Reached through {@link RlSQLException#getServerErrorMessage()}.
 */
public final class ServerErrorMessage implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String sqlState;
    private final String message;
    private final String detail;
    private final String hint;
    private final int position;
    private final int line;
    private final int column;

    ServerErrorMessage(@Nonnull String sqlState, @Nonnull String message, int position, int line, int column) {
        this(sqlState, message, null, null, position, line, column);
    }

    ServerErrorMessage(@Nonnull String sqlState, @Nonnull String message, @Nullable String detail,
                       @Nullable String hint, int position, int line, int column) {
        this.sqlState = sqlState;
        this.message = message;
        this.detail = detail == null || detail.isEmpty() ? null : detail;
        this.hint = hint == null || hint.isEmpty() ? null : hint;
        this.position = position;
        this.line = line;
        this.column = column;
    }

    /** PostgreSQL's SQLSTATE, e.g. 42601. */
    @Nonnull
    public String getSQLState() {
        return sqlState;
    }

    /** The server's message (PostgreSQL's primary message), without the SQLSTATE, the detail, hint and position. */
    @Nonnull
    public String getMessage() {
        return message;
    }

    /**
     * PostgreSQL's DETAIL, as pgjdbc's {@code getDetail()}: the failure's particulars, e.g.
     * {@code Key (id)=(1) already exists.} for a unique violation; null when the server sent none.
     */
    @Nullable
    public String getDetail() {
        return detail;
    }

    /**
     * PostgreSQL's HINT, as pgjdbc's {@code getHint()}: what to do, e.g.
     * {@code Use DROP ... CASCADE to drop the dependent objects too.}; null when the server sent none.
     */
    @Nullable
    public String getHint() {
        return hint;
    }

    /**
     * The 1-based character offset of the error in the statement's text, as PostgreSQL's {@code Position} (characters
     * are Unicode code points; a line break of two characters, CR LF, counts two); 0 when the error is not about a
     * position (a constraint violation, a division by zero, a cancel) or the driver does not know the text.
     */
    public int getPosition() {
        return position;
    }

    /** The 1-based line of the error in the statement's text (as the server reports it); 0 when none. */
    public int getLine() {
        return line;
    }

    /** The 1-based column of the error in its line (in UTF-16 chars, as Java counts them); 0 when none. */
    public int getColumn() {
        return column;
    }

    /**
     * The message and SQLSTATE, then pgjdbc's lines for what there is: {@code \n  Detail: ...},
     * {@code \n  Hint: ...}, {@code \n  Position: N}.
     */
    @Override
    public String toString() {
        return message + " (SQLSTATE " + sqlState + ")" + (detail != null ? "\n  Detail: " + detail : "")
                + (hint != null ? "\n  Hint: " + hint : "") + (position > 0 ? "\n  Position: " + position : "");
    }
}
