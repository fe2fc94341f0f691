package io.relationshiplayer.cli;

import static io.relationshiplayer.cli.CliRun.rl;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a psql user tries first: every command's version, help without warnings, history in $HOME. */
class CliBasicsTest {

    @Test
    void everyCommandPrintsTheVersion() {
        for (String[] args : new String[][] {{"-V"}, {"sql", "-V"}, {"server", "-V"}, {"shell", "-V"},
                {"bench", "-V"}, {"bench", "mixed", "-V"}}) {
            CliRun run = rl(args);
            assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
            assertThat(run.out()).as(String.join(" ", args)).startsWith("rl ");
        }
    }

    @Test
    void benchHelpFormatsWithoutAWarning() {
        PrintStream saved = System.err;
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        CliRun run;
        try {
            // picocli reports a description it cannot format on System.err, not on the command's writer
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            run = rl("bench", "mixed", "--help");
        } finally {
            System.setErr(saved);
        }
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("10% two-key updates");
        assertThat(stderr.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }

    @Test
    void helpListsEveryExitCodeTheCommandsUse() {
        CliRun run = rl("--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().replaceAll("\\s+", " ")).contains("Exit codes: 0 ok, 1 error, 2 usage, 3 stopped by a "
                + "check (rl shell with ON_ERROR_STOP, rl bench --check on a regression).");
    }

    @Test
    void historyGoesToTheUsersHome() {
        assertThat(ShellCommand.defaultHistory(Map.of("HOME", "/home/ann"))).isEqualTo(Path.of("/home/ann/.rl_history"));
        assertThat(ShellCommand.defaultHistory(Map.of("HOME", "/home/ann", "RL_HISTORY", "/tmp/h")))
                .isEqualTo(Path.of("/tmp/h"));
    }
}
