package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The storage side of the embedded backend: versioned data, the version clock, conflict resolution and the committer.
 * Commits are group-committed: whichever committing thread takes the lock resolves and applies every queued commit in
 * order, makes the batch durable in one write, then publishes it; the others find their commit done. A batch the disk
 * refuses (full) is taken back from memory before it is published and its commits fail; reads go on, and writes are
 * refused until the disk takes them again ({@link StorageState}).
 */
final class Engine implements AutoCloseable {
    private static final int MAX_BATCH = 2_000;
    /** Versions are trimmed a second after they leave the read window, so a slow read never sees a trimmed key. */
    private static final long TRIM_MARGIN = 1_000_000L;

    private final VersionedStore store = new VersionedStore();
    private final ConflictHistory history = new ConflictHistory();
    private final Watches watches = new Watches();
    private final Persistence disk;
    private final StorageState storage;
    private final VersionClock clock;
    private final Executor executor;
    /** The MVCC window in versions (microseconds): a read version older than this fails with transaction_too_old. */
    private final long maxReadAge;
    /** Guards {@link #leading}; the batch itself runs outside it, by the one leading thread. */
    private final ReentrantLock commitLock = new ReentrantLock();
    private final Condition batchEnded = commitLock.newCondition();
    private boolean leading;
    private final ConcurrentLinkedQueue<CommitRequest> queue = new ConcurrentLinkedQueue<>();
    private volatile RuntimeException failure;
    private volatile boolean closed;
    /** Completed while clients can reach the engine; a partition replaces it with a pending one until it heals. */
    private volatile CompletableFuture<Void> reachable = CompletableFuture.completedFuture(null);

    Engine(Persistence disk, Executor executor, Duration readWindow, io.relationshiplayer.fdb.TimeSource time) {
        this.disk = disk;
        this.storage = new StorageState(disk);
        this.executor = executor;
        this.maxReadAge = readWindow.toNanos() / 1000L;
        this.clock = new VersionClock(disk.load(store), time);
        store.publish();
    }

    long readVersion() {
        checkOpen();
        return clock.readVersion();
    }

    long latestVersion() {
        return clock.latest();
    }

    /** Fails if reads at {@code readVersion} can no longer (or cannot yet) be answered exactly. */
    void checkReadVersion(long readVersion) {
        checkOpen();
        if (readVersion < clock.now() - maxReadAge || !store.readable(readVersion)) {
            throw FdbError.TRANSACTION_TOO_OLD.exception();
        }
        if (readVersion > clock.latest()) {
            throw FdbError.FUTURE_VERSION.exception("read version " + readVersion + " is ahead of the database");
        }
    }

    byte[] get(byte[] key, long readVersion) {
        checkReadVersion(readVersion);
        byte[] value = store.get(key, readVersion);
        checkStillReadable(readVersion);
        return value;
    }

    Iterator<KeyValue> range(byte[] begin, byte[] end, long readVersion, boolean reverse) {
        checkReadVersion(readVersion);
        return store.range(begin, end, readVersion, reverse);
    }

    /** After a read: if versions it relied on were trimmed meanwhile, the read may be wrong and fails as too old. */
    void checkStillReadable(long readVersion) {
        if (!store.readable(readVersion)) {
            throw FdbError.TRANSACTION_TOO_OLD.exception();
        }
    }

    long estimateSize(byte[] begin, byte[] end) {
        long rv = readVersion();
        return store.estimateSize(begin, end, rv);
    }

    /**
     * Resolves and applies {@code request}, with whatever else is queued; returns when it is decided. One committing
     * thread at a time leads: it takes every queued request as one batch. The others wait until a batch ends; those
     * whose request it decided return, and one of the rest leads the next batch, which holds all that queued meanwhile.
     */
    void commit(CommitRequest request) {
        checkOpen();
        queue.add(request);
        List<Watches.Watch> fired = new ArrayList<>();
        commitLock.lock();
        try {
            while (!request.done) {
                if (leading) {
                    batchEnded.awaitUninterruptibly();
                    continue;
                }
                leading = true;
                commitLock.unlock();
                try {
                    fired.addAll(runBatch());
                } finally {
                    commitLock.lock();
                    leading = false;
                    batchEnded.signalAll();
                }
            }
        } finally {
            commitLock.unlock();
        }
        for (Watches.Watch w : fired) {
            executor.execute(() -> w.future().complete(null));
        }
    }

