package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.tuple.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The committer's B+ tree on the keys a foreign-key table writes (tuple-encoded record keys of a subspace, and index
 * entries parent then child), batch after batch, each batch in random or key order and published: every key then
 * reads back, and a scan of the whole tree is the model's entries in order.
 */
class KeyTreeTupleKeysTest {

    @Test
    void tupleKeysInShuffledBatches() {
        for (int seed = 0; seed < 60; seed++) {
            run(seed);
        }
    }

    private static void run(int seed) {
        Random random = new Random(seed);
        KeyTree<Integer> tree = new KeyTree<>();
        TreeMap<byte[], Integer> model = new TreeMap<>(Keys.ORDER);
        byte[] prefix = Tuple.from("rl", "databases", "bench", "records").pack();
        List<byte[]> all = new ArrayList<>();
        int parents = 400;
        for (long id = 1; id <= parents; id++) {
            all.add(concat(prefix, Tuple.from(1L, 1L, id, 0L).pack()));
        }
        int n = 4000;
        int batch = 500;
        int value = 0;
        for (byte[] k : all) {
            tree.put(k, value);
            model.put(k, value++);
        }
        tree.publish();
        for (int from = 1; from <= n; from += batch) {
            List<byte[]> keys = new ArrayList<>();
            for (long id = from; id < from + batch && id <= n; id++) {
                long parent = 1 + random.nextInt(parents);
                keys.add(concat(prefix, Tuple.from(1L, 2L, id, 0L).pack()));
                keys.add(concat(prefix, Tuple.from(2L, "children_parent_fkey", parent, id).pack()));
            }
            if (random.nextBoolean()) {
                Collections.shuffle(keys, random);
            } else {
                keys.sort(Keys.ORDER);
            }
            for (byte[] k : keys) {
                if (random.nextBoolean()) {
                    assertThat(tree.putIfAbsent(k, value)).isEqualTo(model.putIfAbsent(k, value));
                } else {
                    assertThat(tree.put(k, value)).isEqualTo(model.put(k, value));
                }
                value++;
            }
            tree.publish();
        }
        for (Map.Entry<byte[], Integer> e : model.entrySet()) {
            assertThat(tree.get(e.getKey())).as("seed " + seed + " " + Tuple.fromBytes(e.getKey(), prefix.length,
                    e.getKey().length - prefix.length)).isEqualTo(e.getValue());
        }
        List<Integer> got = new ArrayList<>();
        for (KeyTree.Cursor<Integer> c = tree.range(new byte[0], new byte[] {(byte) 0xff}, false); c.next(); ) {
            got.add(c.value());
        }
        assertThat(got).as("seed " + seed).isEqualTo(new ArrayList<>(model.values()));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
