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
}
