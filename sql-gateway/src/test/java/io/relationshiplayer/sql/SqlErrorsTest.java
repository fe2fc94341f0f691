package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlErrorsTest {
    @Test
    void aCastFailureNamesSqlTypesNeverJavaClasses() {
        SqlException e = SqlErrors.toSql(new ClassCastException("class java.lang.Boolean cannot be cast to class "
                + "java.lang.Number (java.lang.Boolean and java.lang.Number are in module java.base of loader "
                + "'bootstrap')"));
        assertThat(e.sqlState()).isEqualTo(SqlException.DATATYPE_MISMATCH);
        assertThat(e.getMessage()).isEqualTo("a value does not have the type its column or operator needs: a boolean "
                + "where a number is needed").doesNotContain("java.");
        assertThat(SqlErrors.toSql(new ClassCastException("class com.example.Thing cannot be cast to class "
                + "java.lang.String")).getMessage()).isEqualTo("a value does not have the type its column or operator "
                + "needs").doesNotContain("java.");
    }

    @Test
    void calcitesParseErrorsSayWhatPostgresqlSaysWithoutTheirPosition() {
        assertThat(SqlErrors.parseMessage("Encountered \"one\" at line 1, column 13.")).isEqualTo("syntax error at or "
                + "near \"one\"");
        assertThat(SqlErrors.parseMessage("Encountered \"<EOF>\" at line 2, column 1.")).isEqualTo("syntax error at "
                + "end of input");
        assertThat(SqlErrors.parseMessage("Lexical error at line 1, column 8.  Encountered: \"#\" (35), after : \"\""))
                .isEqualTo("Lexical error.  Encountered: \"#\" (35), after : \"\"");
        assertThat(SqlErrors.parseMessage("Encountered \"= =\" at line 3, column 10.")).isEqualTo("syntax error at or "
                + "near \"=\"");
        assertThat(SqlErrors.parseMessage("Incorrect syntax near the keyword 'FROM' at line 1, column 12."))
                .isEqualTo("syntax error at or near \"FROM\"");
    }
}
