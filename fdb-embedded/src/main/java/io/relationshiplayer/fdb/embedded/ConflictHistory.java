package io.relationshiplayer.fdb.embedded;

import java.util.ArrayDeque;
import java.util.Iterator;

/** The write-conflict ranges of recent commits, as FoundationDB's resolvers keep them. Used by the committer only. */
final class ConflictHistory {
    private record Entry(long version, byte[][] ranges) {
    }

    private final ArrayDeque<Entry> entries = new ArrayDeque<>();

    /** Whether a transaction that read {@code reads} at {@code readVersion} conflicts with a later commit. */
    boolean conflicts(long readVersion, byte[][] reads) {
        if (reads.length == 0) {
            return false;
        }
        Iterator<Entry> newestFirst = entries.descendingIterator();
        while (newestFirst.hasNext()) {
            Entry e = newestFirst.next();
            if (e.version <= readVersion) {
                return false;
            }
            if (KeyRanges.intersect(reads, e.ranges)) {
                return true;
            }
        }
        return false;
    }

    void add(long version, byte[][] writes) {
        if (writes.length > 0) {
            entries.addLast(new Entry(version, writes));
        }
    }

    /** Forgets the commits at or above {@code version} (a batch that could not be made durable). */
    void dropFrom(long version) {
        while (!entries.isEmpty() && entries.peekLast().version >= version) {
            entries.pollLast();
        }
    }

    /** Forgets commits at or below {@code horizon}: no transaction that old may commit. */
    void trim(long horizon) {
        while (!entries.isEmpty() && entries.peekFirst().version <= horizon) {
            entries.pollFirst();
        }
    }
}
