package io.relationshiplayer.bench.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RatioCheckTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(double ratio, String... args) throws Exception {
        return RatioCheck.run("t", args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), (a, o, e) -> {
                    assertThat(a).containsExactly("--quick");
                    RatioCheck.record("t.ratio", ratio);
                    return 0;
                });
    }

    @Test
    void updateWritesTheBaselineAndKeepsMarginsAndComments(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("baseline.properties");
        Files.writeString(file, "# comment\nt.ratio = 1.000 0.50\n");
        assertThat(run(1.25, "--quick", "--update-baseline", "--baseline", file.toString())).isZero();
        assertThat(Files.readString(file)).contains("# comment").contains("t.ratio = 1.250 0.50");
    }

    @Test
    void checkPassesWithinTheMarginAndFailsBeyondItNamingTheRatio(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("baseline.properties");
        Files.writeString(file, "t.ratio = 2.000 0.50\n");
        assertThat(run(2.9, "--quick", "--check", "--baseline", file.toString())).isZero();
        assertThat(run(3.1, "--quick", "--check", "--baseline", file.toString())).isEqualTo(RatioCheck.REGRESSED);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("t.ratio is 3.10").contains("baseline 2.00")
                .contains("margin of 50 %").contains("limit 3.00");
    }

    @Test
    void withoutCheckOptionsOnlyTheBenchmarkRuns(@TempDir Path dir) throws Exception {
        assertThat(run(100, "--quick")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("Check of");
    }

    @Test
    void eachRatioIsALineAlignedAsItsFormatWas(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("baseline.properties");
        Files.writeString(file, "t.ratio = 2.000 0.50\n");
        run(2.9, "--quick", "--check", "--baseline", file.toString());
        Files.writeString(file, "other.ratio = 2.000 0.50\n");
        run(1.5, "--quick", "--check", "--baseline", file.toString());
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).contains(
                String.format(Locale.ROOT, "  %-48s %8.2f  baseline %.2f, margin %.0f %%, limit %.2f: %s", "t.ratio",
                        2.9, 2.0, 50.0, 3.0, "ok"),
                String.format(Locale.ROOT, "  %-48s %8.2f  no baseline (add it with --update-baseline)", "t.ratio",
                        1.5));
    }
}
