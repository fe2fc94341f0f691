package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;

/**
 * How a transaction reads: at its read version, through its own writes, adding read conflicts unless snapshot. Every
 * read holds the transaction's lock only while it merges; the store itself is read without locks.
 */
final class ReadPath {
    /** The key FoundationDB lets every transaction read and versionstamp, for caches of metadata. */
    static final byte[] METADATA_VERSION_KEY = "\u00ff/metadataVersion".getBytes(StandardCharsets.ISO_8859_1);

    private final EmbeddedTransaction tr;
    private final Engine engine;
    private final LatencyProfile latency;

    ReadPath(EmbeddedTransaction tr, Engine engine, LatencyProfile latency) {
        this.tr = tr;
        this.engine = engine;
        this.latency = latency;
    }

    static boolean isMetadataVersionKey(byte[] key) {
        return Arrays.equals(key, METADATA_VERSION_KEY);
    }

    /** The largest key a read may name: larger keys cannot be stored (system keys take up to 30,000 bytes). */
    static int maxReadKeySize(byte[] key) {
        return Keys.isSystem(key) ? WriteLimits.SYSTEM_KEY_LIMIT : WriteLimits.KEY_LIMIT + 8;
    }

    CompletableFuture<byte[]> get(byte[] key, boolean snapshot) {
        RuntimeException refusal = tr.beforeRead();
        if (refusal == null && Keys.compare(key, keySpaceEnd()) >= 0 && !isMetadataVersionKey(key)) {
            refusal = FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(key));
        }
        if (refusal != null) {
            return CompletableFuture.failedFuture(refusal);
        }
        if (key.length > maxReadKeySize(key)) {
            return CompletableFuture.completedFuture(null);
        }
        // FoundationDB answers the metadata version with the read version, at no extra round trip; its
        // read-your-writes layer answers a key it read before or wrote itself from its cache.
        long micros = isMetadataVersionKey(key) || answeredLocally(key, snapshot) ? 0 : latency.read();
        long known = micros == 0 ? tr.knownReadVersion() : -1;
        if (known >= 0) {
            // Nothing delays the read and its version is known: answered at once, as the composed futures below would
            // answer it (under the lock, checked for an end), without composing them.
            try {
                synchronized (tr) {
                    tr.checkNotEnded();
                    return CompletableFuture.completedFuture(valueAt(key, known, snapshot));
                }
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(Futures.unwrap(e));
            }
        }
        return tr.getReadVersion().thenCompose(rv -> tr.delayed(micros, () -> {
            synchronized (tr) {
                tr.checkNotEnded();
                byte[] value = valueAt(key, rv, snapshot);
                if (micros > 0) {
                    remember(key, Keys.keyAfter(key));
                }
                return value;
            }
        }));
    }

    /**
     * Whether FoundationDB's read-your-writes cache answers a read of {@code key} without a round trip: the
     * transaction's own writes decide its value, or it read the key before. Tracked only under injected latency,
     * where it is what a read costs. With read-your-writes disabled nothing is cached.
     */
    private boolean answeredLocally(byte[] key, boolean snapshot) {
        if (latency.isNone() || !seesOwnWrites(snapshot)) {
            return false;
        }
        synchronized (tr) {
            return tr.writes().decides(key) || tr.readCache().contains(key);
        }
    }

    /** Whether the cache answers all of [from, to): each part that the transaction's writes leave open was read. */
    private boolean answeredLocally(byte[] from, byte[] to, boolean snapshot) {
        if (latency.isNone() || !seesOwnWrites(snapshot) || from == null || to == null) {
            return false;
        }
        synchronized (tr) {
            List<byte[]> open = tr.writes().unwritten(from, to);
            for (int i = 0; i < open.size(); i += 2) {
                if (!tr.readCache().covers(open.get(i), open.get(i + 1))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** Notes that the store's [begin, end) came back to the client: later reads in it are answered from the cache. */
    void remember(byte[] begin, byte[] end) {
        if (!latency.isNone() && !tr.readYourWritesDisabled()) {
            synchronized (tr) {
                tr.readCache().add(begin, end);
            }
        }
    }

    /** The value of {@code key} in the transaction's view at {@code rv}, adding its read conflict. Under the lock. */
    private byte[] valueAt(byte[] key, long rv, boolean snapshot) {
        boolean own = seesOwnWrites(snapshot);
        WriteBuffer.Entry mine = own ? tr.writes().lookup(key) : null;
        if (mine != null && mine.isKnown()) {
            return mine.value;
        }
        byte[] stored = engine.get(key, rv);
        if (!snapshot) {
            // No entry (nor a range clear) of the transaction's own holds the key: [key, key + \x00) is unwritten as a
            // whole, with no second walk of the write buffer.
            tr.readConflict(key, Keys.keyAfter(key), mine == null);
        }
        return mine == null ? stored : mine.resolve(stored);
    }

    /** Whether this read sees the transaction's own writes (READ_YOUR_WRITES_DISABLE, SNAPSHOT_RYW_DISABLE). */
    boolean seesOwnWrites(boolean snapshot) {
        return !tr.readYourWritesDisabled() && (!snapshot || tr.snapshotReadsOwnWrites());
    }

    CompletableFuture<byte[]> getKey(KeySelector selector, boolean snapshot) {
        RuntimeException refusal = tr.beforeRead();
        if (refusal == null && Keys.compare(selector.getKey(), keySpaceEnd()) > 0) {
            refusal = FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(selector.getKey()));
        }
        if (refusal != null) {
            return CompletableFuture.failedFuture(refusal);
        }
        return tr.getReadVersion().thenCompose(rv -> tr.delayed(latency.read(), () -> {
            synchronized (tr) {
                tr.checkNotEnded();
                byte[] result = resolve(selector, rv, snapshot).key();
                if (!snapshot) {
                    addSelectorConflict(selector, result);
                }
                return result;
            }
        }));
    }

    /**
     * FoundationDB's read conflict of getKey: from the selector's reference to the key it resolved to, reference
     * excluded unless orEqual, resolved key included for a forward selector. Nothing else conflicts.
     */
    private void addSelectorConflict(KeySelector selector, byte[] result) {
        byte[] reference = selector.orEqual() ? Keys.keyAfter(selector.getKey()) : selector.getKey();
        if (selector.getOffset() <= 0) {
            tr.readConflict(result, reference);
        } else {
            tr.readConflict(reference, Keys.keyAfter(result));
        }
    }

    /**
     * Refuses a range read as FoundationDB does before it starts (null if it may): the transaction's state, then
     * bounds beyond the readable key space.
     */
    RuntimeException refuseRange(KeySelector begin, KeySelector end) {
        RuntimeException refusal = tr.beforeRead();
        if (refusal == null && (Keys.compare(begin.getKey(), keySpaceEnd()) > 0
                || Keys.compare(end.getKey(), keySpaceEnd()) > 0)) {
            byte[] beyond = Keys.max(begin.getKey(), end.getKey());
            refusal = FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(beyond));
        }
        return refusal;
    }

    /**
     * One batch of a range read: {@code fetch} runs under the lock at the read version, after the batch latency, none
     * when the batch's range [from, to) is known and the cache answers it all (null bounds: not known yet).
     */
    CompletableFuture<List<KeyValue>> rangeBatch(LongFunction<List<KeyValue>> fetch, byte[] from, byte[] to,
                                                 boolean snapshot) {
        long micros = answeredLocally(from, to, snapshot) ? 0 : latency.range();
        return tr.getReadVersion().thenCompose(rv -> tr.delayed(micros, () -> {
            synchronized (tr) {
                tr.checkNotEnded();
                List<KeyValue> batch = fetch.apply(rv);
                engine.checkStillReadable(rv);
                return batch;
            }
        }));
    }

    /** The end of the key space this transaction may read: \xff, or \xff\xff with system-key access. */
    byte[] keySpaceEnd() {
        return tr.systemKeysReadable() ? Keys.ALL_END : Keys.SYSTEM_PREFIX;
    }

    /** A resolved selector: the key, and whether resolving ran off the beginning or the end of the key space. */
    record Resolved(byte[] key, boolean offBeginning, boolean offEnd) {
    }

    /**
     * Resolves a key selector in the transaction's view: the last key below (or at, with orEqual) the selector's key,
     * moved {@code offset} keys forward; clamped to the key space ("" before the first key, \xff after the last).
     * Adds no conflict range: callers add FoundationDB's.
     */
    Resolved resolve(KeySelector selector, long rv, boolean snapshot) {
        byte[] key = selector.getKey();
        int offset = selector.getOffset();
        byte[] spaceEnd = keySpaceEnd();
        if (offset >= 1) {
            byte[] from = selector.orEqual() ? Keys.keyAfter(key) : key;
            if (Keys.compare(from, spaceEnd) >= 0) {
                return new Resolved(spaceEnd, false, true);
            }
            List<KeyValue> found = merged(from, spaceEnd, false, offset, rv, snapshot);
            return found.size() == offset ? new Resolved(found.get(offset - 1).getKey(), false, false)
                    : new Resolved(spaceEnd, false, true);
        }
        byte[] to = Keys.min(selector.orEqual() ? Keys.keyAfter(key) : key, spaceEnd);
        int n = 1 - offset;
        List<KeyValue> found = merged(Keys.EMPTY, to, true, n, rv, snapshot);
        return found.size() == n ? new Resolved(found.get(n - 1).getKey(), false, false)
                : new Resolved(Keys.EMPTY, true, false);
    }

    /** Up to {@code limit} key-values of [from, to) in the transaction's view. Caller holds the lock. */
    List<KeyValue> merged(byte[] from, byte[] to, boolean reverse, int limit, long rv, boolean snapshot) {
        if (Keys.compare(from, to) >= 0) {
            return List.of();
        }
        Iterator<KeyValue> stored = engine.range(from, to, rv, reverse);
        if (seesOwnWrites(snapshot)) {
            return tr.writes().merge(stored, from, to, reverse, limit);
        }
        List<KeyValue> out = new ArrayList<>();
        while (out.size() < limit && stored.hasNext()) {
            out.add(stored.next());
        }
        return out;
    }

    /** Adds a read conflict range, less what the transaction itself wrote first. Caller holds the lock. */
    void addReadConflict(byte[] begin, byte[] end) {
        tr.readConflict(begin, end);
    }

    /** Keys that cut [begin, end) into chunks of about {@code chunkSize} bytes, begin and end included. */
    static KeyArrayResult splitPoints(Engine engine, byte[] begin, byte[] end, long chunkSize) {
        ByteArrayOutputStream keys = new ByteArrayOutputStream();
        java.util.ArrayList<Integer> lengths = new java.util.ArrayList<>();
        keys.writeBytes(begin);
        lengths.add(begin.length);
        long rv = engine.readVersion();
        Iterator<KeyValue> it = engine.range(begin, end, rv, false);
        long size = 0;
        while (it.hasNext()) {
            KeyValue kv = it.next();
            size += kv.getKey().length + kv.getValue().length;
            if (size >= chunkSize && it.hasNext()) {
                keys.writeBytes(kv.getKey());
                lengths.add(kv.getKey().length);
                size = 0;
            }
        }
        keys.writeBytes(end);
        lengths.add(end.length);
        return new KeyArrayResult(keys.toByteArray(), lengths.stream().mapToInt(Integer::intValue).toArray());
    }
}
