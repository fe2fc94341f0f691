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
    private long bytes;

    void addRead(byte[] begin, byte[] end) {
        add(reads, begin, end);
    }

    void addWrite(byte[] begin, byte[] end) {
        add(writes, begin, end);
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
        return !writes.isEmpty();
    }

    long bytes() {
        return bytes;
    }

    /** The read ranges, sorted and merged, for the committer. */
    byte[][] normalizedReads() {
        return KeyRanges.normalize(reads);
    }

    byte[][] normalizedWrites() {
        return KeyRanges.normalize(writes);
    }

    void reset() {
        reads.clear();
        writes.clear();
        bytes = 0;
    }
}
