package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.limits.Durations;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.sql.SqlException;
import java.time.Duration;

/** A statement cancelled because it ran past the statement timeout: SQLSTATE 57014, as PostgreSQL; DEADLINE_EXCEEDED. */
final class StatementTimeoutException extends SqlException {
    StatementTimeoutException(String message) {
        super(ErrorKind.DEADLINE_EXCEEDED, QUERY_CANCELED, message, 0, 0, null);
    }

    /**
     * The timeout of the statement the session of {@code lease} starts now: its {@code SET statement_timeout} bounded
     * by the server's (zero: none).
     */
    static Duration of(Sessions.Lease lease, ServerLimits limits) {
        return lease.session().settings().statementTimeout(limits.statementTimeout());
    }

    /**
     * The failure of a statement past {@code timeout}: PostgreSQL's message when it is the session's, with the limit
     * named when it is the server's.
     */
    static StatementTimeoutException reached(Duration timeout, ServerLimits limits) {
        Duration server = limits.statementTimeout();
        if (!server.isZero() && timeout.compareTo(server) >= 0) {
            return new StatementTimeoutException("canceling statement due to statement timeout: "
                    + ServerLimits.reached(ServerLimits.STATEMENT_TIMEOUT, Durations.format(server)));
        }
        return new StatementTimeoutException("canceling statement due to statement timeout");
    }
}
