package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Floating-point results through the driver: getString as PostgreSQL (and PgJDBC) writes them, the values exact. */
class FloatsTest {
    @Test
    void getStringWritesDoublesAndRealsAsPostgresDoes() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("floats"));
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT CAST(8 AS DOUBLE), CAST(1e20 AS DOUBLE), CAST(0.1 AS REAL), "
                     + "CAST(1.5e-7 AS DOUBLE), CAST(2.5 AS DOUBLE) / 0.5")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("8"); // Java's text was 8.0
            assertThat(rs.getString(2)).isEqualTo("1e+20");
            assertThat(rs.getString(3)).isEqualTo("0.1"); // the REAL was read as 0.10000000149011612
            assertThat(rs.getFloat(3)).isEqualTo(0.1f);
            assertThat(rs.getString(4)).isEqualTo("1.5e-07");
            assertThat(rs.getDouble(5)).isEqualTo(5.0);
            assertThat(rs.getString(5)).isEqualTo("5");
        }
    }
}
