package io.relationshiplayer.sql.calcite;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.RowStream;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlSession;
import io.relationshiplayer.sql.StatementResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A read's access path reaches the generated code as one {@link RecordLayerRead} value stashed in the plan, with
 * parameters as slots: one prepared plan serves every run, each with its own parameters.
 */
class RecordLayerReadTest {
    private Backend backend;
    private SqlEngine engine;

    @BeforeEach
    void open() {
        backend = Backend.open("embedded:memory");
        engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
        try (SqlSession s = engine.open("db")) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, k INTEGER NOT NULL, v VARCHAR(5))", List.of());
            s.execute("CREATE INDEX t_k ON t (k)", List.of());
            s.execute("INSERT INTO t VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c'), (4, 40, 'd'), (5, 50, 'e')",
                    List.of());
        }
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private static List<List<Object>> rows(SqlSession s, String sql, Object... params) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream rows = ((StatementResult.Query) s.execute(sql, Arrays.asList(params))).rows()) {
            while (rows.hasNext()) {
                out.add(Arrays.asList(rows.next()));
            }
        }
        return out;
    }

    @Test
    void onePreparedRangeReadServesEveryRunWithItsOwnParameters() {
        // (LIMIT and OFFSET are not pushed here: the in-memory limit takes INTEGER parameters.)
        String sql = "SELECT id FROM t WHERE k >= ? AND k < ? ORDER BY k DESC LIMIT ? OFFSET ?";
        try (SqlSession s = engine.open("db")) {
            assertThat(rows(s, "EXPLAIN PLAN FOR " + sql, 0L, 0L, 0, 0).toString())
                    .contains("INDEX_RANGE(index t_k: k >= ?0, k < ?1)");
            assertThat(rows(s, sql, 20L, 50L, 2, 0)).containsExactly(List.of(4L), List.of(3L));
            long planned = s.plansPrepared();
            long reused = s.plansReused();
            assertThat(rows(s, sql, 10L, 40L, 5, 1)).containsExactly(List.of(2L), List.of(1L));
            assertThat(rows(s, sql, 0L, 100L, 1, 4)).containsExactly(List.of(1L));
            assertThat(rows(s, sql, 30L, null, 5, 0)).as("a NULL bound matches nothing").isEmpty();
            assertThat(s.plansPrepared()).isEqualTo(planned);
            assertThat(s.plansReused() - reused).isEqualTo(3);
        }
    }

    @Test
    void aPushedLimitAndOffsetAreParametersOfTheRead() {
        String sql = "SELECT id FROM t ORDER BY id DESC LIMIT ? OFFSET ?";
        try (SqlSession s = engine.open("db")) {
            assertThat(rows(s, "EXPLAIN PLAN FOR " + sql, 0L, 0L).toString())
                    .contains("offset=[?1], fetch=[?0], order=[reverse key order]").doesNotContain("EnumerableSort");
            assertThat(rows(s, sql, 2L, 1L)).containsExactly(List.of(4L), List.of(3L));
            assertThat(rows(s, sql, 3L, 0L)).containsExactly(List.of(5L), List.of(4L), List.of(3L));
            assertThat(rows(s, sql, null, 3L)).as("LIMIT NULL: no limit").containsExactly(List.of(2L), List.of(1L));
        }
    }

    @Test
    void literalsAndParametersMixInOneRead() {
        String sql = "SELECT v FROM t WHERE id IN (1, ?, 5) ORDER BY v";
        try (SqlSession s = engine.open("db")) {
            assertThat(rows(s, "EXPLAIN PLAN FOR " + sql, 0L).toString()).contains("PK_IN(primary key: id IN [1");
            assertThat(rows(s, sql, 3L)).containsExactly(List.of("a"), List.of("c"), List.of("e"));
            assertThat(rows(s, sql, 4L)).containsExactly(List.of("a"), List.of("d"), List.of("e"));
            assertThat(rows(s, sql, (Object) null)).containsExactly(List.of("a"), List.of("e"));
        }
    }
}
