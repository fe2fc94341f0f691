package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Connecting through DriverManager, DDL, every type the service has (and NULL), prepared statements. */
class DriverTest {
    private static final String ALL_TYPES = "CREATE TABLE everything (id BIGINT PRIMARY KEY, i INTEGER, d DOUBLE, "
            + "b BOOLEAN, s VARCHAR(20), v VARBINARY(8), m DECIMAL(10,2), dt DATE, ts TIMESTAMP)";

    @Test
    void theDriverIsFoundThroughItsServiceFileAndParsesItsUrl() throws SQLException {
        assertThat(DriverManager.getDriver("jdbc:rl://127.0.0.1:1/x")).isInstanceOf(RlDriver.class);
        assertThat(new RlDriver().acceptsURL("jdbc:postgresql://h/db")).isFalse();
        Properties p = new Properties();
        p.setProperty("token", "secret");
        ConnectionUrl u = ConnectionUrl.parse("jdbc:rl://db1.example.com:7471/shop?ssl=true&fetchSize=5", p);
        assertThat(u.host()).isEqualTo("db1.example.com");
        assertThat(u.port()).isEqualTo(7471);
        assertThat(u.database()).isEqualTo("shop");
        assertThat(u.ssl()).isTrue();
        assertThat(u.fetchSize()).isEqualTo(5);
        assertThat(u.token()).isEqualTo("secret");
        assertThat(u.toString()).doesNotContain("secret");
        Properties userAndPassword = new Properties();
        userAndPassword.setProperty("user", "ignored");
        userAndPassword.setProperty("password", "from-a-tool");
        assertThat(ConnectionUrl.parse("jdbc:rl://h/db", userAndPassword).token()).isEqualTo("from-a-tool");
        ConnectionUrl v6 = ConnectionUrl.parse("jdbc:rl://[::1]/", null);
        assertThat(v6.host()).isEqualTo("::1");
        assertThat(v6.port()).isEqualTo(7470);
        assertThat(v6.database()).isEqualTo("default");
        assertThat(v6.target()).isEqualTo("[::1]:7470");
    }

