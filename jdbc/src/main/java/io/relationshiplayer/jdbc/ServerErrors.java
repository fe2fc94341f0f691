package io.relationshiplayer.jdbc;

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

/**
 * JDBC's SQLException subclasses, each also an {@link RlSQLException} that carries the server's
 * {@link ServerErrorMessage}: what {@link SqlErrors#of} makes of a failed call.
 */
final class ServerErrors {
    private ServerErrors() {
    }

    /** Which JDBC subclass. */
    enum Kind { GENERAL, CONNECTION, TIMEOUT, ROLLBACK, TRANSIENT, UNSUPPORTED, DATA, INTEGRITY, AUTHORIZATION, SYNTAX }

    static SQLException of(Kind kind, String message, ServerErrorMessage server, Throwable cause) {
        String state = server.getSQLState();
        switch (kind) {
            case CONNECTION:
                return new Connection(message, state, cause, server);
            case TIMEOUT:
                return new Timeout(message, state, cause, server);
            case ROLLBACK:
                return new Rollback(message, state, cause, server);
            case TRANSIENT:
                return new Transient(message, state, cause, server);
            case UNSUPPORTED:
                return new Unsupported(message, state, cause, server);
            case DATA:
                return new Data(message, state, cause, server);
            case INTEGRITY:
                return new Integrity(message, state, cause, server);
            case AUTHORIZATION:
                return new Authorization(message, state, cause, server);
            case SYNTAX:
                return new Syntax(message, state, cause, server);
            default:
                return new General(message, state, cause, server);
        }
    }

    static final class General extends SQLException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        General(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Connection extends SQLNonTransientConnectionException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Connection(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Timeout extends SQLTimeoutException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Timeout(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Rollback extends SQLTransactionRollbackException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Rollback(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Transient extends SQLTransientException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Transient(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Unsupported extends SQLFeatureNotSupportedException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Unsupported(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Data extends SQLDataException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Data(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Integrity extends SQLIntegrityConstraintViolationException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Integrity(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Authorization extends SQLInvalidAuthorizationSpecException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Authorization(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }

    static final class Syntax extends SQLSyntaxErrorException implements RlSQLException {
        private static final long serialVersionUID = 1L;
        private final ServerErrorMessage server;

        Syntax(String message, String state, Throwable cause, ServerErrorMessage server) {
            super(message, state, cause);
            this.server = server;
        }

        @Override
        public ServerErrorMessage getServerErrorMessage() {
            return server;
        }
    }
}
