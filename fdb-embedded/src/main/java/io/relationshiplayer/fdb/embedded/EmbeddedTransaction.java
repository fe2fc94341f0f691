package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.TransactionOptions;
import com.apple.foundationdb.async.AsyncIterable;
import com.apple.foundationdb.async.AsyncUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A FoundationDB transaction on the embedded engine: serializable and optimistic, reading at one read version, with
 * read-your-writes, conflict ranges, FoundationDB's limits and error codes, and onError's retry rules.
 */
final class EmbeddedTransaction extends TransactionReads implements Transaction {
    static final int KEY_LIMIT = WriteLimits.KEY_LIMIT;
    static final long SIZE_LIMIT = 10_000_000L;

    private final EmbeddedDatabase database;
    private final Engine engine;
    private final LatencyProfile latency;
    private final CommitObserver commits;
    private final ReadPath reads;
    private final Executor executor;
    private final TransactionSettings settings;
    private final WriteBuffer writes = new WriteBuffer();
    private final TransactionConflicts conflicts = new TransactionConflicts();
    private final List<Watches.Watch> watches = new ArrayList<>();
    private final SnapshotView snapshotView = new SnapshotView(this);
    private CompletableFuture<Long> readVersion;
    private CompletableFuture<byte[]> versionstamp = new CompletableFuture<>();
    private long committedVersion = -1;
    private boolean committing;
    private boolean cancelled;
    private boolean timedOut;
    private RuntimeException deferred;
    private int retries;

    EmbeddedTransaction(EmbeddedDatabase database, Executor executor, TransactionSettings defaults) {
        this.database = database;
        this.engine = database.engine();
        this.latency = database.config().latency();
        this.commits = database.config().commitObserver();
        this.reads = new ReadPath(this, engine, latency);
        this.executor = executor;
        this.settings = defaults.copy();
        this.settings.onNextWriteNoConflict(this::setNextWriteNoConflict);
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
            try {
                checkUsable();
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
            if (readVersion == null) {
                readVersion = onceReachable(() -> delayed(latency.grv(), engine::readVersion));
            }
            return readVersion;
        }
    }

    @Override
    public synchronized void setReadVersion(long version) {
        if (version < 0) {
            throw FdbError.VERSION_INVALID.exception();
        }
        readVersion = CompletableFuture.completedFuture(version);
    }

    @Override
    public boolean addReadConflictRangeIfNotSnapshot(byte[] keyBegin, byte[] keyEnd) {
        addReadConflictRange(keyBegin, keyEnd);
        return true;
    }

    @Override
    public boolean addReadConflictKeyIfNotSnapshot(byte[] key) {
        addReadConflictKey(key);
        return true;
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
        return new RangeQuery(reads, false, begin, end, limit, reverse, mode);
    }

    @Override
    public TransactionOptions options() {
        return settings.transactionOptions();
    }

    @Override
    public <T> T read(Function<? super ReadTransaction, T> retryable) {
        return retryable.apply(this);
    }

