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
        List<byte[][]> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] b = pairs.get(2 * i);
            byte[] e = pairs.get(2 * i + 1);
            if (Keys.compare(b, e) < 0) {
                list.add(new byte[][] {b, e});
            }
        }
        list.sort((x, y) -> Keys.compare(x[0], y[0]));
        List<byte[]> merged = new ArrayList<>(list.size() * 2);
        for (byte[][] r : list) {
            int last = merged.size() - 1;
            if (last > 0 && Keys.compare(r[0], merged.get(last)) <= 0) {
                merged.set(last, Keys.max(merged.get(last), r[1]));
            } else {
                merged.add(r[0]);
                merged.add(r[1]);
            }
        }
        return merged.toArray(new byte[0][]);
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
