package io.relationshiplayer.bench.bank;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rl bench bank --quick} runs to its end, its checks pass and its tables have the report's columns. */
class BankBenchmarkTest {
    /** Both shapes of a transfer: one ExecuteBatch call, and an explicit transaction of three calls. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"batch", "transaction"})
    void quickRunVerifiesAndPrintsTheReportTables(String shape) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BankBenchmark.run(new String[] {"--quick", "--seconds", "2", "--transfer", shape},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; output:%n%s%nprogress:%n%s", text, err).isZero();
        List<String> lines = text.lines().toList();
        assertThat(lines).anyMatch(l -> l.startsWith("RL SQL/gRPC memory " + (shape.equals("batch") ? "batch" : "txn")
                + ": ") && l.contains("transfers acknowledged"));
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

    /**
     * At least two SIGKILLs of the server child (--kills 2 holds the one-second run open until two kills were each
     * followed by a served transfer, however slowly a loaded machine restarts): each restarted server acknowledges
     * transfers before the next kill, and the checks pass. The interval (0.5 s) is shorter than a restarted JVM's
     * warm-up: the former schedule, a kill at a fixed delay after the server listened, then killed every server
     * before it served (2 transfers in 12 s).
     */
    @Test
    void everyServerRestartedByTheNemesisAcknowledgesTransfers(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BankBenchmark.run(new String[] {"--accounts", "100", "--clients", "2", "--seconds", "1",
                "--nemesis", "0.5", "--kills", "2", "--backend", "embedded:" + dir.resolve("data")},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; output:%n%s%nprogress:%n%s", text, err).isZero();
        Matcher kills = Pattern.compile("nemesis: (\\d+) kills?, .*: every restarted server acknowledged transfers")
                .matcher(text);
        assertThat(kills.find()).as("nemesis summary in:%n%s", text).isTrue();
        assertThat(Integer.parseInt(kills.group(1))).as("kills in:%n%s", text).isGreaterThanOrEqualTo(2);
        assertThat(text.lines().filter(l -> l.startsWith("nemesis: kill at")))
                .allMatch(l -> !l.endsWith("NaN s"));
        assertThat(text).contains("log matches", "balances match", "result: all checks passed");
    }

    /**
     * SIGSTOP instead of SIGKILL: the frozen server's clients wait, its transactions pass FoundationDB's 5 s window and
     * are retried, and after SIGCONT it serves again with nothing acknowledged lost.
     */
    @Test
    void aServerStoppedAndContinuedLosesNothingAndServesAgain(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BankBenchmark.run(new String[] {"--accounts", "100", "--clients", "2", "--seconds", "1",
                "--nemesis", "0.5", "--fault", "stop", "--stop-seconds", "6", "--backend",
                "embedded:" + dir.resolve("data")},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; output:%n%s%nprogress:%n%s", text, err).isZero();
        assertThat(text).contains("SIGSTOPped for 6 s", "nemesis: 1 stop, ",
                "every continued server acknowledged transfers", "log matches", "balances match",
                "result: all checks passed");
        Matcher stop = Pattern.compile("nemesis: stop at [\\d.]+ s: server back after ([\\d.]+) s, first transfer "
                + "acknowledged after ([\\d.]+) s").matcher(text);
        assertThat(stop.find()).as("stop line in:%n%s", text).isTrue();
        assertThat(Double.parseDouble(stop.group(1))).isGreaterThanOrEqualTo(6.0);
        assertThat(Double.parseDouble(stop.group(2))).isGreaterThanOrEqualTo(6.0);
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
