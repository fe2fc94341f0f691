package io.relationshiplayer.client;

import io.grpc.Status;
import javax.annotation.Nonnull;

/**
 * The root of the client library's failures: a call the server refused or could not take, reported to a person in one
 * line without a stack trace. It carries the call's gRPC code and a SQLSTATE (the server's, or one that follows from
 * the code), so that a caller decides from them, never from the message.
 */
public class ClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Status.Code code;
    private final String sqlState;

    public ClientException(@Nonnull String message, @Nonnull Status.Code code, @Nonnull String sqlState,
            Throwable cause) {
        super(message, cause);
        this.code = code;
        this.sqlState = sqlState;
    }

    /** The gRPC status code of the failed call. */
    @Nonnull
    public Status.Code code() {
        return code;
    }

    /** PostgreSQL's SQLSTATE, e.g. 42601 (the server's), or 08006 for a server that could not be reached. */
    @Nonnull
    public String sqlState() {
        return sqlState;
    }

    /** A serialization failure (40001, ABORTED): the transaction did not commit; run it again from its start. */
    public boolean isRetryable() {
        return code == Status.Code.ABORTED || "40001".equals(sqlState);
    }

    /** The server is unreachable, restarted or lost the session: open a new session and try again. */
    public boolean isConnectionLost() {
        switch (code) {
            case UNAVAILABLE:
            case DEADLINE_EXCEEDED:
            case CANCELLED:
            case UNKNOWN:
                return true;
            case NOT_FOUND:
                return "08003".equals(sqlState);
            case FAILED_PRECONDITION:
                return "55006".equals(sqlState);
            default:
                return false;
        }
    }
}
