package io.relationshiplayer.proto.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.proto.v1.SqlValue;
import java.time.DateTimeException;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import org.junit.jupiter.api.Test;

/** A TIME value: PostgreSQL's text both ways, its rounding, 24:00:00, and the wire's time_value. */
class TimeOfDayTest {
    @Test
    void textIsReadAndWrittenAsPostgresqlDoes() {
        assertThat(TimeOfDay.parse("12:34:56.789012").micros()).isEqualTo(45_296_789_012L);
        assertThat(TimeOfDay.parse(" 7:05 ").toString()).isEqualTo("07:05:00");
        assertThat(TimeOfDay.parse("12:00:00.5000").toString()).isEqualTo("12:00:00.5");
        assertThat(TimeOfDay.parse("01:02:03.4567895").toString()).isEqualTo("01:02:03.45679");
        assertThat(TimeOfDay.parse("23:59:59.9999995").toString()).isEqualTo("24:00:00");
        assertThat(TimeOfDay.parse("24:00:00").micros()).isEqualTo(TimeOfDay.DAY);
        assertThatThrownBy(() -> TimeOfDay.parse("noon")).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> TimeOfDay.parse("24:00:00.000001")).isInstanceOf(DateTimeException.class)
                .isNotInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> TimeOfDay.parse("12:60")).isInstanceOf(DateTimeException.class);
        assertThatThrownBy(() -> new TimeOfDay(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void roundingHalvesUpToTheNextDay() {
        assertThat(TimeOfDay.parse("23:59:59.5").round(0).toString()).isEqualTo("24:00:00");
        assertThat(TimeOfDay.parse("12:00:00.44").round(1).toString()).isEqualTo("12:00:00.4");
        assertThat(TimeOfDay.parse("12:00:00.45").round(1).toString()).isEqualTo("12:00:00.5");
        assertThat(TimeOfDay.parse("12:00:00.123456").round(6).toString()).isEqualTo("12:00:00.123456");
    }

    @Test
    void aLocalTimeIsATimeValueAndLocalTimeMaxIsMidnightAtTheEnd() {
        SqlValue v = SqlValueCodec.encode(LocalTime.of(12, 34, 56, 789_012_000));
        assertThat(v.getTimeValue()).isEqualTo(45_296_789_012L);
        assertThat(SqlValueCodec.decode(v)).isEqualTo(LocalTime.of(12, 34, 56, 789_012_000));
        assertThat(SqlValueCodec.encode(LocalTime.MAX).getTimeValue()).isEqualTo(TimeOfDay.DAY);
        assertThat(SqlValueCodec.decode(SqlValueCodec.time(new TimeOfDay(TimeOfDay.DAY)))).isEqualTo(LocalTime.MAX);
        assertThat(SqlValueCodec.encode(new TimeOfDay(1)).getTimeValue()).isEqualTo(1L);
        assertThatThrownBy(() -> SqlValueCodec.decode(SqlValue.newBuilder().setTimeValue(TimeOfDay.DAY + 1).build()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
