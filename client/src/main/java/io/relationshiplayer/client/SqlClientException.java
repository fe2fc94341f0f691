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
 * A statement or call the server refused: the SqlError detail's SQLSTATE, message, PostgreSQL's DETAIL and HINT
 * ({@link #messageDetail()}, {@link #messageHint()}: psycopg's names) and 1-based position (line and column in the
 * statement text, 0 when the error is not about a position). {@link #getMessage()} is the message and SQLSTATE, then the
 * DETAIL and HINT on lines of their own as psql shows them ({@code \nDETAIL:  Key (id)=(1) already exists.}). Without a SqlError (a status from the
 * transport or an interceptor) the SQLSTATE follows from the gRPC code.
 */
public final class SqlClientException extends ClientException {
    private static final long serialVersionUID = 1L;

    private final String detail;
    private final String messageDetail;
    private final String messageHint;
    private final int line;
    private final int column;

    public SqlClientException(String sqlState, String message, int line, int column, Status.Code code,
            Throwable cause) {
        this(sqlState, message, null, null, line, column, code, cause);
    }

    /** As above, with PostgreSQL's DETAIL and HINT (null or empty: none). */
    public SqlClientException(String sqlState, String message, @Nullable String messageDetail,
            @Nullable String messageHint, int line, int column, Status.Code code, Throwable cause) {
        super(message + " (SQLSTATE " + sqlState + ")" + lines(messageDetail, messageHint), code, sqlState, cause);
        this.detail = message;
        this.messageDetail = messageDetail == null || messageDetail.isEmpty() ? null : messageDetail;
        this.messageHint = messageHint == null || messageHint.isEmpty() ? null : messageHint;
        this.line = line;
        this.column = column;
    }

    /** psql's lines after the ERROR line: {@code \nDETAIL:  ...} and {@code \nHINT:  ...}, those there are. */
    private static String lines(@Nullable String detail, @Nullable String hint) {
        return (detail == null || detail.isEmpty() ? "" : "\nDETAIL:  " + detail)
                + (hint == null || hint.isEmpty() ? "" : "\nHINT:  " + hint);
    }

    /** The server's SqlError when the status carries one, else the status itself (SQLSTATE by gRPC code). */
    @Nonnull
    public static SqlClientException from(@Nonnull StatusRuntimeException e) {
        SqlError error = sqlError(e);
        if (error != null) {
            return new SqlClientException(error.getSqlstate(), error.getMessage(), error.getDetail(), error.getHint(),
                    error.getLine(), error.getColumn(), e.getStatus().getCode(), e);
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

    /**
     * The server's message, without the SQLSTATE: PostgreSQL's primary message (psql's ERROR line), without the
     * DETAIL and HINT. (The name is older than {@link #messageDetail()}.)
     */
    public String detail() {
        return detail;
    }

    /**
     * PostgreSQL's DETAIL (psycopg's {@code diag.message_detail}): the failure's particulars, e.g.
     * {@code Key (id)=(1) already exists.}; null when the server sent none (and from servers before SqlError.detail).
     */
    @Nullable
    public String messageDetail() {
        return messageDetail;
    }

    /** PostgreSQL's HINT (psycopg's {@code diag.message_hint}): what to do about it; null when none. */
    @Nullable
    public String messageHint() {
        return messageHint;
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
