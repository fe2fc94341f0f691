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
        assertThat(text).contains("== 1. primary-key SELECT", "== 2. join", "== 3. planning",
                "| Measure | Figure | Goal | Result |", "| 1. SQL / record (p50) |", "| 2. join rows/s |",
                "| 3. five-table join, first (p50) |", "| 3. five-table join, cached (p50) |");
    }

    @Test
    void badArgumentsExitWithTwo() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SqlBenchmark.run(new String[] {"--nope", "1"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
    }
}
