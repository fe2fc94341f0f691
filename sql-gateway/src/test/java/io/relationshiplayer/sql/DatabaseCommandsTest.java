package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CREATE DATABASE, DROP DATABASE and SHOW DATABASES with PostgreSQL's errors, on the embedded store. */
class DatabaseCommandsTest {
    private static void fails(SqlSession s, String sql, String sqlState, String fragment) {
        assertThatThrownBy(() -> s.execute(sql, List.of())).as(sql).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e.sqlState()).isEqualTo(sqlState);
            assertThat(e.getMessage()).contains(fragment);
        });
    }

    @Test
    void databasesAreMadeListedAndDroppedFromSql() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession a = engine.open("a")) {
                assertThat(a.execute("CREATE DATABASE b", List.of())).isEqualTo(new StatementResult.Done(
                        "CREATE DATABASE"));
                fails(a, "CREATE DATABASE B", "42P04", "database \"b\" already exists");
                a.execute("CREATE DATABASE IF NOT EXISTS b", List.of());
                assertThat(SqlSmokeTest.rows(a.execute("SHOW DATABASES", List.of())))
                        .containsExactly(List.of("a"), List.of("b"));
                try (SqlSession b = engine.open("b")) {
                    b.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)", List.of());
                    b.execute("INSERT INTO t VALUES (1)", List.of());
                }
                fails(a, "DROP DATABASE a", "55006", "cannot drop the currently open database");
                assertThat(a.execute("DROP DATABASE b", List.of())).isEqualTo(new StatementResult.Done(
                        "DROP DATABASE"));
                fails(a, "DROP DATABASE b", "3D000", "database \"b\" does not exist");
                a.execute("DROP DATABASE IF EXISTS b", List.of());
                assertThat(SqlSmokeTest.rows(a.execute("SHOW DATABASES", List.of()))).containsExactly(List.of("a"));
                a.execute("CREATE DATABASE b", List.of());
                try (SqlSession b = engine.open("b")) {
                    assertThat(SqlSmokeTest.rows(b.execute("SHOW TABLES", List.of()))).as("a new database b")
                            .isEmpty();
                }
            }
        }
    }

    @Test
    void refusedInATransactionBadNamesAndBadSyntax() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession a = engine.open("a")) {
                a.execute("BEGIN", List.of());
                fails(a, "CREATE DATABASE c", "25001", "CREATE DATABASE cannot run inside a transaction block");
                a.execute("ROLLBACK", List.of());
                fails(a, "CREATE DATABASE \"no spaces\"", "42602", "must start with a letter");
                fails(a, "CREATE DATABASE", "42601", "syntax error");
                fails(a, "DROP DATABASE c extra", "42601", "syntax error at or near \"extra\"");
                assertThat(SqlSmokeTest.rows(a.execute("SHOW DATABASES", List.of()))).containsExactly(List.of("a"));
            }
        }
    }
}
