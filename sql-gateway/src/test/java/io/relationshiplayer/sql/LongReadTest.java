package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Read-only autocommit statements that outlive FoundationDB's transaction window, on an embedded backend whose window
 * is shortened to {@link #WINDOW} so that each test takes about a second rather than many: in continuation mode (the
 * default) they go on in new transactions, in snapshot mode and as writes they fail with 40001 as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LongReadTest {
    static final Duration WINDOW = Duration.ofMillis(400);
    static final int ROWS = 2_000;
    /** Rows read between the slow reader's pauses, and the pause: the whole read takes about three windows. */
    static final int STRIDE = 100;
    static final long PAUSE_MILLIS = WINDOW.toMillis() * 3 / (ROWS / STRIDE);
    /**
     * 20 ms per batch of a range read: a scan of 2,000 rows (batches of 100, 200, ... rows) takes at least 100 ms, so
     * that statements that read a table many times outlive the window whatever the speed of the machine.
     */
    static final LatencyProfile RANGE_LATENCY = new LatencyProfile(0, 0, 0, 0, 20_000, 20_000, 0, 0);

    Backend backend;
    SqlEngine engine;

    @BeforeAll
    void populate() {
        backend = Backend.embedded(EngineConfig.memory().withReadWindow(WINDOW).withLatency(RANGE_LATENCY));
        engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())), new RlMetrics(),
                WINDOW.dividedBy(2));
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
    void aFullScanReadSlowlyPastTheWindowReturnsEveryRowOnceWhileRowsAreAdded() throws Exception {
        try (SqlSession s = engine.open("long"); SqlSession writer = engine.open("long")) {
            List<Long> ids = new ArrayList<>();
            long start = System.nanoTime();
            try (RowStream rows = query(s, "SELECT id FROM parent")) {
                while (rows.hasNext()) {
                    ids.add((Long) rows.next()[0]);
                    if (ids.size() % STRIDE == 0) {
                        Thread.sleep(PAUSE_MILLIS);
                    }
                    if (ids.size() == ROWS / 2) {
                        // Committed between the scan's transactions: ahead of the scan, so it may see them.
                        run(writer, "INSERT INTO parent VALUES (" + (ROWS + 1) + ", 1), (" + (ROWS + 2) + ", 2)");
                    }
                }
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the read outlived a transaction")
                    .isGreaterThan(WINDOW.multipliedBy(2));
            assertThat(new HashSet<>(ids)).as("no row twice").hasSize(ids.size());
            assertThat(ids.subList(0, ROWS)).as("every row, in key order").isEqualTo(range(0, ROWS));
            assertThat(ids.subList(ROWS, ids.size())).isSubsetOf((long) ROWS + 1, (long) ROWS + 2);
            run(writer, "DELETE FROM parent WHERE id > " + ROWS);
        }
    }

    @Test
    void anIndexRangeScanAndALookupJoinReadSlowlyReturnEveryRowOnce() throws Exception {
        try (SqlSession s = engine.open("long")) {
            String sql = "SELECT c.id, p.grp FROM child c JOIN parent p ON p.id = c.pid WHERE c.v >= 7";
            assertThat(explain(s, sql)).contains("INDEX_RANGE").contains("RecordLayerLookupJoin");
            Set<Long> seen = new HashSet<>();
            int read = 0;
            long start = System.nanoTime();
            try (RowStream rows = query(s, sql)) {
                while (rows.hasNext()) {
                    Object[] r = rows.next();
                    long id = (Long) r[0];
                    assertThat(seen.add(id)).as("row %d once", id).isTrue();
                    assertThat(r[1]).isEqualTo((int) ((ROWS - 1 - id) % 7));
                    if (++read % (STRIDE / 2) == 0) {
                        Thread.sleep(PAUSE_MILLIS);
                    }
                }
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(WINDOW.multipliedBy(2));
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
        // The inner scan is enumerated again for each outer row. FoundationDB's client answers those reads from its
        // cache within a transaction, so the time is in decoding and joining 150 x 2,000 rows: seconds here, some
        // ten windows.
        int outer = 150;
        String sql = "SELECT COUNT(*), SUM(a.grp * b.grp) FROM parent a, parent b WHERE a.id < " + outer;
        long outerSum = 0;
        long innerSum = 0;
        for (int id = 0; id < ROWS; id++) {
            outerSum += id < outer ? id % 7 : 0;
            innerSum += id % 7;
        }
        try (SqlSession s = engine.open("long")) {
            long start = System.nanoTime();
            try (RowStream rows = query(s, sql)) {
                Object[] r = rows.next();
                assertThat(r[0]).isEqualTo((long) outer * ROWS);
                assertThat(((Number) r[1]).longValue()).isEqualTo(outerSum * innerSum);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(WINDOW);

            run(s, "SET read_consistency = snapshot");
            assertThatThrownBy(() -> query(s, sql).next()).isInstanceOfSatisfying(SqlException.class,
                    e -> assertThat(e.sqlState()).isEqualTo("40001"));
        }
    }

    @Test
    void snapshotModeKeepsOneTransactionAndFailsPastTheWindow() throws Exception {
        try (SqlSession s = engine.open("long")) {
            run(s, "SET read_consistency = snapshot");
            int read = 0;
            try (RowStream rows = query(s, "SELECT id FROM parent")) {
                SqlException e = null;
                try {
                    while (rows.hasNext()) {
                        rows.next();
                        if (++read % STRIDE == 0) {
                            Thread.sleep(PAUSE_MILLIS);
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
            long start = System.nanoTime();
            assertThatThrownBy(() -> run(s, sql)).isInstanceOfSatisfying(SqlException.class,
                    e -> assertThat(e.sqlState()).isEqualTo("40001"));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("one attempt: a retry would be as long")
                    .isLessThan(WINDOW.multipliedBy(4));
            try (RowStream rows = query(s, "SELECT COUNT(*) FROM child WHERE id >= 100000")) {
                assertThat(rows.next()).containsExactly(0L);
            }
        }
    }

    @Test
    void insideATransactionAReadKeepsItsOneTransaction() throws Exception {
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

    private List<Long> readSlowly(SqlSession s, String sql) throws InterruptedException {
        List<Long> ids = new ArrayList<>();
        try (RowStream rows = query(s, sql)) {
            while (rows.hasNext()) {
                ids.add((Long) rows.next()[0]);
                if (ids.size() % STRIDE == 0) {
                    Thread.sleep(PAUSE_MILLIS);
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
