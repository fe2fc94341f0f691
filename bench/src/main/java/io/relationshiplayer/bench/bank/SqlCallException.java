package io.relationshiplayer.bench.bank;

import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.proto.v1.SqlError;

/** A failed SqlService call: its gRPC code and, when the server sent one, the SQLSTATE of its SqlError detail. */
public final class SqlCallException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Status.Code code;
    private final String sqlState;

    SqlCallException(Status.Code code, String sqlState, String message, Throwable cause) {
        super(code + (sqlState.isEmpty() ? "" : " " + sqlState) + ": " + message, cause);
        this.code = code;
        this.sqlState = sqlState;
    }

    static SqlCallException of(StatusRuntimeException e) {
        String state = "";
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        if (details != null) {
            for (com.google.protobuf.Any any : details.getDetailsList()) {
                if (any.is(SqlError.class)) {
                    try {
                        state = any.unpack(SqlError.class).getSqlstate();
                    } catch (InvalidProtocolBufferException ignored) {
                        // no SQLSTATE then
                    }
                }
            }
        }
        return new SqlCallException(e.getStatus().getCode(), state, String.valueOf(e.getStatus().getDescription()), e);
    }

    public Status.Code code() {
        return code;
    }

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

    public boolean isUniqueViolation() {
        return "23505".equals(sqlState) || code == Status.Code.ALREADY_EXISTS;
    }
}
