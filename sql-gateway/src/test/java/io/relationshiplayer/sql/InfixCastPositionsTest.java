package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Errors in and after {@code ::} casts, which make the text Calcite parses longer, are placed in the text as written. */
class InfixCastPositionsTest {
    private Backend backend;
    private SqlSession s;

    @BeforeEach
    void open() {
        backend = Backend.open("embedded:memory");
        s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("db");
        s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, a INTEGER)", List.of());
    }

    @AfterEach
    void close() {
        s.close();
        backend.close();
    }

    private void fails(String sql, String sqlState, String message, int line, int column) {
        assertThatThrownBy(() -> s.execute(sql, List.of())).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e.sqlState()).isEqualTo(sqlState);
            assertThat(e.getMessage()).contains(message);
            assertThat(e.line()).as("line of %s", e.getMessage()).isEqualTo(line);
            assertThat(e.column()).as("column of %s", e.getMessage()).isEqualTo(column);
        });
    }

    @Test
    void aSyntaxErrorAfterCastsIsWhereItIsWritten() {
        fails("SELECT a::int, (a + 1)::bigint::varchar x y FROM t", "42601", "syntax error at or near \"y\"", 1, 43);
        // at the end of input, the character after the text (PostgreSQL's), with casts as without
        fails("SELECT a,\r\n  a FROM t WHERE", "42601", "syntax error at end of input", 2, 17);
        fails("SELECT a::int,\r\n  a::int::int FROM t WHERE", "42601", "syntax error at end of input", 2, 27);
        fails("SELECT 1::\n", "42601", "syntax error at end of input", 2, 1);
        fails("SELECT 1::int::, 2", "42601", "syntax error at or near \",\"", 1, 16);
        fails("SELECT 1::int, ::int", "42601", "syntax error at or near \"::\"", 1, 16);
    }

    @Test
    void validationErrorsAfterAndInCastsAreWhereTheyAreWritten() {
        fails("SELECT a::int, '5'::int + 1, nope::int FROM t", "42703", "column \"nope\" does not exist", 1, 30);
        fails("SELECT a::int,\n\tb::int FROM t", "42703", "column \"b\" does not exist", 2, 2);
        fails("SELECT a::int, 2::int::nosuch FROM t", "42704", "type \"nosuch\" does not exist", 1, 24);
        fails("SELECT a::int FROM t WHERE a::varchar = 1::int + 'x'::nope", "42704", "type \"nope\" does not exist", 1,
                55);
    }

    @Test
    void anErrorInACheckWithCastsIsPlacedInTheStatement() {
        fails("CREATE TABLE c (id BIGINT PRIMARY KEY, n INTEGER CHECK (n::int > nope::int))", "42703",
                "column \"nope\" does not exist", 1, 66);
    }

    @Test
    void aCastInAViewIsExpandedWithTheStatementThatReadsIt() {
        s.execute("INSERT INTO t VALUES (1, 7)", List.of());
        s.execute("CREATE VIEW v AS SELECT id::varchar AS k, a::bigint * 2 AS twice FROM t", List.of());
        try (RowStream rows = ((StatementResult.Query) s.execute("SELECT k, twice FROM v WHERE k = '1'", List.of()))
                .rows()) {
            assertThat(rows.next()).containsExactly("1", 14L);
            assertThat(rows.hasNext()).isFalse();
        }
    }
}
