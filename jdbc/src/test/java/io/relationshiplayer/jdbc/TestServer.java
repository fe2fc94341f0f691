package io.relationshiplayer.jdbc;

import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/** One real server (memory backend) on a loopback port for the driver's tests; each test takes its own database. */
final class TestServer {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static RunningServer server;

    private TestServer() {
    }

    static synchronized RunningServer server() {
        if (server == null) {
            try {
                server = RunningServer.start(ServerConfig.defaults());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            RunningServer s = server;
            Runtime.getRuntime().addShutdownHook(new Thread(s::close));
            warmUp();
        }
        return server;
    }

    /**
     * The first statements of a cold JVM plan and compile for seconds: run each kind once, so that a test's explicit
     * transaction does not pass FoundationDB's 5 seconds (40001) while the engine warms up.
     */
    private static void warmUp() {
        try (Connection c = connect(url("warmup")); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE w (id BIGINT PRIMARY KEY, n INTEGER NOT NULL)");
            st.execute("INSERT INTO w VALUES (1, 1)");
            st.execute("UPDATE w SET n = n + 1 WHERE id = 1");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO w VALUES (?, ?)")) {
                ps.setLong(1, 2);
                ps.setInt(2, 2);
                ps.addBatch();
                ps.executeBatch();
            }
            try (ResultSet rs = st.executeQuery("SELECT n, COUNT(*) FROM w GROUP BY n")) {
                while (rs.next()) {
                    rs.getLong(2);
                }
            }
            st.execute("DELETE FROM w WHERE id = 1");
        } catch (SQLException e) {
            throw new IllegalStateException("the test server does not answer: " + e.getMessage(), e);
        }
    }

    /** A fresh database's URL. */
    static String url(String prefix) {
        return "jdbc:rl://127.0.0.1:" + server().port() + "/" + prefix + "_" + DATABASES.incrementAndGet();
    }

    static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }
}
