package io.relationshiplayer.fdb.embedded;

/**
 * Where a transaction handle is in its life, and the error each operation then meets, in FoundationDB's order: a
 * handle onError replaced is invalid (fdb-java's IllegalStateException); then an error deferred from an earlier write
 * or option; then used_during_commit (2017) once commit was called, until onError; then transaction_cancelled (1025)
 * or transaction_timed_out (1031). Callers hold the transaction's lock.
 */
final class TransactionState {
    private final long createdNanos;
    private boolean invalidated;
    private boolean commitStarted;
    private boolean cancelled;
    private boolean timedOut;
    private RuntimeException deferred;

    TransactionState(long createdNanos) {
        this.createdNanos = createdNanos;
    }

    /** When the transaction was created; a timeout counts from here, also across onError. */
    long createdNanos() {
        return createdNanos;
    }

    /** fdb-java refuses every call on a handle that onError replaced. */
    void checkValid() {
        if (invalidated) {
            throw new IllegalStateException("Transaction has been invalidated by reset");
        }
    }

    void invalidate() {
        invalidated = true;
    }

    boolean isInvalidated() {
        return invalidated;
    }

    /** Before an operation that reads, watches or commits: any of the errors, in order. */
    void checkOperable(long timeoutMillis) {
        checkValid();
        if (deferred != null) {
            throw deferred;
        }
        if (commitStarted) {
            throw FdbError.USED_DURING_COMMIT.exception();
        }
        checkNotEnded(timeoutMillis);
    }

    /** Cancelled or timed out: the error every later operation, and onError, meets. Null if neither. */
    RuntimeException endError(long timeoutMillis) {
        if (!timedOut && !cancelled && timeoutMillis > 0
                && System.nanoTime() - createdNanos >= timeoutMillis * 1_000_000L) {
            timedOut = true;
        }
        if (cancelled) {
            return FdbError.TRANSACTION_CANCELLED.exception();
        }
        return timedOut ? FdbError.TRANSACTION_TIMED_OUT.exception() : null;
    }

    void checkNotEnded(long timeoutMillis) {
        RuntimeException e = endError(timeoutMillis);
        if (e != null) {
            throw e;
        }
    }

    /** Marks the transaction timed out (its timer fired); false if it had already ended. */
    boolean timeOut() {
        if (cancelled || timedOut) {
            return false;
        }
        timedOut = true;
        return true;
    }

    /** Marks it cancelled; false if it had already ended (a timed-out transaction stays timed out). */
    boolean cancel() {
        if (cancelled || timedOut) {
            return false;
        }
        cancelled = true;
        return true;
    }

    void startCommit() {
        commitStarted = true;
    }

    /** Keeps the first error of a write or option, for the next operation that returns a future. */
    void defer(RuntimeException e) {
        if (deferred == null) {
            deferred = e;
        }
    }

    /** Whether a write may go ahead: else its error is deferred, as fdb_c defers the errors of void calls. */
    boolean writable() {
        if (invalidated) {
            throw new IllegalStateException("Transaction has been invalidated by reset");
        }
        if (commitStarted) {
            defer(FdbError.USED_DURING_COMMIT.exception());
            return false;
        }
        return true;
    }
}
