package io.relationshiplayer.records;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nonnull;

/**
 * The record service's one exception: a kind that says what went wrong for the caller (each maps to one gRPC status),
 * its SQLSTATE (PostgreSQL's code, for the SQL layers above, decided where it is raised), a message, and context.
 */
public class RecordServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What the failure means to a caller; the gRPC layer maps each to one status code. */
    public enum Kind {
        INVALID_ARGUMENT("22023"), NOT_FOUND("42704"), ALREADY_EXISTS("23505"), FAILED_PRECONDITION("55000"),
        ABORTED("40001"), DEADLINE_EXCEEDED("57014"), RESOURCE_EXHAUSTED("54000"), INTERNAL("XX000");

        private final String sqlState;

        Kind(String sqlState) {
            this.sqlState = sqlState;
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

    public static RecordServiceException alreadyExists(String message) {
        return new RecordServiceException(Kind.ALREADY_EXISTS, message);
    }

    public static RecordServiceException precondition(String message) {
        return new RecordServiceException(Kind.FAILED_PRECONDITION, message);
    }
}
