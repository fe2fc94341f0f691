package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.sql.SqlException;

/** A statement cancelled because it ran past the statement timeout: SQLSTATE 57014, as PostgreSQL; DEADLINE_EXCEEDED. */
final class StatementTimeoutException extends SqlException {
    StatementTimeoutException(String message) {
        super(ErrorKind.DEADLINE_EXCEEDED, QUERY_CANCELED, message, 0, 0, null);
    }
}
