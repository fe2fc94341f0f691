package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views kept with the catalog: they survive a restart of the durable backend (and still read through the table's
 * primary key), and a plan that read a view is made again once the view changes, in every session.
 */
class SqlViewsTest {
    @TempDir
    Path dir;

    @Test
    void viewsSurviveARestartOfTheDurableBackend() {
        String connection = "embedded:" + dir.toAbsolutePath();
        try (Backend backend = Backend.open(connection); SqlSession s = engine(backend).open("shop")) {
            s.execute("CREATE TABLE customers (id BIGINT PRIMARY KEY, name VARCHAR(20), city VARCHAR(20))", List.of());
            s.execute("INSERT INTO customers VALUES (1, 'ann', 'paris'), (2, 'bob', 'lyon'), (3, 'cy', NULL)",
                    List.of());
            s.execute("CREATE VIEW located (customer_id, customer) AS SELECT id, name FROM customers "
                    + "WHERE city IS NOT NULL", List.of());
            s.execute("CREATE VIEW lyon AS SELECT customer FROM located WHERE customer_id = 2", List.of());
        }

        try (Backend backend = Backend.open(connection); SqlSession s = engine(backend).open("shop")) {
            assertThat(rows(s, "SELECT * FROM lyon")).containsExactly(List.of("bob"));
            assertThat(rows(s, "SELECT customer FROM located ORDER BY customer_id"))
                    .containsExactly(List.of("ann"), List.of("bob"));
            assertThat(rows(s, "EXPLAIN SELECT customer FROM located WHERE customer_id = 1").get(0).get(0))
                    .asString().contains("PK_POINT(primary key: id = 1");
            assertThat(rows(s, "SHOW TABLES")).containsExactly(List.of("customers", 3L, "table"),
                    List.of("located", 2L, "view"), List.of("lyon", 1L, "view"));
            assertThat(rows(s, "DESCRIBE located")).containsExactly(List.of("column", "customer_id", "BIGINT"),
                    List.of("column", "customer", "VARCHAR"), List.of("view", "located",
                            "SELECT id, name FROM customers WHERE city IS NOT NULL"));
            assertThatThrownBy(() -> s.execute("DROP TABLE customers", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("2BP01"));
            s.execute("CREATE OR REPLACE VIEW lyon AS SELECT customer FROM located WHERE customer_id = 1", List.of());
        }

        // What changed after the first restart survives the second.
        try (Backend backend = Backend.open(connection); SqlSession s = engine(backend).open("shop")) {
            assertThat(rows(s, "SELECT * FROM lyon")).containsExactly(List.of("ann"));
            s.execute("DROP TABLE customers CASCADE", List.of());
        }
        try (Backend backend = Backend.open(connection); SqlSession s = engine(backend).open("shop")) {
            assertThat(rows(s, "SHOW TABLES")).isEmpty();
        }
    }

    @Test
    void aPlanThatReadAViewIsMadeAgainWhenTheViewChanges() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = engine(backend);
            String select = "SELECT n FROM picked WHERE k = ?";
            try (SqlSession a = engine.open("plans"); SqlSession b = engine.open("plans")) {
                a.execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(9), w INTEGER)", List.of());
                a.execute("INSERT INTO kv VALUES (1, 'one', 10), (2, 'two', 20)", List.of());
                a.execute("CREATE VIEW picked (k, n) AS SELECT k, v FROM kv", List.of());
                assertThat(rows(a, select, 1L)).containsExactly(List.of("one"));
                long planned = a.plansPrepared();
                assertThat(rows(a, select, 2L)).containsExactly(List.of("two"));
                assertThat(a.plansPrepared()).as("the cached plan serves the same view").isEqualTo(planned);

                b.execute("CREATE OR REPLACE VIEW picked (k, n) AS SELECT k, UPPER(v) FROM kv", List.of());
                assertThat(rows(a, select, 2L)).containsExactly(List.of("TWO"));
                assertThat(a.plansPrepared()).as("planned anew for the new catalog").isEqualTo(planned + 1);
            }
        }
    }

    @Test
    void aDatabaseMayHoldViewsBeforeItHasATable() {
        try (Backend backend = Backend.open("embedded:memory"); SqlSession s = engine(backend).open("bare")) {
            s.execute("CREATE VIEW just_one AS SELECT 1 AS x", List.of());
            assertThat(rows(s, "SELECT * FROM just_one")).containsExactly(List.of(1));
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)", List.of());
            s.execute("INSERT INTO t VALUES (7)", List.of());
            assertThat(rows(s, "SELECT t.id, j.x FROM t, just_one j")).containsExactly(List.of(7L, 1));
        }
    }

    private static SqlEngine engine(Backend backend) {
        return new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
    }

    private static List<List<Object>> rows(SqlSession s, String sql, Object... params) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream rows = ((StatementResult.Query) s.execute(sql, Arrays.asList(params))).rows()) {
            rows.forEachRemaining(r -> out.add(Arrays.asList(r)));
        }
        return out;
    }
}
