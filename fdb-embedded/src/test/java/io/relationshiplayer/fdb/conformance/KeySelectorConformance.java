package io.relationshiplayer.fdb.conformance;

import static com.apple.foundationdb.KeySelector.firstGreaterOrEqual;
import static com.apple.foundationdb.KeySelector.firstGreaterThan;
import static com.apple.foundationdb.KeySelector.lastLessOrEqual;
import static com.apple.foundationdb.KeySelector.lastLessThan;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Key selectors (developer guide, "Key selectors"): resolve to the last key less than (or equal to) the reference
 * key, then move by the offset; off the beginning of the database they resolve to the empty key, off the end to
 * {@code \xFF}. The data is {@code s/b .. s/f} between two fences {@code s.} and {@code s0}, the only other keys
 * under the test prefix, so selectors that step out of the data land on a known key.
 */
public abstract class KeySelectorConformance extends ConformanceSupport {

    private byte[] s(String name) {
        return key("s/" + name);
    }

    private void commitData() {
        database().run(tr -> {
            tr.set(key("s."), utf8("low fence"));
            for (String k : List.of("b", "c", "d", "e", "f")) {
                tr.set(s(k), utf8(k.toUpperCase()));
            }
            tr.set(key("s0"), utf8("high fence"));
            return null;
        });
    }

    private String resolve(ReadTransaction tr, KeySelector selector) {
        return name(await(tr.getKey(selector)));
    }

    private List<String> keys(ReadTransaction tr, KeySelector begin, KeySelector end, int limit, boolean reverse) {
        return await(tr.getRange(begin, end, limit, reverse).asList()).stream().map(kv -> name(kv.getKey())).toList();
    }

    @Test
    void getKeyResolvesTheFourCommonForms() {
        commitData();
        database().read(tr -> {
            assertAll(
                    () -> assertEquals("s/b", resolve(tr, firstGreaterOrEqual(s("b")))),
                    () -> assertEquals("s/c", resolve(tr, firstGreaterOrEqual(s("bb"))), "reference key absent"),
                    () -> assertEquals("s/c", resolve(tr, firstGreaterThan(s("b")))),
                    () -> assertEquals("s/b", resolve(tr, lastLessOrEqual(s("b")))),
                    () -> assertEquals("s/b", resolve(tr, lastLessOrEqual(s("bb")))),
                    () -> assertEquals("s/c", resolve(tr, lastLessThan(s("d")))),
                    () -> assertEquals("s/b", resolve(tr, firstGreaterOrEqual(key("s/")))),
                    () -> assertEquals("s/f", resolve(tr, lastLessThan(ByteArrayUtil.strinc(key("s/"))))),
                    () -> assertEquals("s.", resolve(tr, lastLessThan(s("b"))), "before the first key"),
                    () -> assertEquals("s0", resolve(tr, firstGreaterThan(s("f"))), "after the last key"));
            return null;
        });
    }

    @Test
    void getKeyAppliesOffsets() {
        commitData();
        database().read(tr -> {
            assertAll(
                    () -> assertEquals("s/d", resolve(tr, firstGreaterOrEqual(s("b")).add(2))),
                    () -> assertEquals("s/c", resolve(tr, lastLessOrEqual(s("e")).add(-2))),
                    () -> assertEquals("s/c", resolve(tr, firstGreaterThan(s("c")).add(-1))),
                    () -> assertEquals("s/b", resolve(tr, lastLessThan(s("b")).add(1))),
                    () -> assertEquals("s/d", resolve(tr, new KeySelector(s("d"), true, 0))),
                    () -> assertEquals("s/f", resolve(tr, new KeySelector(s("cc"), false, 3))),
                    () -> assertEquals("s0", resolve(tr, firstGreaterOrEqual(s("e")).add(2)), "past the last key"),
                    () -> assertEquals("s.", resolve(tr, lastLessOrEqual(s("c")).add(-2)), "before the first"));
            return null;
        });
    }

