package io.relationshiplayer.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C in {@code rl shell} against a real server (its own, on a loopback port): a statement that has sent no row yet
 * (an aggregate over a cross join of a hundred million rows) is cancelled on the server, psql's message is printed, and
 * the next statement on the same session runs at once.
 */
class ShellCancelTest {
    private static final String TENS = "(VALUES 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)";

    @TempDir
    Path dir;

    @Test
    void ctrlCCancelsAStatementBeforeItsFirstRowAndTheSessionIsFreeAtOnce() throws Exception {
        StringBuilder join = new StringBuilder("SELECT COUNT(*) AS c FROM " + TENS + " a(x)");
        for (char t = 'b'; t <= 'i'; t++) {
            join.append(", ").append(TENS).append(' ').append(t).append("(x)");
        }
        long started = System.nanoTime();
        ShellDriver.Session s = ShellDriver.shell(dir, "SELECT 41 + 1 AS answer;\n" + join
                + ";\nSELECT 41 + 1 AS answer;\n", List.of(), w -> {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                    .until(() -> w.printed().contains("(1 row"));
            // the join is running: well into its rows, none sent yet
            await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(30))
                    .until(() -> !w.printed().contains(" c\n"));
            // raised until the shell says so: a signal before the statement started would only clear a line
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(300)).until(() -> {
                if (w.printed().contains("canceling statement")) {
                    return true;
                }
                w.interrupt();
                return false;
            });
        });
        double seconds = (System.nanoTime() - started) / 1e9;
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(s.out()).contains("ERROR: canceling statement due to user request (SQLSTATE 57014)\n")
                .doesNotContain(" c\n");
        // the statement ran once before (planned and cached), so that its time after the cancel is the server's wait
        Matcher answer = Pattern.compile(" answer\n-+\n +42\n\\(1 row, (\\d+\\.\\d) ms\\)").matcher(
                s.out().substring(s.out().indexOf("canceling statement")));
        assertThat(answer.find()).as(s.out()).isTrue();
        // the server stopped the join: the next statement found the session free (no wait for "session busy")
        assertThat(Double.parseDouble(answer.group(1))).isLessThan(2000);
        assertThat(seconds).as("the cross join of 10^9 rows was not run to its end").isLessThan(60);
    }
}
