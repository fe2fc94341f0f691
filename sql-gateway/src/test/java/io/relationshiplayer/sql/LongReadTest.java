package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.ManualTimeSource;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Read-only autocommit statements that outlive FoundationDB's transaction window (its five seconds, and the renewal of
 * a long read's transaction after four): in continuation mode (the default) they go on in new transactions, in snapshot
 * mode and as writes they fail with 40001 as before. Time is the engine's clock ({@link ManualTimeSource}), which the
 * tests move instead of sleeping: by the slow reader's pauses, or at each reading of the clock while a statement runs
 * (the engine reads it at each read it answers), so that a statement outlives the window however fast it runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LongReadTest {
    static final Duration WINDOW = EngineConfig.FDB_READ_WINDOW;
    static final int ROWS = 2_000;
    /** Rows read between the slow reader's pauses, and the pause: the whole read takes three windows. */
    static final int STRIDE = 100;
    static final Duration PAUSE = WINDOW.multipliedBy(3).dividedBy(ROWS / STRIDE);
    /** Outer rows of the cross joins: the inner scan of 2,000 rows is read once for each. */
    static final int OUTER = 30;
    /**
     * How far the clock moves at each reading while a statement runs past the window ({@link #whileTimePasses}): a
     * hundred readings are a window. In snapshot mode only the engine reads it, at each read it answers (a few per
     * scan of {@code parent}); in continuation mode the statement also checks its transaction's age at each row.
     */
    static final Duration STEP = Duration.ofMillis(50);

    final ManualTimeSource clock = new ManualTimeSource();
    Backend backend;
    SqlEngine engine;

    @BeforeAll
    void populate() {
        backend = Backend.embedded(EngineConfig.memory().withClock(clock));
        engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())), new RlMetrics());
        try (SqlSession s = engine.open("long")) {
            run(s, "CREATE TABLE parent (id BIGINT PRIMARY KEY, grp INTEGER NOT NULL)");
            run(s, "CREATE TABLE child (id BIGINT PRIMARY KEY, pid BIGINT NOT NULL REFERENCES parent (id), "
                    + "v INTEGER NOT NULL)");
            run(s, "CREATE INDEX child_v ON child (v)");
            // Statements of 100 rows stay far inside the short window: writes are never split.
            for (int from = 0; from < ROWS; from += 100) {
                run(s, values("parent", from, id -> id + ", " + id % 7));
            }
            for (int from = 0; from < ROWS; from += 100) {
                run(s, values("child", from, id -> id + ", " + (ROWS - 1 - id) + ", " + id % 10));
            }
        }
    }

    /** An INSERT of the 100 rows from {@code from} on, each row's values given by {@code row}. */
    private static String values(String table, int from, java.util.function.IntFunction<String> row) {
        StringBuilder sql = new StringBuilder("INSERT INTO " + table + " VALUES ");
        for (int id = from; id < from + 100; id++) {
            sql.append(id == from ? "(" : ", (").append(row.apply(id)).append(')');
        }
        return sql.toString();
    }

    @AfterAll
    void close() {
        backend.close();
    }

    @Test
    void aFullScanReadSlowlyPastTheWindowReturnsEveryRowOnceWhileRowsAreAdded() {
        try (SqlSession s = engine.open("long"); SqlSession writer = engine.open("long")) {
            List<Long> ids = new ArrayList<>();
            Duration start = clock.elapsed();
            try (RowStream rows = query(s, "SELECT id FROM parent")) {
                while (rows.hasNext()) {
                    ids.add((Long) rows.next()[0]);
                    assertThat(ids.size()).as("rows read").isLessThanOrEqualTo(ROWS + 2);
                    if (ids.size() % STRIDE == 0) {
                        clock.advance(PAUSE);
                    }
                    if (ids.size() == ROWS / 2) {
                        // Committed between the scan's transactions: ahead of the scan, so it may see them.
                        run(writer, "INSERT INTO parent VALUES (" + (ROWS + 1) + ", 1), (" + (ROWS + 2) + ", 2)");
                    }
                }
            }
            assertThat(clock.elapsed().minus(start)).as("the read outlived a transaction")
                    .isGreaterThan(WINDOW.multipliedBy(2));
            assertThat(new HashSet<>(ids)).as("no row twice").hasSize(ids.size());
            assertThat(ids.subList(0, ROWS)).as("every row, in key order").isEqualTo(range(0, ROWS));
            assertThat(ids.subList(ROWS, ids.size())).isSubsetOf((long) ROWS + 1, (long) ROWS + 2);
            run(writer, "DELETE FROM parent WHERE id > " + ROWS);
        }
    }

    @Test
    void anIndexRangeScanAndALookupJoinReadSlowlyReturnEveryRowOnce() {
        try (SqlSession s = engine.open("long")) {
            String sql = "SELECT c.id, p.grp FROM child c JOIN parent p ON p.id = c.pid WHERE c.v >= 7";
            assertThat(explain(s, sql)).contains("INDEX_RANGE").contains("RecordLayerLookupJoin");
            Set<Long> seen = new HashSet<>();
            int read = 0;
            Duration start = clock.elapsed();
            try (RowStream rows = query(s, sql)) {
                while (rows.hasNext()) {
                    Object[] r = rows.next();
                    long id = (Long) r[0];
                    assertThat(seen.add(id)).as("row %d once", id).isTrue();
                    assertThat(r[1]).isEqualTo((int) ((ROWS - 1 - id) % 7));
                    if (++read % (STRIDE / 4) == 0) {
                        clock.advance(PAUSE); // 600 rows: 24 pauses, over three windows
                    }
                }
            }
            assertThat(clock.elapsed().minus(start)).isGreaterThan(WINDOW.multipliedBy(2));
            Set<Long> expected = new HashSet<>();
            for (long id = 0; id < ROWS; id++) {
                if (id % 10 >= 7) {
                    expected.add(id);
                }
            }
            assertThat(seen).isEqualTo(expected);
        }
    }

    @Test
    void aCrossJoinAggregatePastTheWindowCompletesAndFailsInSnapshotMode() {
        // The inner scan is enumerated again for each outer row, each time in the statement's newest transaction.
        int outer = OUTER;
        String sql = "SELECT COUNT(*), SUM(a.grp * b.grp) FROM parent a, parent b WHERE a.id < " + outer;
        long outerSum = 0;
        long innerSum = 0;
        for (int id = 0; id < ROWS; id++) {
            outerSum += id < outer ? id % 7 : 0;
            innerSum += id % 7;
        }
        long sum = outerSum * innerSum;
        try (SqlSession s = engine.open("long")) {
            Duration start = clock.elapsed();
            whileTimePasses(s, () -> {
                try (RowStream rows = query(s, sql)) {
                    Object[] r = rows.next();
                    assertThat(r[0]).isEqualTo((long) outer * ROWS);
                    assertThat(((Number) r[1]).longValue()).isEqualTo(sum);
                }
                return null;
            });
            assertThat(clock.elapsed().minus(start)).as("several windows").isGreaterThan(WINDOW.multipliedBy(2));

            run(s, "SET read_consistency = snapshot");
            assertThatThrownBy(() -> whileTimePasses(s, () -> query(s, sql).next())).isInstanceOfSatisfying(
                    SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("40001"));
        }
    }

    @Test
    void snapshotModeKeepsOneTransactionAndFailsPastTheWindow() {
        try (SqlSession s = engine.open("long")) {
            run(s, "SET read_consistency = snapshot");
            int read = 0;
            try (RowStream rows = query(s, "SELECT id FROM parent")) {
                SqlException e = null;
                try {
                    while (rows.hasNext()) {
                        rows.next();
                        if (++read % STRIDE == 0) {
                            clock.advance(PAUSE);
                        }
                    }
                } catch (SqlException failure) {
                    e = failure;
                }
                assertThat(e).as("the read past the window fails").isNotNull();
                assertThat(e.sqlState()).isEqualTo("40001");
                assertThat(read).isLessThan(ROWS);
            }
            run(s, "SET read_consistency TO DEFAULT");
            assertThat(readSlowly(s, "SELECT id FROM parent")).hasSize(ROWS);
        }
    }

    @Test
    void aWriteStatementPastTheWindowFailsAndWritesNothing() {
        String sql = "INSERT INTO child SELECT 100000 + a.id * 10000 + b.id, 0, 0 FROM parent a, parent b "
                + "WHERE a.id < 12";
        try (SqlSession s = engine.open("long")) {
            double retries = autocommitRetries();
            assertThatThrownBy(() -> whileTimePasses(s, () -> run(s, sql))).isInstanceOfSatisfying(SqlException.class,
                    e -> assertThat(e.sqlState()).isEqualTo("40001"));
            assertThat(autocommitRetries()).as("one attempt: a retry would be as long").isEqualTo(retries);
            try (RowStream rows = query(s, "SELECT COUNT(*) FROM child WHERE id >= 100000")) {
                assertThat(rows.next()).containsExactly(0L);
            }
        }
    }

    @Test
    void insideATransactionAReadKeepsItsOneTransaction() {
        try (SqlSession s = engine.open("long")) {
            run(s, "BEGIN");
            assertThatThrownBy(() -> readSlowly(s, "SELECT id FROM parent")).isInstanceOfSatisfying(
                    SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("40001"));
            assertThat(run(s, "COMMIT").command()).isEqualTo("ROLLBACK");
        }
    }

    @Test
    void aBadSettingIsRefusedAndTheSessionGoesOn() {
        try (SqlSession s = engine.open("long")) {
            assertThatThrownBy(() -> run(s, "SET read_consistency = sometimes")).isInstanceOfSatisfying(
                    SqlException.class, e -> {
                        assertThat(e.sqlState()).isEqualTo("22023");
                        assertThat(e.getMessage()).contains("snapshot or continuation");
                    });
            assertThat(run(s, "SET read_consistency = 'continuation'").command()).isEqualTo("SET");
            assertThat(run(s, "SET READ_CONSISTENCY TO Snapshot").command()).isEqualTo("SET");
        }
    }

    /**
     * Runs {@code body}, a statement of {@code s}, while the clock moves {@link #STEP} at each reading: as the engine
     * answers the statement's reads and the statement checks its transaction's age, so that its time is in proportion
     * to its work. A statement that would never end (a scan that starts over in each new transaction) is cancelled
     * after a minute.
     */
    private <T> T whileTimePasses(SqlSession s, Supplier<T> body) {
        CompletableFuture<Void> watchdog = CompletableFuture.runAsync(s::cancel,
                CompletableFuture.delayedExecutor(1, TimeUnit.MINUTES));
        clock.advanceOnEachReading(STEP);
        try {
            return body.get();
        } finally {
            clock.advanceOnEachReading(Duration.ZERO);
            watchdog.cancel(false);
        }
    }

    private double autocommitRetries() {
        return engine.metrics().scrape().lines().filter(l -> l.startsWith("rl_sql_autocommit_retries_total "))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.indexOf(' ') + 1))).sum();
    }

    private List<Long> readSlowly(SqlSession s, String sql) {
        List<Long> ids = new ArrayList<>();
        try (RowStream rows = query(s, sql)) {
            while (rows.hasNext()) {
                ids.add((Long) rows.next()[0]);
                assertThat(ids.size()).as("rows read").isLessThanOrEqualTo(ROWS);
                if (ids.size() % STRIDE == 0) {
                    clock.advance(PAUSE);
                }
            }
        }
        return ids;
    }

    private static List<Long> range(long from, long to) {
        List<Long> out = new ArrayList<>();
        for (long i = from; i < to; i++) {
            out.add(i);
        }
        return out;
    }

    private static String explain(SqlSession s, String sql) {
        StringBuilder out = new StringBuilder();
        try (RowStream rows = query(s, "EXPLAIN " + sql)) {
            rows.forEachRemaining(r -> out.append(r[0]).append('\n'));
        }
        return out.toString();
    }

    private static RowStream query(SqlSession s, String sql) {
        return ((StatementResult.Query) s.execute(sql, List.of())).rows();
    }

    private static StatementResult run(SqlSession s, String sql) {
        StatementResult r = s.execute(sql, List.of());
        if (r instanceof StatementResult.Query) {
            ((StatementResult.Query) r).rows().close();
        }
        return r;
    }
}
