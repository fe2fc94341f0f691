package io.relationshiplayer.fdb.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durable engine on a full disk (the RocksDB write fails as it does there, through the test seam): the commits of
 * the refused batch fail with io_error (1510) and leave nothing visible, reads go on, writes fail at once while the
 * disk stays full and go through again once it has room, and a restart reads exactly what was acknowledged.
 */
class DiskFullTest {
    @TempDir
    Path dir;

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    private static long counter(EmbeddedDatabase db) {
        byte[] v = db.read(tr -> tr.get(b("n")).join());
        return v == null ? 0 : ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    private static String get(EmbeddedDatabase db, String key) {
        byte[] v = db.read(tr -> tr.get(b(key)).join());
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    private static Map<String, String> all(EmbeddedDatabase db) {
        Map<String, String> out = new TreeMap<>();
        for (KeyValue kv : db.read(tr -> tr.getRange(new Range(b("k"), b("l"))).asList().join())) {
            out.put(new String(kv.getKey(), StandardCharsets.UTF_8), new String(kv.getValue(), StandardCharsets.UTF_8));
        }
        return out;
    }

    private static FDBException commitFailure(Transaction tr) {
        Throwable t = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class,
                () -> tr.commit().join());
        assertThat(t.getCause()).isInstanceOf(FDBException.class);
        return (FDBException) t.getCause();
    }

    private static void awaitWritable(EmbeddedDatabase db) {
        org.awaitility.Awaitility.await("recovered within 10 s").atMost(java.time.Duration.ofSeconds(10))
                .until(() -> db.storageProblem().isEmpty());
    }

    @Test
    void aRefusedBatchFailsLeavingNothingVisibleReadsGoOnAndWritesResumeOnceTheDiskHasRoom() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.durable(dir))) {
            db.run(tr -> {
                tr.set(b("a"), b("1"));
                tr.mutate(MutationType.ADD, b("n"), le(5));
                for (int i = 0; i < 10; i++) {
                    tr.set(b("k" + i), b("v" + i));
                }
                return null;
            });
            CompletableFuture<Void> watch = db.run(tr -> tr.watch(b("a")));
            Transaction earlier = db.createTransaction();
            assertThat(earlier.get(b("a")).join()).isEqualTo(b("1"));
            earlier.set(b("k-earlier"), b("x"));

            db.simulateDiskFull(true);
            Transaction refused = db.createTransaction();
            refused.set(b("a"), b("2"));
            refused.mutate(MutationType.ADD, b("n"), le(1));
            refused.set(b("k-new"), b("new"));
            refused.clear(b("k3"), b("k7"));
            CompletableFuture<byte[]> stamp = refused.getVersionstamp();
            FDBException e = commitFailure(refused);
            assertThat(e.getCode()).isEqualTo(1510);
            assertThat(e.isRetryable()).isFalse();
            assertThat(e.isMaybeCommitted()).as("the write never reached the disk").isFalse();
            assertThat(e.getMessage()).contains("the disk is full", "No space left on device", "did not happen");
            assertThatThrownBy(stamp::join).hasCauseInstanceOf(FDBException.class)
                    .satisfies(t -> assertThat(((FDBException) t.getCause()).getCode()).isEqualTo(2020));

            // nothing of the refused commit is visible, and reads go on
            assertThat(get(db, "a")).isEqualTo("1");
            assertThat(counter(db)).isEqualTo(5);
            assertThat(get(db, "k-new")).isNull();
            assertThat(all(db)).hasSize(10).containsEntry("k3", "v3").containsEntry("k6", "v6");
            assertThat(db.storageProblem()).get().asString().contains("the disk is full");

            // while it stays full, commits fail at once, without touching the disk
            Transaction next = db.createTransaction();
            next.set(b("k-next"), b("x"));
            FDBException refusedAtOnce = commitFailure(next);
            assertThat(refusedAtOnce.getCode()).isEqualTo(1510);
            assertThat(refusedAtOnce.getMessage()).contains("refuses writes until its disk recovers");
            org.awaitility.Awaitility.await("the value the watch saw is still there")
                    .during(java.time.Duration.ofMillis(100)).atMost(java.time.Duration.ofSeconds(5))
                    .until(() -> !watch.isDone());

            db.simulateDiskFull(false);
            awaitWritable(db);
            // the refused commit left no conflict behind: a transaction that read before it commits
            earlier.commit().join();
            db.run(tr -> {
                tr.set(b("a"), b("3"));
                return null;
            });
            watch.get(10, TimeUnit.SECONDS);
            assertThat(get(db, "a")).isEqualTo("3");
        }
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.durable(dir))) {
            assertThat(get(db, "a")).isEqualTo("3");
            assertThat(counter(db)).isEqualTo(5);
            assertThat(all(db)).hasSize(11).containsEntry("k-earlier", "x").doesNotContainKey("k-new")
                    .doesNotContainKey("k-next").containsEntry("k5", "v5");
        }
    }

    @Test
    void concurrentCommitsWhileTheDiskFillsAndEmptiesLoseNothingAcknowledgedAndShowNothingRefused()
            throws Exception {
        Map<String, String> acked = new ConcurrentHashMap<>();
        Map<String, Integer> refused = new ConcurrentHashMap<>();
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.durable(dir))) {
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int writer = w;
                writers.add(new Thread(() -> {
                    for (int i = 0; !stop.get(); i++) {
                        String key = "k" + writer + "-" + i;
                        try (Transaction tr = db.createTransaction()) {
                            tr.set(b(key), b("v" + i));
                            tr.mutate(MutationType.ADD, b("n"), le(1));
                            try {
                                tr.commit().join();
                                acked.put(key, "v" + i);
                            } catch (CompletionException e) {
                                refused.put(key, ((FDBException) e.getCause()).getCode());
                            }
                        }
                    }
                }));
            }
            writers.forEach(Thread::start);
            // each round: commits go through, then the disk fills until some are refused, then it empties again
            for (int round = 0; round < 2; round++) {
                int ackedBefore = acked.size();
                org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                        .until(() -> acked.size() >= ackedBefore + 20);
                int refusedBefore = refused.size();
                db.simulateDiskFull(true);
                org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                        .until(() -> refused.size() >= refusedBefore + 10);
                db.simulateDiskFull(false);
                awaitWritable(db);
            }
            int ackedAfter = acked.size();
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                    .until(() -> acked.size() >= ackedAfter + 20);
            stop.set(true);
            for (Thread t : writers) {
                t.join();
            }
            assertThat(refused).as("commits were refused while the disk was full").isNotEmpty();
            assertThat(refused.values()).as("each with io_error").containsOnly(1510);
            assertThat(acked.size()).as("and acknowledged before, between and after").isGreaterThan(10);
            assertThat(all(db)).isEqualTo(new TreeMap<>(acked));
            assertThat(counter(db)).isEqualTo(acked.size());
        }
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.durable(dir))) {
            assertThat(all(db)).as("after a restart, exactly the acknowledged commits").isEqualTo(new TreeMap<>(acked));
            assertThat(counter(db)).isEqualTo(acked.size());
        }
    }

    @Test
    void aRestartWhileTheDiskIsFullReadsExactlyTheAcknowledgedData() {
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.durable(dir))) {
            db.run(tr -> {
                tr.set(b("k1"), b("acked"));
                return null;
            });
            db.simulateDiskFull(true);
            for (int i = 0; i < 3; i++) {
                Transaction tr = db.createTransaction();
                tr.set(b("k1"), b("refused"));
                tr.set(b("k2-" + i), b("refused"));
                assertThat(commitFailure(tr).getCode()).isEqualTo(1510);
            }
        }
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.durable(dir))) {
            assertThat(all(db)).isEqualTo(Map.of("k1", "acked"));
            assertThat(db.storageProblem()).isEmpty();
            db.run(tr -> {
                tr.set(b("k2"), b("after"));
                return null;
            });
            assertThat(all(db)).isEqualTo(Map.of("k1", "acked", "k2", "after"));
        }
    }

    @Test
    void aFullLogIsNotCommittedAndAFailedSyncIsCommitUnknownResult() {
        StorageFailure full = RocksPersistence.failure(new org.rocksdb.RocksDBException("While appending to file: "
                + "/d/000004.log: No space left on device", new org.rocksdb.Status(org.rocksdb.Status.Code.IOError,
                org.rocksdb.Status.SubCode.NoSpace, "While appending to file")));
        assertThat(full.maybeWritten()).as("a log record cut short is dropped by recovery").isFalse();
        FDBException notCommitted = (FDBException) new StorageState(Persistence.NONE).failed(full);
        assertThat(notCommitted.getCode()).isEqualTo(1510);
        assertThat(notCommitted.isMaybeCommitted()).isFalse();
        assertThat(notCommitted.isRetryable()).isFalse();

        StorageFailure sync = RocksPersistence.failure(new org.rocksdb.RocksDBException("IO error: While fsync: a "
                + "file descriptor: Input/output error", new org.rocksdb.Status(org.rocksdb.Status.Code.IOError,
                org.rocksdb.Status.SubCode.None, "While fsync")));
        assertThat(sync.maybeWritten()).as("a whole record whose sync failed may be replayed").isTrue();
        FDBException unknown = (FDBException) new StorageState(Persistence.NONE).failed(sync);
        assertThat(unknown.getCode()).isEqualTo(1021);
        assertThat(unknown.isMaybeCommitted()).isTrue();
        assertThat(unknown.getMessage()).contains("the disk failed", "not visible");
    }

    @Test
    void theMemoryEngineHasNoDiskToFill() {
        try (EmbeddedDatabase db = EmbeddedDatabase.open(EngineConfig.memory())) {
            assertThatThrownBy(() -> db.simulateDiskFull(true)).isInstanceOf(IllegalStateException.class);
            assertThat(db.storageProblem()).isEmpty();
        }
    }
}
