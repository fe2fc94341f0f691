package io.relationshiplayer.sql.grpc;

import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.access.AccessDeniedException;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.errors.RedactedTrace;
import io.relationshiplayer.grpc.GrpcStatuses;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.ddl.RelationalErrors;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A failed SQL call as a gRPC status: the failure becomes a {@link SqlException}, whose kind (its SQLSTATE's, documented
 * in sql_service.proto, unless raised with another) {@link GrpcStatuses} turns into the code; the details this side adds
 * are a {@link SqlError} (message, detail and hint apart; the status message has all three, as psql's lines) and the
 * {@link ErrorInfo}'s reason (the SQLSTATE) and metadata (line, column, batch index).
 */
public final class SqlGrpcErrors {
    private static final Logger LOG = LoggerFactory.getLogger(SqlGrpcErrors.class);
    /** The ErrorInfo domain, as the record service's. */
    public static final String DOMAIN = GrpcStatuses.DOMAIN;
    /** PostgreSQL's invalid_parameter_value: a malformed request. */
    static final String INVALID_PARAMETER_VALUE = RelationalErrors.INVALID_PARAMETER_VALUE;
    /** PostgreSQL's insufficient_privilege: the caller lacks the role the call needs on the database. */
    public static final String INSUFFICIENT_PRIVILEGE = "42501";

    private SqlGrpcErrors() {
    }

    /** The gRPC code of a SQLSTATE: its {@link ErrorKind}'s, as {@link GrpcStatuses} chooses it. */
    @Nonnull
    public static Status.Code code(@Nonnull String sqlState) {
        return GrpcStatuses.code(ErrorKind.ofSqlState(sqlState));
    }

    /** The status exception for any failure of a call that runs no statement (or whose statement is unknown). */
    @Nonnull
    public static StatusRuntimeException toStatus(@Nonnull Throwable failure) {
        return toStatus(failure, null);
    }

    /**
     * The status exception for any failure of a call running {@code statement}. An internal error is logged with
     * the statement's id (a hash of its text) and the failure's classes and stack frames, never the statement's text,
     * its parameters or the failure's messages (which quote them).
     */
    @Nonnull
    public static StatusRuntimeException toStatus(@Nonnull Throwable failure, @Nullable String statement) {
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
        if (e.kind() == ErrorKind.INTERNAL) {
            if (LOG.isErrorEnabled()) {
                LOG.error("internal error: SQLSTATE {} in statement {}\n{}", e.sqlState(), statementId(statement),
                        RedactedTrace.of(failure));
            }
        }
        String message = e.getMessage() == null ? e.sqlState() : e.getMessage();
        SqlError.Builder error = SqlError.newBuilder().setSqlstate(e.sqlState()).setMessage(message)
                .setLine(e.line()).setColumn(e.column());
        String full = message;
        if (e.detail() != null) {
            error.setDetail(e.detail());
            full += "\nDETAIL:  " + e.detail();
        }
        if (e.hint() != null) {
            error.setHint(e.hint());
            full += "\nHINT:  " + e.hint();
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("line", Integer.toString(e.line()));
        metadata.put("column", Integer.toString(e.column()));
        if (e instanceof io.relationshiplayer.sql.BatchItemException) {
            int index = ((io.relationshiplayer.sql.BatchItemException) e).index();
            error.setBatchIndex(index);
            metadata.put("batch_index", Integer.toString(index));
        }
        return GrpcStatuses.exception(e.kind(), full, e.sqlState(), metadata, error.build());
    }

    /** {@code sha256:} and the first 16 hex digits of the SHA-256 of the statement's text; "-" for none. */
    @Nonnull
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

    private static Throwable rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
