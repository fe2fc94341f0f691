package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.config.CalciteSystemProperty;
import org.junit.jupiter.api.Test;

/**
 * Calcite's cache of compiled plan code (saffron.properties): fresh texts of one shape, each in a new session, reuse
 * the class compiled for the first instead of compiling and loading classes of their own (without the cache the 12
 * texts below load 60 classes, a generated class and its inner classes each; with it 13), and each still answers
 * with its own literals.
 */
class CompiledPlanCacheTest {
    private static final String JOIN = "SELECT p.name, t.title FROM projects p JOIN tickets t ON t.project_id = p.id "
            + "WHERE p.id = %d";

    @Test
    void freshTextsOfOneShapeReuseTheCompiledCodeAndKeepTheirLiterals() {
        assertThat(CalciteSystemProperty.BINDABLE_CACHE_MAX_SIZE.value()).isPositive();
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession s = engine.open("db")) {
                s.execute("CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL)", List.of());
                s.execute("CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects, "
                        + "title VARCHAR(100))", List.of());
                StringBuilder p = new StringBuilder("INSERT INTO projects VALUES (0, 'p0')");
                StringBuilder t = new StringBuilder("INSERT INTO tickets VALUES (0, 0, 't0')");
                for (int i = 1; i <= 13; i++) {
                    p.append(", (").append(i).append(", 'p").append(i).append("')");
                    t.append(", (").append(i).append(", ").append(i).append(", 't").append(i).append("')");
                }
                s.execute(p.toString(), List.of());
                s.execute(t.toString(), List.of());
            }
            assertThat(rows(engine, 0)).containsExactly("p0 t0"); // the shape's code compiled once
            assertThat(rows(engine, 1)).containsExactly("p1 t1"); // and the classes a second plan loads, loaded
            long loaded = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
            for (int i = 2; i <= 13; i++) {
                assertThat(rows(engine, i)).as("project " + i).containsExactly("p" + i + " t" + i);
            }
            long more = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount() - loaded;
            assertThat(more).as("classes loaded by 12 fresh texts of one shape").isLessThan(24);
        }
    }

    private static List<String> rows(SqlEngine engine, int project) {
        List<String> out = new ArrayList<>();
        try (SqlSession s = engine.open("db")) {
            StatementResult r = s.execute(String.format(java.util.Locale.ROOT, JOIN, project), List.of());
            try (RowStream rows = ((StatementResult.Query) r).rows()) {
                while (rows.hasNext()) {
                    Object[] row = rows.next();
                    out.add(row[0] + " " + row[1]);
                }
            }
        }
        return out;
    }
}
