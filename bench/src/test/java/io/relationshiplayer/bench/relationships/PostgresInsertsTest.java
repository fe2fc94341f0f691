package io.relationshiplayer.bench.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL side of {@code rl bench foreign-keys --postgres}: the tables and statements it sends, and a server
 * that cannot be reached (no PostgreSQL runs in the tests).
 */
class PostgresInsertsTest {
    @Test
    void theSameFourTablesAsOurs() {
        assertThat(PostgresInserts.childTable("NONE")).containsExactly("CREATE TABLE rl_fk_children (id BIGINT "
                + "PRIMARY KEY, parent_id BIGINT NOT NULL, note VARCHAR, amount BIGINT)");
        assertThat(PostgresInserts.childTable("FOREIGN_KEY")).singleElement().asString()
                .contains("parent_id BIGINT NOT NULL REFERENCES rl_fk_parents,");
        assertThat(PostgresInserts.childTable("INDEX_ONLY")).hasSize(2).last().asString()
                .isEqualTo("CREATE INDEX rl_fk_children_parent_idx ON rl_fk_children (parent_id)");
        assertThat(PostgresInserts.childTable("INDEX_AND_FOREIGN_KEY")).hasSize(2).first().asString()
                .contains("REFERENCES rl_fk_parents");
        assertThat(PostgresInserts.insert(2)).isEqualTo("INSERT INTO rl_fk_children (id, parent_id, note, amount) "
                + "VALUES (?, ?, ?, ?), (?, ?, ?, ?)");
    }

    @Test
    void anUnreachableServerIsReportedAndSkipped() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        List<List<Map<String, Object>>> batches = List.of(List.of(Map.of("id", 1L, "parent_id", 1L, "note", "n",
                "amount", 7L)));
        new PostgresInserts("jdbc:postgresql://127.0.0.1:1/nothing?connectTimeout=2", 1, batches).compare(
                List.of("NONE", "INDEX_ONLY", "FOREIGN_KEY", "INDEX_AND_FOREIGN_KEY"), List.of("a", "b", "c", "d"),
                1, 1, new double[] {1.2, 1.1}, out);
        assertThat(bytes.toString(StandardCharsets.UTF_8))
                .startsWith("postgres: failed at jdbc:postgresql://127.0.0.1:1/nothing?connectTimeout=2 (")
                .endsWith("): skipped" + System.lineSeparator());
    }

    @Test
    void theOptionTakesAUrl() {
        assertThat(ForeignKeyBenchmark.Settings.parse(new String[] {"--postgres", "jdbc:postgresql://h/db"})
                .postgres()).isEqualTo("jdbc:postgresql://h/db");
        assertThat(ForeignKeyBenchmark.Settings.parse(new String[0]).postgres()).isNull();
    }
}
