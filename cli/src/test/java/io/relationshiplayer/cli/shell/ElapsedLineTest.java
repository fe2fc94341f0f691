package io.relationshiplayer.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** A long statement's elapsed time: nothing for two seconds, then the line, erased when the result comes. */
class ElapsedLineTest {
    @Test
    void showsAfterTwoSecondsAndIsErased() throws Exception {
        StringWriter text = new StringWriter();
        try (ElapsedLine line = new ElapsedLine(new PrintWriter(text))) {
            line.start();
            Thread.sleep(1000);
            assertThat(text.toString()).isEmpty();
            Thread.sleep(1800);
            assertThat(text.toString()).startsWith("\r(running for 2 s; Ctrl-C cancels)");
            line.stop();
            assertThat(text.toString()).endsWith("\r\u001b[K");
            int length = text.toString().length();
            Thread.sleep(1200);
            assertThat(text.toString()).hasSize(length);
        }
    }
}
