package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Calendar;
import java.util.GregorianCalendar;
import org.junit.jupiter.api.Test;

/**
 * Dates and timestamps before 1 AD through the driver, against a real server: a java.sql.Date or Timestamp of a year
 * BC is sent as that year BC (their toLocalDate and toLocalDateTime drop the era: 44 BC was sent as 44 AD), and
 * getString writes the era as PostgreSQL's driver does ({@code 0044-03-15 BC}, where it wrote {@code -0043-03-15}).
 */
class DatesTest {
    @Test
    void yearsBeforeOneAdKeepTheirEraBothWays() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("dates_bc"))) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE bc (id BIGINT PRIMARY KEY, d DATE, ts TIMESTAMP)");
            }
            GregorianCalendar bc = new GregorianCalendar();
            bc.clear();
            bc.set(Calendar.ERA, GregorianCalendar.BC);
            bc.set(44, Calendar.MARCH, 15, 10, 30, 0);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO bc VALUES (?, ?, ?)")) {
                ps.setLong(1, 1);
                ps.setDate(2, new Date(bc.getTimeInMillis()));
                ps.setTimestamp(3, new Timestamp(bc.getTimeInMillis()));
                assertThat(ps.executeUpdate()).isEqualTo(1);
                ps.setLong(1, 2);
                ps.setObject(2, LocalDate.of(-43, 3, 15));
                ps.setObject(3, LocalDateTime.of(-43, 3, 15, 10, 30));
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT id, d, ts, CAST(d AS VARCHAR), EXTRACT(YEAR FROM d) FROM bc ORDER BY id")) {
                for (int id = 1; id <= 2; id++) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getObject(2, LocalDate.class)).isEqualTo(LocalDate.of(-43, 3, 15));
                    assertThat(rs.getObject(3, LocalDateTime.class)).isEqualTo(LocalDateTime.of(-43, 3, 15, 10, 30));
                    assertThat(rs.getString(2)).isEqualTo("0044-03-15 BC");
                    assertThat(rs.getString(3)).isEqualTo("0044-03-15 10:30:00 BC");
                    assertThat(rs.getString(4)).isEqualTo("0044-03-15 BC");
                    assertThat(rs.getLong(5)).isEqualTo(-44);
                    Calendar read = new GregorianCalendar();
                    read.setTime(rs.getDate(2));
                    assertThat(read.get(Calendar.ERA)).isEqualTo(GregorianCalendar.BC);
                    assertThat(read.get(Calendar.YEAR)).isEqualTo(44);
                }
                assertThat(rs.next()).isFalse();
            }
        }
    }
}
