package io.relationshiplayer.bench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code rl bench sql --quick} runs to its end and prints its three sections and the table (timings not checked). */
class SqlBenchmarkTest {
    @Test
    void quickRunPrintsTheThreeSections() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SqlBenchmark.run(new String[] {"--quick"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; output:%n%s%nprogress:%n%s", text, err).isZero();
        assertThat(text).contains("--quick: short measurements on a JVM still compiling; its met / not met do not "
                + "judge the goals", "== 1. primary-key SELECT", "== 2. join", "== 3. planning",
                "| Measure | Figure | Goal | Result |", "| 1. SQL / record (p50) |", "| 2. join rows/s |",
                "| 3. five-table join, first (p50) |", "| 3. five-table join, cached (p50) |");
    }

    @Test
    void theSummaryIsAMarkdownTableOfFiguresGoalsAndResults() {
        assertThat(SqlBenchmark.table(latencies(1_000_000, 3_000_000), latencies(2_000_000), latencies(4_000_000),
                latencies(150_000_000), latencies(500_000))).containsExactly(
                "| Measure | Figure | Goal | Result |",
                "|---|---|---|---|",
                "| 1. PK SELECT (prepared) p50 / p99 | 1.000 / 3.000 ms |  |  |",
                "| 1. LoadRecords (reference) p50 / p99 | 2.000 / 2.000 ms |  |  |",
                "| 1. SQL / record (p50) | 0.50x | < 1.2x | met |",
                "| 2. join 1 x 50 p50 / p99 | 4.000 / 4.000 ms |  |  |",
                "| 2. join rows/s | 12,500 |  |  |",
                "| 3. five-table join, first (p50) | 150.000 ms | < 50 ms | not met |",
                "| 3. five-table join, cached (p50) | 0.500 ms | < 1 ms | met |");
    }

    private static SqlBenchmark.Latencies latencies(long... nanos) {
        SqlBenchmark.Latencies l = new SqlBenchmark.Latencies();
        for (long n : nanos) {
            l.add(n);
        }
        return l;
    }

    @Test
    void badArgumentsExitWithTwo() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SqlBenchmark.run(new String[] {"--nope", "1"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
    }
}
