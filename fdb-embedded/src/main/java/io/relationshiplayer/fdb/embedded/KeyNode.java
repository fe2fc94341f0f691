package io.relationshiplayer.fdb.embedded;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A node of {@link KeyTree}: up to {@value #MAX} sorted keys, and beside each the 8 bytes that follow the prefix all of
 * the node's keys share (its "head", a long). A search compares heads, which lie side by side in one array, and reads
 * a key itself only where two heads are equal: keys sharing a long prefix (a subspace's) are told apart without a
 * cache miss for every key the binary search visits.
 */
abstract class KeyNode {
    /** Keys per leaf and children per inner node, at most. */
    static final int MAX = 64;
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** The writer's epoch that created the node: it may change the node in place only in that epoch. */
    final long epoch;
    /** Leaf: its keys; inner node: separators, keys[i] the lowest key of kids[i + 1]. */
    final byte[][] keys = new byte[MAX][];
    /** heads[i]: the 8 bytes of keys[i] from {@link #skip} on, big-endian, zero-padded. */
    final long[] heads = new long[MAX];
    /** Leaf: keys; inner node: children. */
    int n;
    /** Every key of the node starts with {@code base}'s first {@code skip} bytes; null with no key. */
    private byte[] base;
    private int skip;

    KeyNode(long epoch) {
        this.epoch = epoch;
    }

    abstract KeyNode copy(long epoch);

    /** How many keys: a leaf's n, an inner node's n - 1 separators. */
    abstract int count();

    void copyInto(KeyNode c, int keysToCopy) {
        System.arraycopy(keys, 0, c.keys, 0, keysToCopy);
        System.arraycopy(heads, 0, c.heads, 0, keysToCopy);
        c.n = n;
        c.base = base;
        c.skip = skip;
    }

    /** Sets keys[i] (the others in place already), keeping the heads right. */
    void setKey(int i, byte[] key) {
        keys[i] = key;
        if (base == null || common(key) < skip) {
            rebuild();
        } else {
            heads[i] = head(key, skip);
        }
    }

    /** Moves keys (and their heads) [from, from + len) to [to, to + len). */
    void moveKeys(int from, int to, int len) {
        System.arraycopy(keys, from, keys, to, len);
        System.arraycopy(heads, from, heads, to, len);
    }

    /** Recomputes the shared prefix and every head: the keys changed wholesale. */
    void rebuild() {
        int count = count();
        if (count == 0) {
            base = null;
            skip = 0;
            return;
        }
        base = keys[0];
        int m = Arrays.mismatch(base, keys[count - 1]); // sorted: the first and last share what all share
        skip = m < 0 ? base.length : m;
        for (int i = 0; i < count; i++) {
            heads[i] = head(keys[i], skip);
        }
    }

    /** How many of the node's shared prefix bytes {@code key} starts with (at most {@link #skip}). */
    private int common(byte[] key) {
        int m = Arrays.mismatch(key, 0, Math.min(key.length, skip), base, 0, skip);
        return m < 0 ? skip : m;
    }

    private static long head(byte[] key, int from) {
        if (from + 8 <= key.length) {
            return (long) LONG_BE.get(key, from);
        }
        long h = 0;
        for (int j = from; j < from + 8; j++) {
            h = h << 8 | (j < key.length ? key[j] & 0xff : 0);
        }
        return h;
    }

    /** How many keys are below {@code key} ({@code orEqual}: at or below it). */
    int rank(byte[] key, boolean orEqual) {
        int count = count();
        if (count == 0) {
            return 0;
        }
        int c = common(key);
        if (c < skip) {
            // it leaves the shared prefix: below every key or above every key
            boolean below = c == key.length || (key[c] & 0xff) < (base[c] & 0xff);
            return below ? 0 : count;
        }
        long h = head(key, skip);
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int cmp = Long.compareUnsigned(heads[mid], h);
            if (cmp == 0) {
                cmp = Keys.compare(keys[mid], key);
            }
            if (cmp < 0 || (orEqual && cmp == 0)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** A leaf's index of {@code key}, or -(insertion point) - 1. */
    int search(byte[] key) {
        int i = rank(key, false);
        boolean found = i < count() && heads[i] == (base == null ? 0 : head(key, skip)) && Arrays.equals(keys[i], key);
        return found ? i : -(i + 1);
    }

    static final class Leaf extends KeyNode {
        final Object[] values = new Object[MAX];

        Leaf(long epoch) {
            super(epoch);
        }

        @Override
        int count() {
            return n;
        }

        @Override
        Leaf copy(long epoch) {
            Leaf c = new Leaf(epoch);
            copyInto(c, n);
            System.arraycopy(values, 0, c.values, 0, n);
            return c;
        }

        void insertAt(int i, byte[] key, Object value) {
            moveKeys(i, i + 1, n - i);
            System.arraycopy(values, i, values, i + 1, n - i);
            values[i] = value;
            n++;
            setKey(i, key);
        }

        void removeAt(int i) {
            moveKeys(i + 1, i, n - i - 1);
            System.arraycopy(values, i + 1, values, i, n - i - 1);
            n--;
            keys[n] = null;
            values[n] = null;
        }
    }

    static final class Inner extends KeyNode {
        final KeyNode[] kids = new KeyNode[MAX];

        Inner(long epoch) {
            super(epoch);
        }

        @Override
        int count() {
            return Math.max(0, n - 1);
        }

        @Override
        Inner copy(long epoch) {
            Inner c = new Inner(epoch);
            copyInto(c, count());
            System.arraycopy(kids, 0, c.kids, 0, n);
            return c;
        }

        /** The child that holds {@code key}'s place: the number of separators at or below it. */
        int child(byte[] key) {
            return rank(key, true);
        }

        /** The child of the last key below {@code key}: the number of separators below it. */
        int childBelow(byte[] key) {
            return rank(key, false);
        }

        void removeKid(int c) {
            if (n > 1) {
                int sep = c > 0 ? c - 1 : 0;
                moveKeys(sep + 1, sep, n - 2 - sep);
                keys[n - 2] = null;
            }
            System.arraycopy(kids, c + 1, kids, c, n - c - 1);
            n--;
            kids[n] = null;
        }
    }
}
