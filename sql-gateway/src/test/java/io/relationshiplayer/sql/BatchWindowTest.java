package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.ManualTimeSource;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An autocommit batch whose transaction ran past FoundationDB's window (its five seconds) once is retried, since the
 * time may not have been its own (a stopped process: the nemesis's SIGSTOP found a 3-item batch refused as too large);
 * past it on the retry too, it is too large (54000) and wrote nothing. The pause is the engine's clock moved past the
 * window ({@link ManualTimeSource}), not a sleep.
 */
class BatchWindowTest {
    private static final Duration WINDOW = EngineConfig.FDB_READ_WINDOW;
    private final ManualTimeSource clock = new ManualTimeSource();
    private static final List<SqlSession.BatchItem> ITEMS = List.of(
            new SqlSession.BatchItem("INSERT INTO t VALUES (?, ?)", List.of(1L, 10L)),
            new SqlSession.BatchItem("INSERT INTO t VALUES (?, ?)", List.of(2L, 20L)));

    @Test
    void aBatchPastTheWindowOnceIsRetried() {
        try (Backend backend = Backend.embedded(EngineConfig.memory().withClock(clock));
             SqlSession s = session(backend)) {
            AtomicInteger calls = new AtomicInteger();
            // the second item of the first attempt waits past the window, as if the process had been stopped there
            long[] counts = s.executeBatch(ITEMS, false, false, () -> pauseIf(calls.incrementAndGet() == 2));
            assertThat(counts).containsExactly(1, 1);
            assertThat(calls.get()).as("items run: two attempts of two").isEqualTo(4);
            assertThat(rows(s)).isEqualTo(2);
        }
    }

    @Test
    void aBatchPastTheWindowTwiceIsTooLargeAndWritesNothing() {
        try (Backend backend = Backend.embedded(EngineConfig.memory().withClock(clock));
             SqlSession s = session(backend)) {
            AtomicInteger calls = new AtomicInteger();
            assertThatThrownBy(() -> s.executeBatch(ITEMS, false, false, () -> pauseIf(calls.incrementAndGet() % 2 == 0)))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("54000"))
                    .hasMessageContaining("5 second transaction limit");
            assertThat(calls.get()).as("items run: two attempts of two").isEqualTo(4);
            assertThat(rows(s)).isZero();
        }
    }

    private static SqlSession session(Backend backend) {
        SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("w");
        s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, v BIGINT)", List.of());
        return s;
    }

    private void pauseIf(boolean pause) {
        if (pause) {
            clock.advance(WINDOW.plusMillis(200));
        }
    }

    private static long rows(SqlSession s) {
        try (RowStream r = ((StatementResult.Query) s.execute("SELECT COUNT(*) FROM t", List.of())).rows()) {
            return (Long) r.next()[0];
        }
    }
}
