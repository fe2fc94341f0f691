package io.relationshiplayer.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.sql.SqlException;
import org.junit.jupiter.api.Test;

/** Finding RETURNING and ON CONFLICT in statement text, without a database. */
class DmlClausesTest {
    @Test
    void blanksTheClausesKeepingEveryPositionAndLineBreak() {
        String sql = "INSERT INTO t AS x (a) VALUES (?)\nON CONFLICT (a) DO UPDATE SET b = excluded.b + ? WHERE x.c > ?\n"
                + "RETURNING a, ?;";
        DmlClauses c = DmlClauses.parse(sql);
        assertThat(c.statement()).hasSameSizeAs(sql);
        assertThat(c.statement()).startsWith("INSERT INTO t      (a) VALUES (?)\n").endsWith(" ;")
                .containsOnlyOnce("?");
        assertThat(c.statement().chars().filter(ch -> ch == '\n').count()).isEqualTo(2);
        assertThat(c.table()).isEqualTo("t");
        assertThat(c.alias()).isEqualTo("x");
        assertThat(c.parameters()).isEqualTo(1);
        DmlClauses.OnConflict oc = c.onConflict();
        assertThat(oc.columns()).extracting(DmlClauses.Name::name).containsExactly("a");
        assertThat(oc.doUpdate()).isTrue();
        assertThat(oc.set()).hasSize(1);
        assertThat(text(sql, oc.set().get(0).expression())).isEqualTo("excluded.b + ? ");
        assertThat(text(sql, oc.where())).isEqualTo("x.c > ?\n");
        assertThat(oc.parameters()).isEqualTo(2);
        assertThat(text(sql, c.returning().list())).isEqualTo("a, ?");
        assertThat(c.returning().parameters()).isEqualTo(1);
    }

    private static String text(String sql, DmlClauses.Span span) {
        return sql.substring(span.start(), span.end());
    }

    @Test
    void wordsInLiteralsCommentsAndQuotedNamesAreNotClauses() {
        assertThat(DmlClauses.mayHave("INSERT INTO t VALUES (1)")).isFalse();
        assertThat(DmlClauses.mayHave("insert into t values (1) Returning a")).isTrue();
        assertThat(DmlClauses.parse("INSERT INTO t VALUES ('returning', 'on conflict do nothing') -- returning x"))
                .isNull();
        assertThat(DmlClauses.parse("UPDATE t SET \"returning\" = 1 /* returning */")).isNull();
        DmlClauses c = DmlClauses.parse("UPDATE t u SET a = (SELECT 1 FROM s RETURNING) RETURNING a");
        assertThat(c.alias()).isEqualTo("u");
        assertThat(c.statement()).isEqualTo("UPDATE t u SET a = (SELECT 1 FROM s RETURNING)            ");
        assertThat(DmlClauses.parse("DELETE FROM ONLY \"T\" RETURNING *").table()).isEqualTo("T");
    }

    @Test
    void malformedClausesAreSyntaxErrorsWithTheirPosition() {
        assertThatThrownBy(() -> DmlClauses.parse("DELETE FROM t RETURNING ;"))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e.sqlState()).isEqualTo("42601");
                    assertThat(e.column()).isEqualTo(25);
                });
        assertThatThrownBy(() -> DmlClauses.parse("INSERT INTO t VALUES (1) ON CONFLICT DO UPDATE SET a = 1"))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("ON CONFLICT DO UPDATE requires inference specification or "
                            + "constraint name");
                    assertThat(e.column()).isEqualTo(26);
                });
        assertThatThrownBy(() -> DmlClauses.parse("INSERT INTO t VALUES (1) ON CONFLICT (a) DO UPDATE SET a = "))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("42601"));
        assertThatThrownBy(() -> DmlClauses.parse("INSERT INTO t VALUES (1) ON CONFLICT (a) DO UPDATE SET (a) = (1)"))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("0A000"));
        assertThatThrownBy(() -> DmlClauses.parse("INSERT INTO t VALUES (1) ON CONFLICT (a) WHERE a > 0 DO NOTHING"))
                .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("0A000"));
    }
}
