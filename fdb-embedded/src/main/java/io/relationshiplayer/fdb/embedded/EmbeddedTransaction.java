package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionOptions;
import com.apple.foundationdb.async.AsyncIterable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * A FoundationDB transaction on the embedded engine: serializable and optimistic, reading at one read version, with
 * read-your-writes, conflict ranges, FoundationDB's limits and error codes, and onError's retry rules.
 */
final class EmbeddedTransaction extends TransactionOverloads {
    static final int KEY_LIMIT = WriteLimits.KEY_LIMIT;
    static final long SIZE_LIMIT = 10_000_000L;

    private final EmbeddedDatabase database;
    private final Engine engine;
    private final LatencyProfile latency;
    private final CommitObserver commits;
    private final ReadPath reads;
    private final Executor executor;
    private final TransactionSettings settings;
    private final TransactionState state;
    private final WriteBuffer writes = new WriteBuffer();
    /**
     * The parts of the database this transaction has read, whose values its read-your-writes cache holds (as
     * FoundationDB's client does): reads inside them need no round trip. Kept only under injected latency.
     */
    private final KeyRanges readCache = new KeyRanges();
    private final TransactionConflicts conflicts = new TransactionConflicts();
    private final OwnWatches watches;
    private final WritePath writePath;
    private final SnapshotView snapshotView = new SnapshotView(this);
    private final CommitPath commitPath;
    private final int retries;
    private CompletableFuture<Long> readVersion;
    private final java.util.concurrent.atomic.AtomicInteger roundTrips = new java.util.concurrent.atomic.AtomicInteger();
    /** Whether the transaction read or wrote: READ_YOUR_WRITES_DISABLE is refused after that. */
    private boolean touched;
    private long timeoutTimerFor;

    EmbeddedTransaction(EmbeddedDatabase database, Executor executor, TransactionSettings settings) {
        this(database, executor, settings, System.nanoTime(), 0);
    }

    /** A transaction, or the one onError makes of another: the same creation time, settings and retry count. */
    private EmbeddedTransaction(EmbeddedDatabase database, Executor executor, TransactionSettings settings,
                                long createdNanos, int retries) {
        this.database = database;
        this.engine = database.engine();
        this.latency = database.config().latency();
        this.commits = database.config().commitObserver();
        this.reads = new ReadPath(this, engine, latency);
        this.executor = executor;
        this.settings = settings;
        this.state = new TransactionState(createdNanos);
        this.retries = retries;
        this.watches = new OwnWatches(executor);
        this.writePath = new WritePath(state, settings, writes, conflicts, watches, this::knownReadVersion);
        this.commitPath = new CommitPath(this, engine, settings, writes, conflicts, watches);
        armTimeout();
    }

    // ---- reads (ReadTransaction through the non-snapshot view) ----

    @Override
    public boolean isSnapshot() {
        return false;
    }

    @Override
    public ReadTransaction snapshot() {
        return snapshotView;
    }

    @Override
    public CompletableFuture<Long> getReadVersion() {
        synchronized (this) {
            state.checkValid();
            RuntimeException ended = state.endError(settings.timeoutMillis());
            if (ended != null) {
                return CompletableFuture.failedFuture(ended);
            }
            if (readVersion == null) {
                readVersion = onceReachable(() -> delayed(latency.grv(), engine::readVersion));
            }
            return readVersion;
        }
    }

    synchronized long knownReadVersion() {
        return readVersion != null && readVersion.isDone() && !readVersion.isCompletedExceptionally()
                ? readVersion.join() : -1;
    }

    /**
     * Sets the version the transaction reads at, as FoundationDB's client does: once only, before anything asked for
     * it (a read or getReadVersion), else read_version_already_set; a version of 0 or less is version_invalid.
     */
    @Override
    public synchronized void setReadVersion(long version) {
        state.checkValid();
        if (readVersion != null) {
            throw FdbError.READ_VERSION_ALREADY_SET.exception();
        }
        if (version <= 0) {
            throw FdbError.VERSION_INVALID.exception();
        }
        readVersion = CompletableFuture.completedFuture(version);
    }

