package io.relationshiplayer.fdb.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A set of half-open key ranges [begin, end), kept disjoint and merged. Not thread-safe. */
final class KeyRanges {
    private final TreeMap<byte[], byte[]> ranges = new TreeMap<>(Keys.ORDER);

    boolean isEmpty() {
        return ranges.isEmpty();
    }

    void clear() {
        ranges.clear();
    }

    void add(byte[] begin, byte[] end) {
        if (Keys.compare(begin, end) >= 0) {
            return;
        }
        Map.Entry<byte[], byte[]> before = ranges.floorEntry(begin);
        if (before != null && Keys.compare(before.getValue(), begin) >= 0) {
            begin = before.getKey();
            end = Keys.max(end, before.getValue());
        }
        Map.Entry<byte[], byte[]> next = ranges.ceilingEntry(begin);
        while (next != null && Keys.compare(next.getKey(), end) <= 0) {
            end = Keys.max(end, next.getValue());
            ranges.remove(next.getKey());
            next = ranges.higherEntry(begin);
        }
        ranges.put(begin, end);
    }

    boolean contains(byte[] key) {
        Map.Entry<byte[], byte[]> e = ranges.floorEntry(key);
        return e != null && Keys.compare(key, e.getValue()) < 0;
    }

    /** Whether one range holds all of [begin, end) (ranges are merged when they touch). */
    boolean covers(byte[] begin, byte[] end) {
        Map.Entry<byte[], byte[]> e = ranges.floorEntry(begin);
        return e != null && Keys.compare(begin, e.getValue()) < 0 && Keys.compare(end, e.getValue()) <= 0;
    }

    /** The range containing {@code key}, or null. */
    byte[][] rangeContaining(byte[] key) {
        Map.Entry<byte[], byte[]> e = ranges.floorEntry(key);
        return e != null && Keys.compare(key, e.getValue()) < 0 ? new byte[][] {e.getKey(), e.getValue()} : null;
    }

    /** The begin of the first range starting after {@code key}, or {@code limit} if none starts before it. */
    byte[] nextBegin(byte[] key, byte[] limit) {
        byte[] next = ranges.higherKey(key);
        return next == null ? limit : Keys.min(next, limit);
    }

    /** Flattened begin/end pairs in key order. */
    byte[][] toArray() {
        byte[][] out = new byte[ranges.size() * 2][];
        int i = 0;
        for (Map.Entry<byte[], byte[]> e : ranges.entrySet()) {
            out[i++] = e.getKey();
            out[i++] = e.getValue();
        }
        return out;
    }

    long byteSize() {
        long size = 0;
        for (Map.Entry<byte[], byte[]> e : ranges.entrySet()) {
            size += e.getKey().length + e.getValue().length;
        }
        return size;
    }

    /** Sorts and merges flattened, possibly overlapping begin/end pairs. */
    static byte[][] normalize(List<byte[]> pairs) {
        int n = pairs.size() / 2;
        byte[][] begins = new byte[n][];
        byte[][] ends = new byte[n][];
        int m = 0;
        for (int i = 0; i < n; i++) {
            byte[] b = pairs.get(2 * i);
            byte[] e = pairs.get(2 * i + 1);
            if (Keys.compare(b, e) < 0) {
                begins[m] = b;
                ends[m] = e;
                m++;
            }
        }
        int[] order = order(begins, m);
        List<byte[]> merged = new ArrayList<>(m * 2);
        for (int k = 0; k < m; k++) {
            byte[] b = begins[order[k]];
            byte[] e = ends[order[k]];
            int last = merged.size() - 1;
            if (last > 0 && Keys.compare(b, merged.get(last)) <= 0) {
                merged.set(last, Keys.max(merged.get(last), e));
            } else {
                merged.add(b);
                merged.add(e);
            }
        }
        return merged.toArray(new byte[0][]);
    }

    /**
     * The indexes of {@code keys[0..m)} in key order. Keys mostly share a long prefix (a subspace's): they are sorted
     * as numbers by the 6 bytes after the prefix all share, each with its place in the low 16 bits; keys whose 6 bytes
     * are equal are sorted again the same way, past their longer shared prefix. No comparator call, and no walk of the
     * shared prefix, per comparison.
     */
    static int[] order(byte[][] keys, int m) {
        int[] idx = new int[m];
        for (int i = 0; i < m; i++) {
            idx[i] = i;
        }
        sort(keys, idx, 0, m, -1);
        return idx;
    }

    private static final int SMALL = 8;

    /** Sorts {@code idx[from..to)} by their keys, which share more than {@code shortestShared} leading bytes. */
    private static void sort(byte[][] keys, int[] idx, int from, int to, int shortestShared) {
        int m = to - from;
        if (m < 2) {
            return;
        }
        if (m <= SMALL || m > 1 << 16) {
            compareSort(keys, idx, from, to);
            return;
        }
        byte[] first = keys[idx[from]];
        int shared = first.length;
        for (int i = from + 1; i < to && shared > 0; i++) {
            byte[] k = keys[idx[i]];
            int d = java.util.Arrays.mismatch(first, 0, shared, k, 0, Math.min(shared, k.length));
            shared = d >= 0 ? d : Math.min(shared, k.length);
        }
        if (shared <= shortestShared) {
            // keys that differ only in their length past the padding: whole comparisons
            compareSort(keys, idx, from, to);
            return;
        }
        long[] packed = new long[m];
        for (int p = 0; p < m; p++) {
            byte[] k = keys[idx[from + p]];
            long head = 0;
            for (int j = shared; j < shared + 6; j++) {
                head = head << 8 | (j < k.length ? k[j] & 0xff : 0);
            }
            // the signed order of (head << 16 | p) ^ MIN_VALUE is the unsigned order of the head, then of p
            packed[p] = (head << 16 | p) ^ Long.MIN_VALUE;
        }
        java.util.Arrays.sort(packed);
        int[] before = java.util.Arrays.copyOfRange(idx, from, to);
        for (int p = 0; p < m; p++) {
            idx[from + p] = before[(int) (packed[p] & 0xffff)];
        }
        for (int p = 0; p < m; ) {
            int q = p + 1;
            while (q < m && (packed[q] >>> 16) == (packed[p] >>> 16)) {
                q++;
            }
            if (q - p > 1) {
                sort(keys, idx, from + p, from + q, shared);
            }
            p = q;
        }
    }

    private static void compareSort(byte[][] keys, int[] idx, int from, int to) {
        if (to - from <= SMALL) {
            for (int a = from + 1; a < to; a++) {
                int x = idx[a];
                int b = a - 1;
                while (b >= from && Keys.compare(keys[idx[b]], keys[x]) > 0) {
                    idx[b + 1] = idx[b];
                    b--;
                }
                idx[b + 1] = x;
            }
            return;
        }
        Integer[] boxed = new Integer[to - from];
        for (int i = from; i < to; i++) {
            boxed[i - from] = idx[i];
        }
        java.util.Arrays.sort(boxed, (x, y) -> Keys.compare(keys[x], keys[y]));
        for (int i = from; i < to; i++) {
            idx[i] = boxed[i - from];
        }
    }

    /** Whether two normalized flattened range lists share a key. */
    static boolean intersect(byte[][] a, byte[][] b) {
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (Keys.compare(a[i + 1], b[j]) <= 0) {
                i += 2;
            } else if (Keys.compare(b[j + 1], a[i]) <= 0) {
                j += 2;
            } else {
                return true;
            }
        }
        return false;
    }
}
