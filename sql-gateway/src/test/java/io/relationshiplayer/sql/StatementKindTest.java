package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one classifier of statements: its kind, and from it the access authorization asks and the metrics label. */
class StatementKindTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "SELECT 1                                   | QUERY     | READ   | select",
            "  /* c */ with x AS (SELECT 1) SELECT * FROM x | QUERY | READ   | select",
            "VALUES (1)                                 | QUERY     | READ   | select",
            "EXPLAIN SELECT 1                           | EXPLAIN   | READ   | other",
            "insert INTO t VALUES (1)                   | INSERT    | WRITE  | insert",
            "UPDATE t SET a = 1                         | UPDATE    | WRITE  | update",
            "/* x */ DELETE FROM t                     | DELETE    | WRITE  | delete",
            "MERGE INTO t USING s ON true               | MERGE     | WRITE  | other",
            "CREATE TABLE t (id BIGINT PRIMARY KEY)     | DDL       | SCHEMA | ddl",
            "DROP INDEX i                               | DDL       | SCHEMA | ddl",
            "CREATE VIEW v AS SELECT 1                  | DDL       | SCHEMA | ddl",
            "CREATE SEQUENCE s                          | OTHER_DDL | SCHEMA | ddl",
            "BEGIN                                      | BEGIN     | READ   | other",
            "START TRANSACTION                          | BEGIN     | READ   | other",
            "END                                        | COMMIT    | READ   | other",
            "ABORT                                      | ROLLBACK  | READ   | other",
            "SET max_staleness = 1                      | SET       | READ   | other",
            "SHOW TABLES                                | SHOW      | READ   | other",
            "\\d t                                      | DESCRIBE  | READ   | other",
            "/* only a comment */                       | EMPTY     | READ   | other",
            "GRANT ALL ON t TO x                        | OTHER     | SCHEMA | other"})
    void classifiesOnceForSessionAuthorizationAndMetrics(String sql, StatementKind kind, StatementAccess access,
                                                         String label) {
        String text = sql.replace("\\n", "\n");
        assertThat(StatementKind.of(text)).isEqualTo(kind);
        assertThat(kind.access()).isEqualTo(access);
        assertThat(StatementAccess.of(text)).isEqualTo(access);
        assertThat(kind.label()).isEqualTo(label);
    }
}
