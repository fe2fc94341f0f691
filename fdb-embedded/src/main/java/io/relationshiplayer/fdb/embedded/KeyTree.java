package io.relationshiplayer.fdb.embedded;

import io.relationshiplayer.fdb.embedded.KeyNode.Inner;
import io.relationshiplayer.fdb.embedded.KeyNode.Leaf;

/**
 * An ordered map of byte-string keys (FoundationDB's order) with one writer and readers that never lock: a B+ tree
 * whose readers see the state of the last {@link #publish}, while the writer changes a working copy of it.
 *
 * <p>A published node is never changed again: the writer copies a node the first time it changes it after a publish,
 * and changes its copy in place until the next publish. Readers take the published root and walk an immutable tree; the
 * writer's unpublished changes can be dropped at once ({@link #discard}). Against a skip list, a key's place is found
 * in a few nodes of up to {@value KeyNode#MAX} sorted keys each, not along a chain of scattered nodes, and within a
 * node mostly by the 8 bytes after the prefix its keys share ({@link KeyNode}): far fewer cache misses when keys are
 * inserted at random places, as a secondary index's are. Empty leaves are removed; nodes are not merged.
 *
 * @param <V> the values
 */
final class KeyTree<V> {
    private static final int MAX = KeyNode.MAX;

    /** The writer's tree. */
    private KeyNode working = new Leaf(0);
    /** What readers see. */
    private volatile KeyNode published = working;
    /** Nodes of this epoch are the writer's own; every published node is older. */
    private long epoch = 1;
    // what the last insert found or made (writer only)
    private Object previous;
    private KeyNode splitNode;
    private byte[] splitKey;

    /** Makes the writer's changes visible to readers; later changes copy what they change. Writer only. */
    void publish() {
        published = working;
        epoch++;
    }

    /** Drops the writer's changes since the last publish. Writer only. */
    void discard() {
        working = published;
        epoch++;
    }

    /** The published value of {@code key}, or null. */
    V get(byte[] key) {
        return find(published, key);
    }

    /** The writer's value of {@code key}, published or not, or null. Writer only. */
    V latest(byte[] key) {
        return find(working, key);
    }

    @SuppressWarnings("unchecked")
    private V find(KeyNode node, byte[] key) {
        while (node instanceof Inner in) {
            node = in.kids[in.child(key)];
        }
        Leaf leaf = (Leaf) node;
        int i = leaf.search(key);
        return i >= 0 ? (V) leaf.values[i] : null;
    }

    /** Sets {@code key} to {@code value}; returns the value it had, or null. Writer only. */
    V put(byte[] key, V value) {
        return put(key, value, false);
    }

    /** Sets {@code key} to {@code value} unless it has a value; returns that value, or null. Writer only. */
    V putIfAbsent(byte[] key, V value) {
        return put(key, value, true);
    }

    @SuppressWarnings("unchecked")
    private V put(byte[] key, V value, boolean ifAbsent) {
        previous = null;
        KeyNode root = own(working);
        if (insert(root, key, value, ifAbsent)) {
            Inner top = new Inner(epoch);
            top.kids[0] = root;
            top.kids[1] = splitNode;
            top.n = 2;
            top.setKey(0, splitKey);
            root = top;
        }
        working = root;
        splitNode = null;
        splitKey = null;
        return (V) previous;
    }

    /** {@code node} if the writer may change it in place, else its copy. */
    private KeyNode own(KeyNode node) {
        return node.epoch == epoch ? node : node.copy(epoch);
    }

    /** Inserts into {@code node} (the writer's own); true if it split ({@link #splitNode} right of it). */
    private boolean insert(KeyNode node, byte[] key, Object value, boolean ifAbsent) {
        if (node instanceof Leaf leaf) {
            int i = leaf.search(key);
            if (i >= 0) {
                previous = leaf.values[i];
                if (!ifAbsent || previous == null) {
                    leaf.values[i] = value;
                }
                return false;
            }
            i = -i - 1;
            if (leaf.n < MAX) {
                leaf.insertAt(i, key, value);
                return false;
            }
            // A key appended at the end starts a new leaf (keys written in ascending order fill their leaves).
            int at = i == MAX ? MAX : MAX / 2;
            Leaf right = new Leaf(epoch);
            right.n = MAX - at;
            System.arraycopy(leaf.keys, at, right.keys, 0, right.n);
            System.arraycopy(leaf.values, at, right.values, 0, right.n);
            right.rebuild();
            java.util.Arrays.fill(leaf.keys, at, MAX, null);
            java.util.Arrays.fill(leaf.values, at, MAX, null);
            leaf.n = at;
            if (i <= at && i < MAX) {
                leaf.insertAt(i, key, value);
            } else {
                right.insertAt(i - at, key, value);
            }
            splitNode = right;
            splitKey = right.keys[0];
            return true;
        }
        Inner in = (Inner) node;
        int c = in.child(key);
        KeyNode child = own(in.kids[c]);
        in.kids[c] = child;
        if (!insert(child, key, value, ifAbsent)) {
            return false;
        }
        return addKid(in, c + 1, splitKey, splitNode);
    }

