package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A transaction's own writes, for read-your-writes: what each written key now holds as far as the transaction knows,
 * the ranges it cleared, and the ordered mutation log sent at commit. Callers synchronize.
 */
final class WriteBuffer {
    /** What the transaction knows of one key. */
    static final class Entry {
        /** null value with no ops: cleared. */
        final byte[] value;
        /** Atomic operations on a value the transaction has not seen; null when the value is known. */
        final List<Mutation> ops;
        /** Written with a versionstamped value: unknown until commit. */
        final boolean unreadable;
        /** The transaction's writes of this key in the order issued: its first, and the later ones (null if none). */
        private Mutation first;
        private List<Mutation> later;

        private Entry(byte[] value, List<Mutation> ops, boolean unreadable) {
            this.value = value;
            this.ops = ops;
            this.unreadable = unreadable;
        }

        static Entry known(byte[] value) {
            return new Entry(value, null, false);
        }

        /** Takes over the writes {@code before} (the key's previous entry, or null) holds, then adds {@code m}. */
        private Entry after(Entry before, Mutation m) {
            if (before != null) {
                first = before.first;
                later = before.later;
            }
            return add(m);
        }

        private Entry add(Mutation m) {
            if (first == null) {
                first = m;
            } else {
                if (later == null) {
                    later = new ArrayList<>(2);
                }
                later.add(m);
            }
            return this;
        }

        private void appendWritesTo(List<Mutation> out) {
            out.add(first);
            if (later != null) {
                out.addAll(later);
            }
        }

        boolean isKnown() {
            return ops == null && !unreadable;
        }

        /** Whether the value does not depend on what the database holds: a set, a clear, a versionstamped value. */
        boolean isDecided() {
            return ops == null;
        }

        /** The value given what the database holds ({@code base}, null if absent). */
        byte[] resolve(byte[] base) {
            if (unreadable) {
                throw FdbError.ACCESSED_UNREADABLE.exception("the key was written with a versionstamped value");
            }
            if (ops == null) {
                return value;
            }
            byte[] v = base;
            for (Mutation m : ops) {
                v = Mutations.apply(m.op(), v, m.param());
            }
            return v;
        }
    }

    private final TreeMap<byte[], Entry> entries = new TreeMap<>(Keys.ORDER);
    private final KeyRanges cleared = new KeyRanges();
    /** Where this transaction's versionstamped keys may land: unreadable until commit (1036), as in FoundationDB. */
    private final KeyRanges unreadable = new KeyRanges();
    private final List<Mutation> log = new ArrayList<>();
    private long mutationBytes;
    /** No range clear and no versionstamped key in the log: its writes to different keys commute. */
    private boolean pointWritesOnly = true;

    List<Mutation> mutations() {
        return log;
    }

    /**
     * A copy of the log for the committer: in key order when that leaves the outcome unchanged, else as issued.
     * Writes to different keys commute unless the log holds a range clear (which hides the writes before it in its
     * range) or a versionstamped key (whose key is known only at commit); each key's own writes stay in their order.
     * The committer then inserts the keys into its ordered store one after the other along the same path, not each at
     * a random place (the cost of a secondary index's entries). The order is the entries' own: every point write is in
     * its key's entry, so no sort is needed.
     */
    List<Mutation> mutationsForCommit() {
        if (!pointWritesOnly || log.size() < 2) {
            return new ArrayList<>(log);
        }
        List<Mutation> sorted = new ArrayList<>(log.size());
        for (Entry e : entries.values()) {
            e.appendWritesTo(sorted);
        }
        return sorted;
    }

    /** How many writes the transaction issued (a range clear and a versionstamped key count one each). */
    int writeCount() {
        return log.size();
    }

    /**
     * When the transaction's writes are point writes only ({@link #mutationsForCommit}'s key order), the write-conflict
     * ranges of their keys, one [key, key + \x00) each, sorted and merged as {@link KeyRanges#normalize} merges them;
     * else null.
     */
    byte[][] pointWriteConflicts() {
        if (!pointWritesOnly) {
            return null;
        }
        List<byte[]> out = new ArrayList<>(entries.size() * 2);
        byte[] end = null;
        for (byte[] key : entries.keySet()) {
            if (end != null && Keys.compare(key, end) <= 0) {
                // [key, key + \x00) touches the previous range: the previous key + \x00 is this key
                end = Keys.keyAfter(key);
                out.set(out.size() - 1, end);
            } else {
                end = Keys.keyAfter(key);
                out.add(key);
                out.add(end);
            }
        }
        return out.toArray(new byte[0][]);
    }

