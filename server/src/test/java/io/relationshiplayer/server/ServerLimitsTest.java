package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.limits.Durations;
import io.relationshiplayer.limits.ServerLimits;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The limits' defaults, validation and batch clamping, and the duration syntax of their flags. */
class ServerLimitsTest {
    @Test
    void defaultsAreTheDocumentedOnes() {
        ServerLimits d = ServerLimits.DEFAULTS;
        assertThat(d.maxMessageBytes()).isEqualTo(16 * 1024 * 1024).isEqualTo(RlServer.MAX_MESSAGE_BYTES);
        assertThat(d.maxCallsPerClient()).isEqualTo(256);
        assertThat(d.maxStreamsPerClient()).isEqualTo(64);
        assertThat(d.statementTimeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(d.maxRowsPerBatch()).isEqualTo(10_000);
    }

    @Test
    void aBatchSizeIsTheDefaultWhenUnsetAndNeverAboveTheLimit() {
        ServerLimits l = ServerLimits.DEFAULTS.withMaxRowsPerBatch(100);
        assertThat(l.batchSize(0, 500)).isEqualTo(100);
        assertThat(l.batchSize(-3, 50)).isEqualTo(50);
        assertThat(l.batchSize(7, 500)).isEqualTo(7);
        assertThat(l.batchSize(1_000_000, 500)).isEqualTo(100);
    }

    @Test
    void aLimitThatCannotWorkIsRefusedByName() {
        assertThatThrownBy(() -> ServerLimits.DEFAULTS.withMaxStreamsPerClient(0))
                .hasMessage("max-concurrent-streams-per-client must be positive: 0");
        assertThatThrownBy(() -> ServerLimits.DEFAULTS.withStatementTimeout(Duration.ofSeconds(-1)))
                .hasMessageStartingWith("statement-timeout must not be negative");
        assertThat(ServerLimits.reached(ServerLimits.MAX_CALLS_PER_CLIENT, 8))
                .isEqualTo("limit max-concurrent-calls-per-client=8 reached");
    }

    @Test
    void durationsReadAsPeopleWriteThemAndPrintShortest() {
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("30")).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse(" 5m ")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("PT1.5S")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("0")).isZero();
        assertThatThrownBy(() -> Durations.parse("soon")).hasMessageContaining("not a duration: 'soon'");
        assertThat(Durations.format(Duration.ofMillis(700))).isEqualTo("700ms");
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(Durations.format(Duration.ofMinutes(5))).isEqualTo("5m");
        assertThat(Durations.format(Duration.ofHours(2))).isEqualTo("2h");
        assertThat(Durations.format(Duration.ZERO)).isEqualTo("0");
    }
}
