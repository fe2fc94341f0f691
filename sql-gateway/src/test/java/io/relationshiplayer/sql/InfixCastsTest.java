package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The text {@link InfixCasts} gives Calcite, and the original offset each of its characters stands for. */
class InfixCastsTest {
    private static String rewritten(String sql) {
        InfixCasts.Rewritten r = InfixCasts.rewrite(sql);
        return r == null ? sql : r.text();
    }

    @Test
    void theOperandIsThePrimaryJustBeforeTheCast() {
        assertThat(rewritten("SELECT 1::bigint AS x")).isEqualTo("SELECT CAST(1 AS bigint) AS x");
        assertThat(rewritten("SELECT -1::int")).isEqualTo("SELECT -CAST(1 AS int)");
        assertThat(rewritten("SELECT a + b::int")).isEqualTo("SELECT a + CAST(b AS int)");
        assertThat(rewritten("SELECT '5'::int + 1")).isEqualTo("SELECT CAST('5' AS int) + 1");
        assertThat(rewritten("SELECT (a + b)::numeric(10,2)")).isEqualTo("SELECT CAST((a + b) AS numeric(10,2))");
        assertThat(rewritten("SELECT t.col::varchar(10), s.t.c::int")).isEqualTo(
                "SELECT CAST(t.col AS varchar(10)), CAST(s.t.c AS int)");
        assertThat(rewritten("SELECT f(x)::text, s.f(x, y)::text, \"F\"(x)::int")).isEqualTo(
                "SELECT CAST(f(x) AS text), CAST(s.f(x, y) AS text), CAST(\"F\"(x) AS int)");
        assertThat(rewritten("SELECT CAST(x AS INT)::varchar")).isEqualTo("SELECT CAST(CAST(x AS INT) AS varchar)");
        assertThat(rewritten("WHERE ?::bigint = $1::int")).isEqualTo("WHERE CAST(? AS bigint) = CAST($1 AS int)");
        assertThat(rewritten("SELECT DATE '2024-01-01'::varchar, INTERVAL '1' DAY::varchar")).isEqualTo(
                "SELECT CAST(DATE '2024-01-01' AS varchar), CAST(INTERVAL '1' DAY AS varchar)");
        assertThat(rewritten("SELECT CASE WHEN a THEN 1 ELSE (2) END::text")).isEqualTo(
                "SELECT CAST(CASE WHEN a THEN 1 ELSE (2) END AS text)");
        assertThat(rewritten("SELECT count(*) OVER (PARTITION BY a)::int")).isEqualTo(
                "SELECT CAST(count(*) OVER (PARTITION BY a) AS int)");
        assertThat(rewritten("SELECT x[1]::int, ARRAY[1]::int")).isEqualTo(
                "SELECT CAST(x[1] AS int), CAST(ARRAY[1] AS int)");
        assertThat(rewritten("WHERE (x)::bool AND NOT y::bool")).isEqualTo(
                "WHERE CAST((x) AS bool) AND NOT CAST(y AS bool)");
        assertThat(rewritten("SELECT 1.5e3::int, .5::int, E'it\\'s'::text, X'01'::varbinary")).isEqualTo(
                "SELECT CAST(1.5e3 AS int), CAST(.5 AS int), CAST(E'it\\'s' AS text), CAST(X'01' AS varbinary)");
    }

    @Test
    void castsChainAndNest() {
        assertThat(rewritten("SELECT x::int::text")).isEqualTo("SELECT CAST(CAST(x AS int) AS text)");
        assertThat(rewritten("SELECT (a::int + b)::text")).isEqualTo("SELECT CAST((CAST(a AS int) + b) AS text)");
        assertThat(rewritten("SELECT f(a::int)::text::int")).isEqualTo(
                "SELECT CAST(CAST(f(CAST(a AS int)) AS text) AS int)");
    }

    @Test
    void multiWordTypesAreWholeTypes() {
        assertThat(rewritten("SELECT x::double precision, y::character varying(5), z::char varying")).isEqualTo(
                "SELECT CAST(x AS double precision), CAST(y AS character varying(5)), CAST(z AS char varying)");
        assertThat(rewritten("SELECT x::timestamp without time zone, y::timestamp(3) with time zone FROM t"))
                .isEqualTo("SELECT CAST(x AS timestamp without time zone), CAST(y AS timestamp(3) with time zone)"
                        + " FROM t");
        assertThat(rewritten("SELECT x::pg_catalog.int4, y::\"char\"")).isEqualTo(
                "SELECT CAST(x AS pg_catalog.int4), CAST(y AS \"char\")");
    }

    @Test
    void literalsNamesCommentsAndDollarQuotesAreNotRewritten() {
        String untouched = "SELECT 'a::int', \"b::int\", $$c::int$$, $t$ d::int $t$ -- e::int\n/* f::int /* g::int */ */";
        assertThat(InfixCasts.rewrite(untouched)).isNull();
        assertThat(rewritten("SELECT 'a::b'::varchar -- x::int")).isEqualTo("SELECT CAST('a::b' AS varchar) -- x::int");
    }

    @Test
    void aCastWithoutOperandIsLeftAndOneWithoutTypeIsLeftOpen() {
        assertThat(InfixCasts.rewrite("SELECT ::int")).isNull();
        assertThat(InfixCasts.rewrite("SELECT a + ::int")).isNull();
        assertThat(rewritten("SELECT 1::")).isEqualTo("SELECT CAST(1 AS ");
        assertThat(rewritten("SELECT 1::2")).isEqualTo("SELECT CAST(1 AS 2");
    }

    @Test
    void eachCharacterStandsForOneOfTheText() {
        InfixCasts.Rewritten r = InfixCasts.rewrite("SELECT a::int");
        assertThat(r.text()).isEqualTo("SELECT CAST(a AS int)");
        // CAST( at the operand, " AS " at the ::, ")" at the type's last character
        assertThat(r.origins()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 8, 8, 9, 9, 10, 11, 12, 12);
    }
}
