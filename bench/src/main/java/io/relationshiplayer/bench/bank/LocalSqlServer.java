package io.relationshiplayer.bench.bank;

import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;

/**
 * The product's server ({@link RunningServer}) on a loopback port over a backend it opens and owns, without an access
 * log (a benchmark server writes no line per call).
 */
public final class LocalSqlServer implements AutoCloseable {
    private final RunningServer server;

    private LocalSqlServer(RunningServer server) {
        this.server = server;
    }

    /**
     * Serves until killed: {@code --backend SPEC --port N} and the per-client call and stream limits, as {@code rl
     * server} takes them, for {@link Nemesis} when the CLI is not on the class path (the tests of this module).
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        String backend = "embedded:memory";
        int port = 0;
        ServerLimits limits = ServerLimits.DEFAULTS;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--backend" -> backend = value;
                case "--port" -> port = Integer.parseInt(value);
                case "--" + ServerLimits.MAX_STREAMS_PER_CLIENT ->
                        limits = limits.withMaxStreamsPerClient(Integer.parseInt(value));
                case "--" + ServerLimits.MAX_CALLS_PER_CLIENT ->
                        limits = limits.withMaxCallsPerClient(Integer.parseInt(value));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        LocalSqlServer server = new LocalSqlServer(RunningServer.start(ServerConfig.defaults()
                .withAddress("127.0.0.1", port).withBackend(BackendSpec.parse(backend), LatencyProfile.NONE)
                .withLimits(limits)));
        System.out.println("local sql server listening on " + server.target() + " (backend " + backend + ")");
        System.out.flush();
        server.server.withShutdownHook().blockUntilShutdown();
    }

    /** On a free port. */
    public static LocalSqlServer start(BackendSpec spec) throws IOException {
        return start(spec, 0);
    }

    public static LocalSqlServer start(BackendSpec spec, int port) throws IOException {
        return new LocalSqlServer(RunningServer.start(ServerConfig.defaults().withAddress("127.0.0.1", port)
                .withBackend(spec, LatencyProfile.NONE)));
    }

    public String target() {
        return server.target();
    }

    @Override
    public void close() {
        server.close();
    }
}
