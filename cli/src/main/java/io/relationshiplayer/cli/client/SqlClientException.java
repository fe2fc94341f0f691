package io.relationshiplayer.cli.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.proto.v1.SqlError;

/** A statement or call the server refused: the SqlError detail's SQLSTATE, message and 1-based position. */
public final class SqlClientException extends ClientException {
    private final String sqlState;
    private final String detail;
    private final int line;
    private final int column;
    private final Status.Code code;

    public SqlClientException(String sqlState, String message, int line, int column, Status.Code code,
            Throwable cause) {
        super(message + " (SQLSTATE " + sqlState + ")", cause);
        this.sqlState = sqlState;
        this.detail = message;
        this.line = line;
        this.column = column;
        this.code = code;
    }

    /** The server's SqlError when the status carries one, else the status itself (SQLSTATE by gRPC code). */
    static SqlClientException from(StatusRuntimeException e) {
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        if (details != null) {
            for (Any any : details.getDetailsList()) {
                if (any.is(SqlError.class)) {
                    try {
                        SqlError error = any.unpack(SqlError.class);
                        return new SqlClientException(error.getSqlstate(), error.getMessage(), error.getLine(),
                                error.getColumn(), e.getStatus().getCode(), e);
                    } catch (InvalidProtocolBufferException ignored) {
                        break;
                    }
                }
            }
        }
        Status s = e.getStatus();
        String message = s.getDescription() == null ? s.getCode().toString() : s.getDescription();
        return new SqlClientException(fallbackState(s.getCode()), message, 0, 0, s.getCode(), e);
    }

    private static String fallbackState(Status.Code code) {
        switch (code) {
            case CANCELLED:
                return "57014";
            case DEADLINE_EXCEEDED:
                return "57014";
            case UNAVAILABLE:
                return "08006";
            case UNIMPLEMENTED:
                return "0A000";
            case UNAUTHENTICATED:
                return "28000";
            case PERMISSION_DENIED:
                return "42501";
            default:
                return "XX000";
        }
    }

    /** PostgreSQL's SQLSTATE, e.g. 42601. */
    public String sqlState() {
        return sqlState;
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

    public Status.Code code() {
        return code;
    }

    public boolean cancelled() {
        return "57014".equals(sqlState);
    }
}
