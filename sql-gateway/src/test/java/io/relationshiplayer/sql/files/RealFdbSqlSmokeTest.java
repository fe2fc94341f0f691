package io.relationshiplayer.sql.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.testing.RealFdbCluster;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.RowStream;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.SqlSession;
import io.relationshiplayer.sql.StatementResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * SQL on a real FoundationDB 7.3 cluster (the JVM's {@link RealFdbCluster}): a smoke test of keys, an index, a join
 * and the constraint violations, and a few {@code .sqltest} files. Each works in a database named uniquely per run and
 * drops it. Where there is no cluster (libfdb_c not installed, Docker not available) the tests are skipped with the
 * reason; the smoke test's statements then still run on the embedded engine.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealFdbSqlSmokeTest {
    /** The {@code .sqltest} files run on the real cluster: writes, referential integrity, joins. */
    private static final Set<String> FILES = Set.of("dml.sqltest", "referential.sqltest", "joins.sqltest");

    private final SqlFiles files = new SqlFiles(file -> new SqlTestDatabase(
            Backend.open(RealFdbCluster.get().connection()),
            RealFdbCluster.uniqueName("sqltest-" + file.replace(".sqltest", "")), true));

    @TestFactory
    Stream<DynamicNode> sqlFilesOnTheRealCluster() throws IOException {
        if (!RealFdbCluster.get().available()) {
            // One test that is skipped with the reason (or fails if the cluster did not start): an aborted factory
            // would not appear in the reports at all.
            return Stream.of(DynamicTest.dynamicTest(String.join(", ", new TreeSet<>(FILES)),
                    () -> RealFdbCluster.get().clusterFile()));
        }
        return files.under(SqlFileTest.root(), FILES::contains);
    }

    @AfterAll
    void closeDatabases() {
        files.close();
    }

    @Test
    void keysIndexJoinAndViolationsOnTheRealCluster() {
        Backend backend = Backend.open(RealFdbCluster.get().connection()); // skips with the reason
        smoke(backend, RealFdbCluster.uniqueName("smoke"));
    }

    /** The same statements on the embedded engine, so that they are checked where there is no cluster. */
    @Test
    void theSmokeTestsStatementsOnTheEmbeddedEngine() {
        smoke(Backend.open("embedded:memory"), "smoke");
    }

    /** Creates tables with keys and an index, writes, reads, is refused, drops; then drops the database. */
    private static void smoke(Backend backend, String database) {
        RecordStores stores = new RecordStores(backend.recordDatabase());
        SqlEngine engine = new SqlEngine(new RelationshipLayer(stores));
        try {
            try (SqlSession s = engine.open(database)) {
                execute(s, "CREATE TABLE projects (id BIGINT PRIMARY KEY, code VARCHAR(10) NOT NULL UNIQUE,"
                        + " name VARCHAR(60) NOT NULL)");
                execute(s, "CREATE TABLE tickets (id BIGINT PRIMARY KEY,"
                        + " project_id BIGINT NOT NULL REFERENCES projects (id),"
                        + " priority INTEGER NOT NULL, title VARCHAR(100) NOT NULL)");
                execute(s, "CREATE INDEX tickets_priority ON tickets (priority)");
                assertThat(count(s, "INSERT INTO projects VALUES (1, 'RL', 'Relationship Layer'),"
                        + " (2, 'FDB', 'FoundationDB')")).isEqualTo(2);
                assertThat(count(s, "INSERT INTO tickets VALUES (10, 1, 3, 'joins'), (11, 1, 1, 'typo'),"
                        + " (12, 2, 2, 'watches'), (13, 2, 5, 'crash')")).isEqualTo(4);

                assertThat(rows(s, "SELECT t.id, p.code FROM tickets t JOIN projects p ON p.id = t.project_id"
                        + " WHERE p.code = 'FDB' ORDER BY t.id"))
                        .containsExactly(List.of(12L, "FDB"), List.of(13L, "FDB"));
                String range = "SELECT id, priority FROM tickets WHERE priority >= 2 AND priority <= 3"
                        + " ORDER BY priority";
                assertThat(rows(s, "EXPLAIN " + range).toString()).contains("tickets_priority");
                assertThat(rows(s, range)).containsExactly(List.of(12L, 2), List.of(10L, 3));

                assertThatThrownBy(() -> execute(s, "INSERT INTO tickets VALUES (14, 99, 1, 'orphan')"))
                        .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("23503"));
                assertThatThrownBy(() -> execute(s, "INSERT INTO projects VALUES (3, 'RL', 'a second RL')"))
                        .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("23505"));
                assertThat(rows(s, "SELECT COUNT(*) FROM tickets")).containsExactly(List.of(4L));
                assertThat(rows(s, "SELECT COUNT(*) FROM projects")).containsExactly(List.of(2L));

                execute(s, "DROP TABLE tickets");
                execute(s, "DROP TABLE projects");
                assertThatThrownBy(() -> rows(s, "SELECT * FROM projects"))
                        .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("42P01"));
            }
            assertThat(stores.dropDatabase(database, false)).isTrue();
            assertThat(stores.listDatabases()).doesNotContain(database);
        } finally {
            try {
                stores.dropDatabase(database, true); // after a failure: the shared cluster keeps nothing of ours
            } finally {
                backend.close();
            }
        }
    }

    private static StatementResult execute(SqlSession s, String sql) {
        StatementResult result = s.execute(sql, List.of());
        if (result instanceof StatementResult.Query q) {
            q.rows().close();
        }
        return result;
    }

    private static long count(SqlSession s, String sql) {
        return ((StatementResult.Update) execute(s, sql)).count();
    }

    private static List<List<Object>> rows(SqlSession s, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        try (RowStream stream = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            while (stream.hasNext()) {
                rows.add(Arrays.asList(stream.next()));
            }
        }
        return rows;
    }
}
