package io.relationshiplayer.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aCountedStepShowsWhatIsDoneItsRatesAndABarThatReachesItsTotal() {
        AtomicLong done = new AtomicLong();
        try (ProgressLine line = ProgressLine.start(out, false, "bank", "transfers", done::get, 1_000, 0)) {
            long t0 = System.nanoTime();
            done.set(250);
            String quarter = line.line(t0 + 1_000_000_000L);
            assertThat(quarter).startsWith("bank: 250 transfers, ").contains("/s now").contains("/s overall")
                    .endsWith("[#####               ]  25%");
            done.set(1_000);
            // 750 more in the next second: the interval's rate, not the whole step's
            assertThat(line.line(t0 + 2_000_000_000L)).startsWith("bank: 1,000 transfers, 750/s now, ")
                    .endsWith("[####################] 100%");
        }
        assertThat(printed()).as("not live: nothing printed").isEmpty();
    }

    @Test
    void aTimedStepFillsItsBarWithTimeAndAnOpenEndedOneHasNoBar() {
        AtomicLong done = new AtomicLong(10);
        try (ProgressLine timed = ProgressLine.start(out, false, "mixed", "transactions", done::get, 0, 10)) {
            assertThat(timed.line(System.nanoTime() + 5_000_000_000L)).contains("[##########          ]  50%");
        }
        try (ProgressLine open = ProgressLine.start(out, false, "study", "calls", done::get, 0, 0)) {
            assertThat(open.line(System.nanoTime() + 1_000_000_000L)).startsWith("study: 10 calls, ")
                    .doesNotContain("[");
        }
    }

    @Test
    void aLiveLineIsRedrawnInPlaceAndClearedWhenClosed() {
        AtomicLong done = new AtomicLong();
        try (ProgressLine line = ProgressLine.start(out, true, "bank", "transfers", done::get, 0, 0)) {
            done.set(42);
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                    .until(() -> printed().contains("42 transfers"));
        }
        String s = printed();
        assertThat(s).startsWith("\rbank: ").contains("42 transfers").doesNotContain("\n");
        // closed: the last thing written blanks the line and returns to its start
        assertThat(s).endsWith("\r");
        String last = s.substring(s.lastIndexOf('\r', s.length() - 2) + 1, s.length() - 1);
        assertThat(last).isBlank();
    }
}
