package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Size estimates, split points, the approximate transaction size and watches (fdb-java 7.3 javadoc of
 * ReadTransaction.getEstimatedRangeSizeBytes / getRangeSplitPoints, Transaction.getApproximateSize and
 * Transaction.watch).
 */
public abstract class SizeAndWatchConformance extends ConformanceSupport {
    private static final int VALUES = 40;
    private static final int VALUE_SIZE = 50_000;
    private static final long WRITTEN = (long) VALUES * VALUE_SIZE;

    private byte[] rangeBegin() {
        return key("e/");
    }

    private byte[] rangeEnd() {
        return ByteArrayUtil.strinc(key("e/"));
    }

    private void writeTwoMegabytes() {
        database().run(tr -> {
            for (int i = 0; i < VALUES; i++) {
                tr.set(key(String.format("e/%03d", i)), filled(VALUE_SIZE, 'v'));
            }
            return null;
        });
    }

    /**
     * Reads until the answer satisfies {@code done} or a deadline passes, then returns the last answer. A real
     * cluster updates its storage byte sample shortly after a commit; the embedded engines answer at once.
     */
    private static <T> T eventually(Supplier<T> read, Predicate<T> done) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        T last = read.get();
        while (!done.test(last) && System.nanoTime() < deadline) {
            last = read.get();
        }
        return last;
    }

    @Test
    void estimatedRangeSizeGrowsWithData() {
        long before = database().read(tr -> await(tr.getEstimatedRangeSizeBytes(rangeBegin(), rangeEnd())));
        assertEquals(0, before, "an empty range is estimated at 0 bytes");
        writeTwoMegabytes();
        long after = eventually(
                () -> database().read(tr -> await(tr.getEstimatedRangeSizeBytes(rangeBegin(), rangeEnd()))),
                size -> size >= WRITTEN / 2);
        assertTrue(after >= WRITTEN / 2 && after <= WRITTEN * 2,
                "the estimate of " + WRITTEN + " bytes of 50 kB values is " + after);
    }

    @Test
    void rangeSplitPointsStartAtBeginEndAtEndAndAreSorted() {
        writeTwoMegabytes();
        HexFormat hex = HexFormat.of();
        List<byte[]> points = eventually(
                () -> database().read(tr -> await(tr.getRangeSplitPoints(rangeBegin(), rangeEnd(), 200_000)).getKeys()),
                keys -> keys.size() >= 3);
        List<String> shown = new ArrayList<>();
        points.forEach(p -> shown.add(name(p)));
        assertTrue(points.size() >= 3, "2 MB in chunks of 200 kB needs interior split points: " + shown);
        assertEquals(hex.formatHex(rangeBegin()), hex.formatHex(points.get(0)), "the first point is begin");
        assertEquals(hex.formatHex(rangeEnd()), hex.formatHex(points.get(points.size() - 1)), "the last is end");
        for (int i = 1; i < points.size(); i++) {
            assertTrue(ByteArrayUtil.compareUnsigned(points.get(i - 1), points.get(i)) < 0,
                    "split points must be strictly increasing: " + shown);
        }

        List<byte[]> whole = database().read(tr ->
                await(tr.getRangeSplitPoints(rangeBegin(), rangeEnd(), 100_000_000)).getKeys());
        List<String> wholeShown = new ArrayList<>();
        whole.forEach(p -> wholeShown.add(name(p)));
        assertEquals(List.of(name(rangeBegin()), name(rangeEnd())), wholeShown,
                "a chunk larger than the range gives just begin and end");
    }

    @Test
    void approximateSizeGrowsAsTheTransactionWrites() {
        try (Transaction tr = begin()) {
            long empty = await(tr.getApproximateSize());
            tr.set(key("a"), filled(1_000, 'a'));
            long oneSet = await(tr.getApproximateSize());
            tr.set(key("b"), filled(1_000, 'b'));
            long twoSets = await(tr.getApproximateSize());
            tr.clear(key("c"), key("d"));
            long withClear = await(tr.getApproximateSize());
            await(tr.get(key("x")));
            long withRead = await(tr.getApproximateSize());
            assertTrue(oneSet >= empty + 1_000, "a 1000-byte set: " + empty + " -> " + oneSet);
            assertTrue(twoSets >= oneSet + 1_000, "a second 1000-byte set: " + oneSet + " -> " + twoSets);
            assertTrue(withClear > twoSets, "a range clear: " + twoSets + " -> " + withClear);
            assertTrue(withRead > withClear, "a read adds a read conflict range: " + withClear + " -> " + withRead);
        }
    }

    /** Creates a watch in a transaction of its own and commits it, which registers the watch. */
    private CompletableFuture<Void> watch(byte[] key) {
        try (Transaction tr = begin()) {
            CompletableFuture<Void> watch = tr.watch(key);
            await(tr.commit());
            return watch;
        }
    }

    @Test
    void watchFiresWhenAnotherTransactionChangesTheKey() {
        byte[] k = key("watched");
        write(k, utf8("a"));
        CompletableFuture<Void> watch = watch(k);
        assertFalse(watch.isDone(), "nothing changed the key yet");
        write(k, utf8("b"));
        await(watch);
    }

    @Test
    void watchFiresWhenAnAbsentKeyIsSetOrAPresentKeyCleared() {
        byte[] absent = key("absent");
        byte[] present = key("present");
        write(present, utf8("p"));
        CompletableFuture<Void> onSet = watch(absent);
        CompletableFuture<Void> onClear = watch(present);
        assertFalse(onSet.isDone());
        assertFalse(onClear.isDone());
        database().run(tr -> {
            tr.set(absent, utf8("now present"));
            tr.clear(present);
            return null;
        });
        await(onSet);
        await(onClear);
    }

    @Test
    void watchOfATransactionClosedWithoutCommitIsCancelled() {
        CompletableFuture<Void> watch;
        try (Transaction tr = begin()) {
            watch = tr.watch(key("k"));
        }
        assertEquals(TRANSACTION_CANCELLED, failureCode(() -> watch));
    }
}
