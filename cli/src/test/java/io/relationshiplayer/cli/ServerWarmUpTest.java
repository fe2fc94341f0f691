package io.relationshiplayer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The server's warm-up runs its statements to their end (a statement of it that stopped working would leave every
 * restarted server cold without a word but "the warm-up failed"), and {@code rl warm-up}, from which the build makes
 * the class-data-sharing archive, exits 0.
 */
class ServerWarmUpTest {
    @Test
    void theWarmUpRunsEveryStatement() {
        assertThat(ServerWarmUp.run()).as("milliseconds; -1 had a statement failed").isGreaterThanOrEqualTo(0);
    }

    @Test
    void rlWarmUpExitsZero() {
        CliRun run = CliRun.rl("warm-up");
        assertThat(run.exitCode()).as("exit code; stderr:%n%s", run.err()).isZero();
        assertThat(run.err()).containsPattern("rl warm-up: \\d+ ms");
    }
}
