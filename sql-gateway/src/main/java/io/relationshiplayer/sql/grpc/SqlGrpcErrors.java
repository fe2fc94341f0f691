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

    /** The status exception for any failure of a call. */
    public static StatusRuntimeException toStatus(Throwable failure) {
        if (failure instanceof StatusRuntimeException) {
            return (StatusRuntimeException) failure;
        }
        SqlException e = failure instanceof AccessDeniedException
                ? new SqlException(INSUFFICIENT_PRIVILEGE, failure.getMessage())
                : failure instanceof RuntimeException ? RelationalErrors.toSql((RuntimeException) failure)
                : new SqlException(SqlException.INTERNAL_ERROR, String.valueOf(rootCause(failure)), 0, 0, failure);
        Status.Code code = e instanceof StatementTimeoutException ? Status.Code.DEADLINE_EXCEEDED : code(e.sqlState());
        if (code == Status.Code.INTERNAL) {
            LOG.error("internal error: SQLSTATE {}", e.sqlState(), failure);
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

    private static Throwable rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
