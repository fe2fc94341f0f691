package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The committer's B+ tree against a sorted map, on keys with long shared prefixes, some a prefix of others: puts, conditional puts and removes at random places and in ascending
 * runs (leaves and inner nodes split both ways, empty leaves go), point reads, and ranges both ways with random
 * bounds, blocks of keys removed; readers see the last publish however the writer changes its tree afterwards, and a discard goes back to it.
 */
class KeyTreeTest {

    @Test
    void readsMatchASortedMapAndReadersSeeOnlyWhatWasPublished() {
        Random random = new Random(3);
        KeyTree<Integer> tree = new KeyTree<>();
        TreeMap<String, Integer> working = new TreeMap<>();
        TreeMap<String, Integer> published = new TreeMap<>();
        KeyTree.Cursor<Integer> held = tree.range(bytes(""), bytes("~"), false);
        TreeMap<String, Integer> heldModel = new TreeMap<>();
        int space = 20_000;
        for (int round = 0; round < 60; round++) {
            int ops = random.nextInt(15_000);
            int run = random.nextInt(space);
            for (int op = 0; op < ops; op++) {
                // half of the rounds write mostly ascending keys, as a table's rows are appended
                String k = round % 2 == 0 ? name(random.nextInt(space)) : name(Math.min(space - 1, run++));
                int v = random.nextInt(1_000_000);
                switch (random.nextInt(round % 3 == 2 ? 3 : 5)) {
                    case 0 -> {
                        Integer before = tree.latest(bytes(k));
                        assertThat(before).isEqualTo(working.get(k));
                        if (before != null) {
                            assertThat(tree.remove(bytes(k), Integer.valueOf(before + 1))).isFalse();
                            assertThat(tree.remove(bytes(k), before)).isTrue();
                            working.remove(k);
                        } else {
                            assertThat(tree.remove(bytes(k), 5)).isFalse();
                        }
                    }
                    case 1 -> assertThat(tree.putIfAbsent(bytes(k), v)).isEqualTo(working.putIfAbsent(k, v));
                    default -> assertThat(tree.put(bytes(k), v)).isEqualTo(working.put(k, v));
                }
            }
            if (round % 10 == 9) {
                // most keys of a block removed, in stripes: whole leaves, and inner nodes, are left empty and go
                int from = random.nextInt(space);
                int stripe = 20 + random.nextInt(100);
                int j = 0;
                for (String k : new ArrayList<>(working.tailMap(name(from)).keySet())) {
                    if (j++ > space / 4) {
                        break;
                    }
                    if (j / stripe % 3 == 0) {
                        continue; // stripes of keys stay between the removed ones
                    }
                    Integer stored = tree.latest(bytes(k)); // remove compares identity: the tree's own object
                    assertThat(stored).isEqualTo(working.remove(k));
                    assertThat(tree.remove(bytes(k), stored)).isTrue();
                }
            }
            String where = "round " + round;
            for (int i = 0; i < 200; i++) {
                String k = name(random.nextInt(space));
                assertThat(tree.latest(bytes(k))).as(where).isEqualTo(working.get(k));
                assertThat(tree.get(bytes(k))).as(where + " published").isEqualTo(published.get(k));
            }
            checkRanges(random, where + " published", tree, published, space);
            checkWorking(tree, working, where);
            if (round % 5 == 4) {
                tree.discard();
                working = new TreeMap<>(published);
                checkWorking(tree, working, where + " after a discard");
            } else {
                tree.publish();
                published = new TreeMap<>(working);
            }
            checkRanges(random, where, tree, published, space);
            if (round % 7 == 0) {
                // a cursor opened before later rounds' writes still reads the tree it was opened on
                List<String> read = new ArrayList<>();
                while (held.next()) {
                    read.add(new String(held.key(), StandardCharsets.UTF_8) + "=" + held.value());
                }
                assertThat(read).as(where + " held cursor").isEqualTo(entries(heldModel));
                held = tree.range(bytes(""), bytes("~"), false);
                heldModel = new TreeMap<>(published);
            }
        }
    }

    private static void checkWorking(KeyTree<Integer> tree, TreeMap<String, Integer> working, String where) {
        List<String> got = new ArrayList<>();
        for (KeyTree.Cursor<Integer> c = tree.workingRange(bytes(""), bytes("~")); c.next(); ) {
            got.add(new String(c.key(), StandardCharsets.UTF_8) + "=" + c.value());
        }
        assertThat(got).as(where + " working").isEqualTo(entries(working));
    }

    private static void checkRanges(Random random, String where, KeyTree<Integer> tree, TreeMap<String, Integer> model,
                                    int space) {
        for (int i = 0; i < 40; i++) {
            // bounds between keys, on keys, and past either end
            String a = random.nextInt(10) == 0 ? "" : name(random.nextInt(space + 2) - 1) + (random.nextBoolean() ? "" : "5");
            String b = random.nextInt(10) == 0 ? "~" : name(random.nextInt(space + 2) - 1) + (random.nextBoolean() ? "" : "5");
            boolean reverse = random.nextBoolean();
            List<String> got = new ArrayList<>();
            for (KeyTree.Cursor<Integer> c = tree.range(bytes(a), bytes(b), reverse); c.next(); ) {
                got.add(new String(c.key(), StandardCharsets.UTF_8) + "=" + c.value());
            }
            NavigableMap<String, Integer> want = a.compareTo(b) >= 0 ? new TreeMap<>() : model.subMap(a, true, b, false);
            assertThat(got).as(where + " [" + a + ", " + b + ")" + (reverse ? " reverse" : ""))
                    .isEqualTo(entries(reverse ? want.descendingMap() : want));
        }
    }

    private static List<String> entries(NavigableMap<String, Integer> m) {
        List<String> out = new ArrayList<>();
        m.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }

    /**
     * Key {@code i}: keys share long prefixes (two of them, as two subspaces), and every other key is its neighbour
     * followed by a zero byte (the same 8 bytes after the prefix when zero-padded).
     */
    private static String name(int i) {
        if (i < 0) {
            return "";
        }
        String prefix = i / 2 % 10 == 0 ? "/a/" : "/a/records/of/a/table/";
        return prefix + String.format("%05d", i / 2) + (i % 2 == 1 ? "\0" : "");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
