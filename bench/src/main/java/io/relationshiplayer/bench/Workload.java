package io.relationshiplayer.bench;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import javax.annotation.Nonnull;

/**
 * The data set of FoundationDB's published single-process figures: a preloaded set of 16-byte keys with values of 8 to
 * 100 bytes; reads of random keys and small commits that overwrite one random key.
 */
public final class Workload {
    public static final int KEY_BYTES = 16;
    public static final int MIN_VALUE_BYTES = 8;
    public static final int MAX_VALUE_BYTES = 100;
    private static final int LOAD_BATCH = 1_000;

    private final byte[][] keys;

    private Workload(byte[][] keys) {
        this.keys = keys;
    }

    /** Writes {@code keyCount} keys with random values into {@code db}, {@value #LOAD_BATCH} per transaction. */
    @Nonnull
    public static Workload preload(@Nonnull Database db, int keyCount, long seed) {
        Objects.requireNonNull(db, "db is null");
        if (keyCount <= 0) {
            throw new IllegalArgumentException("keyCount must be positive, got " + keyCount);
        }
        SplittableRandom random = new SplittableRandom(seed);
        byte[][] keys = new byte[keyCount][];
        for (int i = 0; i < keyCount; i++) {
            keys[i] = key(i);
        }
        for (int from = 0; from < keyCount; from += LOAD_BATCH) {
            int to = Math.min(keyCount, from + LOAD_BATCH);
            byte[][] values = new byte[to - from][];
            for (int i = 0; i < values.length; i++) {
                values[i] = value(random);
            }
            int start = from;
            db.run(tr -> {
                for (int i = 0; i < values.length; i++) {
                    tr.set(keys[start + i], values[i]);
                }
                return null;
            });
        }
        return new Workload(keys);
    }

    /** {@code k} + the index, zero-padded to 16 bytes. */
    static byte[] key(int index) {
        byte[] key = String.format("k%015d", index).getBytes(StandardCharsets.US_ASCII);
        assert key.length == KEY_BYTES;
        return key;
    }

    private static byte[] value(SplittableRandom random) {
        byte[] value = new byte[random.nextInt(MIN_VALUE_BYTES, MAX_VALUE_BYTES + 1)];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) random.nextInt(256);
        }
        return value;
    }

    public int keyCount() {
        return keys.length;
    }

    /**
     * One read-only transaction of {@code reads} point reads of random keys, issued together as a FoundationDB client
     * pipelines them; returns the bytes read. A read-only transaction needs no commit.
     */
    public long readTransaction(@Nonnull Database db, int reads) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        try (Transaction tr = db.createTransaction()) {
            @SuppressWarnings("unchecked")
            CompletableFuture<byte[]>[] pending = new CompletableFuture[reads];
            for (int i = 0; i < reads; i++) {
                pending[i] = tr.get(keys[random.nextInt(keys.length)]);
            }
            long bytes = 0;
            for (CompletableFuture<byte[]> f : pending) {
                byte[] value = f.join();
                if (value == null) {
                    throw new IllegalStateException("a preloaded key is missing");
                }
                bytes += value.length;
            }
            return bytes;
        }
    }

    /** One transaction that overwrites one random key with a small value and commits (retrying as FDB's run does). */
    public void smallCommit(@Nonnull Database db) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        byte[] key = keys[random.nextInt(keys.length)];
        byte[] value = new byte[random.nextInt(MIN_VALUE_BYTES, MAX_VALUE_BYTES + 1)];
        random.nextBytes(value);
        db.run(tr -> {
            tr.set(key, value);
            return null;
        });
    }
}
