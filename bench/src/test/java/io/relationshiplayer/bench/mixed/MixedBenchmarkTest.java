package io.relationshiplayer.bench.mixed;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.bench.bank.Latencies;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code rl bench mixed --quick} runs to its end, its sum checks and its table has a row per class and count. */
class MixedBenchmarkTest {
    @Test
    void quickRunVerifiesAndPrintsOneRowPerClassAndClientCount() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = MixedBenchmark.run(new String[] {"--quick", "--rows", "1000", "--seconds", "1.5"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; output:%n%s%nprogress:%n%s", text, err).isZero();
        List<String> lines = text.lines().toList();
        assertThat(lines).contains("| Clients | Class | Txns | TPS | p50 (ms) | p90 (ms) | p99 (ms) | Max (ms) | Retries |");
        for (String count : List.of("1", "4")) {
            for (String c : List.of("update 2 keys", "strong read 2 keys", "weak read 1 key", "all")) {
                assertThat(lines).anyMatch(l -> l.startsWith("| " + count + " | " + c + " |")
                        && l.split("\\|").length == 10);
            }
        }
        assertThat(lines).anyMatch(l -> l.startsWith("verification:") && l.endsWith("totals match"));
        assertThat(lines).contains("result: all checks passed");
    }

    @Test
    void aRowIsAMarkdownLineOfCountsRatesAndPercentiles() {
        Latencies l = new Latencies();
        for (long ms = 10; ms >= 1; ms--) {
            l.add(ms * 1_000_000L);
        }
        assertThat(MixedBenchmark.row(4, "update 2 keys", 1234, 2_000_000_000L, Latencies.merge(List.of(l)), 5))
                .isEqualTo("| 4 | update 2 keys | 1,234 | 617 | 5.00 | 9.00 | 10.00 | 10.0 | 5 |");
    }
}
