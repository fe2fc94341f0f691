package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatementAccessTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT * FROM t | READ",
        "  select 1 | READ",
        "-- a comment\\nSELECT 1 | READ",
        "/* x */ WITH a AS (SELECT 1) SELECT * FROM a | READ",
        "VALUES (1) | READ",
        "EXPLAIN SELECT * FROM t | READ",
        "EXPLAIN PLAN FOR SELECT 1 | READ",
        "SHOW TABLES | READ",
        "DESCRIBE t | READ",
        "\\d t | READ",
        "BEGIN | READ",
        "COMMIT | READ",
        "ROLLBACK | READ",
        "SET max_staleness = 5 | READ",
        "INSERT INTO t VALUES (1) | WRITE",
        "/* sneaky */ update t SET a = 1 | WRITE",
        "-- x\\n DELETE FROM t | WRITE",
        "CREATE TABLE t (id BIGINT PRIMARY KEY) | SCHEMA",
        "create unique index i ON t (a) | SCHEMA",
        "DROP TABLE t | SCHEMA",
        "ALTER TABLE t ADD COLUMN b INTEGER | SCHEMA",
        "CREATE MATERIALIZED JOIN j AS t JOIN u | SCHEMA",
        "TRUNCATE t | WRITE",
        "GRANT ALL ON t TO x | SCHEMA",
        "FROBNICATE | SCHEMA",
        "/* /* */ SELECT */ DROP TABLE t | SCHEMA",
        "-- x\\rINSERT INTO t VALUES (2) /*\\nSELECT */ | WRITE",
        "-- x\\r\\nSELECT 1 | READ",
    })
    void classifiesByWhatTheStatementDoes(String sql, StatementAccess expected) {
        assertThat(StatementAccess.of(sql.replace("\\n", "\n").replace("\\r", "\r"))).isEqualTo(expected);
    }
}
