package io.relationshiplayer.fdb.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Trimming keeps exactly what reads at or above the horizon can see, and drops the rest. */
class VersionedStoreTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] value(long v) {
        return bytes("v" + v);
    }

    @Test
    void aHotKeyKeepsEveryVersionAReadAtOrAboveTheHorizonSees() {
        VersionedStore store = new VersionedStore();
        byte[] key = bytes("counter");
        for (long v = 1; v <= 1_000; v++) {
            store.put(key, value(v), v);
        }
        store.trim(500);
        for (long read = 500; read <= 1_000; read++) {
            assertArrayEquals(value(read), store.get(key, read), "read at " + read);
        }
        assertFalse(store.readable(499));
        assertTrue(store.readable(500));
        // versions below the horizon are gone: nothing older than version 500 is left to see
        assertNull(store.get(key, 499));
    }

    @Test
    void aKeyClearedBelowTheHorizonLeavesTheMapAndOneRewrittenAboveItStays() {
        VersionedStore store = new VersionedStore();
        byte[] gone = bytes("a");
        byte[] back = bytes("b");
        store.put(gone, value(1), 10);
        store.put(gone, null, 20);
        store.put(back, value(1), 10);
        store.put(back, null, 20);
        store.put(back, value(2), 40);
        store.trim(30);
        assertFalse(store.range(bytes("a"), bytes("b"), 100, false).hasNext(), "the cleared key is dropped");
        assertNull(store.get(back, 30));
        assertArrayEquals(value(2), store.get(back, 40));
        assertNull(store.latest(gone));
    }

    @Test
    void aKeyWrittenTwiceAtOneVersionKeepsTheLastWriteAndItsOlderVersion() {
        VersionedStore store = new VersionedStore();
        byte[] key = bytes("k");
        store.put(key, value(1), 5);
        store.put(key, value(2), 7);
        store.put(key, value(3), 7);
        store.trim(6);
        assertArrayEquals(value(1), store.get(key, 6));
        assertArrayEquals(value(3), store.get(key, 7));
        store.trim(7);
        assertArrayEquals(value(3), store.get(key, 7));
        assertNull(store.get(key, 6));
    }

    @Test
    void aRollbackGivesEveryKeyBackTheVersionItHadAtTheMark() {
        VersionedStore store = new VersionedStore();
        byte[] kept = bytes("a");
        byte[] cleared = bytes("b");
        byte[] created = bytes("c");
        byte[] rewritten = bytes("d");
        store.put(kept, value(1), 10);
        store.put(cleared, value(1), 10);
        store.put(rewritten, value(1), 10);
        int mark = store.mark();
        store.put(kept, value(2), 20);
        store.clearRange(bytes("b"), bytes("c"), 20);
        store.put(created, value(2), 21);
        store.put(rewritten, value(2), 21);
        store.put(rewritten, value(3), 21);
        store.put(rewritten, null, 22);
        store.rollback(mark);
        assertArrayEquals(value(1), store.latest(kept));
        assertArrayEquals(value(1), store.latest(cleared));
        assertArrayEquals(value(1), store.latest(rewritten));
        assertNull(store.latest(created));
        assertFalse(store.range(bytes("c"), bytes("d"), Long.MAX_VALUE, false).hasNext(), "the created key is gone");
        for (long read : new long[] {10, 21, 100}) {
            assertArrayEquals(value(1), store.get(kept, read), "read at " + read);
            assertArrayEquals(value(1), store.get(cleared, read), "read at " + read);
            assertArrayEquals(value(1), store.get(rewritten, read), "read at " + read);
        }
        // what comes after the rollback builds on the state of the mark, and trims as usual
        store.put(kept, value(4), 20);
        store.trim(20);
        assertArrayEquals(value(4), store.get(kept, 20));
        assertArrayEquals(value(1), store.get(rewritten, 20));
    }
}
