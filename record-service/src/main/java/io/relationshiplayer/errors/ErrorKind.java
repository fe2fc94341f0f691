package io.relationshiplayer.errors;

import javax.annotation.Nonnull;

/**
 * What a failure means to its caller, decided where it is raised and carried by the exception (the record service's
 * {@code RecordServiceException.Kind}, the SQL layer's {@code SqlException}, which takes it from its SQLSTATE, the
 * access check's {@code AccessDeniedException}). Each kind is answered with one gRPC status code, chosen in one place:
 * {@code io.relationshiplayer.grpc.GrpcStatuses}. This class knows nothing of gRPC.
 */
public enum ErrorKind {
    /** The request is wrong whatever the state: bad text, types, values, names. */
    INVALID_ARGUMENT,
    /** What the request names does not exist (a database, a record, a session, a prepared statement). */
    NOT_FOUND,
    /** What the request would create exists already (a unique key, a database). */
    ALREADY_EXISTS,
    /** The request is valid but refused in the current state (constraints, transaction state, no schema yet). */
    FAILED_PRECONDITION,
    /** A conflict with a concurrent transaction: retrying may succeed. */
    ABORTED,
    /** A limit was reached (FoundationDB's sizes, the server's limits, the client's calls). */
    RESOURCE_EXHAUSTED,
    /** The work ran past its time (FoundationDB's transaction window, the statement timeout). */
    DEADLINE_EXCEEDED,
    /** The work was stopped at someone's request, or because its session was closed. */
    CANCELLED,
    /** A feature the service does not support. */
    UNIMPLEMENTED,
    /** The service cannot serve now (its backend is down); retrying later may succeed. */
    UNAVAILABLE,
    /** The caller lacks the role the request needs. */
    PERMISSION_DENIED,
    /** The caller did not prove who it is. */
    UNAUTHENTICATED,
    /** A fault of the service itself. */
    INTERNAL;

    /**
     * The kind of a failure known by its PostgreSQL SQLSTATE: a few codes by themselves, the rest by their class (the
     * first two characters); an unknown class is INTERNAL.
     */
    @Nonnull
    public static ErrorKind ofSqlState(@Nonnull String sqlState) {
        switch (sqlState) {
            case "23505": // unique_violation
                return ALREADY_EXISTS;
            case "57014": // query_canceled (a statement timeout says DEADLINE_EXCEEDED where it is raised)
                return CANCELLED;
            case "08003": // connection_does_not_exist: an unknown session
            case "26000": // invalid_sql_statement_name: an unknown prepared statement
            case "3D000": // invalid_catalog_name: an unknown database
                return NOT_FOUND;
            case "42501": // insufficient_privilege
                return PERMISSION_DENIED;
            default:
                break;
        }
        switch (sqlState.length() == 5 ? sqlState.substring(0, 2) : "") {
            case "42": // syntax error or access rule violation
            case "22": // data exception
                return INVALID_ARGUMENT;
            case "23": // integrity constraint violation
            case "25": // invalid transaction state
            case "2B": // dependent privilege descriptors still exist
            case "55": // object not in prerequisite state
                return FAILED_PRECONDITION;
            case "40": // transaction rollback
                return ABORTED;
            case "53": // insufficient resources
            case "54": // program limit exceeded
                return RESOURCE_EXHAUSTED;
            case "0A": // feature not supported
                return UNIMPLEMENTED;
            default:
                return INTERNAL;
        }
    }
}
