package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.embedded.EmbeddedFdbException;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlSessionTest {
    @Test
    void foundationDbsWindowIsARetryableSerializationFailureAndItsSizeALimit() {
        SqlException tooOld = SqlErrors.toSql(new RuntimeException(new EmbeddedFdbException("transaction_too_old", 1007)));
        assertThat(tooOld.sqlState()).isEqualTo("40001");
        assertThat(tooOld.isRetryable()).isTrue();
        assertThat(tooOld.getMessage()).contains("5 second");
        SqlException tooLarge = SqlErrors.toSql(new EmbeddedFdbException("transaction_too_large", 2101));
        assertThat(tooLarge.sqlState()).isEqualTo("54000");
        assertThat(tooLarge.isRetryable()).isFalse();
    }

    @Test
    void aValuesListPastTheJvmsMethodLimitWhenCompiledRunsAndTheSessionGoesOn() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("big")) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, n INTEGER, s VARCHAR(9))", List.of());
            StringBuilder sql = new StringBuilder("INSERT INTO t VALUES ");
            for (int i = 0; i < 4000; i++) {
                sql.append(i == 0 ? "" : ", ").append('(').append(i).append(", ").append(i % 7).append(", 'v')");
            }
            assertThat(s.execute(sql.toString(), List.of())).isEqualTo(new StatementResult.Update("INSERT", 4000));
            assertThat(s.execute("INSERT INTO t VALUES (4001, 1, 'a'), (4002, 2, 'b')", List.of()).command())
                    .isEqualTo("INSERT");
            try (RowStream rows = ((StatementResult.Query) s.execute("SELECT COUNT(*) FROM t", List.of())).rows()) {
                assertThat(rows.next()).containsExactly(4002L);
            }
        }
    }

    @Test
    void aPlanOutlivesItsSessionAndServesTheNextOneUntilTheSchemaChanges() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            String select = "SELECT v FROM kv WHERE k = ?";
            try (SqlSession s = engine.open("plans")) {
                s.execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR)", List.of());
                s.execute("INSERT INTO kv VALUES (1, 'a')", List.of());
                assertThat(firstValue(s, select, 1L)).isEqualTo("a");
            }
            long planned = engine.plansPrepared();
            long reused = engine.plansReused();
            for (int i = 0; i < 3; i++) {
                try (SqlSession s = engine.open("plans")) {
                    assertThat(firstValue(s, select, 1L)).isEqualTo("a");
                }
            }
            assertThat(engine.plansPrepared()).as("no session after the first planned the SELECT again")
                    .isEqualTo(planned);
            assertThat(engine.plansReused() - reused).isEqualTo(3);
            try (SqlSession s = engine.open("plans")) {
                s.execute("ALTER TABLE kv ADD COLUMN w INTEGER DEFAULT 7", List.of());
                assertThat(firstValue(s, "SELECT w FROM kv WHERE k = ?", 1L)).isEqualTo(7);
                assertThat(firstValue(s, select, 1L)).isEqualTo("a");
            }
            assertThat(engine.plansPrepared() - planned).as("a new catalog version: both planned anew").isEqualTo(2);
        }
    }

    @Test
    void aDatabaseDroppedAndCreatedAgainIsPlannedAgainThoughItsCatalogVersionsRepeat() {
        try (Backend backend = Backend.open("embedded:memory")) {
            RecordStores stores = new RecordStores(backend.recordDatabase());
            SqlEngine engine = new SqlEngine(new RelationshipLayer(stores));
            try (SqlSession s = engine.open("again")) {
                s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR(9), n INTEGER)", List.of());
                s.execute("INSERT INTO t VALUES (1, 'one', 1)", List.of());
                assertThat(firstValue(s, "SELECT * FROM t WHERE id = ?", 1L)).isEqualTo(1L);
            }
            assertThat(stores.dropDatabase("again", false)).isTrue();
            try (SqlSession s = engine.open("again")) {
                s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, amount BIGINT, label VARCHAR(9))", List.of());
                s.execute("INSERT INTO t VALUES (7, 70, 'seven')", List.of());
                try (RowStream rows = ((StatementResult.Query) s.execute("SELECT * FROM t WHERE id = ?",
                        List.of(7L))).rows()) {
                    assertThat(rows.next()).containsExactly(7L, 70L, "seven");
                }
            }
        }
    }

    @Test
    void theGateIsAskedWhereRowsAreWrittenAndBeforeDdlWhateverTheText() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("gated")) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)", List.of());
            s.execute("INSERT INTO t VALUES (1)", List.of());
            List<StatementAccess> asked = new java.util.ArrayList<>();
            s.gate(access -> {
                asked.add(access);
                if (access != StatementAccess.READ) {
                    throw new SqlException("42501", "no " + access + " here");
                }
            });
            for (String sql : List.of("INSERT INTO t VALUES (2)", "-- x\rUPDATE t SET id = 3",
                    "DELETE FROM t", "INSERT INTO t SELECT id + 10 FROM t")) {
                assertThatThrownBy(() -> s.execute(sql, List.of())).as(sql).isInstanceOfSatisfying(SqlException.class,
                        e -> assertThat(e.sqlState()).isEqualTo("42501"));
            }
            assertThatThrownBy(() -> s.execute("/* a */ DROP TABLE t", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("42501"));
            assertThat(asked).containsExactly(StatementAccess.WRITE, StatementAccess.WRITE, StatementAccess.WRITE,
                    StatementAccess.WRITE, StatementAccess.SCHEMA);
            assertThat(firstValue(s, "SELECT COUNT(*) FROM t WHERE id > ?", 0L)).isEqualTo(1L);
        }
    }

    @Test
    void aCountIndexThatCannotBeReadIsNotUsedAndTheAnswerComesFromAScan() {
        try (Backend backend = Backend.open("embedded:memory")) {
            RecordStores stores = new RecordStores(backend.recordDatabase());
            SqlEngine engine = new SqlEngine(new RelationshipLayer(stores));
            String grouped = "SELECT k, COUNT(*) FROM t WHERE ? = 1 GROUP BY k";
            try (SqlSession s = engine.open("cnt")) {
                s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, k INTEGER)", List.of());
                s.execute("INSERT INTO t VALUES (1, 5), (2, 5), (3, 6)", List.of());
                s.execute("CREATE COUNT INDEX t_per_k ON t (k)", List.of());
                assertThat(explain(s, "SELECT k, COUNT(*) FROM t GROUP BY k")).contains("COUNT_INDEX(t_per_k)");
            }
            // As while it is being built, or after its build failed.
            stores.database().run(ctx -> stores.openStore(ctx, "cnt").markIndexWriteOnly("t$t_per_k").join());
            try (SqlSession s = engine.open("cnt")) {
                // (statements not planned before: a plan made while the index was readable is cached)
                assertThat(explain(s, "SELECT k AS kk, COUNT(*) AS n FROM t GROUP BY k")).doesNotContain("COUNT_INDEX");
                try (RowStream rows = ((StatementResult.Query) s.execute(grouped, List.of(1))).rows()) {
                    List<Object[]> all = new java.util.ArrayList<>();
                    rows.forEachRemaining(all::add);
                    assertThat(all).extracting(r -> r[0] + "=" + r[1]).containsExactlyInAnyOrder("5=2", "6=1");
                }
            }
        }
    }

    private static String explain(SqlSession s, String sql) {
        try (RowStream rows = ((StatementResult.Query) s.execute("EXPLAIN " + sql, List.of())).rows()) {
            return String.valueOf(rows.next()[0]);
        }
    }

    private static Object firstValue(SqlSession s, String sql, Object param) {
        try (RowStream rows = ((StatementResult.Query) s.execute(sql, List.of(param))).rows()) {
            return rows.next()[0];
        }
    }

    @Test
    void theWarmUpPlansAndRunsWithoutAnyDatabase() {
        assertThat(SqlEngine.warmUp()).as("milliseconds; -1 had it failed").isGreaterThanOrEqualTo(0);
    }

    @Test
    void boundedStalenessIsASessionSettingForQueries() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("stale")) {
            s.execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR)", List.of());
            s.execute("INSERT INTO kv VALUES (1, 'a')", List.of());
            assertThat(s.execute("SET max_staleness = 2", List.of()).command()).isEqualTo("SET");
            assertThat(s.settings().maxStalenessMillis()).isEqualTo(2_000);
            s.execute("SET max_staleness TO '250 ms'", List.of());
            assertThat(s.settings().maxStalenessMillis()).isEqualTo(250);
            try (RowStream rows = ((StatementResult.Query) s.execute("SELECT v FROM kv WHERE k = 1", List.of()))
                    .rows()) {
                assertThat(rows.next()).containsExactly("a");
            }
            s.execute("SET max_staleness = 0", List.of());
            assertThat(s.settings().maxStalenessMillis()).isZero();
            // PostgreSQL's code for a parameter it does not know
            assertThatThrownBy(() -> s.execute("SET nonsense = 1", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("42704"));
        }
    }

    @Test
    void aRefusedStatementAbortsTheTransactionUntilRollback() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("abort")) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)", List.of());
            s.execute("BEGIN", List.of());
            s.execute("INSERT INTO t VALUES (1)", List.of());
            assertThatThrownBy(() -> s.execute("INSERT INTO t VALUES (1)", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("23505"));
            assertThatThrownBy(() -> s.execute("SELECT * FROM t", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("25P02"));
            assertThat(s.execute("COMMIT", List.of()).command()).isEqualTo("ROLLBACK");
            try (RowStream rows = ((StatementResult.Query) s.execute("SELECT COUNT(*) FROM t", List.of())).rows()) {
                assertThat(rows.next()).containsExactly(0L);
            }
        }
    }
}
