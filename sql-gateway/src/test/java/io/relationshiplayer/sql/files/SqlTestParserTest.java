package io.relationshiplayer.sql.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.sql.files.SqlTestCase.Outcome;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The .sqltest format and the comparison of cells, without a database. */
class SqlTestParserTest {
    private final SqlTestParser parser = new SqlTestParser(Path.of("."), true);

    @Test
    void readsEveryDirective() {
        List<SqlTestCase> cases = parser.parse("t.sqltest", String.join("\n",
                "# a comment",
                "",
                "statement ok",
                "CREATE TABLE t (id BIGINT PRIMARY KEY)",
                "",
                "statement count 2",
                "INSERT INTO t VALUES (1), (2)",
                "",
                "statement error 23505 duplicate key",
                "INSERT INTO t VALUES (1)",
                "",
                "session B",
                "params: 1, 'it''s', NULL, 2.5, TRUE, DATE '2024-01-31'",
                "plan contains PK_POINT(primary key: id = ?0",
                "plan not contains EnumerableSort",
                "columns: id",
                "query ordered",
                "SELECT id",
                "FROM t WHERE id = ?",
                "----",
                "1",
                "",
                "-- skip: not yet",
                "query rowsort",
                "SELECT id FROM t",
                "----",
                "",
                "session A"), 0);
        assertThat(cases).hasSize(6);
        assertThat(cases.get(0).outcome()).isEqualTo(new Outcome.Ok());
        assertThat(cases.get(0).line()).isEqualTo(3);
        assertThat(cases.get(1).outcome()).isEqualTo(new Outcome.Count(2));
        assertThat(cases.get(2).outcome()).isEqualTo(new Outcome.Error("23505", "duplicate key"));
        SqlTestCase q = cases.get(3);
        assertThat(q.session()).isEqualTo("B");
        assertThat(q.sql()).isEqualTo("SELECT id\nFROM t WHERE id = ?");
        assertThat(q.params()).isEqualTo(Arrays.asList(1L, "it's", null, new BigDecimal("2.5"), true,
                LocalDate.of(2024, 1, 31)));
        assertThat(q.plan()).containsExactly(new SqlTestCase.PlanCheck(true, "PK_POINT(primary key: id = ?0"),
                new SqlTestCase.PlanCheck(false, "EnumerableSort"));
        assertThat(q.outcome()).isEqualTo(new Outcome.Rows(false, List.of("id"), List.of("1")));
        assertThat(q.displayName()).startsWith("t.sqltest:12 query ordered [session B]: SELECT id FROM t");
        assertThat(cases.get(4).skip()).isEqualTo("not yet");
        assertThat(cases.get(4).outcome()).isEqualTo(new Outcome.Rows(true, null, List.of()));
        assertThat(cases.get(5).outcome()).isEqualTo(new Outcome.SwitchSession());
    }

    @Test
    void readsATextQuery() {
        List<SqlTestCase> cases = parser.parse("t.sqltest", String.join("\n",
                "columns: table_name, create_statement",
                "query text",
                "SHOW CREATE TABLE t",
                "----",
                "t|CREATE TABLE t (",
                "    id BIGINT NOT NULL",
                ");"), 0);
        assertThat(cases).hasSize(1);
        assertThat(cases.get(0).outcome()).isEqualTo(new Outcome.Rows(false, List.of("table_name",
                "create_statement"), List.of("t|CREATE TABLE t (", "    id BIGINT NOT NULL", ");"), true));
        assertThat(cases.get(0).displayName()).startsWith("t.sqltest:1 query text: SHOW CREATE TABLE t");
    }

    @Test
    void readsAnErrorsPosition() {
        List<SqlTestCase> cases = parser.parse("t.sqltest", String.join("\n",
                "statement error 42601 @2:8 syntax error at or near \"x\"",
                "SELECT 1\nFROM t x y",
                "",
                "statement error 42601 at or near",
                "SELECT"), 0);
        assertThat(cases.get(0).outcome())
                .isEqualTo(new Outcome.Error("42601", "syntax error at or near \"x\"", 2, 8));
        assertThat(cases.get(1).outcome()).isEqualTo(new Outcome.Error("42601", "at or near"));
    }

