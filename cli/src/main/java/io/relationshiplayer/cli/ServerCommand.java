package io.relationshiplayer.cli;

import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import io.relationshiplayer.server.ServerSecurity;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code rl server}: serves the record service over gRPC until stopped. */
@Command(name = "server", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Starts the gRPC server (record service, health, reflection) on the chosen backend.")
final class ServerCommand implements Callable<Integer> {
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

    @Option(names = "--warm-up", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "While starting, run a short SQL session on a throwaway in-memory engine, so that the first "
                    + "statements find the planner warm (default ${DEFAULT-VALUE}).")
    boolean warmUp;

    @Mixin
    ServerSecurityOptions securityOptions = new ServerSecurityOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (spec.defaultValueProvider() instanceof ServerDefaults defaults) {
            defaults.check(spec);
        }
        BackendSpec backendSpec;
        try {
            backendSpec = backendOptions.spec();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ServerSecurity security;
        try {
            security = securityOptions.security(host, spec.commandLine().getErr());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ServerConfig config = ServerConfig.defaults().withAddress(host, port)
                .withBackend(backendSpec, LatencyProfile.named(latency)).withLimits(ops.limits()).withSecurity(security)
                .withAccessLogger().withMetricsPort(ops.metricsPort)
                .withHealthTiming(ops.healthInterval(), ops.healthTimeout())
                .withMaxRunningStatements(ops.maxRunningStatements);
        if (warmUp) {
            // on a core of its own while this thread opens the backend and starts listening (mostly one thread's work)
            Thread t = new Thread(() -> {
                long ms = ServerWarmUp.run();
                System.err.println(ms < 0 ? "rl server: the warm-up failed (the first statements will be slower)"
                        : "rl server: warmed up in " + ms + " ms");
            }, "rl-warm-up");
            t.setDaemon(true);
            t.start();
        }
        try (RunningServer running = start(config)) {
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
            running.withShutdownHook().blockUntilShutdown();
        }
        return 0;
    }

    /** Starts the server; a port it cannot listen on is one line that says why and what to do. */
    private RunningServer start(ServerConfig config) throws IOException {
        try {
            return RunningServer.start(config);
        } catch (IOException e) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            throw new IllegalStateException("cannot listen on " + host + ":" + port + ": "
                    + (root == e ? e.getMessage() : root.getMessage())
                    + " (another server on that port?): choose another --port, or stop the other server", e);
        }
    }
}
