package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Views changed inside BEGIN ... COMMIT, seen from two sessions of one engine (so one runner pool and its plan
 * caches): the change is the transaction's alone until COMMIT, gone after ROLLBACK, and no plan made against it is
 * ever served to the other session or after the rollback.
 */
class TransactionalViewsTest {
    @Test
    void aViewMadeInATransactionIsItsAloneUntilCommit() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = engine(backend);
            try (SqlSession a = engine.open("shop"); SqlSession b = engine.open("shop")) {
                a.execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(9))", List.of());
                a.execute("INSERT INTO kv VALUES (1, 'one'), (2, 'two')", List.of());
                a.execute("CREATE VIEW picked AS SELECT k, v FROM kv", List.of());
                String select = "SELECT * FROM picked WHERE k = 2";
                assertThat(rows(b, select)).containsExactly(List.of(2L, "two"));
                warm(a);

                a.execute("BEGIN", List.of());
                a.execute("CREATE OR REPLACE VIEW picked AS SELECT k, UPPER(v) AS v, k * 10 AS big FROM kv",
                        List.of());
                a.execute("CREATE VIEW fresh AS SELECT v FROM picked WHERE big > 10", List.of());
                assertThat(rows(a, select)).containsExactly(List.of(2L, "TWO", 20L));
                assertThat(rows(a, "SELECT * FROM fresh")).containsExactly(List.of("TWO"));

                // The other session plans the same text against the committed catalog, and caches nothing of A's.
                assertThat(rows(b, select)).containsExactly(List.of(2L, "two"));
                assertFails(b, "SELECT * FROM fresh", "42P01");
                assertThat(rows(b, "SHOW TABLES")).containsExactly(List.of("kv", 2L, "table"),
                        List.of("picked", 2L, "view"));

                a.execute("ROLLBACK", List.of());
                assertThat(rows(a, select)).containsExactly(List.of(2L, "two"));
                assertFails(a, "SELECT * FROM fresh", "42P01");

                // The same change again, committed this time: both sessions read it.
                a.execute("BEGIN", List.of());
                a.execute("CREATE OR REPLACE VIEW picked AS SELECT k, UPPER(v) AS v, k * 10 AS big FROM kv",
                        List.of());
                a.execute("COMMIT", List.of());
                assertThat(rows(b, select)).containsExactly(List.of(2L, "TWO", 20L));
                assertThat(rows(a, select)).containsExactly(List.of(2L, "TWO", 20L));

                a.execute("BEGIN", List.of());
                a.execute("DROP VIEW picked", List.of());
                // (a failed statement would abort the transaction)
                assertThat(rows(a, "SHOW TABLES")).containsExactly(List.of("kv", 2L, "table"));
                assertThat(rows(b, select)).containsExactly(List.of(2L, "TWO", 20L));
                a.execute("COMMIT", List.of());
                assertFails(b, select, "42P01");
                assertFails(b, "SELECT k FROM picked", "42P01");
            }
        }
    }

    @Test
    void aViewChangeConflictsWithAConcurrentCatalogChange() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = engine(backend);
            try (SqlSession a = engine.open("shop"); SqlSession b = engine.open("shop")) {
                a.execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(9))", List.of());
                warm(a);
                a.execute("BEGIN", List.of());
                a.execute("CREATE VIEW ks AS SELECT k FROM kv", List.of());
                b.execute("BEGIN", List.of());
                b.execute("CREATE VIEW vs AS SELECT v FROM kv", List.of());
                a.execute("COMMIT", List.of());
                assertFails(b, "COMMIT", "40001");
                assertThat(rows(b, "SHOW TABLES")).containsExactly(List.of("kv", 2L, "table"),
                        List.of("ks", 1L, "view"));
            }
        }
    }

    /**
     * Calcite's first plans in a JVM take seconds, longer than FoundationDB lets a transaction live, and a statement
     * after DDL in a transaction is planned in it: a few plans outside any transaction first.
     */
    private static void warm(SqlSession s) {
        s.execute("CREATE VIEW warm_one AS SELECT k, UPPER(v) AS u, k * 10 AS big FROM kv", List.of());
        s.execute("CREATE VIEW warm_two AS SELECT u FROM warm_one WHERE big > 10", List.of());
        rows(s, "SELECT * FROM warm_two");
        s.execute("DROP VIEW warm_one CASCADE", List.of());
    }

    private static void assertFails(SqlSession s, String sql, String sqlState) {
        assertThatThrownBy(() -> rows(s, sql)).as(sql).isInstanceOfSatisfying(SqlException.class,
                e -> assertThat(e.sqlState()).isEqualTo(sqlState));
    }

    private static SqlEngine engine(Backend backend) {
        return new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
    }

    private static List<List<Object>> rows(SqlSession s, String sql, Object... params) {
        StatementResult result = s.execute(sql, Arrays.asList(params));
        List<List<Object>> out = new ArrayList<>();
        if (result instanceof StatementResult.Query q) {
            try (RowStream rows = q.rows()) {
                rows.forEachRemaining(r -> out.add(Arrays.asList(r)));
            }
        }
        return out;
    }
}
