package io.relationshiplayer.jdbc;

import java.io.Serializable;
import javax.annotation.Nonnull;

/**
 * What the server said about a refused statement, as PostgreSQL's driver (pgjdbc) gives it with
 * {@code PSQLException.getServerErrorMessage()}: the SQLSTATE, the server's message, and where in the statement's text
 * the error was found. Reached through {@link RlSQLException#getServerErrorMessage()}.
 */
public final class ServerErrorMessage implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String sqlState;
    private final String message;
    private final int position;
    private final int line;
    private final int column;

    ServerErrorMessage(@Nonnull String sqlState, @Nonnull String message, int position, int line, int column) {
        this.sqlState = sqlState;
        this.message = message;
        this.position = position;
        this.line = line;
        this.column = column;
    }

    /** PostgreSQL's SQLSTATE, e.g. 42601. */
    @Nonnull
    public String getSQLState() {
        return sqlState;
    }

    /** The server's message, without the SQLSTATE and the position. */
    @Nonnull
    public String getMessage() {
        return message;
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

    @Override
    public String toString() {
        return message + " (SQLSTATE " + sqlState + ")" + (position > 0 ? "\n  Position: " + position : "");
    }
}
