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

    /** Our service and an unreachable PostgreSQL: ours measured and printed, PostgreSQL reported and left out. */
    @Test
    void anUnreachableServerIsLeftOutAndOursIsMeasured() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        List<List<Map<String, Object>>> batches = List.of(List.of(row(1, 2), row(2, 1)), List.of(row(3, 2)));
        String url = "jdbc:postgresql://127.0.0.1:1/nothing?connectTimeout=2";
        try (ServiceInserts ours = new ServiceInserts(2, batches)) {
            InsertComparison.compare(List.of(ours, new PostgresInserts(url, 2, batches)),
                    List.of("NONE", "INDEX_ONLY", "FOREIGN_KEY", "INDEX_AND_FOREIGN_KEY"),
                    List.of("none", "index", "fk", "both"), 1, 2, out);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("  PostgreSQL: failed (").contains("): left out")
                .containsPattern("\\n  fk +[0-9]+\\.[0-9]{3}\\n")
                .containsPattern("Relationship Layer: foreign key / no foreign key [0-9.]+x, index and foreign key / "
                        + "index only [0-9.]+x; first INSERT [0-9]+ to [0-9]+ ms")
                .doesNotContain("PostgreSQL: foreign key");
        // A parent that does not exist is refused by our service: the foreign-key tables do check.
        List<List<Map<String, Object>>> orphan = List.of(List.of(row(1, 3)));
        try (ServiceInserts ours = new ServiceInserts(2, orphan)) {
            double[] times = ours.run("NONE");
            assertThat(times).hasSize(2);
            assertThat(Math.min(times[0], times[1])).isPositive();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ours.run("FOREIGN_KEY"))
                    .hasMessageContaining("rl_fk_children");
        }
    }

    private static Map<String, Object> row(long id, long parent) {
        return Map.of("id", id, "parent_id", parent, "note", "child " + id, "amount", id * 7);
    }

    @Test
    void theOptionTakesAUrl() {
        assertThat(ForeignKeyBenchmark.Settings.parse(new String[] {"--postgres", "jdbc:postgresql://h/db"})
                .postgres()).isEqualTo("jdbc:postgresql://h/db");
        assertThat(ForeignKeyBenchmark.Settings.parse(new String[0]).postgres()).isNull();
    }
}
