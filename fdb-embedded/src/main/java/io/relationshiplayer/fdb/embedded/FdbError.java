package io.relationshiplayer.fdb.embedded;

/** The FoundationDB error codes the embedded backend raises, with FoundationDB's names and retry classes. */
public enum FdbError {
    OPERATION_FAILED(1000, "operation_failed", false, false),
    TIMED_OUT(1004, "timed_out", false, false),
    TRANSACTION_TOO_OLD(1007, "transaction_too_old", false, true),
    FUTURE_VERSION(1009, "future_version", false, true),
    NOT_COMMITTED(1020, "not_committed", false, true),
    COMMIT_UNKNOWN_RESULT(1021, "commit_unknown_result", true, false),
    TRANSACTION_CANCELLED(1025, "transaction_cancelled", false, false),
    TRANSACTION_TIMED_OUT(1031, "transaction_timed_out", false, false),
    TOO_MANY_WATCHES(1032, "too_many_watches", false, false),
    WATCHES_DISABLED(1034, "watches_disabled", false, false),
    ACCESSED_UNREADABLE(1036, "accessed_unreadable", false, false),
    PROCESS_BEHIND(1037, "process_behind", false, true),
    DATABASE_LOCKED(1038, "database_locked", false, true),
    CLUSTER_VERSION_CHANGED(1039, "cluster_version_changed", true, false),
    COMMIT_PROXY_MEMORY_LIMIT_EXCEEDED(1042, "commit_proxy_memory_limit_exceeded", false, true),
    BATCH_TRANSACTION_THROTTLED(1051, "batch_transaction_throttled", false, true),
    GRV_PROXY_MEMORY_LIMIT_EXCEEDED(1078, "grv_proxy_memory_limit_exceeded", false, true),
    /** Not retryable by the error predicates, but retried by onError (NativeAPI Transaction::onError). */
    BLOB_GRANULE_REQUEST_FAILED(1079, "blob_granule_request_failed", false, false),
    WATCH_CANCELLED(1101, "watch_cancelled", false, false),
    TAG_THROTTLED(1213, "tag_throttled", false, true),
    PROXY_TAG_THROTTLED(1223, "proxy_tag_throttled", false, true),
    /** A disk operation failed: the durable engine's disk refused a commit's write, so the commit did not happen. */
    IO_ERROR(1510, "io_error", false, false),
    CLIENT_INVALID_OPERATION(2000, "client_invalid_operation", false, false),
    KEY_OUTSIDE_LEGAL_RANGE(2004, "key_outside_legal_range", false, false),
    INVERTED_RANGE(2005, "inverted_range", false, false),
    INVALID_OPTION_VALUE(2006, "invalid_option_value", false, false),
    READ_VERSION_ALREADY_SET(2010, "read_version_already_set", false, false),
    VERSION_INVALID(2011, "version_invalid", false, false),
    USED_DURING_COMMIT(2017, "used_during_commit", false, false),
    TRANSACTION_INVALID_VERSION(2020, "transaction_invalid_version", false, false),
    NO_COMMIT_VERSION(2021, "no_commit_version", false, false),
    TRANSACTION_TOO_LARGE(2101, "transaction_too_large", false, false),
    KEY_TOO_LARGE(2102, "key_too_large", false, false),
    VALUE_TOO_LARGE(2103, "value_too_large", false, false),
    INVALID_MUTATION_TYPE(2018, "invalid_mutation_type", false, false),
    UNSUPPORTED_OPERATION(2108, "unsupported_operation", false, false),
    TENANTS_DISABLED(2136, "tenants_disabled", false, false);

    private final int code;
    private final String name;
    private final boolean maybeCommitted;
    private final boolean retryableNotCommitted;

    FdbError(int code, String name, boolean maybeCommitted, boolean retryableNotCommitted) {
        this.code = code;
        this.name = name;
        this.maybeCommitted = maybeCommitted;
        this.retryableNotCommitted = retryableNotCommitted;
    }

    public int code() {
        return code;
    }

    /** A new exception of this kind; the message names FoundationDB's error and adds {@code detail}. */
    public EmbeddedFdbException exception(String detail) {
        return new EmbeddedFdbException(name + (detail == null || detail.isEmpty() ? "" : ": " + detail), code);
    }

    /** As {@link #exception(String)}, marked as a refusal for lack of disk space. */
    EmbeddedFdbException diskFullException(String detail) {
        return new EmbeddedFdbException(name + ": " + detail, code, true);
    }

    public EmbeddedFdbException exception() {
        return exception(null);
    }

    /** FoundationDB's error predicate "retryable": maybe committed, or not committed and safe to retry. */
    static boolean isRetryable(int code) {
        return isMaybeCommitted(code) || isRetryableNotCommitted(code);
    }

    /**
     * Whether onError retries {@code code}: the retryable codes, and blob_granule_request_failed, which
     * FoundationDB 7.3's client retries though its predicates call it not retryable.
     */
    static boolean retriedByOnError(int code) {
        return isRetryable(code) || code == BLOB_GRANULE_REQUEST_FAILED.code;
    }

    /** FoundationDB's error predicate "maybe committed" for a code. */
    static boolean isMaybeCommitted(int code) {
        for (FdbError e : values()) {
            if (e.code == code && e.maybeCommitted) {
                return true;
            }
        }
        return false;
    }

    /** FoundationDB's error predicate "retryable, not committed" for a code. */
    static boolean isRetryableNotCommitted(int code) {
        for (FdbError e : values()) {
            if (e.code == code && e.retryableNotCommitted) {
                return true;
            }
        }
        return false;
    }
}