    @Override
    public CompletableFuture<byte[]> get(byte[] key) {
        return reads.get(key, false);
    }

    @Override
    public CompletableFuture<byte[]> getKey(KeySelector selector) {
        return reads.getKey(selector, false);
    }

    @Override
    public AsyncIterable<KeyValue> getRange(KeySelector begin, KeySelector end, int limit, boolean reverse,
                                           StreamingMode mode) {
        synchronized (this) {
            state.checkValid();
        }
        return new RangeQuery(reads, false, begin, end, limit, reverse, mode);
    }

    @Override
    public TransactionOptions options() {
        return new TransactionOptions(this::setOption);
    }

    /**
     * A transaction option. As through fdb_c, a refused value is reported at the next operation that returns a
     * future; READ_YOUR_WRITES_DISABLE is refused (2000) once the transaction has read or written.
     */
    private synchronized void setOption(int code, byte[] param) {
        state.checkValid();
        try {
            if (code == 30) {
                writePath.skipNextWriteConflict();
                return;
            }
            if (code == 51 && (touched || !writes.isEmpty())) {
                throw FdbError.CLIENT_INVALID_OPERATION.exception("read-your-writes disabled after a read or write");
            }
            settings.setTransactionOption(code, param);
            if (code == 500) {
                armTimeout();
            }
        } catch (RuntimeException e) {
            state.defer(e);
        }
    }

    @Override
    public Executor getExecutor() {
        return executor;
    }

    // ---- conflict ranges and writes (WritePath) ----

    @Override
    public synchronized void addReadConflictRange(byte[] keyBegin, byte[] keyEnd) {
        writePath.addReadConflictRange(keyBegin, keyEnd);
    }

    @Override
    public synchronized void addWriteConflictRange(byte[] keyBegin, byte[] keyEnd) {
        writePath.addWriteConflictRange(keyBegin, keyEnd);
    }

    /** A read's conflict range, less what this transaction wrote first (unless read-your-writes is disabled). */
    synchronized void readConflict(byte[] begin, byte[] end) {
        readConflict(begin, end, false);
    }

    /** As {@link #readConflict(byte[], byte[])}; {@code unwritten}: the caller knows the transaction wrote none of it. */
    synchronized void readConflict(byte[] begin, byte[] end, boolean unwritten) {
        touched = true;
        writePath.readConflict(begin, end, unwritten || settings.readYourWritesDisabled());
    }

    @Override
    public synchronized void set(byte[] key, byte[] value) {
        writePath.set(key, value);
    }

    @Override
    public synchronized void clear(byte[] key) {
        writePath.clear(key);
    }

    @Override
    public synchronized void clear(byte[] beginKey, byte[] endKey) {
        writePath.clear(beginKey, endKey);
    }

    @Override
    public synchronized void mutate(MutationType optype, byte[] key, byte[] param) {
        writePath.mutate(optype, key, param);
    }

    // ---- commit and versions ----

