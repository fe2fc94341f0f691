package io.relationshiplayer.cli;

import io.grpc.BindableService;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.server.RlServer;
import io.relationshiplayer.server.ServerSecurity;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.grpc.SqlServiceImpl;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rl server}: serves the record service over gRPC until stopped. */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = "Starts the gRPC server (record service, health, reflection) on the chosen backend.")
final class ServerCommand implements Callable<Integer> {
    @Mixin
    BackendOptions backendOptions = new BackendOptions();

    @Option(names = "--host", defaultValue = "127.0.0.1",
            description = "Address to listen on (default ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
    String host;

    @Option(names = "--port", defaultValue = "7470", description = "Port (default ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--latency", defaultValue = "none",
            description = "Injected latency of the embedded backend: none or cluster (default ${DEFAULT-VALUE}).")
    String latency;

    @Mixin
    ServerSecurityOptions securityOptions = new ServerSecurityOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        BackendSpec backendSpec = backendOptions.spec();
        ServerSecurity security;
        try {
            security = securityOptions.security(host, spec.commandLine().getErr());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try (RunningServer running = RunningServer.start(backendSpec, LatencyProfile.named(latency), host, port,
                security)) {
            spec.commandLine().getOut().printf("rl server listening on %s:%d (backend %s)%n", host,
                    running.port(), backendSpec);
            spec.commandLine().getOut().printf("rl server security: %s%n", security.describe());
            spec.commandLine().getOut().flush();
            running.server().withShutdownHook().blockUntilShutdown();
        }
        return 0;
    }

    /** A started server and what it owns; closing stops it and releases the backend. */
    record RunningServer(RlServer server, Backend backend) implements AutoCloseable {
        static RunningServer start(BackendSpec spec, LatencyProfile latency, String host, int port) throws IOException {
            return start(spec, latency, host, port, ServerSecurity.none());
        }

        static RunningServer start(BackendSpec spec, LatencyProfile latency, String host, int port,
                                   ServerSecurity security) throws IOException {
            Backend backend = Backend.open(spec, latency);
            ExecutorService streams = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "rl-stream");
                t.setDaemon(true);
                return t;
            });
            RecordStores stores = new RecordStores(backend.recordDatabase());
            SqlServiceImpl sql = new SqlServiceImpl(new SqlEngine(new RelationshipLayer(stores)), streams);
            List<BindableService> services = List.of(new RecordServiceImpl(stores, streams), sql);
            try {
                RlServer server = RlServer.start(host, port, services, () -> {
                    sql.close();
                    streams.shutdownNow();
                    backend.close();
                }, security);
                return new RunningServer(server, backend);
            } catch (IOException | RuntimeException e) {
                sql.close();
                streams.shutdownNow();
                backend.close();
                throw e;
            }
        }

        int port() {
            return server.port();
        }

        @Override
        public void close() {
            server.close();
        }
    }
}
