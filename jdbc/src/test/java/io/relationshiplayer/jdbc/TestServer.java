package io.relationshiplayer.jdbc;

import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
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
        }
        return server;
    }

    /** A fresh database's URL. */
    static String url(String prefix) {
        return "jdbc:rl://127.0.0.1:" + server().port() + "/" + prefix + "_" + DATABASES.incrementAndGet();
    }

    static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }
}
