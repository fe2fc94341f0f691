package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class DollarQuotesTest {
    @Test
    void aDollarQuoteIsAStandardLiteralWithItsQuotesDoubled() {
        assertThat(DollarQuotes.standard("SELECT $$it's$$, $a$x $$ '' y$a$, $_1$a$b$_1$, $$$$").sql())
                .isEqualTo("SELECT 'it''s', 'x $$ '''' y', 'a$b', ''");
        assertThat(DollarQuotes.standard("SELECT $f$\n-- not a comment /* nor */ \"x\"\n$F$$f$ FROM t").sql())
                .isEqualTo("SELECT '\n-- not a comment /* nor */ \"x\"\n$F$' FROM t");
    }

    @Test
    void parametersWordsQuotedTextAndCommentsAreNoDollarQuotes() {
        for (String sql : List.of("SELECT $1, $2 + 1 FROM t WHERE a = $3", "SELECT a$$b, a$b$ FROM t",
                "SELECT '$$', \"$$\" -- $$\n/* $$ */ FROM t", "SELECT $ a $ FROM t", "SELECT $x FROM t")) {
            assertThat(DollarQuotes.standard(sql).sql()).as(sql).isEqualTo(sql);
        }
    }

    @Test
    void anUnterminatedDollarQuoteIsASyntaxErrorAtItsStart() {
        assertThatThrownBy(() -> DollarQuotes.standard("SELECT 1,\n  $x$abc $X$ 'x'"))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e.sqlState()).isEqualTo("42601");
                    assertThat(e.getMessage()).isEqualTo("unterminated dollar-quoted string at or near \"$x$abc $X$ 'x'\"");
                    assertThat(List.of(e.line(), e.column())).containsExactly(2, 3);
                });
    }

    @Test
    void statementsTakeDollarQuotesAndErrorsAfterThemAreAtTheirPlaceAsWritten() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("db")) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(20) DEFAULT $d$it's$d$)", List.of());
            s.execute("INSERT INTO t (id) VALUES (1)", List.of());
            try (RowStream rows = ((StatementResult.Query) s.execute("SELECT s, $$a'b$$ FROM t", List.of())).rows()) {
                assertThat(rows.next()).containsExactly("it's", "a'b");
            }
            assertThatThrownBy(() -> s.execute("SELECT $$it's$$, $q$''''$q$, nope FROM t", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, at(1, 30, "42703"));
            assertThatThrownBy(() -> s.execute("SELECT $$a\nb'''c$$, $$''$$ FROM FROM t", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, at(2, 22, "42601"));
            assertThatThrownBy(() -> s.execute("SELECT * FROM t WHERE id = 1 $$x'y$$", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> {
                        assertThat(e.getMessage()).isEqualTo("syntax error at or near \"$$x'y$$\"");
                        assertThat(List.of(e.line(), e.column())).containsExactly(1, 30);
                    });
            assertThatThrownBy(() -> s.execute("CREATE TABLE u (id BIGINT PRIMARY KEY, s VARCHAR DEFAULT $$''''$$ "
                    + "NOPE)", List.of())).isInstanceOfSatisfying(SqlException.class, at(1, 67, "42601"));
        }
    }

    @Test
    void theBoundsSkipADollarQuotesTextAndStillHoldAfterIt() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("db")) {
            s.bounds(new StatementBounds(100, 4));
            try (RowStream rows = ((StatementResult.Query) s.execute("SELECT $$((((((+-*$$", List.of())).rows()) {
                assertThat(rows.next()).containsExactly("((((((+-*");
            }
            assertThatThrownBy(() -> s.execute("SELECT $$'$$, ((((((1)))))) -- '", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("54001"));
            assertThatThrownBy(() -> s.execute("SELECT $$" + "x".repeat(100) + "$$", List.of()))
                    .isInstanceOfSatisfying(SqlException.class, e -> assertThat(e.sqlState()).isEqualTo("54001"));
        }
    }

    @Test
    void aBatchItemTakesDollarQuotesAndItsErrorIsPlacedInItsText() {
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("db")) {
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, s VARCHAR(20))", List.of());
            long[] counts = s.executeBatch(List.of(new SqlSession.BatchItem("INSERT INTO t VALUES (1, $$a'b$$)",
                    List.of()), new SqlSession.BatchItem("UPDATE t SET s = $x$c$x$ || s WHERE id = 1", List.of())),
                    false, false, () -> { });
            assertThat(counts).containsExactly(1, 1);
            try (RowStream rows = ((StatementResult.Query) s.execute("SELECT s FROM t", List.of())).rows()) {
                assertThat(rows.next()).containsExactly("ca'b");
            }
            assertThatThrownBy(() -> s.executeBatch(List.of(new SqlSession.BatchItem(
                    "INSERT INTO t VALUES (2, $$''$$) nope", List.of())), false, false, () -> { }))
                    .isInstanceOfSatisfying(BatchItemException.class, e -> {
                        assertThat(e.index()).isZero();
                        assertThat(List.of(e.line(), e.column())).containsExactly(1, 34);
                    });
        }
    }

    private static Consumer<SqlException> at(int line, int column, String sqlState) {
        return e -> {
            assertThat(e.sqlState()).as(e.getMessage()).isEqualTo(sqlState);
            assertThat(List.of(e.line(), e.column())).as(e.getMessage()).containsExactly(line, column);
        };
    }
}
