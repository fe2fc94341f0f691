package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Types;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/**
 * A column of type TIME through the driver: written with setTime and setObject(LocalTime) (sent as the wire's
 * time_value), read with getTime, getObject and getObject(LocalTime), described by the result's and the database's
 * metadata as JDBC's TIME.
 */
class TimeColumnsTest {
    @Test
    void aTimeColumnRoundTrips() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("timecolumns")); Statement st = c.createStatement()) {
            c.setAutoCommit(true);
            st.execute("CREATE TABLE shifts (id BIGINT PRIMARY KEY, starts TIME NOT NULL, ends TIME(3))");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO shifts VALUES (?, ?, ?)")) {
                Time eight = Time.valueOf("08:00:00");
                eight.setTime(eight.getTime() + 250);
                ps.setLong(1, 1);
                ps.setTime(2, eight);
                ps.setObject(3, LocalTime.of(16, 30, 0, 123_456_000));
                ps.executeUpdate();
                ps.setLong(1, 2);
                ps.setObject(2, LocalTime.of(12, 34, 56, 789_012_000));
                ps.setObject(3, LocalTime.MAX); // 24:00:00, as PostgreSQL's driver sends it
                ps.executeUpdate();
                ps.setLong(1, 3);
                ps.setString(2, "23:00");
                ps.setNull(3, Types.TIME);
                ps.executeUpdate();
            }
            try (ResultSet rs = st.executeQuery("SELECT id, starts, ends FROM shifts ORDER BY starts")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getColumnType(2)).isEqualTo(Types.TIME);
                assertThat(md.getColumnTypeName(2)).isEqualTo("TIME");
                assertThat(md.getColumnClassName(2)).isEqualTo(Time.class.getName());
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(1);
                assertThat(rs.getString(2)).isEqualTo("08:00:00.25");
                assertThat(rs.getObject(2, LocalTime.class)).isEqualTo(LocalTime.of(8, 0, 0, 250_000_000));
                assertThat(rs.getTime(2).toString()).isEqualTo("08:00:00");
                assertThat(Math.floorMod(rs.getTime(2).getTime(), 1000L)).isEqualTo(250L);
                assertThat(rs.getObject(2)).isInstanceOf(Time.class);
                // TIME(3) rounds as PostgreSQL: .123456 is .123
                assertThat(rs.getString(3)).isEqualTo("16:30:00.123");
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(2, LocalTime.class)).isEqualTo(LocalTime.of(12, 34, 56, 789_012_000));
                assertThat(rs.getString(3)).isEqualTo("24:00:00");
                assertThat(rs.getObject(3, LocalTime.class)).isEqualTo(LocalTime.MAX);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(2)).isEqualTo("23:00:00");
                assertThat(rs.getTime(3)).isNull();
                assertThat(rs.wasNull()).isTrue();
                assertThat(rs.next()).isFalse();
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM shifts WHERE starts = ?")) {
                ps.setObject(1, LocalTime.of(12, 34, 56, 789_012_000));
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(2);
                    assertThat(rs.next()).isFalse();
                }
            }
            DatabaseMetaData md = c.getMetaData();
            try (ResultSet cols = md.getColumns(null, null, "shifts", "%")) {
                assertThat(cols.next()).isTrue(); // id
                assertThat(cols.next()).isTrue();
                assertThat(cols.getString("COLUMN_NAME")).isEqualTo("starts");
                assertThat(cols.getInt("DATA_TYPE")).isEqualTo(Types.TIME);
                assertThat(cols.getString("TYPE_NAME")).isEqualTo("TIME");
                assertThat(cols.getInt("COLUMN_SIZE")).isEqualTo(15);
                assertThat(cols.getInt("DECIMAL_DIGITS")).isEqualTo(6);
                assertThat(cols.next()).isTrue();
                assertThat(cols.getString("COLUMN_NAME")).isEqualTo("ends");
                assertThat(cols.getInt("COLUMN_SIZE")).isEqualTo(12);
                assertThat(cols.getInt("DECIMAL_DIGITS")).isEqualTo(3);
            }
            try (ResultSet rs = st.executeQuery("SELECT data_type FROM information_schema.columns "
                    + "WHERE table_name = 'shifts' AND column_name = 'starts'")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("time without time zone");
            }
        }
    }
}
