package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.KeyRange;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.records.grpc.testproto.Item;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** Streamed scans: batches, limits and continuations, key ranges, reverse order, bad continuations. */
class RecordScanTest extends ServerFixture {

    static List<Long> range(long from, long toExclusive) {
        return LongStream.range(from, toExclusive).boxed().collect(Collectors.toList());
    }

    static List<Long> reversed(List<Long> l) {
        List<Long> r = new ArrayList<>(l);
        Collections.reverse(r);
        return r;
    }

    ScanRequest.Builder scan() {
        return ScanRequest.newBuilder().setDatabase(db).setType("Item");
    }

    Streamed run(ScanRequest.Builder r) {
        return drain(blocking().scan(r.build()));
    }

    static KeyRange keyRange(Long low, boolean lowInclusive, Long high, boolean highInclusive) {
        KeyRange.Builder b = KeyRange.newBuilder().setLowInclusive(lowInclusive).setHighInclusive(highInclusive);
        if (low != null) {
            b.setLow(key(low));
        }
        if (high != null) {
            b.setHigh(key(high));
        }
        return b.build();
    }

    @Test
    void aLimitedScanResumesFromItsContinuationWithExactlyTheRest() {
        register(db, catalogSchema());
        List<Item> items = items(0, 3000);
        saveItems(db, items, 1000);

        Streamed first = run(scan().setBatchSize(7).setLimit(1000));
        assertThat(first.batches()).allSatisfy(b -> assertThat(b.getRecordsCount()).isLessThanOrEqualTo(7));
        assertThat(first.batches().size()).as("streamed in many batches").isGreaterThanOrEqualTo(1000 / 7);
        assertThat(ids(first.records())).containsExactlyElementsOf(range(0, 1000));
        assertThat(first.last().getContinuation().isEmpty()).as("a limit stopped it: continuation").isFalse();
        for (int i = 0; i < first.batches().size() - 1; i++) {
            assertThat(first.batches().get(i).getContinuation().isEmpty()).as("continuation only on the last batch")
                    .isTrue();
        }

        Streamed rest = run(scan().setBatchSize(7).setContinuation(first.last().getContinuation()));
        assertThat(ids(rest.records())).as("exactly the rest, in order: no duplicates, no gaps")
                .containsExactlyElementsOf(range(1000, 3000));
        assertThat(rest.last().getContinuation().isEmpty()).as("complete: no continuation").isTrue();
        for (RecordMessage m : rest.records().subList(0, 10)) {
            assertThat(m.getMessage()).isEqualTo(items.get((int) parseItem(m).getId()).toByteString());
        }
    }

    @Test
    void chainedLimitedScansCoverEverythingOnce() {
        register(db, catalogSchema());
        saveItems(db, items(0, 2000), 1000);
        List<Long> got = new ArrayList<>();
        ByteString continuation = ByteString.EMPTY;
        int calls = 0;
        do {
            Streamed s = run(scan().setBatchSize(50).setLimit(333).setContinuation(continuation));
            assertThat(s.records().size()).isLessThanOrEqualTo(333);
            got.addAll(ids(s.records()));
            continuation = s.last().getContinuation();
            calls++;
            assertThat(calls).as("the chain ends").isLessThan(20);
        } while (!continuation.isEmpty());
        assertThat(got).containsExactlyElementsOf(range(0, 2000));
        assertThat(calls).isBetween(7, 8);
    }

    @Test
    void keyRangesHonourInclusiveAndExclusiveBounds() {
        register(db, catalogSchema());
        saveItems(db, items(0, 100), 100);
        assertThat(ids(run(scan().setRange(keyRange(10L, true, 20L, false))).records()))
                .containsExactlyElementsOf(range(10, 20));
        assertThat(ids(run(scan().setRange(keyRange(10L, false, 20L, true))).records()))
                .containsExactlyElementsOf(range(11, 21));
        assertThat(ids(run(scan().setRange(keyRange(10L, true, 20L, true))).records()))
                .containsExactlyElementsOf(range(10, 21));
        assertThat(ids(run(scan().setRange(keyRange(10L, false, 20L, false))).records()))
                .containsExactlyElementsOf(range(11, 20));
        assertThat(ids(run(scan().setRange(keyRange(95L, true, null, false))).records()))
                .as("open high bound").containsExactlyElementsOf(range(95, 100));
        assertThat(ids(run(scan().setRange(keyRange(null, false, 3L, false))).records()))
                .as("open low bound").containsExactlyElementsOf(range(0, 3));
        assertThat(run(scan().setRange(keyRange(50L, false, 50L, false))).records()).as("empty range").isEmpty();
        assertThat(ids(run(scan().setRange(keyRange(-5L, true, 1000L, true))).records()))
                .containsExactlyElementsOf(range(0, 100));
    }

