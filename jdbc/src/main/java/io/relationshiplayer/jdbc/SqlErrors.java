package io.relationshiplayer.jdbc;

import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.ServerUnreachableException;
import io.relationshiplayer.client.SqlClientException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/** The client library's failures as JDBC's: the SQLSTATE kept, the subclass chosen by its class. */
final class SqlErrors {
    private SqlErrors() {
    }

    /** {@code timedOut}: the statement's query timeout passed (57014 then is a {@link SQLTimeoutException}). */
    @Nonnull
    static SQLException of(@Nonnull ClientException e, boolean timedOut) {
        return of(e, timedOut, null);
    }

    /**
     * As {@link #of(ClientException, boolean)}, for a call that ran {@code text} (null: none, or unknown): an
     * {@link RlSQLException} whose message is the server's and its SQLSTATE, then pgjdbc's lines for PostgreSQL's
     * DETAIL and HINT ({@code \n  Detail: ...}, {@code \n  Hint: ...}) when the server sent them and
     * {@code \n  Position: N} when it placed the error in the text (N: the 1-based character offset).
     */
    @Nonnull
    static SQLException of(@Nonnull ClientException e, boolean timedOut, @Nullable String text) {
        String state = e.sqlState();
        ServerErrorMessage server;
        String message;
        if (e instanceof SqlClientException s) {
            server = new ServerErrorMessage(state, s.detail(), s.messageDetail(), s.messageHint(),
                    StatementPositions.offset(text, s.line(), s.column()), s.line(), s.column());
            message = server.toString();
        } else {
            server = new ServerErrorMessage(state, e.getMessage(), 0, 0, 0);
            message = e.getMessage();
        }
        if (timedOut && state.equals("57014") && e instanceof SqlClientException s && !s.fromServer()) {
            // the call's own deadline: PostgreSQL's words, not gRPC's (its delays and channel's addresses)
            message = "canceling statement due to statement timeout (setQueryTimeout) (SQLSTATE 57014)";
            server = new ServerErrorMessage(state, "canceling statement due to statement timeout", 0, 0, 0);
        }
        return ServerErrors.of(kind(e, state, timedOut), timedOut && state.equals("57014")
                ? "statement timeout: " + message : message, server, e);
    }

    private static ServerErrors.Kind kind(ClientException e, String state, boolean timedOut) {
        if (e instanceof ServerUnreachableException) {
            return ServerErrors.Kind.CONNECTION;
        }
        if (state.equals("57014")) {
            return timedOut ? ServerErrors.Kind.TIMEOUT : ServerErrors.Kind.GENERAL;
        }
        if (state.startsWith("40")) {
            return ServerErrors.Kind.ROLLBACK;
        }
        if (state.equals("55006")) {
            return ServerErrors.Kind.TRANSIENT;
        }
        switch (state.substring(0, 2)) {
            case "08":
                return ServerErrors.Kind.CONNECTION;
            case "0A":
                return ServerErrors.Kind.UNSUPPORTED;
            case "22":
                return ServerErrors.Kind.DATA;
            case "23":
                return ServerErrors.Kind.INTEGRITY;
            case "28":
                return ServerErrors.Kind.AUTHORIZATION;
            case "42":
                return ServerErrors.Kind.SYNTAX;
            default:
                return ServerErrors.Kind.GENERAL;
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
