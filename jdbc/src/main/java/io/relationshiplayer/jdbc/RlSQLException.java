package io.relationshiplayer.jdbc;

import javax.annotation.Nonnull;

/**
 * Every {@link java.sql.SQLException} of this driver that reports a refusal of the server (or a failed call: a lost
 * connection, a cancel) implements this, whatever its JDBC subclass ({@code SQLSyntaxErrorException},
 * {@code SQLIntegrityConstraintViolationException}, ...): {@code ((RlSQLException) e).getServerErrorMessage()
 * .getPosition()} as with pgjdbc's {@code PSQLException}. Errors of the driver itself (a closed statement, an
 * unsupported method) do not.
 */
public interface RlSQLException {
    /** The SQLSTATE, the server's message and the error's position in the statement. */
    @Nonnull
    ServerErrorMessage getServerErrorMessage();
}
