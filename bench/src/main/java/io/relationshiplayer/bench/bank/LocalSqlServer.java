package io.relationshiplayer.bench.bank;

import io.grpc.BindableService;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.server.RlServer;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.grpc.SqlServiceImpl;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The SQL and record services on a loopback port over a backend it owns, composed as {@code rl server} does. */
public final class LocalSqlServer implements AutoCloseable {
    private final RlServer server;

    private LocalSqlServer(RlServer server) {
        this.server = server;
    }

    /**
     * Serves until killed: {@code --backend SPEC --port N}, as {@code rl server} does, for {@link Nemesis} when the CLI
     * is not on the class path (the tests of this module).
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        String backend = "embedded:memory";
        int port = 0;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--backend" -> backend = args[i + 1];
                case "--port" -> port = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        LocalSqlServer server = start(BackendSpec.parse(backend), port);
        System.out.println("local sql server listening on " + server.target() + " (backend " + backend + ")");
        System.out.flush();
        server.server.withShutdownHook().blockUntilShutdown();
    }

    /** On a free port. */
    public static LocalSqlServer start(BackendSpec spec) throws IOException {
        return start(spec, 0);
    }

    public static LocalSqlServer start(BackendSpec spec, int port) throws IOException {
        Backend backend = Backend.open(spec, LatencyProfile.NONE);
        ExecutorService streams = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "rl-stream");
            t.setDaemon(true);
            return t;
        });
        RecordStores stores = new RecordStores(backend.recordDatabase());
        SqlServiceImpl sql = new SqlServiceImpl(new SqlEngine(new RelationshipLayer(stores)), streams);
        List<BindableService> services = List.of(new RecordServiceImpl(stores, streams), sql);
        Runnable release = () -> {
            sql.close();
            streams.shutdownNow();
            backend.close();
        };
        try {
            return new LocalSqlServer(RlServer.start("127.0.0.1", port, services, release));
        } catch (IOException | RuntimeException e) {
            release.run();
            throw e;
        }
    }

    public String target() {
        return "127.0.0.1:" + server.port();
    }

    @Override
    public void close() {
        server.close();
    }
}