    /** Adds {@code kid} at {@code c} of {@code in}, {@code low} its lowest key; true if {@code in} split. */
    private boolean addKid(Inner in, int c, byte[] low, KeyNode kid) {
        if (in.n < MAX) {
            in.moveKeys(c - 1, c, in.n - c);
            System.arraycopy(in.kids, c, in.kids, c + 1, in.n - c);
            in.kids[c] = kid;
            in.n++;
            in.setKey(c - 1, low);
            return false;
        }
        // Full: the children and separators as if it had room, then split them.
        KeyNode[] kids = new KeyNode[MAX + 1];
        byte[][] seps = new byte[MAX][];
        System.arraycopy(in.kids, 0, kids, 0, c);
        kids[c] = kid;
        System.arraycopy(in.kids, c, kids, c + 1, MAX - c);
        System.arraycopy(in.keys, 0, seps, 0, c - 1);
        seps[c - 1] = low;
        System.arraycopy(in.keys, c - 1, seps, c, MAX - c);
        int left = c == MAX ? MAX : (MAX + 1) / 2;
        Inner right = new Inner(epoch);
        right.n = MAX + 1 - left;
        System.arraycopy(kids, left, right.kids, 0, right.n);
        System.arraycopy(seps, left, right.keys, 0, right.n - 1);
        java.util.Arrays.fill(in.kids, null);
        java.util.Arrays.fill(in.keys, null);
        System.arraycopy(kids, 0, in.kids, 0, left);
        System.arraycopy(seps, 0, in.keys, 0, left - 1);
        in.n = left;
        in.rebuild();
        right.rebuild();
        splitNode = right;
        splitKey = seps[left - 1];
        return true;
    }

    /** Removes {@code key} if its value is {@code expected} (the same object); returns whether it did. Writer only. */
    boolean remove(byte[] key, V expected) {
        if (expected == null || latest(key) != expected) {
            return false;
        }
        KeyNode root = own(working);
        if (delete(root, key)) {
            root = new Leaf(epoch);
        }
        while (root instanceof Inner in && in.n == 1) {
            root = in.kids[0];
        }
        working = root;
        return true;
    }

    /** Deletes {@code key} (present) under {@code node} (the writer's own); true if the node is left empty. */
    private boolean delete(KeyNode node, byte[] key) {
        if (node instanceof Leaf leaf) {
            leaf.removeAt(leaf.search(key));
            return leaf.n == 0;
        }
        Inner in = (Inner) node;
        int c = in.child(key);
        KeyNode child = own(in.kids[c]);
        in.kids[c] = child;
        if (!delete(child, key)) {
            return false;
        }
        in.removeKid(c);
        return in.n == 0;
    }

    /** The published entries in [begin, end), ascending or descending. */
    Cursor<V> range(byte[] begin, byte[] end, boolean reverse) {
        return new Cursor<>(published, begin, end, reverse);
    }

    /** The writer's entries in [begin, end), ascending; the writer must not change the tree while it reads them. */
    Cursor<V> workingRange(byte[] begin, byte[] end) {
        return new Cursor<>(working, begin, end, false);
    }

    /** Entries of one tree, one at a time: {@link #next} then {@link #key} and {@link #value}. */
    static final class Cursor<V> {
        private final Inner[] path;
        private final int[] at;
        private final byte[] begin;
        private final byte[] end;
        private final boolean reverse;
        private KeyNode leaf;
        private int pos;
        private byte[] key;
        private Object value;
        private boolean done;

        private Cursor(KeyNode root, byte[] begin, byte[] end, boolean reverse) {
            this.begin = begin;
            this.end = end;
            this.reverse = reverse;
            int depth = 0;
            for (KeyNode n = root; n instanceof Inner in; n = in.kids[0]) {
                depth++;
            }
            path = new Inner[depth];
            at = new int[depth];
            KeyNode node = root;
            for (int d = 0; d < depth; d++) {
                Inner in = (Inner) node;
                path[d] = in;
                at[d] = reverse ? in.childBelow(end) : in.child(begin);
                node = in.kids[at[d]];
            }
            leaf = node;
            int i = leaf.search(reverse ? end : begin);
            int first = i >= 0 ? i : -i - 1; // the first key at or after the bound
            pos = reverse ? first - 1 : first;
            done = Keys.compare(begin, end) >= 0;
        }

        /** Moves to the next entry; false past the last. */
        boolean next() {
            if (done) {
                return false;
            }
            while (reverse ? pos < 0 : pos >= leaf.n) {
                if (!nextLeaf()) {
                    return finish();
                }
            }
            byte[] k = leaf.keys[pos];
            if (reverse ? Keys.compare(k, begin) < 0 : Keys.compare(k, end) >= 0) {
                return finish();
            }
            key = k;
            value = ((Leaf) leaf).values[pos];
            pos += reverse ? -1 : 1;
            return true;
        }

        private boolean finish() {
            done = true;
            key = null;
            value = null;
            return false;
        }

        /** Steps to the neighbouring leaf in the cursor's direction; false at the tree's end. */
        private boolean nextLeaf() {
            int d = path.length - 1;
            while (d >= 0 && (reverse ? at[d] == 0 : at[d] + 1 >= path[d].n)) {
                d--;
            }
            if (d < 0) {
                return false;
            }
            at[d] += reverse ? -1 : 1;
            KeyNode node = path[d].kids[at[d]];
            for (d++; d < path.length; d++) {
                Inner in = (Inner) node;
                path[d] = in;
                at[d] = reverse ? in.n - 1 : 0;
                node = in.kids[at[d]];
            }
            leaf = node;
            pos = reverse ? leaf.n - 1 : 0;
            return true;
        }

        byte[] key() {
            return key;
        }

        @SuppressWarnings("unchecked")
        V value() {
            return (V) value;
        }
    }
}
