package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Joins along a foreign key run as batched lookups: parent to children by the key's index, child to parent by key. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LookupJoinTest {
    Backend backend;
    SqlSession s;

    @BeforeAll
    void load() {
        backend = Backend.open("embedded:memory");
        s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("joins");
        s.execute("CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40))", List.of());
        s.execute("CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects, "
                + "title VARCHAR(40))", List.of());
        StringBuilder p = new StringBuilder("INSERT INTO projects VALUES (0, 'p0')");
        for (int i = 1; i < 50; i++) {
            p.append(", (").append(i).append(", 'p").append(i).append("')");
        }
        s.execute(p.toString(), List.of());
        StringBuilder t = new StringBuilder("INSERT INTO tickets VALUES (0, 0, 't0')");
        for (int i = 1; i < 500; i++) {
            t.append(", (").append(i).append(", ").append(i < 490 ? String.valueOf(i % 49) : "NULL")
                    .append(", 't").append(i).append("')");
        }
        s.execute(t.toString(), List.of());
    }

    @AfterAll
    void close() {
        s.close();
        backend.close();
    }

    private String plan(String sql) {
        return rows("EXPLAIN " + sql).get(0).get(0).toString();
    }

    private List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            r.forEachRemaining(row -> out.add(Arrays.asList(row)));
        }
        return out;
    }

    @Test
    void parentToChildrenUsesTheForeignKeysIndex() {
        String q = "SELECT t.id, p.name FROM projects p JOIN tickets t ON t.project_id = p.id WHERE p.id = 1";
        assertThat(plan(q)).contains("RecordLayerLookupJoin").contains("foreign key index tickets_project_id_fkey")
                .contains("PK_POINT").doesNotContain("EnumerableHashJoin");
        List<List<Object>> rows = rows(q + " ORDER BY t.id");
        assertThat(rows).hasSize(10);
        assertThat(rows).allSatisfy(r -> assertThat(r.get(1)).isEqualTo("p1"));
        assertThat(rows.get(0).get(0)).isEqualTo(1L);
        assertThat(rows.get(1).get(0)).isEqualTo(50L);
    }

    @Test
    void childToParentUsesThePrimaryKey() {
        String q = "SELECT t.id, p.name FROM tickets t JOIN projects p ON t.project_id = p.id WHERE t.id = 7";
        assertThat(plan(q)).contains("RecordLayerLookupJoin").contains("primary key of projects");
        assertThat(rows(q)).containsExactly(List.of(7L, "p7"));
    }

    @Test
    void leftJoinKeepsChildrenWithoutParents() {
        String q = "SELECT t.id, p.name FROM tickets t LEFT JOIN projects p ON t.project_id = p.id "
                + "WHERE t.id >= 488 ORDER BY t.id";
        assertThat(plan(q)).contains("RecordLayerLookupJoin").contains("joinType=[left]");
        assertThat(rows(q)).containsExactly(Arrays.asList(488L, "p47"), Arrays.asList(489L, "p48"),
                Arrays.asList(490L, null), Arrays.asList(491L, null), Arrays.asList(492L, null),
                Arrays.asList(493L, null), Arrays.asList(494L, null), Arrays.asList(495L, null),
                Arrays.asList(496L, null), Arrays.asList(497L, null), Arrays.asList(498L, null),
                Arrays.asList(499L, null));
    }

    @Test
    void aWholeJoinAgreesWithItsCounts() {
        List<List<Object>> perProject = rows("SELECT p.id, COUNT(*) FROM projects p JOIN tickets t "
                + "ON t.project_id = p.id GROUP BY p.id ORDER BY p.id");
        assertThat(perProject).hasSize(49);
        long total = perProject.stream().mapToLong(r -> (Long) r.get(1)).sum();
        assertThat(total).isEqualTo(490L);
    }
}
