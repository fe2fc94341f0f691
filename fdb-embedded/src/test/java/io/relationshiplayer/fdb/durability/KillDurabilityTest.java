package io.relationshiplayer.fdb.durability;

import static io.relationshiplayer.fdb.durability.CommitLoop.ascii;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durable engine's promise, tested the hard way: a child JVM ({@link CommitLoop}) commits continuously and
 * acknowledges each commit on stdout; the test kills it with SIGKILL at an arbitrary moment, reopens the data directory
 * and checks that every acknowledged transaction is there in full, that no transaction is half there, and that
 * versionstamps keep increasing across the kill. The cycle runs several times on the same directory.
 */
class KillDurabilityTest {
    private static final int CYCLES = 3;
    private static final int TARGET_ACKS = 300;
    /** Fewer acknowledged commits than this before the deadline proves too little to pass. */
    private static final int MIN_ACKS = 50;
    private static final long READY_TIMEOUT_MS = 15_000;
    private static final long ACK_DEADLINE_MS = 20_000;
    private static final long EXIT_TIMEOUT_MS = 10_000;
    private static final int SIGKILL_EXIT = 128 + 9;
    private static final Pattern ACK = Pattern.compile("ACK (\\d+) ([0-9a-f]{20}) (\\d+)");
    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] PROBE = ascii("probe/");

    @TempDir
    Path tmp;

    /** One acknowledged (or, for the parent's probes, verified) commit, in the order it was seen. */
    private record Stamp(String origin, byte[] versionstamp) {
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void acknowledgedCommitsSurviveSigkillAndVersionstampsKeepIncreasing() throws Exception {
        Path data = tmp.resolve("data");
        Map<Long, byte[]> acked = new TreeMap<>();
        List<Stamp> stamps = new ArrayList<>();
        long next = 0;
        for (int cycle = 1; cycle <= CYCLES; cycle++) {
            List<Ack> acks = runAndKill(data, next, tmp.resolve("child-" + cycle + ".err"));
            assertThat(acks.size()).as("cycle %d: acknowledged commits before the kill", cycle)
                    .isGreaterThanOrEqualTo(MIN_ACKS);
            for (int n = 0; n < acks.size(); n++) {
                Ack a = acks.get(n);
                assertThat(a.i).as("cycle %d: acks are numbered consecutively from %d", cycle, next).isEqualTo(next + n);
                assertThat(ByteBuffer.wrap(a.stamp, 0, 8).getLong())
                        .as("ack %d: the versionstamp begins with the commit version", a.i).isEqualTo(a.commitVersion);
                acked.put(a.i, a.stamp);
                stamps.add(new Stamp("ack " + a.i + " (cycle " + cycle + ")", a.stamp));
            }
            assertStrictlyIncreasing(stamps);
            long lastAcked = acks.get(acks.size() - 1).i;

            try (Database db = EmbeddedDatabase.open(EngineConfig.durable(data))) {
                long present = verifyContents(db, acked, lastAcked, cycle);
                // The one commit that may be durable without its ACK having reached us still took a versionstamp.
                if (present > lastAcked) {
                    stamps.add(new Stamp("unacknowledged " + present, stampOf(db, present)));
                }
                stamps.add(new Stamp("probe after kill " + cycle, probe(db, cycle, stamps)));
                assertStrictlyIncreasing(stamps);
                System.out.printf("cycle %d: transactions %d..%d acknowledged, %d present after SIGKILL%n", cycle,
                        next, lastAcked, present);
                next = present + 1;
            }
        }
    }

    /** Checks the reopened database; returns the highest transaction number present. */
    private static long verifyContents(Database db, Map<Long, byte[]> acked, long lastAcked, int cycle) {
        List<KeyValue> all = db.read(tr -> tr.getRange(new byte[0], new byte[] {(byte) 0xff}).asList().join());
        TreeMap<Long, Map<String, byte[]>> rows = new TreeMap<>();
        Map<Long, byte[]> stampByTx = new HashMap<>();
        List<Long> txInStampOrder = new ArrayList<>();
        byte[] last = null;
        int probes = 0;
        for (KeyValue kv : all) {
            String key = new String(kv.getKey(), StandardCharsets.ISO_8859_1);
            if (startsWith(kv.getKey(), CommitLoop.ROWS)) {
                String[] parts = key.split("/");
                assertThat(parts).as("row key %s", key).hasSize(3);
                rows.computeIfAbsent(Long.parseLong(parts[1]), i -> new HashMap<>()).put(parts[2], kv.getValue());
            } else if (startsWith(kv.getKey(), CommitLoop.STAMPS)) {
                assertThat(kv.getKey()).as("versionstamped key %s", key).hasSize(CommitLoop.STAMPS.length + 10);
                long i = Long.parseLong(new String(kv.getValue(), StandardCharsets.US_ASCII));
                assertThat(stampByTx.put(i, Arrays.copyOfRange(kv.getKey(), CommitLoop.STAMPS.length,
                        kv.getKey().length))).as("transaction %d wrote one versionstamped key", i).isNull();
                txInStampOrder.add(i);
            } else if (Arrays.equals(kv.getKey(), CommitLoop.LAST)) {
                last = kv.getValue();
            } else if (startsWith(kv.getKey(), PROBE)) {
                probes++;
            } else {
                fail("unexpected key %s after reopen", HEX.formatHex(kv.getKey()));
            }
        }
        assertThat(probes).as("probe keys written by earlier cycles").isEqualTo(2 * (cycle - 1));

        for (Map.Entry<Long, byte[]> a : acked.entrySet()) {
            long i = a.getKey();
            assertThat(rows).as("acknowledged transaction %d survives the kill", i).containsKey(i);
            assertThat(stampByTx).as("acknowledged transaction %d's versionstamped key survives", i).containsKey(i);
            assertThat(HEX.formatHex(stampByTx.get(i))).as("transaction %d's stored versionstamp is the acked one", i)
                    .isEqualTo(HEX.formatHex(a.getValue()));
        }
        long present = rows.isEmpty() ? -1 : rows.lastKey();
        assertThat(present).as("at most the one in-flight commit beyond the last acknowledged one is present")
                .isBetween(lastAcked, lastAcked + 1);
        assertThat(rows.keySet()).as("transactions present: 0..%d without gaps", present).hasSize((int) present + 1);
        for (Map.Entry<Long, Map<String, byte[]>> row : rows.entrySet()) {
            long i = row.getKey();
            assertThat(row.getValue().keySet()).as("transaction %d is whole: all its rows", i)
                    .containsExactlyInAnyOrderElementsOf(CommitLoop.FIELDS);
            for (String field : CommitLoop.FIELDS) {
                assertThat(new String(row.getValue().get(field), StandardCharsets.US_ASCII))
                        .as("value of k/%d/%s", i, field)
                        .isEqualTo(new String(CommitLoop.rowValue(i, field), StandardCharsets.US_ASCII));
            }
            assertThat(stampByTx).as("transaction %d is whole: its versionstamped key", i).containsKey(i);
        }
        assertThat(stampByTx.keySet()).as("no versionstamped key without its rows")
                .containsExactlyInAnyOrderElementsOf(rows.keySet());
        List<Long> sorted = new ArrayList<>(txInStampOrder);
        sorted.sort(null);
        assertThat(txInStampOrder).as("versionstamped keys sort in commit order").isEqualTo(sorted);
        assertThat(last).as("the last key").isNotNull();
        assertThat(new String(last, StandardCharsets.US_ASCII)).as("the last key holds the last transaction present")
                .isEqualTo(Long.toString(present));
        return present;
    }

    /** Commits in the reopened database; returns its versionstamp, checked against the versions seen before. */
    private static byte[] probe(Database db, int cycle, List<Stamp> before) {
        long maxVersion = before.stream().mapToLong(s -> ByteBuffer.wrap(s.versionstamp, 0, 8).getLong()).max()
                .orElseThrow();
        try (Transaction tr = db.createTransaction()) {
            long readVersion = tr.getReadVersion().join();
            assertThat(readVersion).as("read version after reopen >= every commit version before the kill")
                    .isGreaterThanOrEqualTo(maxVersion);
            tr.set(ascii("probe/" + cycle), ascii("after kill " + cycle));
            byte[] template = Arrays.copyOf(PROBE, PROBE.length + 10 + 4);
            template[PROBE.length + 10] = (byte) PROBE.length;
            tr.mutate(MutationType.SET_VERSIONSTAMPED_KEY, template, ascii("probe " + cycle));
            CompletableFuture<byte[]> stampFuture = tr.getVersionstamp();
            tr.commit().join();
            byte[] stamp = stampFuture.join();
            assertThat(tr.getCommittedVersion()).as("commit version after reopen").isGreaterThan(maxVersion);
            return stamp;
        }
    }

    private static byte[] stampOf(Database db, long i) {
        List<KeyValue> kvs = db.read(tr -> tr.getRange(CommitLoop.STAMPS, ascii("vs0")).asList().join());
        for (KeyValue kv : kvs) {
            if (new String(kv.getValue(), StandardCharsets.US_ASCII).equals(Long.toString(i))) {
                return Arrays.copyOfRange(kv.getKey(), CommitLoop.STAMPS.length, kv.getKey().length);
            }
        }
        throw new AssertionError("no versionstamped key for transaction " + i);
    }

    private static void assertStrictlyIncreasing(List<Stamp> stamps) {
        for (int n = 1; n < stamps.size(); n++) {
            Stamp a = stamps.get(n - 1);
            Stamp b = stamps.get(n);
            assertThat(Arrays.compareUnsigned(a.versionstamp, b.versionstamp))
                    .as("versionstamps increase: %s %s, then %s %s", a.origin, HEX.formatHex(a.versionstamp), b.origin,
                            HEX.formatHex(b.versionstamp))
                    .isNegative();
        }
    }

    private record Ack(long i, byte[] stamp, long commitVersion) {
    }

    /** Starts a {@link CommitLoop} numbering from {@code first}, kills it with SIGKILL, returns every ACK it printed. */
    private static List<Ack> runAndKill(Path data, long first, Path stderr) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // RocksDB unpacks its native library into java.io.tmpdir; a killed JVM cannot delete it, the TempDir will.
        Path childTmp = Files.createDirectories(stderr.resolveSibling(stderr.getFileName() + ".tmp"));
        // The child's output goes to a file, not a pipe: Process.destroyForcibly closes our end of a pipe, and ACKs
        // still in it would be lost, while a file keeps every line the child wrote before it died.
        Path stdout = stderr.resolveSibling(stderr.getFileName() + ".out");
        Process child = new ProcessBuilder(java, "-Xmx256m", "-Djava.io.tmpdir=" + childTmp,
                "-cp", System.getProperty("java.class.path"),
                CommitLoop.class.getName(), data.toString(), Long.toString(first))
                .redirectError(stderr.toFile())
                .redirectOutput(stdout.toFile())
                .start();
        try {
            awaitLines(child, stdout, 1, READY_TIMEOUT_MS, stderr);
            if (!CommitLoop.READY.equals(completeLines(stdout).get(0))) {
                fail("the child did not get ready; stderr:%n%s", read(stderr));
            }
            awaitLines(child, stdout, 1 + TARGET_ACKS, ACK_DEADLINE_MS, stderr);
            assertThat(child.isAlive()).as("the child is still committing when it is killed").isTrue();
            ProcessHandle handle = child.toHandle();
            assertThat(handle.supportsNormalTermination()).as("destroyForcibly means SIGKILL here").isTrue();
            child.destroyForcibly();
            assertThat(child.waitFor(EXIT_TIMEOUT_MS, TimeUnit.MILLISECONDS)).as("the child dies").isTrue();
            assertThat(handle.isAlive()).isFalse();
            assertThat(child.exitValue()).as("exit status of a process killed by SIGKILL").isEqualTo(SIGKILL_EXIT);
        } finally {
            child.destroyForcibly();
        }
        // Every ACK the child wrote before the kill, including those written after we decided to kill it.
        List<String> seen = completeLines(stdout);
        seen = seen.subList(1, seen.size());
        List<Ack> acks = new ArrayList<>();
        for (String line : seen) {
            Matcher m = ACK.matcher(line);
            if (!m.matches()) {
                fail("unexpected line from the child: %s", line);
            }
            acks.add(new Ack(Long.parseLong(m.group(1)), HEX.parseHex(m.group(2)), Long.parseLong(m.group(3))));
        }
        return acks;
    }

    /**
     * Waits until the child has written {@code count} whole lines, or the time is up (the caller checks what it got);
     * fails if the child stops first.
     */
    private static void awaitLines(Process child, Path stdout, int count, long timeoutMs, Path stderr) {
        try {
            await().atMost(Duration.ofMillis(timeoutMs)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5))
                    .until(() -> {
                        int lines = completeLines(stdout).size();
                        if (lines < count && !child.isAlive()) {
                            fail("the child stopped on its own after %d lines; stderr:%n%s", lines, read(stderr));
                        }
                        return lines >= count;
                    });
        } catch (ConditionTimeoutException e) {
            // fewer lines than hoped for: the caller's assertions judge them
        }
    }

    /** The lines of {@code file} that end with a newline (a line the kill cut short was never acknowledged). */
    private static List<String> completeLines(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        int end = text.lastIndexOf('\n');
        return end < 0 ? new ArrayList<>() : new ArrayList<>(List.of(text.substring(0, end).split("\n", -1)));
    }

    private static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }
}
