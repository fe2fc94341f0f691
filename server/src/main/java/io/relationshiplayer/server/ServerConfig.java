package io.relationshiplayer.server;

import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.limits.ServerLimits;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import javax.annotation.Nullable;

/**
 * Everything {@link RunningServer} needs to assemble the product's server. Immutable; the {@code with} methods return a
 * copy. The defaults are a library or benchmark server: loopback, a free port, the memory backend, default limits,
 * plaintext without authentication, no access log, no metrics endpoint.
 *
 * @param host address to listen on
 * @param port port to listen on; 0 picks a free one
 * @param backend the backend to open (unless the caller hands one in, see {@link RunningServer#start(ServerConfig,
 *     io.relationshiplayer.fdb.Backend)})
 * @param latency the embedded backend's injected latency
 * @param limits the server's limits
 * @param clientKey who a call counts against for the per-client limits
 * @param security TLS and tokens
 * @param accessLog where the one line per call goes; null for none ({@code rl server} logs to
 *     {@link CallMonitor#ACCESS_LOG})
 * @param metricsPort port of the Prometheus endpoint on {@code host}; 0 picks a free one, negative for none
 * @param healthInterval time between probes of the backend
 * @param healthTimeout longest a probe waits for the backend
 * @param maxRunningStatements SQL statements and record streams that run at once; more wait their turn (0: four per
 *     core, at least eight; {@link StatementPool})
 */
public record ServerConfig(String host, int port, BackendSpec backend, LatencyProfile latency, ServerLimits limits,
                           ClientKey clientKey, ServerSecurity security, @Nullable Consumer<String> accessLog,
                           int metricsPort, Duration healthInterval, Duration healthTimeout,
                           int maxRunningStatements) {
    /** A negative {@link #metricsPort()}: no metrics endpoint. */
    public static final int NO_METRICS = -1;

    public ServerConfig {
        Objects.requireNonNull(host, "host is null");
        Objects.requireNonNull(backend, "backend is null");
        Objects.requireNonNull(latency, "latency is null");
        Objects.requireNonNull(limits, "limits is null");
        Objects.requireNonNull(clientKey, "clientKey is null");
        Objects.requireNonNull(security, "security is null");
        Objects.requireNonNull(healthInterval, "healthInterval is null");
        Objects.requireNonNull(healthTimeout, "healthTimeout is null");
        if (maxRunningStatements < 0) {
            throw new IllegalArgumentException(StatementPool.MAX_RUNNING + " must not be negative: "
                    + maxRunningStatements);
        }
    }

    /** 127.0.0.1, a free port, {@code embedded:memory} without latency, default limits, no security, no log. */
    public static ServerConfig defaults() {
        return new ServerConfig("127.0.0.1", 0, BackendSpec.memory(), LatencyProfile.NONE, ServerLimits.DEFAULTS,
                ClientKey.PRINCIPAL_OR_IP, ServerSecurity.none(), null, NO_METRICS, BackendHealth.DEFAULT_INTERVAL,
                BackendHealth.DEFAULT_TIMEOUT, 0);
    }

    public ServerConfig withAddress(String h, int p) {
        return new ServerConfig(h, p, backend, latency, limits, clientKey, security, accessLog, metricsPort,
                healthInterval, healthTimeout, maxRunningStatements);
    }

    public ServerConfig withBackend(BackendSpec b, LatencyProfile l) {
        return new ServerConfig(host, port, b, l, limits, clientKey, security, accessLog, metricsPort,
                healthInterval, healthTimeout, maxRunningStatements);
    }

    public ServerConfig withLimits(ServerLimits v) {
        return new ServerConfig(host, port, backend, latency, v, clientKey, security, accessLog, metricsPort,
                healthInterval, healthTimeout, maxRunningStatements);
    }

    public ServerConfig withClientKey(ClientKey v) {
        return new ServerConfig(host, port, backend, latency, limits, v, security, accessLog, metricsPort,
                healthInterval, healthTimeout, maxRunningStatements);
    }

    public ServerConfig withSecurity(ServerSecurity v) {
        return new ServerConfig(host, port, backend, latency, limits, clientKey, v, accessLog, metricsPort,
                healthInterval, healthTimeout, maxRunningStatements);
    }

    /** The access log to the {@link CallMonitor#ACCESS_LOG} logger (INFO), as {@code rl server} has it. */
    public ServerConfig withAccessLogger() {
        return withAccessLog(CallMonitor.TO_LOGGER);
    }

    /** Each call's line to {@code v}; null for none. */
    public ServerConfig withAccessLog(@Nullable Consumer<String> v) {
        return new ServerConfig(host, port, backend, latency, limits, clientKey, security, v, metricsPort,
                healthInterval, healthTimeout, maxRunningStatements);
    }

    public ServerConfig withMetricsPort(int v) {
        return new ServerConfig(host, port, backend, latency, limits, clientKey, security, accessLog, v,
                healthInterval, healthTimeout, maxRunningStatements);
    }

    /** Probes every {@code interval}, each probe waiting at most {@code timeout} for the backend. */
    public ServerConfig withHealthTiming(Duration interval, Duration timeout) {
        return new ServerConfig(host, port, backend, latency, limits, clientKey, security, accessLog, metricsPort,
                interval, timeout, maxRunningStatements);
    }

    /** Whether the Prometheus endpoint is served. */
    public boolean servesMetrics() {
        return metricsPort >= 0;
    }

    /** At most {@code n} SQL statements and record streams running at once (0: the default for the machine). */
    public ServerConfig withMaxRunningStatements(int n) {
        return new ServerConfig(host, port, backend, latency, limits, clientKey, security, accessLog, metricsPort,
                healthInterval, healthTimeout, n);
    }
}
