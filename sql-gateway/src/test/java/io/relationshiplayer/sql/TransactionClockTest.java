package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.calcite.TransactionClock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * now() is its transaction's start, in microseconds, as PostgreSQL's: an explicit transaction's BEGIN (not its first
 * statement), an autocommit batch's one transaction for all its items; and a batch's writes to a TIMESTAMP(0) column
 * are rounded to seconds as every other write.
 */
class TransactionClockTest {
    @Test
    void nowInAnExplicitTransactionIsTheTimeOfItsBegin() {
        try (Backend backend = Backend.embedded(EngineConfig.memory()); SqlSession s = session(backend)) {
            long before = TransactionClock.now();
            s.execute("BEGIN", List.of());
            long after = TransactionClock.now();
            clockPast(after); // a statement's own clock would now read past BEGIN's
            s.execute("INSERT INTO t VALUES (1, now())", List.of());
            clockPast(TransactionClock.now());
            s.execute("INSERT INTO t VALUES (2, CURRENT_TIMESTAMP)", List.of());
            s.execute("COMMIT", List.of());
            List<Long> stamps = stamps(s, "SELECT ts FROM t ORDER BY id");
            assertThat(stamps).hasSize(2).containsOnly(stamps.get(0));
            assertThat(stamps.get(0)).isBetween(before, after);
        }
    }

    @Test
    void anAutocommitBatchIsOneTransactionOfOneNow() {
        try (Backend backend = Backend.embedded(EngineConfig.memory()); SqlSession s = session(backend)) {
            List<SqlSession.BatchItem> items = new ArrayList<>();
            for (long id = 1; id <= 3; id++) {
                items.add(new SqlSession.BatchItem("INSERT INTO t VALUES (?, now())", List.of(id)));
            }
            long[] counts = s.executeBatch(items, false, false, () -> clockPast(TransactionClock.now()));
            assertThat(counts).containsExactly(1, 1, 1);
            List<Long> stamps = stamps(s, "SELECT ts FROM t ORDER BY id");
            assertThat(stamps).hasSize(3).containsOnly(stamps.get(0));
            // the next statement is a transaction of its own, later
            assertThat(stamps(s, "SELECT now()").get(0)).isGreaterThan(stamps.get(0));
        }
    }

    @Test
    void aBatchRoundsWhatItWritesToATimestampZeroColumn() {
        try (Backend backend = Backend.embedded(EngineConfig.memory()); SqlSession s = session(backend)) {
            s.execute("CREATE TABLE secs (id BIGINT PRIMARY KEY, ts TIMESTAMP(0))", List.of());
            long[] counts = s.executeBatch(List.of(
                    new SqlSession.BatchItem("INSERT INTO secs VALUES (?, ?)",
                            List.of(1L, LocalDateTime.of(2024, 1, 1, 12, 0, 0, 500_000_000))),
                    new SqlSession.BatchItem("INSERT INTO secs VALUES (?, ?)",
                            List.of(2L, LocalDateTime.of(1990, 6, 1, 0, 0, 0, 500_000_000))),
                    new SqlSession.BatchItem("UPDATE secs SET ts = ts + INTERVAL '0.6' SECOND WHERE id = ?",
                            List.of(2L))), false, false, () -> { });
            assertThat(counts).containsExactly(1, 1, 1);
            assertThat(stamps(s, "SELECT ts FROM secs ORDER BY id")).containsExactly(
                    micros(LocalDateTime.of(2024, 1, 1, 12, 0, 1)), micros(LocalDateTime.of(1990, 6, 1, 0, 0, 1)));
        }
    }

    private static SqlSession session(Backend backend) {
        SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("clock");
        s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, ts TIMESTAMP)", List.of());
        return s;
    }

    /** The first column of every row, a TIMESTAMP, in microseconds since 1970. */
    private static List<Long> stamps(SqlSession s, String sql) {
        List<Long> out = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            r.forEachRemaining(row -> out.add(micros((LocalDateTime) row[0])));
        }
        return out;
    }

    private static long micros(LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + t.getNano() / 1000;
    }

    /** Waits until the clock reads past {@code micros}: a later reading of it is then a later time. */
    private static void clockPast(long micros) {
        while (TransactionClock.now() <= micros) {
            Thread.onSpinWait();
        }
    }
}
