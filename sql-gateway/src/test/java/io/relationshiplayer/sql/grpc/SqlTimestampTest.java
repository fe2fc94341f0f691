package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.values.SqlValueCodec;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/**
 * TIMESTAMP values over the service: microseconds are kept both ways, a literal of more than six fraction digits is
 * rounded to microseconds first, and the seconds of a timestamp come back as PostgreSQL's numeric, on the wire as a
 * DECIMAL(8,6) (milliseconds as a DECIMAL(8,3)).
 */
class SqlTimestampTest extends SqlServerFixture {
    @Test
    void theSecondsOfATimestampAreANumericWithTheirFraction() {
        String s = open();
        exec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, ts TIMESTAMP)");
        exec(s, "INSERT INTO t VALUES (1, ?), (2, NULL)", LocalDateTime.of(2024, 2, 29, 23, 59, 59, 125_000_000));
        Result r = exec(s, "SELECT EXTRACT(SECOND FROM ts) AS s FROM t ORDER BY id");
        ColumnType type = r.header().getColumns(0).getType();
        assertThat(type.getKind()).isEqualTo(ColumnKind.DECIMAL);
        assertThat(type.getPrecision()).isEqualTo(8);
        assertThat(type.getScale()).isEqualTo(6);
        assertThat(r.raw().get(0).getValues(0).getDecimalValue()).isEqualTo("59.125000");
        assertThat(r.raw().get(1).getValues(0).getNullValue()).isTrue();
        assertThat(exec(s, "SELECT EXTRACT(MINUTE FROM ts) FROM t WHERE id = 1").single()).isEqualTo(59L);
        Result epoch = exec(s, "SELECT EXTRACT(EPOCH FROM ts) FROM t WHERE id = 1");
        assertThat(epoch.header().getColumns(0).getType().getScale()).isEqualTo(6);
        assertThat(epoch.raw().get(0).getValues(0).getDecimalValue()).isEqualTo("1709251199.125000");
        assertServing(s);
    }

    @Test
    void aLiteralOfMoreThanSixFractionDigitsIsRoundedToMicrosecondsFirst() {
        String s = open();
        exec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, ts TIMESTAMP)");
        exec(s, "INSERT INTO t VALUES (1, TIMESTAMP '2024-01-01 12:00:00.0059996')");
        Result r = exec(s, "SELECT ts FROM t WHERE ts = TIMESTAMP '2024-01-01 12:00:00.006000'");
        assertThat(r.raw()).hasSize(1);
        assertThat(r.raw().get(0).getValues(0).getTimestampValue())
                .isEqualTo(SqlValueCodec.micros(LocalDateTime.of(2024, 1, 1, 12, 0, 0, 6_000_000)));
        assertThat(exec(s, "SELECT TIMESTAMP '2024-01-01 12:00:00.0060005'").single())
                .isEqualTo(LocalDateTime.of(2024, 1, 1, 12, 0, 0, 6_001_000));
        assertServing(s);
    }

    @Test
    void microsecondsComeBackOnTheWireAsTheyWereSent() {
        String s = open();
        exec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, ts TIMESTAMP)");
        LocalDateTime before = LocalDateTime.of(1900, 1, 1, 0, 0, 0, 1_000);
        LocalDateTime after = LocalDateTime.of(2024, 1, 1, 12, 0, 0, 123_456_000);
        exec(s, "INSERT INTO t VALUES (1, ?), (2, ?)", before, after);
        Result r = exec(s, "SELECT ts, EXTRACT(MILLISECOND FROM ts) FROM t ORDER BY id");
        assertThat(r.raw().get(0).getValues(0).getTimestampValue()).isEqualTo(SqlValueCodec.micros(before));
        assertThat(r.raw().get(1).getValues(0).getTimestampValue()).isEqualTo(SqlValueCodec.micros(after));
        ColumnType millis = r.header().getColumns(1).getType();
        assertThat(millis.getKind()).isEqualTo(ColumnKind.DECIMAL);
        assertThat(millis.getScale()).isEqualTo(3);
        assertThat(r.raw().get(1).getValues(1).getDecimalValue()).isEqualTo("123.456");
        assertThat(exec(s, "SELECT id FROM t WHERE ts = ?", after).single()).isEqualTo(2L);
        assertServing(s);
    }
}