    @Override
    public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable) {
        return AsyncUtil.applySafely(retryable, this);
    }

    @Override
    public Executor getExecutor() {
        return executor;
    }

    // ---- conflict ranges ----

    /** As FoundationDB's read-your-writes: the parts of the range this transaction already wrote add no conflict. */
    @Override
    public synchronized void addReadConflictRange(byte[] keyBegin, byte[] keyEnd) {
        List<byte[]> unwritten = writes.unwritten(keyBegin, keyEnd);
        for (int i = 0; i < unwritten.size(); i += 2) {
            addReadConflict(unwritten.get(i), unwritten.get(i + 1));
        }
    }

    @Override
    public void addReadConflictKey(byte[] key) {
        addReadConflictRange(key, Keys.keyAfter(key));
    }

    @Override
    public synchronized void addWriteConflictRange(byte[] keyBegin, byte[] keyEnd) {
        conflicts.addWrite(keyBegin, keyEnd);
    }

    @Override
    public void addWriteConflictKey(byte[] key) {
        addWriteConflictRange(key, Keys.keyAfter(key));
    }

    synchronized void addReadConflict(byte[] begin, byte[] end) {
        conflicts.addRead(begin, end);
    }

    // ---- writes ----

    @Override
    public synchronized void set(byte[] key, byte[] value) {
        if (writable(key) && checkValue(value)) {
            writes.set(key, value);
            writeConflictFor(key);
        }
    }

    @Override
    public synchronized void clear(byte[] key) {
        if (writable(key)) {
            writes.clear(key);
            writeConflictFor(key);
        }
    }

    @Override
    public synchronized void clear(byte[] beginKey, byte[] endKey) {
        if (Keys.compare(beginKey, endKey) > 0) {
            defer(FdbError.INVERTED_RANGE.exception());
            return;
        }
        if (Keys.compare(beginKey, endKey) == 0 || !writableRange(beginKey, endKey)) {
            return;
        }
        writes.clearRange(beginKey, endKey);
        conflicts.forWrite(beginKey, endKey);
    }

    @Override
    public void clear(Range range) {
        clear(range.begin, range.end);
    }

    @Override
    @Deprecated
    public void clearRangeStartsWith(byte[] prefix) {
        clear(Range.startsWith(prefix));
    }

    @Override
    public synchronized void mutate(MutationType optype, byte[] key, byte[] param) {
        if (optype == MutationType.SET_VERSIONSTAMPED_KEY) {
            if (key.length - 4 > WriteLimits.KEY_LIMIT) {
                defer(FdbError.KEY_TOO_LARGE.exception());
                return;
            }
            if (checkValue(param)) {
                writes.atomic(optype, key, param);
                conflicts.writeWithoutRange();
            }
            return;
        }
        byte[] limited = optype == MutationType.SET_VERSIONSTAMPED_VALUE && param.length >= 4
                ? new byte[param.length - 4] : param;
        if (writable(key) && checkValue(limited)) {
            writes.atomic(optype, key, param);
            writeConflictFor(key);
        }
    }

    private void writeConflictFor(byte[] key) {
        conflicts.forWrite(key, Keys.keyAfter(key));
    }

    private synchronized void setNextWriteNoConflict() {
        conflicts.skipNextWrite();
    }

    private boolean writable(byte[] key) {
        return usableForWrite() && accepted(WriteLimits.key(key, settings.systemKeysWritable()));
    }

    private boolean writableRange(byte[] begin, byte[] end) {
        return usableForWrite() && accepted(WriteLimits.rangeEnd(end, settings.systemKeysWritable()));
    }

    private boolean checkValue(byte[] value) {
        return accepted(WriteLimits.value(value));
    }

    /** Whether a write passed its check; a failed check is reported later, as FoundationDB does. */
    private boolean accepted(RuntimeException refusal) {
        if (refusal != null) {
            defer(refusal);
        }
        return refusal == null;
    }

    private boolean usableForWrite() {
        try {
            checkUsable();
            return true;
        } catch (RuntimeException e) {
            defer(e);
            return false;
        }
    }

    /** FoundationDB reports a bad write at the next operation that returns a future: commit at the latest. */
    private void defer(RuntimeException e) {
        if (deferred == null) {
            deferred = e;
        }
    }

    // ---- commit, versions, retries ----

    @Override
    public CompletableFuture<Void> commit() {
        CommitRequest request;
        synchronized (this) {
            try {
                checkUsable();
                if (committing) {
                    throw FdbError.CLIENT_INVALID_OPERATION.exception("commit called twice");
                }
                if (deferred != null) {
                    throw deferred;
                }
                long size = writes.mutationBytes() + conflicts.bytes();
                if (size > Math.min(SIZE_LIMIT, settings.sizeLimit())) {
                    throw FdbError.TRANSACTION_TOO_LARGE.exception(size + " bytes");
                }
                if (writes.isEmpty() && !conflicts.hasWrites() && watches.isEmpty()) {
                    // FoundationDB commits a read-only transaction without asking the cluster.
                    versionstamp.completeExceptionally(FdbError.NO_COMMIT_VERSION.exception());
                    committing = true;
                    return CompletableFuture.completedFuture(null);
                }
                committing = true;
                long rv = readVersion != null && readVersion.isDone() && !readVersion.isCompletedExceptionally()
                        ? readVersion.join() : -1;
                if (rv < 0) {
                    if (conflicts.hasReads()) {
                        rv = readVersion.join();
                    } else {
                        rv = engine.readVersion();
                    }
                }
                request = new CommitRequest(rv, conflicts.normalizedReads(), conflicts.normalizedWrites(),
                        new ArrayList<>(writes.mutations()), new ArrayList<>(watches));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(Futures.unwrap(e));
            }
        }
        long start = System.nanoTime();
        return commits.observe(onceReachable(() -> commitNow(request)), start);
    }

    /** {@code step} now while the engine is reachable, else once it is, as a client waits for its cluster. */
    private <T> CompletableFuture<T> onceReachable(java.util.function.Supplier<CompletableFuture<T>> step) {
        CompletableFuture<Void> reachable = engine.whenReachable();
        return reachable.isDone() ? step.get() : reachable.thenComposeAsync(v -> step.get(), executor);
    }

    private CompletableFuture<Void> commitNow(CommitRequest request) {
        return delayed(request.isReadOnly() ? 0 : latency.commit(), () -> {
            engine.commit(request);
            synchronized (this) {
                if (request.error != null) {
                    versionstamp.completeExceptionally(request.error);
                    throw request.error;
                }
                watches.clear();
                committedVersion = request.commitVersion;
                if (request.versionstamp != null) {
                    versionstamp.complete(request.versionstamp);
                } else {
                    versionstamp.completeExceptionally(FdbError.NO_COMMIT_VERSION.exception());
                }
                return null;
            }
        });
    }

    @Override
    public synchronized Long getCommittedVersion() {
        return committedVersion;
    }

    @Override
    public synchronized CompletableFuture<byte[]> getVersionstamp() {
        return versionstamp;
    }

    @Override
    public synchronized CompletableFuture<Long> getApproximateSize() {
        return CompletableFuture.completedFuture(writes.mutationBytes() + conflicts.bytes());
    }

    @Override
    public CompletableFuture<Transaction> onError(Throwable e) {
        Throwable cause = Futures.unwrap(e);
        if (!(cause instanceof FDBException)) {
            return CompletableFuture.failedFuture(cause);
        }
        int code = ((FDBException) cause).getCode();
        boolean retryable = FdbError.isRetryable(code);
        synchronized (this) {
            if (!retryable || cancelled || (settings.retryLimit() >= 0 && retries >= settings.retryLimit())) {
                return CompletableFuture.failedFuture(cause);
            }
            long backoffMillis = Math.min(settings.maxRetryDelayMillis(), 10L << Math.min(retries, 20));
            retries++;
            resetState();
            long delayMicros = ThreadLocalRandom.current().nextLong(backoffMillis * 500, backoffMillis * 1000 + 1);
            Executor later = CompletableFuture.delayedExecutor(delayMicros, TimeUnit.MICROSECONDS, executor);
            return CompletableFuture.supplyAsync(() -> this, later);
        }
    }

    private void resetState() {
        timedOut = false;
        writes.reset();
        conflicts.reset();
        for (Watches.Watch w : watches) {
            w.future().completeExceptionally(FdbError.TRANSACTION_CANCELLED.exception());
        }
        watches.clear();
        readVersion = null;
        versionstamp = new CompletableFuture<>();
        committedVersion = -1;
        committing = false;
        deferred = null;
    }

    @Override
    public synchronized void cancel() {
        cancelled = true;
        for (Watches.Watch w : watches) {
            w.future().completeExceptionally(FdbError.TRANSACTION_CANCELLED.exception());
        }
        watches.clear();
    }

    @Override
    public CompletableFuture<Void> watch(byte[] key) throws FDBException {
        return reads.get(key, true).thenCompose(seen -> {
            CompletableFuture<Void> fired = new CompletableFuture<>();
            synchronized (this) {
                watches.add(new Watches.Watch(key, seen, fired));
            }
            return fired;
        });
    }

    @Override
    public Database getDatabase() {
        return database;
    }

    @Override
    public <T> T run(Function<? super Transaction, T> retryable) {
        return retryable.apply(this);
    }

    @Override
    public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable) {
        return AsyncUtil.applySafely(retryable, this);
    }

    @Override
    public void close() {
        cancel();
    }

    /** Throws if the transaction may not be used: cancelled, timed out. Callers hold the lock. */
    void checkUsable() {
        if (timedOut || (!cancelled && settings.timedOut())) {
            timedOut = true;
            throw FdbError.TRANSACTION_TIMED_OUT.exception();
        }
        if (cancelled) {
            throw FdbError.TRANSACTION_CANCELLED.exception();
        }
    }

    /** Before a read: usable, and no write failed that FoundationDB would report at this operation. */
    void checkReadable() {
        checkUsable();
        if (deferred != null) {
            throw deferred;
        }
    }

    ReadPath reads() {
        return reads;
    }

    WriteBuffer writes() {
        return writes;
    }

    boolean systemKeysReadable() {
        return settings.systemKeysReadable();
    }

    /** A future completing with {@code fn}'s result after {@code micros}, on this transaction's executor. */
    <T> CompletableFuture<T> delayed(long micros, java.util.function.Supplier<T> fn) {
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
                checkUsable();
            }
            return fn.get();
        }, later);
    }

    @Override
    public CompletableFuture<Long> getEstimatedRangeSizeBytes(byte[] begin, byte[] end) {
        return delayed(latency.read(), () -> engine.estimateSize(begin, end));
    }

    @Override
    public CompletableFuture<KeyArrayResult> getRangeSplitPoints(byte[] begin, byte[] end, long chunkSize) {
        return delayed(latency.read(), () -> ReadPath.splitPoints(engine, begin, end, chunkSize));
    }
}
