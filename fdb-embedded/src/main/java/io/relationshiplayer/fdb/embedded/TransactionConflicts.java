package io.relationshiplayer.fdb.embedded;

import java.util.ArrayList;
import java.util.List;

/**
 * A transaction's read- and write-conflict ranges as it collects them, and their bytes (which count towards the size
 * limit). The caller holds the transaction's lock.
 */
final class TransactionConflicts {
    private final List<byte[]> reads = new ArrayList<>();
    private final List<byte[]> writes = new ArrayList<>();
    /** The keys of point writes' conflict ranges, [key, key + \x00) each: made into ranges only when needed. */
    private final List<byte[]> pointWrites = new ArrayList<>();
    private long bytes;

    void addRead(byte[] begin, byte[] end) {
        add(reads, begin, end);
    }

    void addWrite(byte[] begin, byte[] end) {
        add(writes, begin, end);
    }

    /** The write-conflict range [key, key + \x00) of a point write. */
    void addPointWrite(byte[] key) {
        pointWrites.add(key);
        bytes += 2L * key.length + 1;
    }

    /**
     * Whether the write-conflict ranges are exactly those of the transaction's {@code writeCount} writes, each a point
     * write with its own range: then they are the ranges of the write buffer's keys.
     */
    boolean writesArePointWrites(int writeCount) {
        return writes.isEmpty() && pointWrites.size() == writeCount;
    }

    private void add(List<byte[]> to, byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) < 0) {
            to.add(begin);
            to.add(end);
            bytes += begin.length + end.length;
        }
    }

    boolean hasReads() {
        return !reads.isEmpty();
    }

    boolean hasWrites() {
        return !writes.isEmpty() || !pointWrites.isEmpty();
    }

    long bytes() {
        return bytes;
    }

    /** The read ranges, sorted and merged, for the committer. */
    byte[][] normalizedReads() {
        return KeyRanges.normalize(reads);
    }

    byte[][] normalizedWrites() {
        if (pointWrites.isEmpty()) {
            return KeyRanges.normalize(writes);
        }
        List<byte[]> all = new ArrayList<>(writes.size() + 2 * pointWrites.size());
        all.addAll(writes);
        for (byte[] key : pointWrites) {
            all.add(key);
            all.add(Keys.keyAfter(key));
        }
        return KeyRanges.normalize(all);
    }

    void reset() {
        reads.clear();
        writes.clear();
        pointWrites.clear();
        bytes = 0;
    }
}