    private List<Watches.Watch> runBatch() {
        List<CommitRequest> batch = new ArrayList<>();
        for (CommitRequest r; batch.size() < MAX_BATCH && (r = queue.poll()) != null; ) {
            batch.add(r);
        }
        List<Watches.Watch> fired = new ArrayList<>();
        if (failure != null || closed) {
            RuntimeException e = failure != null ? failure : FdbError.OPERATION_FAILED.exception("the database is closed");
            batch.forEach(r -> r.fail(e));
            return fired;
        }
        List<CommitRequest> writers = new ArrayList<>(batch.size());
        List<CommitRequest> readOnly = new ArrayList<>();
        for (CommitRequest r : batch) {
            (r.isReadOnly() ? readOnly : writers).add(r);
        }
        if (!writers.isEmpty()) {
            if (storageUsable()) {
                commitWriters(writers, fired);
            } else {
                RuntimeException refused = failure != null ? failure : storage.refusal();
                writers.forEach(r -> r.fail(refused));
            }
        }
        // Watches of read-only commits register against the state the batch left, durable or taken back.
        for (CommitRequest r : readOnly) {
            registerWatches(r, fired);
            r.succeed(-1, null);
        }
        return fired;
    }

    /**
     * Resolves and applies {@code batch} in memory, above the published version, then makes it durable in one write
     * and publishes it. If the disk refuses the write, everything the batch did in memory is taken back before anyone
     * could see it (its versions were never published) and its commits fail: the engine goes on serving reads.
     */
    private void commitWriters(List<CommitRequest> batch, List<Watches.Watch> fired) {
        long first = clock.beginBatch(batch.size());
        long version = first - 1;
        long now = clock.now();
        int mark = store.mark();
        List<Watches.Watch> changed = new ArrayList<>();
        List<Effect> effects = disk.keepsEffects() ? new ArrayList<>() : null;
        List<CommitRequest> committed = new ArrayList<>(batch.size());
        for (CommitRequest r : batch) {
            if (r.readVersion < now - maxReadAge) {
                r.fail(FdbError.TRANSACTION_TOO_OLD.exception());
                continue;
            }
            if (history.conflicts(r.readVersion, r.readConflicts)) {
                r.fail(FdbError.NOT_COMMITTED.exception());
                continue;
            }
            version++;
            byte[] stamp = Mutations.versionstamp(version, 0);
            history.add(version, apply(r, version, stamp, effects, changed));
            r.commitVersion = version;
            r.versionstamp = stamp;
            committed.add(r);
        }
        try {
            if (effects != null && !committed.isEmpty()) {
                disk.write(effects, version);
            }
        } catch (RuntimeException e) {
            store.rollback(mark);
            history.dropFrom(first);
            clock.endBatch(first - 1);
            for (Watches.Watch w : changed) {
                // the value it saw is back: it waits again (or fires, if it had already changed before the batch)
                if (!watches.register(w, store.latest(w.key()))) {
                    fired.add(w);
                }
            }
            RuntimeException refused = storage.failed(e);
            committed.forEach(r -> r.fail(refused));
            return;
        }
        // Readers find the batch's writes before they can be given its versions.
        store.publish();
        clock.endBatch(version);
        fired.addAll(changed);
        for (CommitRequest r : committed) {
            registerWatches(r, fired);
            r.succeed(r.commitVersion, r.versionstamp);
        }
        long horizon = clock.now() - maxReadAge;
        history.trim(horizon);
        store.trim(horizon - TRIM_MARGIN);
    }

    /** Whether writes may go to the disk; if it no longer matches what was acknowledged, the engine closes. */
    private boolean storageUsable() {
        try {
            return storage.usable();
        } catch (IllegalStateException e) {
            failure = FdbError.OPERATION_FAILED.exception("storage no longer matches the acknowledged commits, the "
                    + "database is closed (restart it to load what the disk holds): " + e.getMessage());
            return false;
        }
    }

    /**
     * Why the durable engine refuses writes now (its disk refused the last one and has not recovered), or null. When a
     * recovery attempt is due and no batch runs, makes it first, taking the committer's turn; while a batch runs (which
     * attempts the recovery itself) it answers at once, so that a health probe never waits behind a slow disk.
     */
    String storageProblem() {
        if (storage.problem() == null || closed) {
            return storage.problem();
        }
        if (!tryTurn()) {
            return failure != null ? failure.getMessage() : storage.problem();
        }
        try {
            if (!closed && failure == null) {
                storageUsable();
            }
        } finally {
            endTurn();
        }
        return failure != null ? failure.getMessage() : storage.problem();
    }

