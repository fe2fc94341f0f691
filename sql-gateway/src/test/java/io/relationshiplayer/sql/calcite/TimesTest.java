package io.relationshiplayer.sql.calcite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.sql.SqlException;
import java.sql.Types;
import org.junit.jupiter.api.Test;

/** A TIME's microseconds of the day read, rounded and written as PostgreSQL reads, rounds and writes a time. */
class TimesTest {
    @Test
    void textIsReadAsPostgresReadsATime() {
        assertThat(Times.parse("12:34:56.789012", 6)).isEqualTo(45_296_789_012L);
        assertThat(Times.parse("12:00", 6)).isEqualTo(43_200_000_000L);
        assertThat(Times.parse(" 7:05:00 ", 6)).isEqualTo(25_500_000_000L);
        assertThat(Times.parse("24:00:00", 6)).isEqualTo(Times.DAY);
        // more than six digits round to microseconds, half up; the last half-microsecond of the day is 24:00:00
        assertThat(Times.parse("00:00:00.0000005", 6)).isEqualTo(1L);
        assertThat(Times.parse("00:00:00.0000004", 6)).isEqualTo(0L);
        assertThat(Times.parse("23:59:59.9999995", 6)).isEqualTo(Times.DAY);
    }

    @Test
    void malformedTextIs22007AndAFieldOutOfRange22008() {
        assertThatThrownBy(() -> Times.parse("noon", 6)).isInstanceOf(SqlException.class)
                .satisfies(e -> assertThat(((SqlException) e).sqlState()).isEqualTo("22007"));
        for (String text : new String[] {"25:00:00", "12:60:00", "12:00:60", "24:00:00.000001"}) {
            assertThatThrownBy(() -> Times.parse(text, 6)).as(text).isInstanceOf(SqlException.class)
                    .satisfies(e -> assertThat(((SqlException) e).sqlState()).isEqualTo("22008"));
        }
    }

    @Test
    void aPrecisionRoundsHalvesUp() {
        assertThat(Times.round(45_296_789_512L, 3)).isEqualTo(45_296_790_000L);
        assertThat(Times.round(43_200_500_000L, 0)).isEqualTo(43_201_000_000L);
        assertThat(Times.round(43_200_499_999L, 0)).isEqualTo(43_200_000_000L);
        assertThat(Times.round(Times.DAY - 100_000L, 0)).isEqualTo(Times.DAY);
        assertThat(Times.round(123L, 6)).isEqualTo(123L);
    }

    @Test
    void textDropsTrailingZeros() {
        assertThat(Times.text(45_296_789_012L)).isEqualTo("12:34:56.789012");
        assertThat(Times.text(43_200_500_000L)).isEqualTo("12:00:00.5");
        assertThat(Times.text(10L)).isEqualTo("00:00:00.00001");
        assertThat(Times.text(0L)).isEqualTo("00:00:00");
        assertThat(Times.text(Times.DAY)).isEqualTo("24:00:00");
    }

    @Test
    void aParameterIsItsMicrosecondsOfTheDay() {
        assertThat(Times.parameter(Types.TIME, "01:00:00.000001", 1)).isEqualTo(3_600_000_001L);
        assertThat(Times.parameter(Types.TIME, java.time.LocalTime.of(1, 0, 0, 1_000), 1)).isEqualTo(3_600_000_001L);
        assertThat(Times.parameter(Types.TIME, null, 1)).isNull();
        assertThat(Times.parameter(Types.VARCHAR, "x", 1)).isEqualTo("x");
        assertThatThrownBy(() -> Times.parameter(Types.TIME, 5L, 2)).isInstanceOf(SqlException.class)
                .satisfies(e -> assertThat(((SqlException) e).sqlState()).isEqualTo("42804"));
    }
}
