package io.relationshiplayer.cli.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** \watch's header has its seconds at a whole minute too (LocalDateTime's own text drops ":00"). */
class WatchHeaderTest {
    @Test
    void aWholeMinuteKeepsItsSeconds() {
        assertThat(LocalDateTime.of(2026, 11, 28, 1, 19, 0, 500_000_000).format(ShellInterpreter.WATCH_TIME))
                .isEqualTo("2026-11-28 01:19:00");
    }
}
