package io.relationshiplayer.server;

import io.grpc.BindableService;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.grpc.Sessions;
import io.relationshiplayer.sql.grpc.SqlServiceImpl;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import javax.annotation.Nullable;

/**
 * The product's server, assembled in this one place: the record and SQL services over one backend, health (following
 * the backend) and reflection, the interceptors (call monitor, authentication, per-client limits), TLS, metrics and
 * the access log, all as a {@link ServerConfig} says. {@code rl server}, the CLI's in-process servers, the benchmarks
 * and the server's tests start this. Closing it stops the server and releases what it opened.
 */
public final class RunningServer implements AutoCloseable {
    /** FoundationDB's not_committed: a transaction conflict. */
    private static final int NOT_COMMITTED = 1020;

    private final ServerConfig config;
    private final RlServer server;
    private final Backend backend;
    private final RlMetrics metrics;
    @Nullable
    private final MetricsHttpServer metricsHttp;

    private RunningServer(ServerConfig config, RlServer server, Backend backend, RlMetrics metrics,
                          @Nullable MetricsHttpServer metricsHttp) {
        this.config = config;
        this.server = server;
        this.backend = backend;
        this.metrics = metrics;
        this.metricsHttp = metricsHttp;
    }

    /** Opens the configured backend (its commits counted in the metrics) and serves it; closing closes the backend. */
    public static RunningServer start(ServerConfig config) throws IOException {
        RlMetrics metrics = new RlMetrics();
        Backend backend = Backend.open(config.backend(), config.latency(), (nanos, code) -> {
            metrics.commit(nanos, code == 0);
            if (code == NOT_COMMITTED) {
                metrics.conflict();
            }
        });
        return start(config, backend, metrics, backend::close);
    }

    /**
     * Serves {@code backend}, which the caller opened and keeps (a benchmark that also uses it directly); closing the
     * server leaves it open. {@link ServerConfig#backend()} and {@link ServerConfig#latency()} are not used.
     */
    public static RunningServer start(ServerConfig config, Backend backend) throws IOException {
        return start(config, Objects.requireNonNull(backend, "backend is null"), new RlMetrics(), () -> { });
    }

    /**
     * Health checks answer from memory on every backend, and Execute, ExecutePrepared and ExecuteBatch only check their
     * request's shape and their session before they hand the work to the statement pool (a batch's items, up to
     * 100,000, are converted and checked there): inline everywhere (a load balancer's probe never waits; a statement
     * goes from the transport thread to its worker, not through a call thread first).
     */
    static final Set<String> ALWAYS_INLINE = Set.of(io.grpc.health.v1.HealthGrpc.getCheckMethod().getFullMethodName(),
            SqlServiceGrpc.getExecuteMethod().getFullMethodName(),
            SqlServiceGrpc.getExecutePreparedMethod().getFullMethodName(),
            SqlServiceGrpc.getExecuteBatchMethod().getFullMethodName());

    /**
     * The record service's single-transaction unary calls. They are asynchronous (no thread waits on FoundationDB's
     * answers), so on a backend whose futures never block the calling thread they run on the transport thread that
     * read them: no hand-off to a worker and back (issue 16).
     */
    static final Set<String> INLINE = union(Set.of(
            RecordServiceGrpc.getLoadRecordsMethod().getFullMethodName(),
            RecordServiceGrpc.getSaveRecordsMethod().getFullMethodName(),
            RecordServiceGrpc.getDeleteRecordsMethod().getFullMethodName()), ALWAYS_INLINE);

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }

    /**
     * Whether no read or commit of {@code backend} blocks the thread that asks: the memory engine answers from memory
     * (its injected latency, if any, completes futures from a timer), and fdb-java returns every read and commit as a
     * future that its network thread completes. The durable engine reads RocksDB on the caller's thread, which may wait
     * for the disk.
     */
    static boolean neverBlocksCaller(Backend backend) {
        return backend.spec().kind() == BackendSpec.Kind.FDB
                || backend.embedded() != null && backend.spec().kind() == BackendSpec.Kind.MEMORY;
    }

    /**
     * Whether every read and commit of {@code backend} completes on the thread that asks, at once: the memory engine
     * without injected latency. A SQL statement runs synchronously (its thread waits on each future), so only there may
     * a point statement run on the transport thread that read its call (a wait there would stall the thread's other
     * connections).
     */
    static boolean answersAtOnce(Backend backend) {
        return backend.embedded() != null && backend.spec().kind() == BackendSpec.Kind.MEMORY
                && backend.embedded().config().latency().isNone();
    }

    private static RunningServer start(ServerConfig config, Backend backend, RlMetrics metrics,
                                       Runnable releaseBackend) throws IOException {
        ExecutorService streams = StatementPool.create(config.maxRunningStatements());
        List<AutoCloseable> owned = new ArrayList<>();
        Runnable release = () -> {
            for (AutoCloseable c : owned) {
                try {
                    c.close();
                } catch (Exception e) {
                    System.err.println("rl server: releasing " + c + " failed: " + e);
                }
            }
            // calls have ended; what is still queued (a cancelled stream's last turn) closes its work first
            streams.shutdown();
            try {
                streams.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            streams.shutdownNow();
            releaseBackend.run();
        };
        try {
            RecordStores stores = new RecordStores(backend.recordDatabase());
            SqlServiceImpl sql = new SqlServiceImpl(new Sessions(new SqlEngine(new RelationshipLayer(stores), metrics),
                    Sessions.DEFAULT_IDLE_TIMEOUT), streams, config.limits(), answersAtOnce(backend));
            owned.add(sql::close);
            List<BindableService> services = List.of(new RecordServiceImpl(stores, streams, config.limits()), sql);
            MetricsHttpServer http = config.servesMetrics()
                    ? MetricsHttpServer.start(config.host(), config.metricsPort(), metrics) : null;
            if (http != null) {
                owned.add(0, http);
            }
            ServerOptions options = new ServerOptions(config.limits(), config.clientKey(), metrics,
                    config.accessLog(), backend.database(), config.healthInterval(), config.healthTimeout());
            RlServer server = RlServer.start(config.host(), config.port(), services, options, config.security(),
                    neverBlocksCaller(backend) ? INLINE : ALWAYS_INLINE, release);
            return new RunningServer(config, server, backend, metrics, http);
        } catch (IOException | RuntimeException e) {
            release.run();
            throw e;
        }
    }

    public ServerConfig config() {
        return config;
    }

    /** The port it listens on (the one picked if the config said 0). */
    public int port() {
        return server.port();
    }

    /** host:port to connect to. */
    public String target() {
        return config.host() + ":" + port();
    }

    /** The backend it serves. */
    public Backend backend() {
        return backend;
    }

    /** Its metrics: calls, limits, sessions, statements, commits, the backend's health. */
    public RlMetrics metrics() {
        return metrics;
    }

    /** The Prometheus endpoint; null without one. */
    @Nullable
    public MetricsHttpServer metricsHttp() {
        return metricsHttp;
    }

    /** Stops when the JVM does (Ctrl-C, SIGTERM), draining calls first; reports on stderr. */
    public RunningServer withShutdownHook() {
        server.withShutdownHook();
        return this;
    }

    public void blockUntilShutdown() throws InterruptedException {
        server.blockUntilShutdown();
    }

    /** Graceful: drains calls in flight, then stops the metrics endpoint, the SQL sessions and the backend it opened. */
    @Override
    public void close() {
        server.close();
    }
}
