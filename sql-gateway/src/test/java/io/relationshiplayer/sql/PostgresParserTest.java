package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

class PostgresParserTest {
    static {
        CalciteRunner.settings(); // the engine's settings of Calcite before SqlPrepare loads it, for the later tests too
    }

    private static SqlNode parse(String sql) throws SqlParseException {
        return SqlParser.create(sql, SqlPrepare.PARSER).parseQuery();
    }

    private static String unparsed(String sql) throws SqlParseException {
        return parse(sql).toSqlString(CalciteSqlDialect.DEFAULT).getSql().replaceAll("\\s+", " ");
    }

    @Test
    void keywordsWhereCalcitesGrammarHasThemStayKeywords() throws SqlParseException {
        String sql = unparsed("SELECT EXTRACT(YEAR FROM d), COUNT(*), POSITION('a' IN value), year, "
                + "INTERVAL '1' DAY, DATE '2024-01-31', 'year' FROM t");
        assertThat(sql).contains("EXTRACT(YEAR FROM \"d\")").contains("COUNT(*)")
                .contains("POSITION('a' IN \"value\")").contains(", \"year\",").contains("INTERVAL '1' DAY")
                .contains("DATE '2024-01-31'").contains("'year'");
    }

    @Test
    void namesKeepTheirPositionsInTheTextAsWritten() throws SqlParseException {
        SqlSelect select = (SqlSelect) parse("SELECT a,\n  t.year::text, value\nFROM t");
        SqlNode cast = select.getSelectList().get(1);
        assertThat(cast.getParserPosition().getLineNum()).isEqualTo(2);
        assertThat(cast.getParserPosition().getColumnNum()).isEqualTo(3);
        SqlIdentifier value = (SqlIdentifier) select.getSelectList().get(2);
        assertThat(value.getSimple()).isEqualTo("value");
        assertThat(value.getParserPosition().getLineNum()).isEqualTo(2);
        assertThat(value.getParserPosition().getColumnNum()).isEqualTo(17);
        assertThat(value.getParserPosition().getEndColumnNum()).isEqualTo(21);
    }

    @Test
    void aParseThatGetsNoFurtherKeepsTheFirstError() {
        assertThatThrownBy(() -> parse("SELECT * FROM t ORDER\n year"))
                .isInstanceOfSatisfying(SqlParseException.class, e -> {
                    assertThat(e.getPos().getLineNum()).isEqualTo(2);
                    assertThat(e.getPos().getColumnNum()).isEqualTo(2);
                    assertThat(e.getMessage()).contains("\"BY\"");
                });
    }

    @Test
    void manyNamesInOneStatement() throws SqlParseException {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < 200; i++) {
            sql.append(i == 0 ? "" : ", ").append(i % 2 == 0 ? "year" : "value");
        }
        SqlSelect select = (SqlSelect) parse(sql.append(" FROM t").toString());
        assertThat(select.getSelectList()).hasSize(200);
        assertThat(((SqlIdentifier) select.getSelectList().get(199)).getSimple()).isEqualTo("value");
    }
}
