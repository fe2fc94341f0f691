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

    /**
     * A filter compared with a number above the joins (the benchmark's five-table join, whose joins start from its
     * smallest table): its literal is read from the run's data context (ShapeLiterals), so fresh texts with other
     * numbers share the compiled code too (without it each compiled and loaded a class and its inner classes: 160
     * classes for the 13 texts below, 17 with it).
     */
    @Test
    void freshTextsOfAFilterAboveJoinsReuseTheCompiledCodeAndKeepTheirLiterals() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession s = engine.open("db")) {
                for (String ddl : new String[] {
                        "CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL)",
                        "CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects, "
                                + "title VARCHAR(100))",
                        "CREATE TABLE users (id BIGINT PRIMARY KEY, name VARCHAR(40))",
                        "CREATE TABLE comments (id BIGINT PRIMARY KEY, ticket_id BIGINT REFERENCES tickets, "
                                + "user_id BIGINT REFERENCES users, body VARCHAR(200))",
                        "CREATE TABLE labels (id BIGINT PRIMARY KEY, ticket_id BIGINT REFERENCES tickets, "
                                + "name VARCHAR(40))"}) {
                    s.execute(ddl, List.of());
                }
                StringBuilder p = new StringBuilder("INSERT INTO projects VALUES (0, 'p0')");
                StringBuilder t = new StringBuilder("INSERT INTO tickets VALUES (0, 0, 't0')");
                for (int i = 1; i <= 13; i++) {
                    p.append(", (").append(i).append(", 'p").append(i).append("')");
                    t.append(", (").append(i).append(", ").append(i).append(", 't").append(i).append("')");
                }
                s.execute(p.toString(), List.of());
                s.execute(t.toString(), List.of());
                s.execute("INSERT INTO users VALUES (1, 'ann')", List.of());
                s.execute("INSERT INTO comments VALUES (1, 3, 1, 'c3'), (2, 7, 1, 'c7')", List.of());
                s.execute("INSERT INTO labels VALUES (1, 3, 'l3'), (2, 7, 'l7'), (3, 9, 'l9')", List.of());
            }
            assertThat(rows(engine, FIVE_TABLE_JOIN, 3)).containsExactly("p3 t3 c3 ann l3");
            assertThat(rows(engine, FIVE_TABLE_JOIN, 9)).isEmpty();
            long loaded = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
            for (int i = 1; i <= 13; i++) {
                List<String> expected = i == 3 || i == 7 ? List.of("p" + i + " t" + i + " c" + i + " ann l" + i)
                        : List.of();
                assertThat(rows(engine, FIVE_TABLE_JOIN, i)).as("project " + i).containsExactlyElementsOf(expected);
            }
            long more = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount() - loaded;
            assertThat(more).as("classes loaded by 13 fresh texts of one shape").isLessThan(40);
        }
    }

    private static final String FIVE_TABLE_JOIN = "SELECT p.name, t.title, c.body, u.name, l.name FROM projects p "
            + "JOIN tickets t ON t.project_id = p.id JOIN comments c ON c.ticket_id = t.id "
            + "JOIN users u ON u.id = c.user_id JOIN labels l ON l.ticket_id = t.id WHERE p.id = %d";

    private static List<String> rows(SqlEngine engine, int project) {
        return rows(engine, JOIN, project);
    }

    private static List<String> rows(SqlEngine engine, String shape, int project) {
        List<String> out = new ArrayList<>();
        try (SqlSession s = engine.open("db")) {
            StatementResult r = s.execute(String.format(java.util.Locale.ROOT, shape, project), List.of());
            try (RowStream rows = ((StatementResult.Query) r).rows()) {
                while (rows.hasNext()) {
                    Object[] row = rows.next();
                    StringBuilder line = new StringBuilder();
                    for (Object v : row) {
                        line.append(line.length() == 0 ? "" : " ").append(v);
                    }
                    out.add(line.toString());
                }
            }
        }
        return out;
    }
}