    @Override
    public CompletableFuture<Void> commit() {
        CompletableFuture<Void> watchReads;
        synchronized (this) {
            try {
                state.checkOperable(settings.timeoutMillis());
            } catch (IllegalStateException e) {
                throw e;
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
            state.startCommit();
            watchReads = watches.reads();
        }
        // As FoundationDB's commit waits for the transaction's reads, this one waits for its watches' reads.
        return watchReads.isDone() ? commitPath.start() : watchReads.thenCompose(v -> commitPath.start());
    }

    /** {@code step} now while the engine is reachable, else once it is, as a client waits for its cluster. */
    <T> CompletableFuture<T> onceReachable(java.util.function.Supplier<CompletableFuture<T>> step) {
        CompletableFuture<Void> reachable = engine.whenReachable();
        return reachable.isDone() ? step.get() : reachable.thenComposeAsync(v -> step.get(), executor);
    }

    @Override
    public synchronized Long getCommittedVersion() {
        state.checkValid();
        return commitPath.committedVersion();
    }

    @Override
    public synchronized CompletableFuture<byte[]> getVersionstamp() {
        state.checkValid();
        RuntimeException refusal = beforeRead();
        return refusal == null ? commitPath.versionstamp().future() : CompletableFuture.failedFuture(refusal);
    }

    @Override
    public synchronized CompletableFuture<Long> getApproximateSize() {
        state.checkValid();
        return CompletableFuture.completedFuture(writes.mutationBytes() + conflicts.bytes());
    }

    // ---- onError, cancel, timeout ----

    /**
     * As fdb-java's onError: this handle is invalidated, and the future completes with a new one for the retry,
     * reset to its initial state but for the persistent options (timeout, retry limit, max retry delay, size limit),
     * its creation time and its retry count; or it fails: with 1025 or 1031 after cancel or timeout, with the error
     * itself when onError does not retry it or the retry limit is reached.
     */
    @Override
    public CompletableFuture<Transaction> onError(Throwable e) {
        Throwable cause = Futures.unwrap(e);
        if (!(cause instanceof FDBException)) {
            return CompletableFuture.failedFuture(cause);
        }
        int code = ((FDBException) cause).getCode();
        synchronized (this) {
            state.checkValid();
            RuntimeException refusal = state.endError(settings.timeoutMillis());
            boolean limitHit = settings.retryLimit() != -1 && retries >= settings.retryLimit();
            if (refusal == null && (limitHit || !FdbError.retriedByOnError(code))) {
                refusal = (RuntimeException) cause;
            }
            end(FdbError.TRANSACTION_CANCELLED);
            state.invalidate();
            EmbeddedTransaction next = new EmbeddedTransaction(database, executor, settings.persistent(),
                    state.createdNanos(), retries == Integer.MAX_VALUE ? retries : retries + 1);
            if (refusal != null) {
                next.cancel();
                return CompletableFuture.failedFuture(refusal);
            }
            long delayMicros = CommitPath.backoffMicros(code, retries, settings.maxRetryDelayMillis());
            if (delayMicros <= 0) {
                return CompletableFuture.completedFuture(next);
            }
            Executor later = CompletableFuture.delayedExecutor(delayMicros, TimeUnit.MICROSECONDS, executor);
            return CompletableFuture.supplyAsync(() -> next, later);
        }
    }

    /**
     * What is pending fails with an error of {@code kind}: the watches not yet committed, the versionstamp. The error is
     * built only when something waits for it (closing a committed transaction usually fails nothing).
     */
    private void end(FdbError kind) {
        RuntimeException error = watches.isEmpty() ? null : kind.exception();
        if (error != null) {
            watches.failAll(error);
        }
        commitPath.versionstamp().fail(error != null ? () -> error : kind::exception);
    }

    @Override
    public synchronized void cancel() {
        state.checkValid();
        if (state.cancel()) {
            end(FdbError.TRANSACTION_CANCELLED);
        }
    }

    /** Arms the timeout: when it expires, counted from the transaction's creation, what is pending fails with 1031. */
    private synchronized void armTimeout() {
        long millis = settings.timeoutMillis();
        timeoutTimerFor = millis;
        if (millis <= 0) {
            return;
        }
        long left = state.createdNanos() + millis * 1_000_000L - System.nanoTime();
        Executor later = CompletableFuture.delayedExecutor(Math.max(0, left), TimeUnit.NANOSECONDS, executor);
        later.execute(() -> {
            synchronized (this) {
                if (timeoutTimerFor == millis && !state.isInvalidated() && state.timeOut()) {
                    end(FdbError.TRANSACTION_TIMED_OUT);
                }
            }
        });
    }

    @Override
    public CompletableFuture<Void> watch(byte[] key) throws FDBException {
        Object own;
        CompletableFuture<Void> fired = new CompletableFuture<>();
        synchronized (this) {
            RuntimeException refusal = beforeRead();
            if (refusal == null) {
                refusal = watchRefusal(key);
            }
            if (refusal != null) {
                return CompletableFuture.failedFuture(refusal);
            }
            own = watches.add(key, fired);
        }
        reads.get(key, false).whenComplete((seen, error) -> {
            synchronized (this) {
                if (error != null) {
                    watches.readFailed(own, Futures.unwrap(error));
                } else {
                    watches.seen(own, seen);
                }
            }
        });
        return fired;
    }

    private RuntimeException watchRefusal(byte[] key) {
        if (settings.readYourWritesDisabled()) {
            return FdbError.WATCHES_DISABLED.exception();
        }
        if (Keys.compare(key, Keys.ALL_END) >= 0
                || (Keys.compare(key, reads.keySpaceEnd()) >= 0 && !ReadPath.isMetadataVersionKey(key))) {
            return FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(key));
        }
        return WriteLimits.size(key);
    }

