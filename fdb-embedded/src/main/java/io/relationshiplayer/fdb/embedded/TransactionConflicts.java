package io.relationshiplayer.fdb.embedded;

import java.util.ArrayList;
import java.util.List;

/**
 * A transaction's read- and write-conflict ranges as it collects them, their bytes (which count towards the size
 * limit), and the "next write adds no conflict range" option, which applies to one write only. The caller holds the
 * transaction's lock.
 */
final class TransactionConflicts {
    private final List<byte[]> reads = new ArrayList<>();
    private final List<byte[]> writes = new ArrayList<>();
    private long bytes;
    private boolean skipNextWrite;

    void addRead(byte[] begin, byte[] end) {
        add(reads, begin, end);
    }

    void addWrite(byte[] begin, byte[] end) {
        add(writes, begin, end);
    }

    /** The conflict range of one write: added, unless the option suppressed it for this write (then used up). */
    void forWrite(byte[] begin, byte[] end) {
        if (skipNextWrite) {
            skipNextWrite = false;
        } else {
            addWrite(begin, end);
        }
    }

    void skipNextWrite() {
        skipNextWrite = true;
    }

    /** A write that has no conflict range of its own (a versionstamped key) still uses up the option. */
    void writeWithoutRange() {
        skipNextWrite = false;
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
        skipNextWrite = false;
    }
}
