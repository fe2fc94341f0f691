package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code rl bench bank --quick} runs to its end, its checks pass and its tables have the report's columns. */
class BankBenchmarkTest {
    @Test
    void quickRunVerifiesAndPrintsTheReportTables() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BankBenchmark.run(new String[] {"--quick", "--seconds", "2"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; output:%n%s%nprogress:%n%s", text, err).isZero();
        List<String> lines = text.lines().toList();
        assertThat(lines).anyMatch(l -> l.contains("verification: total balance") && l.endsWith("totals match"));
        assertThat(lines).anyMatch(l -> l.contains("verification: transfer log") && l.endsWith("log matches"));
        assertThat(lines).anyMatch(l -> l.contains("verification:") && l.endsWith("balances match"));
        assertThat(lines).contains("| # | Vendor | Nodes | VCPU/Node | RAM/Node (GB) | Clients | Accounts (M) "
                + "| Transfers (M) | TPS |", "| # | Vendor | Avg (ms) | Max (ms) | p99 (ms) |");
        assertThat(lines.stream().filter(l -> l.startsWith("| this run |"))).hasSize(2)
                .allMatch(l -> l.split("\\|").length >= 6);
        assertThat(lines).anyMatch(l -> l.startsWith("| 1 | FDB |"));
        assertThat(lines).anyMatch(l -> l.startsWith("| 8 | PG |"));
        assertThat(lines).contains("result: all checks passed");
    }

    @Test
    void refusesNemesisOnTheMemoryEngine() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BankBenchmark.run(new String[] {"--nemesis", "5"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("durable");
    }
}
