package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.FDBException;

/**
 * A FoundationDB error raised by the embedded backend. It answers FoundationDB's error predicates in Java: the base
 * class asks libfdb_c, and merely touching it would load the native library (which the embedded path never does).
 */
public final class EmbeddedFdbException extends FDBException {
    private static final long serialVersionUID = 1L;

    /** The durable engine refused a write because its disk is full (io_error, 1510, or 1021 of such an outage). */
    private final boolean diskFull;

    public EmbeddedFdbException(String message, int code) {
        this(message, code, false);
    }

    public EmbeddedFdbException(String message, int code, boolean diskFull) {
        super(message, code);
        this.diskFull = diskFull;
    }

    /** Whether this is the durable engine's refusal of a write for lack of disk space. */
    public boolean diskFull() {
        return diskFull;
    }

    @Override
    public boolean isRetryable() {
        return FdbError.isRetryable(getCode());
    }

    @Override
    public boolean isMaybeCommitted() {
        return FdbError.isMaybeCommitted(getCode());
    }

    @Override
    public boolean isRetryableNotCommitted() {
        return FdbError.isRetryableNotCommitted(getCode());
    }

    @Override
    public Exception retargetClone() {
        EmbeddedFdbException clone = new EmbeddedFdbException(getMessage(), getCode(), diskFull);
        clone.setStackTrace(getStackTrace());
        return clone;
    }
}
