package io.relationshiplayer.bench.study;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import io.grpc.BindableService;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.server.RlServer;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The record service on a loopback port over a database the benchmark owns, composed as {@code rl server} composes
 * it (record service, health, reflection): the proxy's server, in the benchmark's process.
 */
public final class InProcessServer implements AutoCloseable {
    private final RlServer server;

    private InProcessServer(RlServer server) {
        this.server = server;
    }

    public static InProcessServer start(FDBDatabase db) throws IOException {
        ExecutorService streams = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "rl-stream");
            t.setDaemon(true);
            return t;
        });
        List<BindableService> services = List.of(new RecordServiceImpl(new RecordStores(db), streams));
        try {
            return new InProcessServer(RlServer.start("127.0.0.1", 0, services, streams::shutdownNow));
        } catch (IOException | RuntimeException e) {
            streams.shutdownNow();
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
