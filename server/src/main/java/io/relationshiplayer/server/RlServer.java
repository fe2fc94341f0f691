package io.relationshiplayer.server;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.relationshiplayer.client.EventLoops;
import io.relationshiplayer.limits.ServerLimits;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The gRPC server's lifecycle, nothing else: start on a port (0 picks a free one), health SERVING only once started,
 * server reflection (grpc.reflection.v1, and v1alpha for clients that know only that), graceful shutdown that drains
 * calls in flight, and a shutdown hook.
 */
public final class RlServer implements AutoCloseable {
    /** Default largest inbound message: FoundationDB's transaction limit plus framing ({@link ServerLimits}). */
    public static final int MAX_MESSAGE_BYTES = ServerLimits.DEFAULTS.maxMessageBytes();

    private final Server server;
    private final HealthStatusManager health;
    private final List<String> serviceNames;
    private final Runnable onStop;
    private final ExecutorService calls;
    private AutoCloseable healthWatch = () -> { };

    private RlServer(Server server, HealthStatusManager health, List<String> serviceNames, Runnable onStop,
                     ExecutorService calls) {
        this.server = server;
        this.health = health;
        this.serviceNames = serviceNames;
        this.onStop = onStop;
        this.calls = calls;
    }

    /**
     * Starts serving {@code services} on {@code host:port}; {@code onStop} runs after the server has drained (it closes
     * what the services use).
     */
    public static RlServer start(String host, int port, List<BindableService> services, Runnable onStop)
            throws IOException {
        return start(host, port, services, ServerOptions.defaults(), ServerSecurity.none(), onStop);
    }

    /** As {@link #start(String, int, List, Runnable)}, with limits, monitoring and health probing from {@code options}. */
    public static RlServer start(String host, int port, List<BindableService> services, ServerOptions options,
                                 Runnable onStop) throws IOException {
        return start(host, port, services, options, ServerSecurity.none(), onStop);
    }

    /** As {@link #start(String, int, List, Runnable)}, with TLS and authentication as {@code security} says. */
    public static RlServer start(String host, int port, List<BindableService> services, Runnable onStop,
                                 ServerSecurity security) throws IOException {
        return start(host, port, services, ServerOptions.defaults(), security, onStop);
    }

    /**
     * Starts serving with everything: {@code security} (TLS, tokens) and {@code options} (limits, monitoring, health
     * probing). Calls pass the monitor, then authentication, then the per-client limits (which so count principals).
     */
    @SuppressWarnings("deprecation") // ProtoReflectionService is v1alpha, which older clients still ask for
    public static RlServer start(String host, int port, List<BindableService> services, ServerOptions options,
                                 ServerSecurity security, Runnable onStop) throws IOException {
        return start(host, port, services, options, security, Set.of(), onStop);
    }

    /**
     * As {@link #start(String, int, List, ServerOptions, ServerSecurity, Runnable)}; the unary and server-streaming
     * methods named in {@code inline} (full method names) run on the transport thread that read them, with no hand-off to a worker
     * thread and back. Only for calls that never wait on anything but memory: a call that blocks there stalls every
     * call of the connections that event loop serves. Every other call runs on the server's own worker pool.
     */
    public static RlServer start(String host, int port, List<BindableService> services, ServerOptions options,
                                 ServerSecurity security, Set<String> inline, Runnable onStop) throws IOException {
        Objects.requireNonNull(services, "services is null");
        Objects.requireNonNull(inline, "inline is null");
        HealthStatusManager health = new HealthStatusManager();
        NettyServerBuilder b = security.builder(new InetSocketAddress(host, port))
                .bossEventLoopGroup(TransportThreads.boss()).workerEventLoopGroup(TransportThreads.workers())
                .channelType(EventLoops.serverChannelType());
        ExecutorService calls = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "rl-call");
            t.setDaemon(true);
            return t;
        });
        // The method lookup runs on the transport thread (the server's executor is direct); it then either stays there
        // (inline unary and server-streaming calls) or moves the call, interceptors and handler included, to the worker
        // pool.
        b.directExecutor().callExecutor(new io.grpc.ServerCallExecutorSupplier() {
            @Override
            public <Q, R> java.util.concurrent.Executor getExecutor(io.grpc.ServerCall<Q, R> call,
                                                                    io.grpc.Metadata headers) {
                io.grpc.MethodDescriptor<Q, R> m = call.getMethodDescriptor();
                return m.getType().clientSendsOneMessage() && inline.contains(m.getFullMethodName()) ? null : calls;
            }
        });
        options.configure(b, security.interceptor());
        // every service's requests are checked: one that does not parse fails with INVALID_ARGUMENT
        b.addService(CheckedRequests.of(health.getHealthService().bindService()))
                .addService(CheckedRequests.of(ProtoReflectionServiceV1.newInstance().bindService()))
                .addService(CheckedRequests.of(ProtoReflectionService.newInstance().bindService()));
        List<String> names = new ArrayList<>();
        for (BindableService s : services) {
            ServerServiceDefinition def = CheckedRequests.of(s.bindService());
            names.add(def.getServiceDescriptor().getName());
            b.addService(def);
        }
        Server server;
        try {
            server = b.build().start();
        } catch (IOException | RuntimeException e) {
            calls.shutdownNow();
            throw e;
        }
        RlServer rl = new RlServer(server, health, names, onStop, calls);
        for (String name : names) {
            health.setStatus(name, ServingStatus.SERVING);
        }
        health.setStatus("", ServingStatus.SERVING);
        rl.healthWatch = options.watchHealth(health, names);
        return rl;
    }

    public int port() {
        return server.getPort();
    }

    /** Stops when the JVM does (Ctrl-C, SIGTERM), draining calls first; reports on stderr. */
    public RlServer withShutdownHook() {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.err.println("rl server: shutting down");
            close();
            System.err.println("rl server: stopped");
        }, "rl-server-shutdown"));
        return this;
    }

    public void blockUntilShutdown() throws InterruptedException {
        server.awaitTermination();
    }

    /** Graceful: NOT_SERVING, refuse new calls, let calls in flight finish (up to 30 s), then stop. */
    @Override
    public void close() {
        if (server.isTerminated()) {
            return;
        }
        try {
            healthWatch.close();
        } catch (Exception e) {
            System.err.println("rl server: stopping the health probe failed: " + e);
        }
        for (String name : serviceNames) {
            health.setStatus(name, ServingStatus.NOT_SERVING);
        }
        health.enterTerminalState();
        server.shutdown();
        try {
            if (!server.awaitTermination(30, TimeUnit.SECONDS)) {
                server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            calls.shutdownNow();
            onStop.run();
        }
    }
}
