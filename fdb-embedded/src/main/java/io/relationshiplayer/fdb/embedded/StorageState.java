package io.relationshiplayer.fdb.embedded;

/**
 * Whether the durable engine's disk takes writes. After a refused write the engine keeps serving reads and refuses
 * writes at once, without touching the disk, trying to recover at most once a {@link #RETRY_INTERVAL_NANOS} (on the
 * next commit, or when asked by a health probe) until a write goes through again. Used by the committer only (or by
 * whoever holds the committer's turn); {@link #problem} is read by anyone.
 */
final class StorageState {
    /** The least time between two attempts to recover: refusing costs nothing, reopening the disk does not. */
    static final long RETRY_INTERVAL_NANOS = 1_000_000_000L;

    private final Persistence disk;
    /** Why writes are refused; null while they go through. */
    private volatile String problem;
    /** The disk refused for lack of space (not another failure). */
    private volatile boolean diskFull;
    /**
     * The outage began with a write that may have reached the disk: a retry of that commit, refused now, must not be
     * reported as "did not happen", since its first attempt may have.
     */
    private boolean outcomeUnknown;
    private long lastAttempt;

    StorageState(Persistence disk) {
        this.disk = disk;
    }

    /** Why writes are refused now, or null. */
    String problem() {
        return problem;
    }

    /**
     * Whether a batch may write: yes when nothing failed, or when a recovery attempt, due now, succeeded. Throws
     * IllegalStateException if the disk no longer matches what was acknowledged.
     */
    boolean usable() {
        if (problem == null) {
            return true;
        }
        long now = System.nanoTime();
        if (now - lastAttempt < RETRY_INTERVAL_NANOS) {
            return false;
        }
        lastAttempt = now;
        try {
            disk.recover();
            problem = null;
            diskFull = false;
            outcomeUnknown = false;
            return true;
        } catch (StorageFailure e) {
            problem = e.getMessage();
            diskFull = e.diskFull();
            return false;
        } catch (IllegalStateException e) {
            throw e;
        } catch (RuntimeException e) {
            problem = "recovery failed: " + e;
            return false;
        }
    }

    /**
     * The error of a commit refused without trying the disk: it did not happen (io_error, 1510, not retryable); but
     * while an outage that began with a maybe-written commit lasts, commit_unknown_result (1021), since the refused
     * commit may be that commit's retry.
     */
    RuntimeException refusal() {
        if (outcomeUnknown) {
            return error(FdbError.COMMIT_UNKNOWN_RESULT, "the durable engine refuses writes until its disk recovers: "
                    + problem + "; an earlier write may reach the disk at a restart, so a retried commit's outcome "
                    + "is unknown");
        }
        return error(FdbError.IO_ERROR, "the durable engine refuses writes until its disk recovers: " + problem
                + "; the commit did not happen");
    }

    private RuntimeException error(FdbError code, String detail) {
        return diskFull ? code.diskFullException(detail) : code.exception(detail);
    }

    /**
     * Records that the disk refused a batch's write ({@code e}) and returns the error for its commits: io_error (1510)
     * when the write cannot have reached the disk, commit_unknown_result (1021) when a restart might still replay it.
     */
    RuntimeException failed(RuntimeException e) {
        boolean maybeWritten = !(e instanceof StorageFailure) || ((StorageFailure) e).maybeWritten();
        problem = e.getMessage();
        diskFull = e instanceof StorageFailure && ((StorageFailure) e).diskFull();
        outcomeUnknown |= maybeWritten;
        lastAttempt = System.nanoTime();
        if (maybeWritten) {
            return error(FdbError.COMMIT_UNKNOWN_RESULT, "the durable engine's write failed: " + problem
                    + "; the commit is not visible, but a restart before the disk recovers may replay it");
        }
        return error(FdbError.IO_ERROR, "the durable engine's write failed: " + problem
                + "; the commit did not happen");
    }
}
