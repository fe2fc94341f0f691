package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeySelector;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import io.relationshiplayer.fdb.Backend;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Under injected latency a read costs a round trip unless FoundationDB's read-your-writes layer answers it from the
 * client: a key or range the transaction read before, or keys its own writes decide. A read the cache answers is
 * complete when the call returns; one that needs the round trip waits for the 30 ms of latency, which the transaction
 * counts. Also its edges: a reverse read with a limit knows only the keys it returned, a key-selector range, a read
 * after the transaction's own clearRange and set, and keys a versionstamped write makes unreadable, which still fail
 * with 1036 when read before.
 */
class ReadCacheLatencyTest {
    private static final LatencyProfile READS_30_MS = new LatencyProfile(0, 0, 30_000, 30_000, 30_000, 30_000, 0, 0);

    private Backend backend;
    private Database db;

    @BeforeEach
    void open() {
        backend = Backend.embedded(EngineConfig.memory().withLatency(READS_30_MS));
        db = backend.database();
        db.run(tr -> {
            for (String k : List.of("a", "b", "r/1", "r/2", "r/3", "r/4")) {
                tr.set(key(k), key(k.toUpperCase()));
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private static byte[] key(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Whether {@code read} waited for a round trip (the injected latency) rather than being answered by the cache.
     * Counted, not timed: a thread descheduled for 30 ms on a busy machine would make a round trip look instant.
     */
    private static boolean roundTrip(Transaction tr, java.util.function.Supplier<CompletableFuture<?>> read) {
        EmbeddedTransaction t = (EmbeddedTransaction) tr;
        int before = t.roundTrips();
        read.get().join();
        return t.roundTrips() > before;
    }

    @Test
    void aKeyReadBeforeIsAnsweredWithoutARoundTrip() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            assertThat(roundTrip(tr, () -> tr.get(key("a")))).as("first read of a").isTrue();
            CompletableFuture<byte[]> again = tr.get(key("a"));
            assertThat(again.isDone()).as("second read of a").isTrue();
            assertThat(again.join()).isEqualTo(key("A"));
            assertThat(roundTrip(tr, () -> tr.get(key("b")))).as("first read of b").isTrue();
            assertThat(roundTrip(tr, () -> tr.get(key("never")))).as("first read of an absent key").isTrue();
            assertThat(tr.get(key("never")).isDone()).as("an absent key read before").isTrue();
        }
    }

    @Test
    void keysTheTransactionWroteAreAnsweredWithoutARoundTrip() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            tr.set(key("c"), key("C"));
            tr.clear(key("a"));
            tr.clear(key("r/"), key("r/3"));
            assertThat(tr.get(key("c")).isDone()).isTrue();
            assertThat(tr.get(key("a")).isDone()).isTrue();
            assertThat(tr.get(key("a")).join()).isNull();
            assertThat(tr.get(key("r/2")).isDone()).as("in a cleared range").isTrue();
            assertThat(tr.getRange(key("r/"), key("r/3")).asList().isDone()).as("a cleared range").isTrue();
            assertThat(roundTrip(tr, () -> tr.getRange(key("r/"), key("r/5")).asList())).as("past the cleared range").isTrue();
            tr.mutate(com.apple.foundationdb.MutationType.ADD, key("n"), new byte[] {1});
            assertThat(roundTrip(tr, () -> tr.get(key("n")))).as("an atomic add needs the stored value").isTrue();
        }
    }

    @Test
    void aRangeReadBeforeIsAnsweredWithoutARoundTripAndOnlyAsFarAsItWasRead() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            assertThat(roundTrip(tr, () -> tr.getRange(key("r/"), key("r0"), 2).asList())).isTrue();
            // the first two keys came back: up to r/2 is known, r/3 is not
            assertThat(tr.get(key("r/2")).isDone()).isTrue();
            assertThat(tr.getRange(key("r/"), key("r/2\0")).asList().isDone()).isTrue();
            assertThat(roundTrip(tr, () -> tr.get(key("r/3")))).isTrue();
            assertThat(roundTrip(tr, () -> tr.getRange(key("r/"), key("r0")).asList())).isTrue();
            CompletableFuture<List<KeyValue>> whole = tr.getRange(key("r/"), key("r0")).asList();
            assertThat(whole.isDone()).as("the whole range, read before").isTrue();
            assertThat(whole.join()).hasSize(4);
            assertThat(tr.getRange(key("r/2"), key("r/4"), 0, true).asList().isDone()).as("a part, reversed")
                    .isTrue();
        }
    }

    @Test
    void withReadYourWritesDisabledEveryReadGoesOut() {
        try (Transaction tr = db.createTransaction()) {
            tr.options().setReadYourWritesDisable();
            tr.getReadVersion().join();
            assertThat(roundTrip(tr, () -> tr.get(key("a")))).isTrue();
            assertThat(roundTrip(tr, () -> tr.get(key("a")))).isTrue();
        }
    }

    @Test
    void aNewTransactionStartsWithAnEmptyCache() {
        try (Transaction tr = db.createTransaction()) {
            tr.get(key("a")).join();
        }
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            assertThat(roundTrip(tr, () -> tr.get(key("a")))).isTrue();
        }
    }

    @Test
    void aReverseReadWithALimitKnowsOnlyTheKeysItReturned() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            List<KeyValue> last = tr.getRange(key("r/"), key("r0"), 2, true).asList().join();
            assertThat(last).hasSize(2);
            assertThat(tr.get(key("r/3")).isDone()).as("r/3 came back").isTrue();
            assertThat(tr.get(key("r/4")).isDone()).as("r/4 came back").isTrue();
            assertThat(roundTrip(tr, () -> tr.get(key("r0\0")))).as("past the range's end").isTrue();
            assertThat(roundTrip(tr, () -> tr.get(key("r/2")))).as("r/2 did not come back").isTrue();
            assertThat(roundTrip(tr, () -> tr.get(key("r/1")))).as("r/1 did not come back").isTrue();
        }
    }

    @Test
    void aKeySelectorRangeCostsARoundTripAndKnowsWhatItRead() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            // from the key after r/1 to the end of r/: r/2, r/3, r/4
            int before = ((EmbeddedTransaction) tr).roundTrips();
            assertThat(tr.getRange(KeySelector.firstGreaterThan(key("r/1")),
                    KeySelector.firstGreaterOrEqual(key("r0"))).asList().join()).hasSize(3);
            assertThat(((EmbeddedTransaction) tr).roundTrips()).as("a round trip").isGreaterThan(before);
            assertThat(tr.get(key("r/3")).isDone()).isTrue();
            assertThat(roundTrip(tr, () -> tr.get(key("a")))).isTrue();
        }
    }

    @Test
    void aReadAfterTheTransactionsClearRangeAndSetIsItsOwn() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            tr.clear(key("r/"), key("r0"));
            tr.set(key("r/2"), key("new"));
            CompletableFuture<byte[]> two = tr.get(key("r/2"));
            assertThat(two.isDone()).isTrue();
            assertThat(two.join()).isEqualTo(key("new"));
            CompletableFuture<List<KeyValue>> all = tr.getRange(key("r/"), key("r0")).asList();
            assertThat(all.isDone()).isTrue();
            assertThat(all.join()).extracting(kv -> new String(kv.getKey(), StandardCharsets.UTF_8))
                    .containsExactly("r/2");
            CompletableFuture<List<KeyValue>> back = tr.getRange(key("r/"), key("r0"), 0, true).asList();
            assertThat(back.isDone()).isTrue();
            assertThat(back.join()).hasSize(1);
        }
    }

    @Test
    void keysAVersionstampMakesUnreadableFailEvenWhenReadBefore() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            tr.get(key("a")).join();
            tr.getRange(key("\u0001"), key("\u00fe")).asList().join();
            byte[] ones = new byte[10];
            java.util.Arrays.fill(ones, (byte) 0xff);
            // where a versionstamped key of prefix "r/" may land: any versionstamp above the read version
            byte[] landing = Tuple.from("r/", Versionstamp.complete(ones, 0)).pack();
            tr.get(landing).join();
            assertThat(tr.get(landing).isDone()).as("read before").isTrue();
            tr.mutate(MutationType.SET_VERSIONSTAMPED_VALUE, key("a"),
                    Tuple.from(Versionstamp.incomplete()).packWithVersionstamp());
            assertThat(code(() -> tr.get(key("a")).join())).isEqualTo(1036);
            byte[] template = Tuple.from("r/", Versionstamp.incomplete()).packWithVersionstamp();
            tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, template, key("v"));
            assertThat(code(() -> tr.getRange(key("\u0001"), key("\u00fe")).asList().join())).isEqualTo(1036);
            assertThat(code(() -> tr.get(landing).join())).isEqualTo(1036);
        }
    }

    private static int code(Runnable read) {
        Throwable t = catchThrowable(read::run);
        if (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        assertThat(t).isInstanceOf(FDBException.class);
        return ((FDBException) t).getCode();
    }
}
