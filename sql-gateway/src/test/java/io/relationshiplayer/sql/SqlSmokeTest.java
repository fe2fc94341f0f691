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

class SqlSmokeTest {
    static List<List<Object>> rows(StatementResult r) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream s = ((StatementResult.Query) r).rows()) {
            s.forEachRemaining(row -> out.add(Arrays.asList(row)));
        }
        return out;
    }

    @Test
    void runsDdlDmlQueriesAndPushdown() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession s = engine.open("shop")) {
                s.execute("CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL UNIQUE)", List.of());
                s.execute("CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects "
                        + "ON DELETE CASCADE, title VARCHAR(100), status VARCHAR(10) DEFAULT 'open' NOT NULL)", List.of());
                s.execute("CREATE INDEX tickets_status ON tickets (status)", List.of());
                assertThat(((StatementResult.Update) s.execute("INSERT INTO projects VALUES (1, 'rl'), (2, 'fdb')",
                        List.of())).count()).isEqualTo(2);
                s.execute("INSERT INTO tickets (id, project_id, title) VALUES (10, 1, 'a'), (11, 1, 'b'), "
                        + "(12, 2, 'c')", List.of());
                s.execute("UPDATE tickets SET status = 'done' WHERE id = 11", List.of());
                assertThat(rows(s.execute("SELECT id, status FROM tickets WHERE id = ?", List.of(11L))))
                        .containsExactly(List.of(11L, "done"));
                assertThat(rows(s.execute("SELECT id FROM tickets WHERE status = 'open' ORDER BY id", List.of())))
                        .containsExactly(List.of(10L), List.of(12L));
                String plan = rows(s.execute("EXPLAIN SELECT id FROM tickets WHERE status = 'open'", List.of()))
                        .get(0).get(0).toString();
                assertThat(plan).contains("INDEX_RANGE").contains("tickets_status");
                String pkPlan = rows(s.execute("EXPLAIN SELECT * FROM tickets WHERE id = 10", List.of())).get(0)
                        .get(0).toString();
                assertThat(pkPlan).contains("PK_POINT");
                assertThat(rows(s.execute("SELECT p.name, COUNT(*) FROM tickets t JOIN projects p ON "
                        + "t.project_id = p.id GROUP BY p.name ORDER BY p.name", List.of())))
                        .containsExactly(List.of("fdb", 1L), List.of("rl", 2L));
                assertThat(rows(s.execute("SELECT id FROM tickets ORDER BY id DESC LIMIT 2", List.of())))
                        .containsExactly(List.of(12L), List.of(11L));
                assertThatThrownBy(() -> s.execute("INSERT INTO tickets (id, project_id) VALUES (13, 9)", List.of()))
                        .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("23503"));
                assertThatThrownBy(() -> s.execute("SELECT nope FROM tickets", List.of()))
                        .isInstanceOfSatisfying(SqlException.class, e -> {
                            assertThat(e.sqlState()).isEqualTo("42703");
                            assertThat(e.column()).isEqualTo(8);
                        });
                assertThatThrownBy(() -> s.execute("SELECT nosuch(1)", List.of()))
                        .isInstanceOfSatisfying(SqlException.class, e -> {
                            assertThat(e.sqlState()).isEqualTo("42883");
                            assertThat(e.getMessage()).as("said once, not again with its cause's text")
                                    .isEqualTo("function nosuch(numeric) does not exist");
                        });
                assertThatThrownBy(() -> s.execute("SELEC 1", List.of()))
                        .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("42601"));
                s.execute("DELETE FROM projects WHERE id = 1", List.of());
                assertThat(rows(s.execute("SELECT id FROM tickets", List.of()))).containsExactly(List.of(12L));
                assertThat(rows(s.execute("EXPLAIN SELECT COUNT(*) FROM tickets", List.of())).get(0).get(0)
                        .toString()).contains("RecordLayerCount").contains("COUNT_INDEX");
                assertThat(rows(s.execute("SELECT COUNT(*) FROM tickets", List.of()))).containsExactly(List.of(1L));
                s.execute("BEGIN", List.of());
                s.execute("INSERT INTO projects VALUES (3, 'x')", List.of());
                assertThat(rows(s.execute("SELECT COUNT(*) FROM projects", List.of()))).containsExactly(List.of(2L));
                s.execute("ROLLBACK", List.of());
                assertThat(rows(s.execute("SELECT COUNT(*) FROM projects", List.of()))).containsExactly(List.of(1L));
            }
        }
    }
}
