package io.relationshiplayer.metrics;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntSupplier;
import javax.annotation.Nonnull;

/**
 * The server's metrics by name, in one registry. Layers record into it through plain methods (no gRPC, no HTTP);
 * the server's {@code MetricsHttpServer} exposes it. Names follow Prometheus' conventions: {@code rl_} prefix, seconds, {@code _total}.
 */
public final class RlMetrics {
    /** Latency buckets in seconds, from 0.5 ms to 30 s. */
    static final double[] LATENCY_BUCKETS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
        5, 10, 30};

    private final MetricsRegistry registry = new MetricsRegistry();
    private final MetricsRegistry.Counter requests = registry.counter("rl_grpc_requests_total",
            "gRPC calls finished, by full method name and status code.", "method", "code");
    private final MetricsRegistry.Histogram requestSeconds = registry.histogram("rl_grpc_request_duration_seconds",
            "gRPC call duration from start to status, by full method name.", LATENCY_BUCKETS, "method");
    private final MetricsRegistry.Counter limitRejections = registry.counter("rl_limit_rejections_total",
            "Calls refused or cut short by a server limit, by limit name.", "limit");
    private final MetricsRegistry.Histogram statementSeconds = registry.histogram("rl_sql_statement_duration_seconds",
            "SQL statement duration from start to the last row sent, by kind "
                    + "(select, insert, update, delete, ddl, other).", LATENCY_BUCKETS, "kind");
    private final MetricsRegistry.Counter retries = registry.counter("rl_sql_autocommit_retries_total",
            "Autocommit statements run again after a retryable failure (conflict, transaction too old).");
    private final MetricsRegistry.Counter conflicts = registry.counter("rl_backend_conflicts_total",
            "Transactions that failed with a FoundationDB conflict (not_committed, 1020).");
    private final MetricsRegistry.Histogram commitSeconds = registry.histogram("rl_backend_commit_duration_seconds",
            "Backend commit latency of read-write transactions, by outcome (ok, error).", LATENCY_BUCKETS, "outcome");
    private final AtomicInteger openStreams = new AtomicInteger();
    private final AtomicInteger runningStatements = new AtomicInteger();
    private final AtomicReference<IntSupplier> openSessions = new AtomicReference<>(() -> 0);
    private final AtomicReference<IntSupplier> leftPreparations = new AtomicReference<>(() -> 0);
    private volatile boolean backendUp = true;

    public RlMetrics() {
        registry.gauge("rl_grpc_open_streams", "Streaming gRPC calls in progress.", openStreams::get);
        registry.gauge("rl_sql_open_sessions", "Open SQL sessions.", () -> openSessions.get().getAsInt());
        registry.gauge("rl_sql_running_statements", "SQL statements whose work is in progress: from their call's "
                + "start until their work has stopped (completed, failed, or cancelled and stopped).",
                runningStatements::get);
        registry.gauge("rl_sql_left_preparations", "Preparations of cancelled SQL statements still finishing a step "
                + "no cancel can interrupt (code generation or compilation), their statements already ended.",
                () -> leftPreparations.get().getAsInt());
        registry.gauge("rl_backend_up", "1 when the last health probe of the backend succeeded, else 0.",
                () -> backendUp ? 1 : 0);
        ProcessMemory.register(registry);
    }

    @Nonnull
    public MetricsRegistry registry() {
        return registry;
    }

    /** One finished gRPC call. */
    public void call(String method, String code, long startNanos) {
        requests.inc(method, code);
        requestSeconds.observeSince(startNanos, method);
    }

    public void limitReached(String limit) {
        limitRejections.inc(limit);
    }

    public void streamOpened() {
        openStreams.incrementAndGet();
    }

    public void streamClosed() {
        openStreams.decrementAndGet();
    }

    /** Where the open-session gauge reads from. */
    public void openSessions(@Nonnull IntSupplier sessions) {
        openSessions.set(Objects.requireNonNull(sessions, "sessions is null"));
    }

    /** Where the gauge of preparations a cancel left to finish alone reads from. */
    public void leftPreparations(@Nonnull IntSupplier preparations) {
        leftPreparations.set(Objects.requireNonNull(preparations, "preparations is null"));
    }

    /** A SQL statement's work began. */
    public void statementStarted() {
        runningStatements.incrementAndGet();
    }

    /** A SQL statement's work stopped: it completed, failed, or was cancelled and has stopped running. */
    public void statementStopped() {
        runningStatements.decrementAndGet();
    }

    /** SQL statements whose work is in progress. */
    public int runningStatements() {
        return runningStatements.get();
    }

    public void statement(String kind, long startNanos) {
        statementSeconds.observeSince(startNanos, kind);
    }

    public void autocommitRetry() {
        retries.inc();
    }

    public void conflict() {
        conflicts.inc();
    }

    /** One backend commit that took {@code nanos}. */
    public void commit(long nanos, boolean ok) {
        commitSeconds.observe(nanos / 1e9, ok ? "ok" : "error");
    }

    public void backendUp(boolean up) {
        backendUp = up;
    }

    /** The registry in the text exposition format. */
    @Nonnull
    public String scrape() {
        return registry.scrape();
    }
}