    @Test
    void readsAnErrorsDetailAndHint() {
        List<SqlTestCase> cases = parser.parse("t.sqltest", String.join("\n",
                "statement error 2BP01 @0:0 cannot drop",
                "detail: view v depends on table d",
                "detail: view w depends on view v",
                "hint: Use DROP ... CASCADE.",
                "DROP TABLE d",
                "",
                "statement error 22023",
                "detail:",
                "SET x = 1"), 0);
        assertThat(cases.get(0).outcome()).isEqualTo(new Outcome.Error("2BP01", "cannot drop", 0, 0,
                "view v depends on table d\nview w depends on view v", "Use DROP ... CASCADE."));
        assertThat(cases.get(0).sql()).isEqualTo("DROP TABLE d");
        assertThat(cases.get(1).outcome()).isEqualTo(new Outcome.Error("22023", "", -1, -1, "", null));
        assertThatThrownBy(() -> parser.parse("t.sqltest", "statement ok\ndetail: x\nSELECT 1", 0))
                .hasMessageContaining("t.sqltest:2").hasMessageContaining("follow a statement error");
    }

    @Test
    void refusesMalformedBlocks() {
        assertThatThrownBy(() -> parser.parse("t.sqltest", "query rowsort\nSELECT 1", 0))
                .hasMessageContaining("t.sqltest:1").hasMessageContaining("----");
        assertThatThrownBy(() -> parser.parse("t.sqltest", "statement ok\nSELECT 1\n----\n1", 0))
                .hasMessageContaining("only for query blocks");
        assertThatThrownBy(() -> parser.parse("t.sqltest", "\nstatemnt ok\nSELECT 1", 0))
                .hasMessageContaining("t.sqltest:2");
        assertThatThrownBy(() -> parser.parse("t.sqltest", "query sorted\nSELECT 1\n----", 0))
                .hasMessageContaining("unknown directive");
        assertThatThrownBy(() -> parser.parse("t.sqltest", "statement ok\nquery rowsort\nSELECT 1\n----", 0))
                .hasMessageContaining("one statement or query directive");
    }

    @Test
    void comparesCellsByValue() {
        assertThat(Cells.matches(new BigDecimal("2.50"), "2.5")).isTrue();
        assertThat(Cells.matches(2.0, "2")).isTrue();
        assertThat(Cells.matches(49.0 / 6, "8.16666666667")).isTrue();
        assertThat(Cells.matches(8.17, "8.16666666667")).isFalse();
        assertThat(Cells.matches(7L, "7")).isTrue();
        assertThat(Cells.matches(7L, "7.5")).isFalse();
        assertThat(Cells.matches("007", "007")).isTrue();
        assertThat(Cells.matches("007", "7")).isFalse();
        assertThat(Cells.matches(null, "NULL")).isTrue();
        assertThat(Cells.matches("", "(empty)")).isTrue();
        assertThat(Cells.matches("low   ", "low")).isFalse();
        assertThat(Cells.matches(true, "true")).isTrue();
        assertThat(Cells.matches(LocalDate.of(2024, 2, 29), "2024-02-29")).isTrue();
        assertThat(Cells.render(java.time.LocalDateTime.of(2024, 2, 29, 13, 45, 10, 500_000_000)))
                .isEqualTo("2024-02-29 13:45:10.5");
        assertThat(Cells.render(new byte[] {1, 2})).isEqualTo("x'0102'");
        assertThat(Cells.canonical(new BigDecimal("8.166666666666666667"))).isEqualTo(Cells.canonical(49.0 / 6));
        assertThat(Cells.canonical(9223372036854775807L)).isEqualTo("9223372036854775807");
    }
}
