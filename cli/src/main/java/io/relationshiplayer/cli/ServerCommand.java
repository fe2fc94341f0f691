package io.relationshiplayer.cli;

import io.grpc.BindableService;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.metrics.MetricsHttpServer;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.server.RlServer;
import io.relationshiplayer.server.ServerOptions;
import io.relationshiplayer.server.ServerSecurity;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.grpc.Sessions;
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
    /** FoundationDB's not_committed: a transaction conflict. */
    private static final int NOT_COMMITTED = 1020;

    @Mixin
    BackendOptions backendOptions = new BackendOptions();

    @Mixin
    OperationsOptions ops = new OperationsOptions();

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
        if (spec.defaultValueProvider() instanceof ServerDefaults defaults) {
            defaults.check(spec);
        }
        BackendSpec backendSpec = backendOptions.spec();
        ServerSecurity security;
        try {
            security = securityOptions.security(host, spec.commandLine().getErr());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ServerOptions options = ServerOptions.defaults().withAccessLogger().withLimits(ops.limits());
        try (RunningServer running = RunningServer.start(backendSpec, LatencyProfile.named(latency), host, port,
                options.withHealthTiming(ops.healthInterval(), ops.healthTimeout()), security, ops.metricsPort)) {
            spec.commandLine().getOut().printf("rl server listening on %s:%d (backend %s)%n", host,
                    running.port(), backendSpec);
            spec.commandLine().getOut().printf("rl server security: %s%n", security.describe());
            if (running.metricsHttp() != null) {
                spec.commandLine().getOut().printf("metrics at http://%s:%d/metrics%n", host,
                        running.metricsHttp().port());
                if (!ServerSecurityOptions.loopback(host)) {
                    System.err.println("rl server: note: /metrics is plain HTTP without authentication on " + host
                            + ": keep its port to the monitoring network");
                }
            }
            spec.commandLine().getOut().flush();
            Thread warmUp = new Thread(() -> {
                long ms = SqlEngine.warmUp();
                System.err.println(ms < 0 ? "rl server: the SQL planner's warm-up failed (the first statement will "
                        + "be slower)" : "rl server: SQL planner warmed up in " + ms + " ms");
            }, "rl-warm-up");
            warmUp.setDaemon(true);
            warmUp.start();
            running.server().withShutdownHook().blockUntilShutdown();
        }
        return 0;
    }

    /** A started server and what it owns; closing stops it and releases the backend. */
    record RunningServer(RlServer server, Backend backend, MetricsHttpServer metricsHttp) implements AutoCloseable {
        /** An in-process server for one command (rl sql, rl demo): default limits, no access log, no metrics. */
        static RunningServer start(BackendSpec spec, LatencyProfile latency, String host, int port) throws IOException {
            return start(spec, latency, host, port, ServerOptions.defaults(),
                    ServerSecurity.none(), -1);
        }

        /**
         * Starts with {@code options} and {@code security}, its health probe watching this backend, and metrics over
         * HTTP on {@code metricsPort} of {@code host} (negative: none).
         */
        static RunningServer start(BackendSpec spec, LatencyProfile latency, String host, int port,
                                   ServerOptions options, ServerSecurity security, int metricsPort)
                throws IOException {
            RlMetrics metrics = options.metrics();
            Backend backend = Backend.open(spec, latency, (nanos, code) -> {
                metrics.commit(nanos, code == 0);
                if (code == NOT_COMMITTED) {
                    metrics.conflict();
                }
            });
            ExecutorService streams = Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "rl-stream");
                t.setDaemon(true);
                return t;
            });
            RecordStores stores = new RecordStores(backend.recordDatabase());
            SqlServiceImpl sql = new SqlServiceImpl(new Sessions(new SqlEngine(new RelationshipLayer(stores), metrics),
                    Sessions.DEFAULT_IDLE_TIMEOUT), streams, options.limits());
            List<BindableService> services = List.of(new RecordServiceImpl(stores, streams, options.limits()), sql);
            MetricsHttpServer http = null;
            try {
                http = metricsPort < 0 ? null : MetricsHttpServer.start(host, metricsPort, metrics);
                MetricsHttpServer startedHttp = http;
                RlServer server = RlServer.start(host, port, services,
                        options.withHealthProbe(backend.database()), security,
                        () -> {
                            if (startedHttp != null) {
                                startedHttp.close();
                            }
                            sql.close();
                            streams.shutdownNow();
                            backend.close();
                        });
                return new RunningServer(server, backend, http);
            } catch (IOException | RuntimeException e) {
                if (http != null) {
                    http.close();
                }
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
