package io.relationshiplayer.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A long statement's elapsed time: nothing for two seconds, then the line, erased when the result comes. */
class ElapsedLineTest {
    @Test
    void showsAfterTwoSecondsAndIsErased() {
        StringWriter text = new StringWriter();
        try (ElapsedLine line = new ElapsedLine(new PrintWriter(text))) {
            long started = System.nanoTime();
            line.start();
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                    .until(() -> !text.toString().isEmpty());
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
            assertThat(text.toString()).startsWith("\r(running for 2 s; Ctrl-C cancels)");
            line.stop();
            assertThat(text.toString()).endsWith("\r\u001b[K");
            int length = text.toString().length();
            // stopped: no update comes any more (one would come every second)
            await().during(Duration.ofMillis(1200)).atMost(Duration.ofSeconds(5))
                    .until(() -> text.toString().length() == length);
        }
    }
}
