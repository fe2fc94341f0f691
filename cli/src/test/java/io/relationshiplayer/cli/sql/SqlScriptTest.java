package io.relationshiplayer.cli.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlScriptTest {
    @Test
    void aSemicolonInADollarQuoteEndsNoStatement() {
        List<SqlScript.Statement> statements = SqlScript.split("SELECT $$a;b$$;\nSELECT $f$ ' ; $$ $f$, 'x;y';\n"
                + "SELECT a$$b; SELECT $1;");
        assertThat(statements).extracting(SqlScript.Statement::sql).containsExactly("SELECT $$a;b$$",
                "SELECT $f$ ' ; $$ $f$, 'x;y'", "SELECT a$$b", "SELECT $1");
        assertThat(statements).extracting(SqlScript.Statement::line).containsExactly(1, 2, 3, 3);
    }

    @Test
    void aShellWaitsForAnOpenDollarQuoteToClose() {
        assertThat(SqlScript.complete("SELECT $tag$ a;\n")).isFalse();
        assertThat(SqlScript.complete("SELECT $tag$ a;\n $TAG$ ;")).isFalse();
        assertThat(SqlScript.complete("SELECT $tag$ a;\n$tag$;")).isTrue();
    }
}
