package io.relationshiplayer.fdb.embedded;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a transaction commits once its checks passed: FoundationDB's size limit, the read-only shortcut, the request to
 * the engine, and what follows: the committed version and versionstamp, or, for a commit that failed, its watches
 * failing with its error and its versionstamp with transaction_invalid_version (2020), as FoundationDB's client does.
 */
final class CommitPath {
    private final EmbeddedTransaction tr;
    private final Engine engine;
    private final TransactionSettings settings;
    private final WriteBuffer writes;
    private final TransactionConflicts conflicts;
    private final OwnWatches watches;
    private final VersionstampSlot versionstamp = new VersionstampSlot();
    private long committedVersion = -1;

    CommitPath(EmbeddedTransaction tr, Engine engine, TransactionSettings settings, WriteBuffer writes,
               TransactionConflicts conflicts, OwnWatches watches) {
        this.tr = tr;
        this.engine = engine;
        this.settings = settings;
        this.writes = writes;
        this.conflicts = conflicts;
        this.watches = watches;
    }

    VersionstampSlot versionstamp() {
        return versionstamp;
    }

    /** The committed version; -1 before a commit, and for a read-only one. Callers hold the lock. */
    long committedVersion() {
        return committedVersion;
    }

    /** Commits what the transaction holds (its usability already checked). */
    CompletableFuture<Void> start() {
        CompletableFuture<Long> readVersion;
        synchronized (tr) {
            long size = writes.mutationBytes() + conflicts.bytes();
            if (size > Math.min(EmbeddedTransaction.SIZE_LIMIT, settings.sizeLimit())) {
                return CompletableFuture.failedFuture(fail(FdbError.TRANSACTION_TOO_LARGE.exception(size + " bytes"),
                        watches.forCommit()));
            }
            if (writes.isEmpty() && !conflicts.hasWrites() && watches.isEmpty()) {
                // FoundationDB commits a read-only transaction without asking the cluster.
                versionstamp.fail(FdbError.NO_COMMIT_VERSION::exception);
                return CompletableFuture.completedFuture(null);
            }
            long rv = tr.knownReadVersion();
            // Read conflicts declared before any read need the read version they are checked from. It is waited
            // for outside the lock: under latency it completes on another thread, which takes the lock to do so.
            readVersion = rv >= 0 ? CompletableFuture.completedFuture(rv)
                    : conflicts.hasReads() ? tr.getReadVersion()
                    : CompletableFuture.completedFuture(engine.readVersion());
        }
        long start = System.nanoTime();
        return tr.commitObserver().observe(readVersion.thenCompose(rv -> {
            CommitRequest request;
            synchronized (tr) {
                // Point writes only, each with its conflict range: the ranges come in key order from the write
                // buffer, as its writes do, without a sort of their own.
                byte[][] writeConflicts = conflicts.writesArePointWrites(writes.writeCount())
                        ? writes.pointWriteConflicts() : null;
                request = new CommitRequest(rv, conflicts.normalizedReads(),
                        writeConflicts != null ? writeConflicts : conflicts.normalizedWrites(),
                        writes.mutationsForCommit(), watches.forCommit());
            }
            return tr.onceReachable(() -> commitNow(request));
        }), start);
    }

    private CompletableFuture<Void> commitNow(CommitRequest request) {
        return tr.delayed(request.isReadOnly() ? 0 : tr.latency().commit(), () -> {
            engine.commit(request);
            synchronized (tr) {
                if (request.error != null) {
                    throw fail(request.error, request.watches);
                }
                committedVersion = request.commitVersion;
                if (request.versionstamp != null) {
                    versionstamp.complete(request.versionstamp);
                } else {
                    versionstamp.fail(FdbError.NO_COMMIT_VERSION::exception);
                }
                return null;
            }
        });
    }

    /** A commit that failed: its watches fail with its error, its versionstamp with transaction_invalid_version. */
    private RuntimeException fail(RuntimeException error, List<Watches.Watch> failedWatches) {
        for (Watches.Watch w : failedWatches) {
            tr.getExecutor().execute(() -> w.future().completeExceptionally(error));
        }
        versionstamp.fail(FdbError.TRANSACTION_INVALID_VERSION::exception);
        return error;
    }

    /**
     * FoundationDB's backoff before a retry: none for cluster_version_changed, a short one after transaction_too_old
     * or future_version, else growing from 10 ms to the max retry delay, with jitter.
     */
    static long backoffMicros(int code, int retries, long maxRetryDelayMillis) {
        if (code == FdbError.CLUSTER_VERSION_CHANGED.code()) {
            return 0;
        }
        if (code == FdbError.TRANSACTION_TOO_OLD.code() || code == FdbError.FUTURE_VERSION.code()) {
            return Math.min(10_000, maxRetryDelayMillis * 1000);
        }
        long backoffMillis = Math.min(maxRetryDelayMillis, 10L << Math.min(retries, 20));
        return ThreadLocalRandom.current().nextLong(backoffMillis * 500, backoffMillis * 1000 + 1);
    }
}