    long mutationBytes() {
        return mutationBytes;
    }

    boolean isEmpty() {
        return log.isEmpty();
    }

    void reset() {
        entries.clear();
        cleared.clear();
        unreadable.clear();
        log.clear();
        mutationBytes = 0;
        pointWritesOnly = true;
    }

    void set(byte[] key, byte[] value) {
        Mutation m = Mutation.set(key, value);
        Entry e = Entry.known(value);
        e.after(entries.put(key, e), m);
        record(m);
    }

    void clear(byte[] key) {
        Mutation m = Mutation.clear(key);
        Entry e = Entry.known(null);
        e.after(entries.put(key, e), m);
        record(m);
    }

    void clearRange(byte[] begin, byte[] end) {
        entries.subMap(begin, true, end, false).clear();
        cleared.add(begin, end);
        record(Mutation.clearRange(begin, end));
        pointWritesOnly = false;
    }

    /** A versionstamped key whose key may land anywhere in [begin, end) once the versionstamp is known. */
    void versionstampedKey(byte[] template, byte[] param, byte[] begin, byte[] end) {
        record(Mutation.atomic(MutationType.SET_VERSIONSTAMPED_KEY, template, param));
        unreadable.add(begin, end);
        pointWritesOnly = false;
    }

    void atomic(MutationType op, byte[] key, byte[] param) {
        Mutation m = Mutation.atomic(op, key, param);
        record(m);
        if (op == MutationType.SET_VERSIONSTAMPED_VALUE) {
            Entry e = new Entry(null, null, true);
            e.after(entries.put(key, e), m);
            return;
        }
        Entry e = entries.get(key);
        if (e == null && !cleared.contains(key)) {
            List<Mutation> ops = new ArrayList<>();
            ops.add(m);
            entries.put(key, new Entry(null, ops, false).add(m));
        } else if (e == null || e.isKnown()) {
            entries.put(key, Entry.known(Mutations.apply(op, e == null ? null : e.value, param)).after(e, m));
        } else {
            if (e.ops != null) {
                e.ops.add(m);
            }
            e.add(m);
        }
    }

    private void record(Mutation m) {
        log.add(m);
        mutationBytes += m.size();
    }

    /** Whether the transaction's own writes decide {@code key}'s value (a set or a clear), so no read needs the store. */
    boolean decides(byte[] key) {
        if (!unreadable.isEmpty() && unreadable.contains(key)) {
            return false;
        }
        Entry e = entries.get(key);
        return e != null ? e.isKnown() : cleared.contains(key);
    }

    /** What the transaction knows of {@code key}: an entry, a known clear (an entry too), or null to ask the store. */
    Entry lookup(byte[] key) {
        checkReadable(key);
        Entry e = entries.get(key);
        if (e == null && cleared.contains(key)) {
            return Entry.known(null);
        }
        return e;
    }

    /**
     * Up to {@code limit} key-values of the transaction's view of [from, to): the store's, read from {@code store}
     * over the same range and direction, with this transaction's writes merged in.
     */
    List<KeyValue> merge(Iterator<KeyValue> store, byte[] from, byte[] to, boolean reverse, int limit) {
        // Most reads are of a few keys: a small list, grown as needed.
        List<KeyValue> out = new ArrayList<>(Math.min(limit, 16));
        byte[][] blocked = unreadable.isEmpty() ? null : firstUnreadable(from, to, reverse);
        // An open-ended view finds its first entry with one descent of the tree (a bounded one takes two); the bound
        // is checked entry by entry below. Most reads find none of the transaction's writes in their range.
        NavigableMap<byte[], Entry> sub = reverse ? entries.headMap(to, false).descendingMap()
                : entries.tailMap(from, true);
        Iterator<Map.Entry<byte[], Entry>> mine = sub.entrySet().iterator();
        KeyValue s = nextVisible(store);
        Map.Entry<byte[], Entry> w = nextMine(mine, from, to, reverse);
        while (out.size() < limit && (s != null || w != null)) {
            int c;
            if (s == null) {
                c = 1;
            } else if (w == null) {
                c = -1;
            } else {
                c = Keys.compare(s.getKey(), w.getKey());
                if (reverse) {
                    c = -c;
                }
            }
            if (blocked != null) {
                byte[] next = c < 0 ? s.getKey() : w.getKey();
                if (reverse ? Keys.compare(next, blocked[1]) < 0 : Keys.compare(next, blocked[0]) >= 0) {
                    throw unreadableError();
                }
            }
            if (c < 0) {
                out.add(s);
                s = nextVisible(store);
            } else {
                byte[] base = c == 0 ? s.getValue() : null;
                byte[] value = w.getValue().resolve(base);
                if (value != null) {
                    out.add(new KeyValue(w.getKey(), value));
                }
                if (c == 0) {
                    s = nextVisible(store);
                }
                w = nextMine(mine, from, to, reverse);
            }
        }
        if (blocked != null && out.size() < limit) {
            throw unreadableError();
        }
        return out;
    }

