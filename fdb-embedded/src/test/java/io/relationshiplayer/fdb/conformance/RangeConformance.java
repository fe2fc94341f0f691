package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.StreamingMode;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Range reads over a transaction's own writes: sets, single-key clears, range clears and pending atomic operations
 * merged into getRange results, forward, reverse and with limits (developer guide, read-your-writes; fdb-java 7.3
 * ReadTransaction.getRange).
 */
public abstract class RangeConformance extends ConformanceSupport {
    private static final List<String> EXPECTED = List.of(
            "d/a=A", "d/b=C", "d/c=X", "d/c2=N", "d/d=D", "d/f=F", "d/h=Y", "d/i=I", "d/j=J", "d/k=K");

    private byte[] d(String name) {
        return key("d/" + name);
    }

    private byte[] rangeBegin() {
        return key("d/");
    }

    private byte[] rangeEnd() {
        return ByteArrayUtil.strinc(key("d/"));
    }

    /** Committed a..j, then in {@code tr}: overwrite, insert, clear, range clear, set inside it, two atomic ops. */
    private void writeOverCommittedData(Transaction tr) {
        tr.set(d("c"), utf8("X"));
        tr.set(d("c2"), utf8("N"));
        tr.clear(d("e"));
        tr.clear(d("g"), d("i"));
        tr.set(d("h"), utf8("Y"));
        tr.mutate(MutationType.ADD, d("b"), bytes(1));
        tr.mutate(MutationType.BIT_OR, d("k"), utf8("K"));
    }

    private void commitLetters() {
        database().run(tr -> {
            for (char c = 'a'; c <= 'j'; c++) {
                tr.set(d(String.valueOf(c)), utf8(String.valueOf(Character.toUpperCase(c))));
            }
            return null;
        });
    }

    private List<String> range(ReadTransaction tr, byte[] from, byte[] to, int limit, boolean reverse) {
        return show(await(tr.getRange(from, to, limit, reverse).asList()));
    }

    @Test
    void forwardRangeMergesTheTransactionsWrites() {
        commitLetters();
        try (Transaction tr = begin()) {
            writeOverCommittedData(tr);
            assertEquals(EXPECTED, range(tr, rangeBegin(), rangeEnd(), ReadTransaction.ROW_LIMIT_UNLIMITED, false));
            assertEquals(EXPECTED, show(await(tr.snapshot().getRange(rangeBegin(), rangeEnd()).asList())),
                    "snapshot reads see the transaction's writes by default");
            await(tr.commit());
        }
        assertEquals(EXPECTED, committed(rangeBegin(), rangeEnd()));
    }

    @Test
    void reverseRangeMergesTheTransactionsWrites() {
        commitLetters();
        List<String> reversed = new ArrayList<>(EXPECTED);
        Collections.reverse(reversed);
        try (Transaction tr = begin()) {
            writeOverCommittedData(tr);
            assertEquals(reversed, range(tr, rangeBegin(), rangeEnd(), ReadTransaction.ROW_LIMIT_UNLIMITED, true));
        }
    }

    @Test
    void limitsCountOnlyKeysThatExistInTheTransaction() {
        commitLetters();
        try (Transaction tr = begin()) {
            writeOverCommittedData(tr);
            assertEquals(EXPECTED.subList(0, 4), range(tr, rangeBegin(), rangeEnd(), 4, false));
            assertEquals(List.of("d/k=K", "d/j=J", "d/i=I"), range(tr, rangeBegin(), rangeEnd(), 3, true));
            assertEquals(List.of("d/d=D", "d/f=F"), range(tr, d("d"), rangeEnd(), 2, false),
                    "a cleared key must not use up the limit");
            assertEquals(List.of("d/h=Y", "d/f=F"), range(tr, rangeBegin(), d("i"), 2, true),
                    "a range clear must not use up the limit in reverse");
            assertEquals(List.of("d/d=D", "d/f=F", "d/h=Y"), range(tr, d("d"), d("i"), 0, false));
            assertEquals(List.of("d/c2=N"), range(tr, d("c1"), d("d"), 0, false));
            assertEquals(List.of("d/c2=N"), range(tr, d("c1"), d("d"), 0, true),
                    "the transaction's writes before the range's begin are not in a reverse read");
            assertEquals(List.of(), range(tr, d("j"), d("a"), 0, false), "begin after end reads nothing");
        }
    }

    @Test
    void clearOfTheWholeRangeThenSetsShowOnlyTheNewKeys() {
        commitLetters();
        try (Transaction tr = begin()) {
            tr.clear(rangeBegin(), rangeEnd());
            tr.set(d("m"), utf8("M"));
            tr.mutate(MutationType.ADD, d("a"), bytes(7));
            assertEquals(List.of("d/a=\\x07", "d/m=M"), range(tr, rangeBegin(), rangeEnd(), 0, false),
                    "an add after a clear starts from an absent value");
            assertEquals(List.of("d/m=M"), range(tr, rangeBegin(), rangeEnd(), 1, true));
            await(tr.commit());
        }
        assertEquals(List.of("d/a=\\x07", "d/m=M"), committed(rangeBegin(), rangeEnd()));
    }

    @Test
    void rangeOfAnUntouchedSubspaceIsEmpty() {
        commitLetters();
        byte[] other = key("other/");
        try (Transaction tr = begin()) {
            writeOverCommittedData(tr);
            assertEquals(List.of(), range(tr, other, ByteArrayUtil.strinc(other), 0, false));
            assertEquals(List.of(), range(tr, d("e"), d("e\0"), 0, false), "a cleared key reads as absent");
        }
    }

    @Test
    void largeRangesAreReadCompletelyInOrderInBothDirections() {
        int count = 2_500;
        byte[] from = key("n/");
        byte[] to = ByteArrayUtil.strinc(from);
        database().run(tr -> {
            for (int i = 0; i < count; i++) {
                tr.set(key(String.format("n/%05d", i)), utf8(Integer.toString(i)));
            }
            return null;
        });
        List<String> forward = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            forward.add(String.format("n/%05d=%d", i, i));
        }
        List<String> backward = new ArrayList<>(forward);
        Collections.reverse(backward);
        database().read(tr -> {
            assertEquals(forward, range(tr, from, to, 0, false));
            assertEquals(backward, range(tr, from, to, 0, true));
            assertEquals(forward.subList(0, 1_234), range(tr, from, to, 1_234, false));
            assertEquals(backward.subList(0, 1_234), range(tr, from, to, 1_234, true));
            for (StreamingMode mode : List.of(StreamingMode.WANT_ALL, StreamingMode.ITERATOR, StreamingMode.SMALL,
                    StreamingMode.SERIAL)) {
                assertEquals(forward.subList(0, 2_000),
                        show(await(tr.getRange(from, to, 2_000, false, mode).asList())), mode.toString());
            }
            assertEquals(forward.subList(0, 100),
                    show(await(tr.getRange(from, to, 100, false, StreamingMode.EXACT).asList())), "EXACT");
            return null;
        });
    }
}