    @Test
    void aRangeScanResumesWithinItsRange() {
        register(db, catalogSchema());
        saveItems(db, items(0, 500), 500);
        KeyRange r = keyRange(100L, true, 300L, false);
        Streamed first = run(scan().setRange(r).setLimit(60).setBatchSize(9));
        assertThat(ids(first.records())).containsExactlyElementsOf(range(100, 160));
        Streamed rest = run(scan().setRange(r).setBatchSize(9).setContinuation(first.last().getContinuation()));
        assertThat(ids(rest.records())).containsExactlyElementsOf(range(160, 300));
    }

    @Test
    void reverseScansReturnDescendingKeysAndResumeDescending() {
        register(db, catalogSchema());
        saveItems(db, items(0, 1200), 600);
        Streamed first = run(scan().setReverse(true).setLimit(500).setBatchSize(13));
        assertThat(ids(first.records())).containsExactlyElementsOf(reversed(range(700, 1200)));
        Streamed rest = run(scan().setReverse(true).setBatchSize(13)
                .setContinuation(first.last().getContinuation()));
        assertThat(ids(rest.records())).containsExactlyElementsOf(reversed(range(0, 700)));

        assertThat(ids(run(scan().setReverse(true).setRange(keyRange(10L, false, 20L, true))).records()))
                .containsExactlyElementsOf(reversed(range(11, 21)));
    }

    @Test
    void aScanOfAnEmptyTypeIsOneDoneBatch() {
        register(db, catalogSchema());
        Streamed s = run(scan());
        assertThat(s.records()).isEmpty();
        assertThat(s.batches()).hasSize(1);
        assertThat(s.last().getContinuation().isEmpty()).isTrue();
    }

    @Test
    void aGarbageContinuationIsInvalidArgument() {
        register(db, catalogSchema());
        saveItems(db, items(0, 50), 50);
        ByteString garbage = ByteString.copyFromUtf8("this is not a continuation");
        expectError(Status.Code.INVALID_ARGUMENT, () -> run(scan().setContinuation(garbage)));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(QueryRequest.newBuilder()
                .setDatabase(db).addTypes("Item").setContinuation(garbage).build())));
        assertThat(run(scan()).records()).as("the server still answers").hasSize(50);
    }

    /** A real token's version byte followed by random bytes. */
    ByteString plausibleGarbage() {
        Streamed real = run(scan().setLimit(10));
        ByteString token = real.last().getContinuation();
        assertThat(token.isEmpty()).isFalse();
        return token.substring(0, 1).concat(ByteString.copyFrom(new byte[] {(byte) 0xFF, 0x13, 0x37, (byte) 0xFE,
                0x00, 0x42}));
    }

    /**
     * A token whose first byte happens to be the format's version byte but whose body is random: an opaque token must
     * be recognised as not one of ours, not resumed from an arbitrary key (here: silently returning nothing).
     */
    @Test
    void aScanContinuationWithAPlausibleVersionByteButGarbageBodyIsInvalidArgument() {
        register(db, catalogSchema());
        saveItems(db, items(0, 50), 50);
        ByteString garbage = plausibleGarbage();
        expectError(Status.Code.INVALID_ARGUMENT, () -> run(scan().setContinuation(garbage)));
        assertThat(run(scan()).records()).hasSize(50);
    }

    @Test
    void aQueryContinuationWithAPlausibleVersionByteButGarbageBodyIsInvalidArgument() {
        register(db, catalogSchema(valueIndex("by_price", "price")));
        saveItems(db, items(0, 50), 50);
        ByteString garbage = plausibleGarbage();
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(QueryRequest.newBuilder()
                .setDatabase(db).addTypes("Item").setFilter(cmp("price", Comparison.Op.GREATER_THAN, 10L))
                .addSort("price").setContinuation(garbage).build())));
        assertThat(run(scan()).records()).hasSize(50);
    }

    @Test
    void aNegativeLimitIsInvalidArgument() {
        register(db, catalogSchema());
        expectError(Status.Code.INVALID_ARGUMENT, () -> run(scan().setLimit(-1)));
        assertServing();
    }
}