    /** The next of the transaction's entries in [from, to), or null past the range's far end. */
    private static Map.Entry<byte[], Entry> nextMine(Iterator<Map.Entry<byte[], Entry>> mine, byte[] from, byte[] to,
                                                     boolean reverse) {
        if (!mine.hasNext()) {
            return null;
        }
        Map.Entry<byte[], Entry> e = mine.next();
        boolean inside = reverse ? Keys.compare(e.getKey(), from) >= 0 : Keys.compare(e.getKey(), to) < 0;
        return inside ? e : null;
    }

    /** The first range of [from, to), in the direction of the read, where a versionstamped key may land. */
    private byte[][] firstUnreadable(byte[] from, byte[] to, boolean reverse) {
        byte[][] all = unreadable.toArray();
        byte[][] found = null;
        for (int i = 0; i < all.length; i += 2) {
            byte[] b = Keys.max(all[i], from);
            byte[] e = Keys.min(all[i + 1], to);
            if (Keys.compare(b, e) < 0 && (found == null || reverse)) {
                found = new byte[][] {b, e};
            }
        }
        return found;
    }

    /** Throws 1036 if {@code key} is where one of the transaction's versionstamped keys may land. */
    void checkReadable(byte[] key) {
        if (!unreadable.isEmpty() && unreadable.contains(key)) {
            throw unreadableError();
        }
    }

    private static RuntimeException unreadableError() {
        return FdbError.ACCESSED_UNREADABLE.exception("the range holds a key this transaction set with a versionstamp");
    }

    /**
     * The parts of [begin, end) whose values this transaction decided (set, cleared, or cleared by range), as
     * flattened begin/end pairs of what remains: keys with atomic operations on unread values count as unwritten.
     */
    List<byte[]> unwritten(byte[] begin, byte[] end) {
        List<byte[]> out = new ArrayList<>();
        byte[] at = begin;
        while (Keys.compare(at, end) < 0) {
            byte[][] clearedHere = cleared.rangeContaining(at);
            if (clearedHere != null) {
                at = Keys.min(clearedHere[1], end);
                continue;
            }
            Map.Entry<byte[], Entry> e = entries.ceilingEntry(at);
            while (e != null && !e.getValue().isDecided() && Keys.compare(e.getKey(), end) < 0) {
                e = entries.higherEntry(e.getKey());
            }
            byte[] nextWritten = e == null ? end : Keys.min(e.getKey(), end);
            byte[] nextCleared = cleared.nextBegin(at, end);
            byte[] stop = Keys.min(nextWritten, nextCleared);
            if (Keys.compare(at, stop) < 0) {
                out.add(at);
                out.add(stop);
            }
            if (Keys.compare(stop, end) >= 0) {
                break;
            }
            at = stop.equals(nextWritten) && Keys.compare(nextWritten, nextCleared) < 0 ? Keys.keyAfter(stop) : stop;
        }
        return out;
    }

    /** The next store key-value not hidden by a range this transaction cleared (its own writes come separately). */
    private KeyValue nextVisible(Iterator<KeyValue> store) {
        while (store.hasNext()) {
            KeyValue kv = store.next();
            if (!cleared.contains(kv.getKey())) {
                return kv;
            }
        }
        return null;
    }
}
