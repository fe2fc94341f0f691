package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeyArrayResult;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
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

    CompletableFuture<byte[]> get(byte[] key, boolean snapshot) {
        return tr.getReadVersion().thenCompose(rv -> tr.delayed(latency.read(), () -> {
            synchronized (tr) {
                tr.checkReadable();
                if (key.length > EmbeddedTransaction.KEY_LIMIT) {
                    return null;
                }
                if (Keys.isSystem(key) && !tr.systemKeysReadable() && !isMetadataVersionKey(key)) {
                    throw FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(key));
                }
                WriteBuffer.Entry mine = tr.writes().lookup(key);
                if (mine != null && mine.isKnown()) {
                    return mine.value;
                }
                byte[] stored = engine.get(key, rv);
                if (!snapshot) {
                    tr.addReadConflict(key, Keys.keyAfter(key));
                }
                return mine == null ? stored : mine.resolve(stored);
            }
        }));
    }

    CompletableFuture<byte[]> getKey(KeySelector selector, boolean snapshot) {
        return tr.getReadVersion().thenCompose(rv -> tr.delayed(latency.read(), () -> {
            synchronized (tr) {
                tr.checkReadable();
                return resolve(selector, rv, snapshot);
            }
        }));
    }

    /** One batch of a range read: {@code fetch} runs under the lock at the read version, after the batch latency. */
    CompletableFuture<List<KeyValue>> rangeBatch(LongFunction<List<KeyValue>> fetch) {
        return tr.getReadVersion().thenCompose(rv -> tr.delayed(latency.range(), () -> {
            synchronized (tr) {
                tr.checkReadable();
                List<KeyValue> batch = fetch.apply(rv);
                engine.checkStillReadable(rv);
                return batch;
            }
        }));
    }

    /** {@code end}, or the end of the readable key space if it lies beyond. */
    byte[] clampEnd(byte[] end) {
        return Keys.min(end, keySpaceEnd());
    }

    /** The end of the key space this transaction may read. */
    private byte[] keySpaceEnd() {
        return tr.systemKeysReadable() ? Keys.ALL_END : Keys.SYSTEM_PREFIX;
    }

    /**
     * Resolves a key selector in the transaction's view: the last key below (or at, with orEqual) the selector's key,
     * moved {@code offset} keys forward; clamped to the key space ("" before the first key, \xff after the last).
     */
    byte[] resolve(KeySelector selector, long rv, boolean snapshot) {
        byte[] key = selector.getKey();
        int offset = selector.getOffset();
        byte[] spaceEnd = keySpaceEnd();
        byte[] result;
        if (offset >= 1) {
            byte[] from = selector.orEqual() ? Keys.keyAfter(key) : key;
            if (Keys.compare(from, spaceEnd) >= 0) {
                result = spaceEnd;
            } else {
                List<KeyValue> found = merged(from, spaceEnd, false, offset, rv);
                result = found.size() == offset ? found.get(offset - 1).getKey() : spaceEnd;
            }
        } else {
            byte[] to = selector.orEqual() ? Keys.keyAfter(key) : key;
            to = Keys.min(to, spaceEnd);
            int n = 1 - offset;
            List<KeyValue> found = merged(Keys.EMPTY, to, true, n, rv);
            result = found.size() == n ? found.get(n - 1).getKey() : Keys.EMPTY;
        }
        if (!snapshot) {
            byte[] lo = Keys.min(key, result);
            byte[] hi = Keys.keyAfter(Keys.max(key, result));
            tr.addReadConflict(lo, Keys.min(hi, Keys.ALL_END));
        }
        return result;
    }

    /** Up to {@code limit} key-values of [from, to) in the transaction's view. Caller holds the lock. */
    List<KeyValue> merged(byte[] from, byte[] to, boolean reverse, int limit, long rv) {
        if (Keys.compare(from, to) >= 0) {
            return List.of();
        }
        Iterator<KeyValue> stored = engine.range(from, to, rv, reverse);
        return tr.writes().merge(stored, from, to, reverse, limit);
    }

    void addReadConflict(byte[] begin, byte[] end) {
        tr.addReadConflict(begin, end);
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