    /** Takes the committer's turn if no batch runs (commits then wait until {@link #endTurn}); false if one does. */
    private boolean tryTurn() {
        commitLock.lock();
        try {
            if (leading) {
                return false;
            }
            leading = true;
            return true;
        } finally {
            commitLock.unlock();
        }
    }

    private void endTurn() {
        commitLock.lock();
        try {
            leading = false;
            batchEnded.signalAll();
        } finally {
            commitLock.unlock();
        }
    }

    /** Applies one transaction's writes at {@code version}; returns its write-conflict ranges. */
    private byte[][] apply(CommitRequest r, long version, byte[] stamp, List<Effect> effects,
                           List<Watches.Watch> fired) {
        List<byte[]> stampedKeys = null;
        for (Mutation m : r.mutations) {
            switch (m.kind()) {
                case SET:
                    write(m.key(), m.param(), version, effects, fired);
                    break;
                case CLEAR:
                    write(m.key(), null, version, effects, fired);
                    break;
                case CLEAR_RANGE:
                    store.clearRange(m.key(), m.param(), version);
                    if (effects != null) {
                        effects.add(Effect.clearRange(m.key(), m.param()));
                    }
                    if (!watches.isEmpty()) {
                        watches.clearedRange(m.key(), m.param(), fired);
                    }
                    break;
                case ATOMIC:
                default:
                    if (m.op() == MutationType.SET_VERSIONSTAMPED_KEY) {
                        byte[] key = Mutations.completeVersionstamp(m.key(), stamp);
                        write(key, m.param(), version, effects, fired);
                        if (stampedKeys == null) {
                            stampedKeys = new ArrayList<>();
                        }
                        stampedKeys.add(key);
                        stampedKeys.add(Keys.keyAfter(key));
                    } else if (m.op() == MutationType.SET_VERSIONSTAMPED_VALUE) {
                        write(m.key(), Mutations.completeVersionstamp(m.param(), stamp), version, effects, fired);
                    } else {
                        write(m.key(), Mutations.apply(m.op(), store.latest(m.key()), m.param()), version, effects,
                                fired);
                    }
                    break;
            }
        }
        if (stampedKeys == null) {
            return r.writeConflicts;
        }
        for (byte[] k : r.writeConflicts) {
            stampedKeys.add(k);
        }
        return KeyRanges.normalize(stampedKeys);
    }

    private void write(byte[] key, byte[] value, long version, List<Effect> effects, List<Watches.Watch> fired) {
        store.put(key, value, version);
        if (effects != null) {
            effects.add(value == null ? Effect.clear(key) : Effect.set(key, value));
        }
        if (!watches.isEmpty()) {
            watches.changed(key, value, fired);
        }
    }

    private void registerWatches(CommitRequest r, List<Watches.Watch> fired) {
        if (r.watches.isEmpty()) {
            return;
        }
        watches.purgeCancelled();
        for (Watches.Watch w : r.watches) {
            if (!watches.register(w, store.latest(w.key()))) {
                fired.add(w);
            }
        }
    }

    Persistence disk() {
        return disk;
    }

    /** Completes when clients can reach the engine: at once, or when a partition heals. */
    CompletableFuture<Void> whenReachable() {
        return reachable;
    }

    /**
     * Cuts clients off the engine (false) or lets them back (true). While cut off, read versions and commits wait, as
     * a FoundationDB client's do while it cannot reach the cluster; they go on when it heals.
     */
    synchronized void setReachable(boolean on) {
        CompletableFuture<Void> current = reachable;
        if (on) {
            current.complete(null);
        } else if (current.isDone()) {
            reachable = new CompletableFuture<>();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw FdbError.OPERATION_FAILED.exception("the database is closed");
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes after the batch in flight; later commits fail, and the durable engine's disk is released. */
    @Override
    public void close() {
        commitLock.lock();
        try {
            while (leading) {
                batchEnded.awaitUninterruptibly();
            }
            if (!closed) {
                closed = true;
                disk.close();
            }
            batchEnded.signalAll();
        } finally {
            commitLock.unlock();
        }
    }
}
