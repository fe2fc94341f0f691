package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.SqlValue;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/**
 * TIME values over the service: a result's TIME is a time_value of microseconds of the day in a column of kind TIME
 * (24:00:00 included), a time_value parameter is read as a TIME, and one outside a day is 22008.
 */
class SqlTimeTest extends SqlServerFixture {
    @Test
    void aTimeIsATimeValueOfMicrosecondsOfTheDay() {
        String s = open();
        exec(s, "CREATE TABLE clock (id BIGINT PRIMARY KEY, t TIME, t3 TIME(3))");
        exec(s, "INSERT INTO clock VALUES (1, ?, ?), (2, '24:00:00', NULL)",
                SqlValue.newBuilder().setTimeValue(45_296_789_012L).build(), LocalTime.of(1, 2, 3, 456_789_000));
        Result r = exec(s, "SELECT t, t3, TIME '00:00:00.000001' FROM clock ORDER BY id");
        assertThat(r.header().getColumns(0).getType().getKind()).isEqualTo(ColumnKind.TIME);
        assertThat(r.header().getColumns(2).getType().getKind()).isEqualTo(ColumnKind.TIME);
        assertThat(r.raw().get(0).getValues(0).getTimeValue()).isEqualTo(45_296_789_012L); // 12:34:56.789012
        assertThat(r.raw().get(0).getValues(1).getTimeValue()).isEqualTo(3_723_457_000L); // 01:02:03.457
        assertThat(r.raw().get(0).getValues(2).getTimeValue()).isEqualTo(1L);
        assertThat(r.raw().get(1).getValues(0).getTimeValue()).isEqualTo(86_400_000_000L);
        assertThat(r.raw().get(1).getValues(1).getNullValue()).isTrue();
        assertThat(exec(s, "SELECT id FROM clock WHERE t = ?", LocalTime.MAX).single()).isEqualTo(2L);
        assertThat(exec(s, "SELECT CAST(? AS VARCHAR)", LocalTime.of(7, 5)).single()).isEqualTo("07:05:00");
        expectSql(Status.Code.INVALID_ARGUMENT, "22008", () -> exec(s, "SELECT id FROM clock WHERE t = ?",
                SqlValue.newBuilder().setTimeValue(86_400_000_001L).build()));
        expectSql(Status.Code.INVALID_ARGUMENT, "22008", () -> exec(s, "SELECT id FROM clock WHERE t = ?",
                SqlValue.newBuilder().setTimeValue(-1L).build()));
        assertServing(s);
    }
}
