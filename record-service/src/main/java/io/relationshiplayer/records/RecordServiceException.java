package io.relationshiplayer.records;

import io.relationshiplayer.errors.ErrorKind;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nonnull;

/**
 * The record service's one exception: a kind that says what went wrong for the caller (each maps to one gRPC status),
 * its SQLSTATE (PostgreSQL's code, for the SQL layers above, decided where it is raised), a message, and context.
 */
public class RecordServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * What the failure means to a caller: each is one {@link ErrorKind} (which gRPC's status code follows, chosen in
     * {@code GrpcStatuses}), with the SQLSTATE of a failure of this kind that names nothing more precise.
     */
    public enum Kind {
        INVALID_ARGUMENT("22023", ErrorKind.INVALID_ARGUMENT), NOT_FOUND("42704", ErrorKind.NOT_FOUND),
        ALREADY_EXISTS("23505", ErrorKind.ALREADY_EXISTS), FAILED_PRECONDITION("55000", ErrorKind.FAILED_PRECONDITION),
        ABORTED("40001", ErrorKind.ABORTED), DEADLINE_EXCEEDED("57014", ErrorKind.DEADLINE_EXCEEDED),
        RESOURCE_EXHAUSTED("54000", ErrorKind.RESOURCE_EXHAUSTED), UNAVAILABLE("08006", ErrorKind.UNAVAILABLE),
        INTERNAL("XX000", ErrorKind.INTERNAL);

        private final String sqlState;
        private final ErrorKind errorKind;

        Kind(String sqlState, ErrorKind errorKind) {
            this.sqlState = sqlState;
            this.errorKind = errorKind;
        }

        /** What a failure of this kind means to the caller of a record service call. */
        @Nonnull
        public ErrorKind errorKind() {
            return errorKind;
        }

        /** The SQLSTATE of a failure of this kind that names nothing more precise. */
        @Nonnull
        public String sqlState() {
            return sqlState;
        }
    }

    /** PostgreSQL's invalid_catalog_name: the database does not exist. */
    public static final String INVALID_CATALOG_NAME = "3D000";

    private final Kind kind;
    private final String sqlState;
    private final Map<String, Object> context = new LinkedHashMap<>();

    public RecordServiceException(@Nonnull Kind kind, @Nonnull String message) {
        this(kind, message, null);
    }

    public RecordServiceException(@Nonnull Kind kind, @Nonnull String message, Throwable cause) {
        this(kind, kind.sqlState(), message, cause);
    }

    private RecordServiceException(@Nonnull Kind kind, @Nonnull String sqlState, @Nonnull String message,
                                   Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.sqlState = sqlState;
    }

    @Nonnull
    public Kind kind() {
        return kind;
    }

    /** PostgreSQL's SQLSTATE for this failure. */
    @Nonnull
    public String sqlState() {
        return sqlState;
    }

    /** Adds a key/value for logs and error details. */
    public RecordServiceException with(String key, Object value) {
        context.put(key, value);
        return this;
    }

    @Nonnull
    public Map<String, Object> context() {
        return context;
    }

    public static RecordServiceException invalid(String message) {
        return new RecordServiceException(Kind.INVALID_ARGUMENT, message);
    }

    public static RecordServiceException notFound(String message) {
        return new RecordServiceException(Kind.NOT_FOUND, message);
    }

    /** The named database does not exist (NOT_FOUND; SQLSTATE 3D000). */
    public static RecordServiceException noDatabase(String database) {
        return new RecordServiceException(Kind.NOT_FOUND, INVALID_CATALOG_NAME, "database '" + database
                + "' does not exist", null);
    }

    /**
     * The backend's disk refused the write: full (RESOURCE_EXHAUSTED; PostgreSQL's disk_full, 53100) or failing
     * (INTERNAL; PostgreSQL's io_error, 58030). The transaction did not commit.
     */
    public static RecordServiceException diskRefused(boolean full, String message, Throwable cause) {
        return full ? new RecordServiceException(Kind.RESOURCE_EXHAUSTED, "53100", message, cause)
                : new RecordServiceException(Kind.INTERNAL, "58030", message, cause);
    }

    /**
     * A commit whose outcome is unknown (FoundationDB's commit_unknown_result after its retries; UNAVAILABLE, PostgreSQL's
     * transaction_resolution_unknown, 08007): it may or may not have happened.
     */
    public static RecordServiceException outcomeUnknown(String message, Throwable cause) {
        return new RecordServiceException(Kind.UNAVAILABLE, "08007", message, cause);
    }

    /**
     * The server runs as much work as it admits and its queue of waiting work is full (RESOURCE_EXHAUSTED; PostgreSQL's
     * insufficient_resources, 53000): nothing was done, and a retry later may be admitted.
     */
    public static RecordServiceException busy(String message) {
        return new RecordServiceException(Kind.RESOURCE_EXHAUSTED, "53000", message, null);
    }

    public static RecordServiceException alreadyExists(String message) {
        return new RecordServiceException(Kind.ALREADY_EXISTS, message);
    }

    public static RecordServiceException precondition(String message) {
        return new RecordServiceException(Kind.FAILED_PRECONDITION, message);
    }
}