    @Override
    public Database getDatabase() {
        return database;
    }

    /** Closing cancels what is pending; a handle onError replaced is already closed, as in fdb-java. */
    @Override
    public synchronized void close() {
        if (!state.isInvalidated() && state.cancel()) {
            end(FdbError.TRANSACTION_CANCELLED);
        }
    }

    // ---- for ReadPath and SnapshotView ----

    /**
     * Before a read, watch or versionstamp: throws if the handle was replaced, else returns the error the operation's
     * future fails with (deferred error, used_during_commit, cancelled, timed out), or null.
     */
    synchronized RuntimeException beforeRead() {
        try {
            state.checkOperable(settings.timeoutMillis());
            touched = true;
            return null;
        } catch (IllegalStateException e) {
            throw e;
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** While a read runs: cancelled or timed out since it started. Callers hold the lock. */
    void checkNotEnded() {
        state.checkNotEnded(settings.timeoutMillis());
    }

    ReadPath reads() {
        return reads;
    }

    LatencyProfile latency() {
        return latency;
    }

    CommitObserver commitObserver() {
        return commits;
    }

    WriteBuffer writes() {
        return writes;
    }

    KeyRanges readCache() {
        return readCache;
    }

    boolean systemKeysReadable() {
        return settings.systemKeysReadable();
    }

    boolean readYourWritesDisabled() {
        return settings.readYourWritesDisabled();
    }

    boolean snapshotReadsOwnWrites() {
        return settings.snapshotReadsOwnWrites();
    }

    /** How many operations of this transaction waited for injected latency: its round trips to the "cluster". */
    int roundTrips() {
        return roundTrips.get();
    }

    /** A future completing with {@code fn}'s result after {@code micros}, on this transaction's executor. */
    <T> CompletableFuture<T> delayed(long micros, java.util.function.Supplier<T> fn) {
        if (micros > 0) {
            roundTrips.incrementAndGet();
        }
        if (micros <= 0) {
            try {
                return CompletableFuture.completedFuture(fn.get());
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(Futures.unwrap(e));
            }
        }
        Executor later = CompletableFuture.delayedExecutor(micros, TimeUnit.MICROSECONDS, executor);
        return CompletableFuture.supplyAsync(() -> {
            synchronized (this) {
                checkNotEnded();
            }
            return fn.get();
        }, later);
    }

    @Override
    public CompletableFuture<Long> getEstimatedRangeSizeBytes(byte[] begin, byte[] end) {
        RuntimeException refusal = beforeRead();
        return refusal != null ? CompletableFuture.failedFuture(refusal)
                : delayed(latency.read(), () -> engine.estimateSize(begin, end));
    }

    @Override
    public CompletableFuture<KeyArrayResult> getRangeSplitPoints(byte[] begin, byte[] end, long chunkSize) {
        RuntimeException refusal = beforeRead();
        if (refusal == null && (Keys.compare(begin, reads.keySpaceEnd()) > 0
                || Keys.compare(end, reads.keySpaceEnd()) > 0)) {
            refusal = FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(Keys.max(begin, end)));
        }
        if (refusal != null) {
            return CompletableFuture.failedFuture(refusal);
        }
        return delayed(latency.read(), () -> ReadPath.splitPoints(engine, begin, end, chunkSize));
    }
}
