package io.relationshiplayer.server;

import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.server.auth.TokenFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * A real server on a loopback port over {@code embedded:memory} with the given TLS and tokens, and the channels
 * opened to it (closed with it).
 */
public final class SecureServer implements AutoCloseable {
    private final RlServer server;
    private final List<ManagedChannel> channels = new ArrayList<>();

    private SecureServer(RlServer server) {
        this.server = server;
    }

    /** Serves what {@code services} makes of the stores and a stream executor. */
    public static SecureServer start(ServerSecurity security,
                                     BiFunction<RecordStores, ExecutorService, List<BindableService>> services)
            throws IOException {
        Backend backend = Backend.open("embedded:memory");
        ExecutorService streams = Executors.newCachedThreadPool();
        try {
            return new SecureServer(RlServer.start("127.0.0.1", 0,
                    services.apply(new RecordStores(backend.recordDatabase()), streams), () -> {
                        streams.shutdownNow();
                        backend.close();
                    }, security));
        } catch (IOException | RuntimeException e) {
            streams.shutdownNow();
            backend.close();
            throw e;
        }
    }

    public int port() {
        return server.port();
    }

    /** A channel to the server with {@code security}. */
    public ManagedChannel channel(ClientSecurity security) {
        ManagedChannel c = security.channelBuilder("127.0.0.1", port()).build();
        channels.add(c);
        return c;
    }

    /** Writes an auth file of {@code principals} (name, token, grants) and loads it. */
    public static TokenFile tokens(Path dir, List<Principal> principals) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# test principals");
        for (Principal p : principals) {
            lines.add(TokenFile.line(p.name(), p.token(), p.grants()));
        }
        Path file = Files.write(dir.resolve("tokens-" + System.nanoTime() + ".txt"), lines);
        return TokenFile.load(file);
    }

    /** A principal of a test: its name, its token and its grants. */
    public record Principal(String name, String token, Map<String, Role> grants) {
    }

    @Override
    public void close() throws InterruptedException {
        for (ManagedChannel c : channels) {
            c.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        server.close();
    }
}
