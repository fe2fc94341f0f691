package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An INSERT with more expressions than target columns is PostgreSQL's 42601 at the first extra expression (it was an
 * internal error, XX000 "end index (3) must not be greater than size (2)", from Calcite's conversion).
 */
class InsertArityTest {
    @Test
    void theErrorPointsAtTheFirstExtraExpression() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("a")) {
            s.execute("CREATE TABLE t (a BIGINT PRIMARY KEY, b BIGINT)", List.of());
            assertPosition(s, "INSERT INTO t VALUES (1, 2, 3)", 29);
            assertPosition(s, "INSERT INTO t (a) VALUES (1, 2)", 30);
            assertPosition(s, "INSERT INTO t VALUES (1, 2),\n  (3, 4, 5)", 2, 10);
            assertPosition(s, "INSERT INTO t SELECT 1, 2, 3", 28);
            s.execute("INSERT INTO t (b, a) VALUES (?, ?)", List.of(5L, 6L));
            try (RowStream r = ((StatementResult.Query) s.execute("SELECT a, b FROM t", List.of())).rows()) {
                assertThat(r.next()).containsExactly(6L, 5L);
                assertThat(r.hasNext()).isFalse();
            }
        }
    }

    private static void assertPosition(SqlSession s, String sql, int column) {
        assertPosition(s, sql, 1, column);
    }

    private static void assertPosition(SqlSession s, String sql, int line, int column) {
        assertThatThrownBy(() -> s.execute(sql, List.of())).as(sql)
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e.sqlState()).isEqualTo("42601");
                    assertThat(e.getMessage()).isEqualTo("INSERT has more expressions than target columns");
                    assertThat(e.line()).isEqualTo(line);
                    assertThat(e.column()).isEqualTo(column);
                });
    }
}
