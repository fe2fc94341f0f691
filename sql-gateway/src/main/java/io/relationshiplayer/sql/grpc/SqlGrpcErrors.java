package io.relationshiplayer.sql.grpc;

import com.google.protobuf.Any;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.access.AccessDeniedException;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.ddl.RelationalErrors;
import javax.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one mapping from a failed SQL call to a gRPC status: the code follows the SQLSTATE (documented in
 * sql_service.proto), the details carry a {@link SqlError} and an {@link ErrorInfo} whose reason is the SQLSTATE.
 */
public final class SqlGrpcErrors {
    private static final Logger LOG = LoggerFactory.getLogger(SqlGrpcErrors.class);
    /** The ErrorInfo domain, as the record service's. */
    public static final String DOMAIN = "relationshiplayer.io";
    /** PostgreSQL's invalid_parameter_value: a malformed request. */
    static final String INVALID_PARAMETER_VALUE = RelationalErrors.INVALID_PARAMETER_VALUE;
    /** PostgreSQL's insufficient_privilege: the caller lacks the role the call needs on the database. */
    public static final String INSUFFICIENT_PRIVILEGE = "42501";

    private SqlGrpcErrors() {
    }

    /** The gRPC code of a SQLSTATE. */
    public static Status.Code code(String sqlState) {
        switch (sqlState) {
            case SqlException.UNIQUE_VIOLATION:
                return Status.Code.ALREADY_EXISTS;
            case SqlException.QUERY_CANCELED:
                return Status.Code.CANCELLED;
            case Sessions.UNKNOWN_SESSION:
            case Sessions.UNKNOWN_STATEMENT:
            case RelationalErrors.INVALID_CATALOG_NAME:
                return Status.Code.NOT_FOUND;
            case INSUFFICIENT_PRIVILEGE:
                return Status.Code.PERMISSION_DENIED;
            default:
                break;
        }
        switch (sqlState.length() == 5 ? sqlState.substring(0, 2) : "") {
            case "42":
            case "22":
                return Status.Code.INVALID_ARGUMENT;
            case "23":
            case "25":
            case "2B":
            case "55":
                return Status.Code.FAILED_PRECONDITION;
            case "40":
                return Status.Code.ABORTED;
            case "53":
            case "54":
                return Status.Code.RESOURCE_EXHAUSTED;
            case "0A":
                return Status.Code.UNIMPLEMENTED;
            default:
                return Status.Code.INTERNAL;
        }
    }

    /** The status exception for any failure of a call that runs no statement (or whose statement is unknown). */
    public static StatusRuntimeException toStatus(Throwable failure) {
        return toStatus(failure, null);
    }

    /**
     * The status exception for any failure of a call running {@code statement}. An internal error is logged with
     * the statement's id (a hash of its text) and the failure's classes and stack frames, never the statement's text,
     * its parameters or the failure's messages (which quote them).
     */
    public static StatusRuntimeException toStatus(Throwable failure, @Nullable String statement) {
        if (failure instanceof StatusRuntimeException) {
            return (StatusRuntimeException) failure;
        }
        SqlException e = failure instanceof StackOverflowError
                ? new SqlException(SqlException.STATEMENT_TOO_COMPLEX, "statement too complex: it nests too deeply "
                        + "to run", 0, 0, failure)
                : failure instanceof AccessDeniedException
                ? new SqlException(INSUFFICIENT_PRIVILEGE, failure.getMessage())
                : failure instanceof RuntimeException ? RelationalErrors.toSql((RuntimeException) failure)
                : new SqlException(SqlException.INTERNAL_ERROR, String.valueOf(rootCause(failure)), 0, 0, failure);
        Status.Code code = e instanceof StatementTimeoutException ? Status.Code.DEADLINE_EXCEEDED : code(e.sqlState());
        if (code == Status.Code.INTERNAL) {
            if (LOG.isErrorEnabled()) {
                LOG.error("internal error: SQLSTATE {} in statement {}\n{}", e.sqlState(), statementId(statement),
                        redacted(failure));
            }
        }
        String message = e.getMessage() == null ? e.sqlState() : e.getMessage();
        SqlError.Builder error = SqlError.newBuilder().setSqlstate(e.sqlState()).setMessage(message)
                .setLine(e.line()).setColumn(e.column());
        ErrorInfo.Builder info = ErrorInfo.newBuilder().setReason(e.sqlState()).setDomain(DOMAIN)
                .putMetadata("line", Integer.toString(e.line())).putMetadata("column", Integer.toString(e.column()));
        if (e instanceof io.relationshiplayer.sql.BatchItemException) {
            int index = ((io.relationshiplayer.sql.BatchItemException) e).index();
            error.setBatchIndex(index);
            info.putMetadata("batch_index", Integer.toString(index));
        }
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder().setCode(code.value())
                .setMessage(message).addDetails(Any.pack(error.build())).addDetails(Any.pack(info.build())).build();
        return StatusProto.toStatusRuntimeException(status);
    }

    /** {@code sha256:} and the first 16 hex digits of the SHA-256 of the statement's text; "-" for none. */
    public static String statementId(@Nullable String statement) {
        if (statement == null) {
            return "-";
        }
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(statement.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return "sha256:" + java.util.HexFormat.of().formatHex(d, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A failure's chain of causes as classes and stack frames, without the messages. */
    static String redacted(Throwable failure) {
        StringBuilder b = new StringBuilder();
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            b.append(t == failure ? "" : "Caused by: ").append(t.getClass().getName())
                    .append(" (message withheld: it may quote the statement or its values)\n");
            StackTraceElement[] frames = t.getStackTrace();
            int shown = Math.min(frames.length, 20);
            for (int i = 0; i < shown; i++) {
                b.append("\tat ").append(frames[i]).append('\n');
            }
            if (frames.length > shown) {
                b.append("\t... ").append(frames.length - shown).append(" more\n");
            }
        }
        return b.toString();
    }

    private static Throwable rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
