package io.relationshiplayer.bench.study;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;

/**
 * The product's server ({@link RunningServer}: record and SQL services, health, reflection, limits, metrics) on a
 * loopback port over a backend the benchmark owns and also uses directly: the proxy's server, in the benchmark's
 * process. No access log: a benchmark server writes no line per call.
 */
public final class InProcessServer implements AutoCloseable {
    private final RunningServer server;

    private InProcessServer(RunningServer server) {
        this.server = server;
    }

    /** Serves {@code backend}, which stays open when this server closes. */
    public static InProcessServer start(Backend backend) throws IOException {
        return new InProcessServer(RunningServer.start(ServerConfig.defaults(), backend));
    }

    public String target() {
        return server.target();
    }

    @Override
    public void close() {
        server.close();
    }
}
