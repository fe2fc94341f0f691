package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.SqlError;
import org.junit.jupiter.api.Test;

/** PostgreSQL's {@code ::} casts over the service: parameters typed by their cast, errors placed in the text sent. */
class SqlCastTest extends SqlServerFixture {
    @Test
    void aParameterTakesItsCastsType() {
        String s = open();
        exec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR(10))");
        exec(s, "INSERT INTO t VALUES (?::bigint, ?::varchar(3))", 7L, "abcdef");
        assertThat(exec(s, "SELECT name FROM t WHERE id = ?::bigint", 7L).single()).isEqualTo("abc");
        assertThat(exec(s, "SELECT ?::bigint + 1", 41L).single()).isEqualTo(42L);
        assertThat(exec(s, "SELECT ?::int::text", 5).single()).isEqualTo("5");
        assertServing(s);
    }

    @Test
    void anErrorAfterACastCarriesItsPositionInTheTextSent() {
        String s = open();
        SqlError syntax = expectSql(Status.Code.INVALID_ARGUMENT, "42601", () -> exec(s,
                "SELECT 1::bigint,\n  '2'::int::text x y"));
        assertThat(syntax.getMessage()).isEqualTo("syntax error at or near \"y\"");
        assertThat(syntax.getLine()).isEqualTo(2);
        assertThat(syntax.getColumn()).isEqualTo(20);
        SqlError type = expectSql(Status.Code.INVALID_ARGUMENT, "42704", () -> exec(s, "SELECT 1::int, 2::nosuchtype"));
        assertThat(type.getMessage()).isEqualTo("type \"nosuchtype\" does not exist");
        assertThat(type.getLine()).isEqualTo(1);
        assertThat(type.getColumn()).isEqualTo(19);
        assertServing(s);
    }
}
