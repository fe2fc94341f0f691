package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.bench.Golden;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The bank benchmark's three Markdown tables byte for byte (this machine's cores and heap filled in). */
class BankTableTest {
    @Test
    void printsTheReportsTablesWithThisRunsRowsFirst() {
        String text = Golden.printed(out -> new BankTable(BankTableFixtures.REFERENCE, out)
                .print(BankTableFixtures.measured()));
        int cores = Runtime.getRuntime().availableProcessors();
        double tps = BankTableFixtures.measured().get(0).result().tps();
        String expected = Golden.read(BankTableTest.class, "bank-tables.txt")
                .replace("{cores}", Integer.toString(cores))
                .replace("{heap}", String.format(Locale.ROOT, "%.1f",
                        Runtime.getRuntime().maxMemory() / (1024.0 * 1024 * 1024)))
                .replace("{fdb-per-vcpu}", String.format(Locale.ROOT, "%.2f", (tps / cores) / (12_345.6 / 24)))
                .replace("{pg-per-vcpu}", String.format(Locale.ROOT, "%.2f", (tps / cores) / (2_500.0 / 16)));
        assertThat(text).isEqualTo(expected);
    }

    @Test
    void latenciesOfSecondsGroupTheirThousandsInEveryColumn() {
        TransferRun.Result rl = BankTableFixtures.measured().get(0).result();
        Latencies seconds = new Latencies();
        for (long ms = 1; ms <= 100; ms++) {
            seconds.add(ms * 40_000_000L + 500_000L);
        }
        TransferRun.Result slow = new TransferRun.Result(Latencies.merge(java.util.List.of(seconds)), rl.completions(),
                0, 0, 40_000_000_000L, rl.acknowledged(), rl.unknown(), rl.failed(), rl.maxId(), 0, 0, 0, -1, 0);
        String text = Golden.printed(out -> new BankTable(BankTableFixtures.REFERENCE, out).print(java.util.List.of(
                new BankTable.Measured("RL slow", 8, 10_000, slow, BankTable.Server.IN_PROCESS))));
        String latencyRow = text.lines().filter(l -> l.startsWith("| this run | RL slow | 2,020.5 |")).findFirst()
                .orElseThrow(() -> new AssertionError("no latency row with avg 2,020.5 ms in:\n" + text));
        // avg, max and p99 all past 1,000 ms: each written with its thousands grouped, as the report's rows are
        assertThat(latencyRow).doesNotContainPattern("\\d{4}").matches("\\| this run \\| RL slow \\| 2,020\\.5 \\| "
                + "4,00\\d \\| [34],\\d{3}\\.\\d \\|");
    }

    @Test
    void withPostgresInTheRunEachOtherRowIsComparedWithIt() {
        TransferRun.Result rl = BankTableFixtures.measured().get(0).result();
        Latencies slower = new Latencies();
        for (long ms = 1; ms <= 100; ms++) {
            slower.add(ms * 4_000_000L + 2_000_000L);
        }
        TransferRun.Result pg = new TransferRun.Result(Latencies.merge(java.util.List.of(slower)), rl.completions(), 0,
                0, 40_000_000_000L, rl.acknowledged(), rl.unknown(), rl.failed(), rl.maxId(), 0, 0, 0, -1, 0);
        String text = Golden.printed(out -> new BankTable(BankTableFixtures.REFERENCE, out).print(java.util.List.of(
                new BankTable.Measured("RL memory", 8, 10_000, rl, BankTable.Server.IN_PROCESS),
                new BankTable.Measured(JdbcBank.LABEL, 8, 10_000, pg, BankTable.Server.MACHINE))));
        // RL: 12,345.7 TPS, avg 51.0 ms; PostgreSQL: a quarter of the TPS, avg 204 ms, p99 four times RL's
        assertThat(text).contains("RL memory / PostgreSQL JDBC (local), this run: TPS 4.00x, avg 0.25x, p99 0.25x "
                + "(the goal: TPS at least 1x, p99 at most 1x)");
        assertThat(text).doesNotContain("PostgreSQL JDBC (local) / ");
    }

    /** A server elsewhere (--connect) has no known cores or memory here; a nemesis' child JVM has this machine's cores. */
    @Test
    void aRemoteServersRowClaimsNeitherThisMachinesCoresNorThisJvmsHeap() {
        TransferRun.Result rl = BankTableFixtures.measured().get(0).result();
        String text = Golden.printed(out -> new BankTable(BankTableFixtures.REFERENCE, out).print(java.util.List.of(
                new BankTable.Measured("RL remote", 8, 10_000, rl, BankTable.Server.REMOTE),
                new BankTable.Measured("RL nemesis", 8, 10_000, rl, BankTable.Server.CHILD))));
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(text).contains("| this run | RL remote | 1 | ? | ? (--connect) | 8 |")
                .contains("| this run | RL nemesis | 1 | " + cores + " | (a child JVM's) | 8 |")
                .containsPattern("\\| RL remote \\| #1 [^|]*\\| [0-9.,]+ \\| \\? \\|")
                .doesNotContain("RL remote | 1 | " + cores + " |");
    }
}
