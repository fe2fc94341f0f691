package io.relationshiplayer.jdbc;

import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.ServerUnreachableException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientException;
import javax.annotation.Nonnull;

/** The client library's failures as JDBC's: the SQLSTATE kept, the subclass chosen by its class. */
final class SqlErrors {
    private SqlErrors() {
    }

    /** {@code timedOut}: the statement's query timeout passed (57014 then is a {@link SQLTimeoutException}). */
    @Nonnull
    static SQLException of(@Nonnull ClientException e, boolean timedOut) {
        String state = e.sqlState();
        String message = e.getMessage();
        if (e instanceof ServerUnreachableException) {
            return new SQLNonTransientConnectionException(message, state, e);
        }
        if (state.equals("57014")) {
            return timedOut ? new SQLTimeoutException("statement timeout: " + message, state, e)
                    : new SQLException(message, state, e);
        }
        if (state.equals("40001") || state.startsWith("40")) {
            return new SQLTransactionRollbackException(message, state, e);
        }
        if (state.equals("55006")) {
            return new SQLTransientException(message, state, e);
        }
        switch (state.substring(0, 2)) {
            case "08":
                return new SQLNonTransientConnectionException(message, state, e);
            case "0A":
                return new SQLFeatureNotSupportedException(message, state, e);
            case "22":
                return new SQLDataException(message, state, e);
            case "23":
                return new SQLIntegrityConstraintViolationException(message, state, e);
            case "28":
                return new SQLInvalidAuthorizationSpecException(message, state, e);
            case "42":
                return new SQLSyntaxErrorException(message, state, e);
            default:
                return new SQLException(message, state, e);
        }
    }

    @Nonnull
    static SQLFeatureNotSupportedException unsupported(@Nonnull String what) {
        return new SQLFeatureNotSupportedException(what + " is not supported by the Relationship Layer's driver",
                "0A000");
    }

    @Nonnull
    static SQLException closed(@Nonnull String what) {
        return new SQLNonTransientConnectionException(what + " is closed", what.equals("connection") ? "08003"
                : "HY010");
    }
}
