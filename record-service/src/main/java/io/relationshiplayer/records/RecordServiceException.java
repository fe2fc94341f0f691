package io.relationshiplayer.records;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nonnull;

/** The record service's one exception: a kind that says what went wrong for the caller, a message, and context. */
public class RecordServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What the failure means to a caller; the gRPC layer maps each to one status code. */
    public enum Kind {
        INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, ABORTED, DEADLINE_EXCEEDED,
        RESOURCE_EXHAUSTED, INTERNAL
    }

    private final Kind kind;
    private final Map<String, Object> context = new LinkedHashMap<>();

    public RecordServiceException(@Nonnull Kind kind, @Nonnull String message) {
        super(message);
        this.kind = kind;
    }

    public RecordServiceException(@Nonnull Kind kind, @Nonnull String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    @Nonnull
    public Kind kind() {
        return kind;
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

    public static RecordServiceException alreadyExists(String message) {
        return new RecordServiceException(Kind.ALREADY_EXISTS, message);
    }

    public static RecordServiceException precondition(String message) {
        return new RecordServiceException(Kind.FAILED_PRECONDITION, message);
    }
}
