package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.proto.v1.ColumnKind;
import org.junit.jupiter.api.Test;

/**
 * An interval result over the service: PostgreSQL's text (IntervalStyle postgres) as a string value of a VARCHAR
 * column (there is no interval kind on the wire), never Calcite's number of milliseconds or months.
 */
class SqlIntervalTest extends SqlServerFixture {
    @Test
    void anIntervalResultIsPostgresText() {
        String s = open();
        exec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, a TIMESTAMP, b TIMESTAMP)");
        exec(s, "INSERT INTO t VALUES (1, TIMESTAMP '2024-01-01 00:00:00.25', TIMESTAMP '2024-01-02 00:00:00'), "
                + "(2, NULL, NULL)");
        Result r = exec(s, "SELECT (b - a) DAY TO SECOND, INTERVAL '14' MONTH, INTERVAL '1 02:03:04.5' DAY TO SECOND "
                + "FROM t ORDER BY id");
        for (int c = 0; c < 3; c++) {
            assertThat(r.header().getColumns(c).getType().getKind()).isEqualTo(ColumnKind.VARCHAR);
        }
        assertThat(r.raw().get(0).getValues(0).getStringValue()).isEqualTo("23:59:59.75");
        assertThat(r.raw().get(0).getValues(1).getStringValue()).isEqualTo("1 year 2 mons");
        assertThat(r.raw().get(0).getValues(2).getStringValue()).isEqualTo("1 day 02:03:04.5");
        assertThat(r.raw().get(1).getValues(0).getNullValue()).isTrue();
        assertServing(s);
    }

    /**
     * Where PostgreSQL keeps days and hours as given, the text follows the qualifier (README): a DAY TO HOUR sum
     * writes whole days, PostgreSQL {@code 1 day 25:00:00}; the values compare equal in PostgreSQL too.
     */
    @Test
    void aDayTimeIntervalStartingAtDayWritesWholeDays() {
        String s = open();
        assertThat(exec(s, "SELECT INTERVAL '25' HOUR + INTERVAL '1' DAY").single()).isEqualTo("2 days 01:00:00");
        assertThat(exec(s, "SELECT INTERVAL '30' HOUR").single()).isEqualTo("30:00:00");
        assertThat(exec(s, "SELECT INTERVAL '25' HOUR + INTERVAL '1' DAY = INTERVAL '49' HOUR").single())
                .isEqualTo(true);
        assertServing(s);
    }
}