    @Test
    void anUnreachableServerFailsAtOnceWithAConnectionException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        long started = System.nanoTime();
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:rl://127.0.0.1:" + port + "/x"))
                .isInstanceOf(SQLNonTransientConnectionException.class)
                .hasMessageContaining("connection refused")
                .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("08001");
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(10_000);
    }

    @Test
    void aSmallintColumnIsASmallintAndRefusesAParameterPastItsRange() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("smallint"))) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE smalls (id INT PRIMARY KEY, s SMALLINT)");
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO smalls VALUES (?, ?)")) {
                ps.setInt(1, 1);
                ps.setInt(2, 32767);
                assertThat(ps.executeUpdate()).isEqualTo(1);
                ps.setInt(1, 2);
                ps.setInt(2, 32768);
                assertThatThrownBy(ps::executeUpdate).isInstanceOf(SQLException.class)
                        .hasFieldOrPropertyWithValue("SQLState", "22003")
                        .hasMessageContaining("is out of range for type smallint");
            }
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT s, s + 1 FROM smalls")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getColumnType(1)).isEqualTo(Types.SMALLINT);
                assertThat(md.getColumnTypeName(1)).isEqualTo("SMALLINT");
                assertThat(md.getColumnType(2)).isEqualTo(Types.INTEGER);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(1)).isEqualTo(32767);
                assertThat(rs.getShort(1)).isEqualTo((short) 32767);
                assertThat(rs.next()).isFalse();
            }
            try (ResultSet rs = c.getMetaData().getColumns(null, null, "smalls", "s")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt("DATA_TYPE")).isEqualTo(Types.SMALLINT);
                assertThat(rs.getString("TYPE_NAME")).isEqualTo("SMALLINT");
            }
        }
    }

    @Test
    void everyTypeAndNullGoInAndComeBack() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("types"))) {
            assertThat(c.isValid(5)).isTrue();
            try (Statement st = c.createStatement()) {
                assertThat(st.executeUpdate(ALL_TYPES)).isZero();
                assertThat(st.executeUpdate("INSERT INTO everything VALUES (1, 7, 2.5, TRUE, 'lit', X'0102', "
                        + "12.34, DATE '2024-05-01', TIMESTAMP '2024-05-01 12:30:00.123')")).isEqualTo(1);
            }
            LocalDateTime ts = LocalDateTime.of(2023, 12, 31, 23, 59, 58, 250_000_000);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO everything VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setLong(1, 2);
                ps.setInt(2, -42);
                ps.setDouble(3, -0.125);
                ps.setBoolean(4, false);
                ps.setString(5, "héllo ✓");
                ps.setBytes(6, new byte[] {(byte) 0xff, 0, 1});
                ps.setBigDecimal(7, new BigDecimal("-99999999.99"));
                ps.setDate(8, Date.valueOf("1969-07-20"));
                ps.setTimestamp(9, Timestamp.valueOf(ts));
                assertThat(ps.executeUpdate()).isEqualTo(1);
                ps.setLong(1, 3);
                for (int i = 2; i <= 9; i++) {
                    ps.setNull(i, Types.OTHER);
                }
                assertThat(ps.executeUpdate()).isEqualTo(1);
                ps.clearParameters();
                ps.setObject(1, 4);
                assertThatThrownBy(ps::executeUpdate).hasMessageContaining("no value for parameter 2");
                ps.setObject(2, (short) 5);
                ps.setObject(3, 1.5f);
                ps.setObject(4, "true", Types.BOOLEAN);
                ps.setObject(5, 'c');
                ps.setObject(6, new byte[0]);
                ps.setObject(7, 3L, Types.DECIMAL);
                ps.setObject(8, LocalDate.of(2000, 2, 29));
                ps.setObject(9, ts);
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT * FROM everything ORDER BY id")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getColumnCount()).isEqualTo(9);
                assertThat(md.getColumnName(1)).isEqualTo("id");
                int[] types = {Types.BIGINT, Types.INTEGER, Types.DOUBLE, Types.BOOLEAN, Types.VARCHAR,
                    Types.VARBINARY, Types.DECIMAL, Types.DATE, Types.TIMESTAMP};
                for (int i = 0; i < types.length; i++) {
                    assertThat(md.getColumnType(i + 1)).as("column %d", i + 1).isEqualTo(types[i]);
                }
                assertThat(md.getPrecision(7)).isEqualTo(10);
                assertThat(md.getScale(7)).isEqualTo(2);
                assertThat(md.getColumnTypeName(5)).isEqualTo("VARCHAR"); // lengths: getColumns (DESCRIBE)
                assertThat(md.isNullable(1)).isEqualTo(ResultSetMetaData.columnNoNulls);
                assertThat(md.getColumnClassName(9)).isEqualTo(Timestamp.class.getName());

                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong("id")).isEqualTo(1);
                assertThat(rs.getInt("i")).isEqualTo(7);
                assertThat(rs.getDouble("d")).isEqualTo(2.5);
                assertThat(rs.getBoolean("b")).isTrue();
                assertThat(rs.getString("s")).isEqualTo("lit");
                assertThat(rs.getBytes("v")).containsExactly(1, 2);
                assertThat(rs.getBigDecimal("m")).isEqualByComparingTo("12.34");
                assertThat(rs.getDate("dt")).isEqualTo(Date.valueOf("2024-05-01"));
                assertThat(rs.getTimestamp("ts")).isEqualTo(Timestamp.valueOf("2024-05-01 12:30:00.123"));
                assertThat(rs.getString("ts")).isEqualTo("2024-05-01 12:30:00.123");

                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(2)).isEqualTo(-42);
                assertThat(rs.getByte(2)).isEqualTo((byte) -42);
                assertThatThrownBy(() -> rs.getByte(7)) // -99999999.99 does not fit: never a wrapped number
                        .isInstanceOf(java.sql.SQLDataException.class)
                        .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("22003");
                assertThat(rs.getObject(3)).isEqualTo(-0.125);
                assertThat(rs.getObject(4)).isEqualTo(false);
                assertThat(rs.getString(5)).isEqualTo("héllo ✓");
                assertThat(rs.getBytes(6)).containsExactly(0xff, 0, 1);
                assertThat(rs.getObject(7)).isEqualTo(new BigDecimal("-99999999.99"));
                assertThat(rs.getObject(8)).isEqualTo(Date.valueOf("1969-07-20"));
                assertThat(rs.getObject(8, LocalDate.class)).isEqualTo(LocalDate.of(1969, 7, 20));
                assertThat(rs.getObject(9, LocalDateTime.class)).isEqualTo(ts);

                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3);
                for (int i = 2; i <= 9; i++) {
                    assertThat(rs.getObject(i)).as("column %d", i).isNull();
                    assertThat(rs.wasNull()).isTrue();
                }
                assertThat(rs.getInt(2)).isZero();
                assertThat(rs.wasNull()).isTrue();
                assertThat(rs.getString(5)).isNull();

                assertThat(rs.next()).isTrue();
                assertThat(rs.getObject(2)).isEqualTo(5);
                assertThat(rs.getDouble(3)).isEqualTo(1.5);
                assertThat(rs.getBoolean(4)).isTrue();
                assertThat(rs.getString(5)).isEqualTo("c");
                assertThat(rs.getBytes(6)).isEmpty();
                assertThat(rs.getBigDecimal(7)).isEqualByComparingTo("3");
                assertThat(rs.getObject(8, LocalDate.class)).isEqualTo(LocalDate.of(2000, 2, 29));
                assertThat(rs.next()).isFalse();
                assertThatThrownBy(() -> rs.getLong(1)).isInstanceOf(SQLException.class);
            }
        }
    }

    /**
     * A TIME keeps microseconds: its result is its text, which getTime reads with its milliseconds and
     * getObject(LocalTime) with its microseconds; a Time parameter is sent with its milliseconds, a LocalTime with its
     * microseconds.
     */
    @Test
    void aTimeKeepsItsMicroseconds() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("timeofday"));
             PreparedStatement ps = c.prepareStatement("SELECT TIME '12:34:56.789012', CAST(? AS TIME), "
                     + "TIME '24:00:00', CAST(? AS TIME)")) {
            Time sent = Time.valueOf("08:00:00");
            sent.setTime(sent.getTime() + 250);
            ps.setTime(1, sent);
            ps.setObject(2, java.time.LocalTime.of(23, 59, 59, 999_999_000));
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("12:34:56.789012");
                assertThat(rs.getObject(1, java.time.LocalTime.class))
                        .isEqualTo(java.time.LocalTime.of(12, 34, 56, 789_012_000));
                Time read = rs.getTime(1);
                assertThat(read.toString()).isEqualTo("12:34:56");
                assertThat(Math.floorMod(read.getTime(), 1000L)).isEqualTo(789L);
                assertThat(rs.getString(2)).isEqualTo("08:00:00.25");
                assertThat(rs.getTime(2)).isEqualTo(sent);
                assertThat(rs.getObject(3, java.time.LocalTime.class)).isEqualTo(java.time.LocalTime.MAX);
                assertThat(rs.getString(4)).isEqualTo("23:59:59.999999");
            }
        }
    }

    /** The server keeps microseconds, as PostgreSQL: a Timestamp's come back as they were sent and find its row. */
    @Test
    void aTimestampKeepsItsMicroseconds() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("micros"));
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE times (id BIGINT PRIMARY KEY, ts TIMESTAMP)");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO times VALUES (?, ?)")) {
                ps.setLong(1, 1);
                ps.setTimestamp(2, Timestamp.valueOf("2024-05-01 12:30:00.123456"));
                assertThat(ps.executeUpdate()).isEqualTo(1);
                ps.setLong(1, 2);
                ps.setTimestamp(2, Timestamp.valueOf("2024-05-01 12:30:00.123457"));
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT id, ts FROM times WHERE ts = ?")) {
                ps.setTimestamp(1, Timestamp.valueOf("2024-05-01 12:30:00.123456"));
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(1);
                    assertThat(rs.getTimestamp(2)).isEqualTo(Timestamp.valueOf("2024-05-01 12:30:00.123456"));
                    assertThat(rs.next()).isFalse();
                }
            }
        }
    }

    @Test
    void preparedStatementsRunAgainWithNewParametersAndSayWhatIsNotThere() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("prepared"));
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(10))");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO kv VALUES (?, ?)")) {
                assertThat(ins.getParameterMetaData().getParameterCount()).isEqualTo(2);
                for (long k = 1; k <= 5; k++) {
                    ins.setLong(1, k);
                    ins.setString(2, "v" + k);
                    assertThat(ins.executeUpdate()).isEqualTo(1);
                }
                assertThatThrownBy(() -> ins.execute("SELECT 1")).isInstanceOf(SQLException.class);
            }
            try (PreparedStatement q = c.prepareStatement("SELECT v FROM kv WHERE k >= ? ORDER BY k")) {
                assertThat(q.getMetaData()).isNull();
                q.setLong(1, 4);
                try (ResultSet rs = q.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("v4");
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString("V")).isEqualTo("v5");
                    assertThat(rs.next()).isFalse();
                }
                assertThat(q.getMetaData().getColumnName(1)).isEqualTo("v");
                q.setLong(1, 5);
                try (ResultSet rs = q.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("v5");
                    assertThat(rs.next()).isFalse();
                }
            }
            assertThat(st.executeUpdate("UPDATE kv SET v = 'x' WHERE k <= 2")).isEqualTo(2);
            assertThat(st.execute("DELETE FROM kv WHERE k = 1")).isFalse();
            assertThat(st.getUpdateCount()).isEqualTo(1);
            assertThatThrownBy(() -> st.executeQuery("DELETE FROM kv WHERE k = 2")).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> st.executeUpdate("INSERT INTO kv VALUES (9, 'g')",
                    Statement.RETURN_GENERATED_KEYS)).isInstanceOf(SQLFeatureNotSupportedException.class);
            assertThatThrownBy(st::getGeneratedKeys).isInstanceOf(SQLFeatureNotSupportedException.class);
            assertThatThrownBy(() -> c.prepareStatement("INSERT INTO kv VALUES (9, 'g')", new String[] {"k"}))
                    .isInstanceOf(SQLFeatureNotSupportedException.class);
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM kv")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(3); // 5 in; 1 deleted, 2 by the executeQuery that ran; no 9
            }
        }
    }
}
