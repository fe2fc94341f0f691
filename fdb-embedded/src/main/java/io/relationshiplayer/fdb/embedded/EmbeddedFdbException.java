package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.FDBException;

/**
 * A FoundationDB error raised by the embedded backend. It answers FoundationDB's error predicates in Java: the base
 * class asks libfdb_c, and merely touching it would load the native library (which the embedded path never does).
 */
public final class EmbeddedFdbException extends FDBException {
    private static final long serialVersionUID = 1L;

    public EmbeddedFdbException(String message, int code) {
        super(message, code);
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
        EmbeddedFdbException clone = new EmbeddedFdbException(getMessage(), getCode());
        clone.setStackTrace(getStackTrace());
        return clone;
    }
}
