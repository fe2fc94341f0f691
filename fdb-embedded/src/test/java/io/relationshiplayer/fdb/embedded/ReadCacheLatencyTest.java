package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.Backend;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Under injected latency a read costs a round trip unless FoundationDB's read-your-writes layer answers it from the
 * client: a key or range the transaction read before, or keys its own writes decide. With 30 ms per read, a read that
 * needs the round trip cannot be complete when the call returns; one the cache answers is.
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

    private static boolean atOnce(CompletableFuture<?> f) {
        boolean done = f.isDone();
        f.join();
        return done;
    }

    @Test
    void aKeyReadBeforeIsAnsweredWithoutARoundTrip() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            assertThat(atOnce(tr.get(key("a")))).as("first read of a").isFalse();
            CompletableFuture<byte[]> again = tr.get(key("a"));
            assertThat(again.isDone()).as("second read of a").isTrue();
            assertThat(again.join()).isEqualTo(key("A"));
            assertThat(atOnce(tr.get(key("b")))).as("first read of b").isFalse();
            assertThat(atOnce(tr.get(key("never")))).as("first read of an absent key").isFalse();
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
            assertThat(atOnce(tr.getRange(key("r/"), key("r/5")).asList())).as("past the cleared range").isFalse();
            tr.mutate(com.apple.foundationdb.MutationType.ADD, key("n"), new byte[] {1});
            assertThat(atOnce(tr.get(key("n")))).as("an atomic add needs the stored value").isFalse();
        }
    }

    @Test
    void aRangeReadBeforeIsAnsweredWithoutARoundTripAndOnlyAsFarAsItWasRead() {
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            assertThat(atOnce(tr.getRange(key("r/"), key("r0"), 2).asList())).isFalse();
            // the first two keys came back: up to r/2 is known, r/3 is not
            assertThat(tr.get(key("r/2")).isDone()).isTrue();
            assertThat(tr.getRange(key("r/"), key("r/2\0")).asList().isDone()).isTrue();
            assertThat(atOnce(tr.get(key("r/3")))).isFalse();
            assertThat(atOnce(tr.getRange(key("r/"), key("r0")).asList())).isFalse();
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
            assertThat(atOnce(tr.get(key("a")))).isFalse();
            assertThat(atOnce(tr.get(key("a")))).isFalse();
        }
    }

    @Test
    void aNewTransactionStartsWithAnEmptyCache() {
        try (Transaction tr = db.createTransaction()) {
            tr.get(key("a")).join();
        }
        try (Transaction tr = db.createTransaction()) {
            tr.getReadVersion().join();
            assertThat(atOnce(tr.get(key("a")))).isFalse();
        }
    }
}