    @Test
    void getKeyOffTheEdgesOfTheDatabase() {
        HexFormat hex = HexFormat.of();
        database().read(tr -> {
            // Nothing is written below 0x10 or at 0xF0 and above (see ConformanceSupport).
            assertAll(
                    () -> assertEquals("", hex.formatHex(await(tr.getKey(lastLessThan(bytes(0x05)))))),
                    () -> assertEquals("", hex.formatHex(await(tr.getKey(lastLessOrEqual(bytes(0x05)).add(-3))))),
                    () -> assertEquals("ff", hex.formatHex(await(tr.getKey(firstGreaterOrEqual(bytes(0xF0)))))),
                    () -> assertEquals("ff", hex.formatHex(await(tr.getKey(firstGreaterThan(bytes(0xF0)).add(3))))));
            return null;
        });
    }

    @Test
    void selectorsAsRangeBounds() {
        commitData();
        database().read(tr -> {
            assertAll(
                    () -> assertEquals(List.of("s/c", "s/d"),
                            keys(tr, firstGreaterThan(s("b")), firstGreaterOrEqual(s("e")), 0, false)),
                    () -> assertEquals(List.of("s/c", "s/d", "s/e"),
                            keys(tr, lastLessOrEqual(s("c")), firstGreaterThan(s("e")), 0, false)),
                    () -> assertEquals(List.of("s.", "s/b", "s/c"),
                            keys(tr, lastLessThan(s("b")), firstGreaterOrEqual(s("d")), 0, false),
                            "begin before the first key"),
                    () -> assertEquals(List.of("s/e", "s/f", "s0"),
                            keys(tr, firstGreaterOrEqual(s("e")), firstGreaterThan(s("f")).add(1), 0, false),
                            "end after the last key"),
                    () -> assertEquals(List.of("s/c", "s/d"),
                            keys(tr, firstGreaterOrEqual(s("b")).add(1), firstGreaterOrEqual(s("b")).add(3), 0, false),
                            "offsets in both bounds"),
                    () -> assertEquals(List.of(),
                            keys(tr, firstGreaterOrEqual(s("e")), firstGreaterOrEqual(s("c")), 0, false),
                            "begin resolving after end gives an empty range"),
                    () -> assertEquals(List.of("s.", "s/b", "s/c"),
                            keys(tr, lastLessThan(s("b")), firstGreaterThan(s("f")).add(1), 3, false),
                            "forward with a limit"));
            return null;
        });
    }

    @Test
    void selectorsAsReverseRangeBoundsWithLimits() {
        commitData();
        database().read(tr -> {
            assertAll(
                    () -> assertEquals(List.of("s/e", "s/d"),
                            keys(tr, firstGreaterOrEqual(s("b")), firstGreaterOrEqual(s("f")), 2, true)),
                    () -> assertEquals(List.of("s/f", "s/e", "s/d"),
                            keys(tr, lastLessThan(s("b")), firstGreaterThan(s("f")), 3, true),
                            "end resolves to the fence after the last key, exclusive"),
                    () -> assertEquals(List.of("s0", "s/f"),
                            keys(tr, lastLessThan(s("b")), firstGreaterThan(s("f")).add(1), 2, true),
                            "reverse from past the last key"),
                    () -> assertEquals(List.of("s/b", "s."),
                            keys(tr, lastLessThan(s("b")), firstGreaterOrEqual(s("c")), 5, true),
                            "reverse down to before the first key"));
            return null;
        });
    }

    @Test
    void selectorsSeeTheTransactionsOwnWrites() {
        commitData();
        try (Transaction tr = begin()) {
            tr.clear(s("c"));
            tr.set(s("cc"), utf8("CC"));
            tr.clear(s("e"), s("f\0"));
            assertAll(
                    () -> assertEquals("s/cc", resolve(tr, firstGreaterThan(s("b")))),
                    () -> assertEquals("s/cc", resolve(tr, firstGreaterOrEqual(s("b")).add(1))),
                    () -> assertEquals("s/cc", resolve(tr, lastLessThan(s("d")))),
                    () -> assertEquals("s0", resolve(tr, firstGreaterThan(s("d"))), "cleared keys are skipped"),
                    () -> assertEquals("s/d", resolve(tr, lastLessThan(ByteArrayUtil.strinc(key("s/"))))),
                    () -> assertEquals(List.of("s/b", "s/cc", "s/d", "s0"),
                            keys(tr, firstGreaterOrEqual(s("b")), firstGreaterThan(key("s0")), 0, false)),
                    () -> assertEquals(List.of("s/d", "s/cc"),
                            keys(tr, firstGreaterOrEqual(s("b")), firstGreaterThan(s("f")), 2, true)));
        }
    }
}
