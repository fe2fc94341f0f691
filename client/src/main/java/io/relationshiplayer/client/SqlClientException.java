package io.relationshiplayer.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.proto.v1.SqlError;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A statement or call the server refused: the SqlError detail's SQLSTATE, message and 1-based position (line and
 * column in the statement text, 0 when the error is not about a position). Without a SqlError (a status from the
 * transport or an interceptor) the SQLSTATE follows from the gRPC code.
 */
public final class SqlClientException extends ClientException {
    private static final long serialVersionUID = 1L;

    private final String detail;
    private final int line;
    private final int column;

    public SqlClientException(String sqlState, String message, int line, int column, Status.Code code,
            Throwable cause) {
        super(message + " (SQLSTATE " + sqlState + ")", code, sqlState, cause);
        this.detail = message;
        this.line = line;
        this.column = column;
    }

    /** The server's SqlError when the status carries one, else the status itself (SQLSTATE by gRPC code). */
    @Nonnull
    public static SqlClientException from(@Nonnull StatusRuntimeException e) {
        SqlError error = sqlError(e);
        if (error != null) {
            return new SqlClientException(error.getSqlstate(), error.getMessage(), error.getLine(), error.getColumn(),
                    e.getStatus().getCode(), e);
        }
        Status s = e.getStatus();
        String message = s.getDescription() == null ? s.getCode().toString() : s.getDescription();
        return new SqlClientException(fallbackState(s.getCode()), message, 0, 0, s.getCode(), e);
    }

    /** Whether the server sent this error (a SqlError), rather than gRPC (the caller's deadline, a lost channel). */
    public boolean fromServer() {
        return getCause() instanceof StatusRuntimeException && sqlError((StatusRuntimeException) getCause()) != null;
    }

    /** The 0-based index of the batch item that failed (ExecuteBatch), or -1 when the failure is not one item's. */
    public int batchIndex() {
        if (getCause() instanceof StatusRuntimeException) {
            SqlError error = sqlError((StatusRuntimeException) getCause());
            if (error != null && error.hasBatchIndex()) {
                return error.getBatchIndex();
            }
        }
        return -1;
    }

    /** The SqlError detail of a failed call, or null when the status carries none. */
    @Nullable
    static SqlError sqlError(StatusRuntimeException e) {
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        if (details == null) {
            return null;
        }
        for (Any any : details.getDetailsList()) {
            if (any.is(SqlError.class)) {
                try {
                    return any.unpack(SqlError.class);
                } catch (InvalidProtocolBufferException ignored) {
                    return null;
                }
            }
        }
        return null;
    }

    private static String fallbackState(Status.Code code) {
        switch (code) {
            case CANCELLED:
            case DEADLINE_EXCEEDED:
                return "57014";
            case UNAVAILABLE:
                return "08006";
            case UNIMPLEMENTED:
                return "0A000";
            case RESOURCE_EXHAUSTED: // a server limit (calls or streams per client, message size), as Python's client
                return "54000";
            case UNAUTHENTICATED:
                return "28000";
            case PERMISSION_DENIED:
                return "42501";
            default:
                return "XX000";
        }
    }

    /** The server's message, without the SQLSTATE. */
    public String detail() {
        return detail;
    }

    /** 1-based line of the error in the statement text; 0 when the error is not about a position. */
    public int line() {
        return line;
    }

    /** 1-based column of the error in the statement text; 0 when the error is not about a position. */
    public int column() {
        return column;
    }

    /** The statement was cancelled (57014): by the caller, or by its deadline. */
    public boolean cancelled() {
        return "57014".equals(sqlState());
    }

    /** A unique key refused the row (23505). */
    public boolean isUniqueViolation() {
        return "23505".equals(sqlState()) || code() == Status.Code.ALREADY_EXISTS;
    }
}
