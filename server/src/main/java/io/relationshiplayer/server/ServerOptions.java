package io.relationshiplayer.server;

import com.apple.foundationdb.Database;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.metrics.RlMetrics;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javax.annotation.Nullable;

/**
 * What {@link RlServer} adds around the services: limits (message size on the transport, per-client calls and
 * streams in an interceptor), the call monitor (request ids, metrics, access log) and the backend health probe.
 * Immutable; the {@code with} methods return a copy.
 *
 * @param limits the server's limits
 * @param clientKey who a call counts against for the per-client limits
 * @param metrics where calls, sessions, statements and commits are counted
 * @param accessLog where the one line per call goes; null for none (the default: a library or benchmark server
 *     logs nothing per call; {@code rl server} logs to the {@link CallMonitor#ACCESS_LOG} logger)
 * @param healthProbe the backend to probe for the health service; null for none
 * @param healthInterval time between probes
 * @param healthTimeout longest a probe waits for the backend
 */
public record ServerOptions(ServerLimits limits, ClientKey clientKey, RlMetrics metrics,
                            @Nullable Consumer<String> accessLog, @Nullable Database healthProbe,
                            Duration healthInterval, Duration healthTimeout) {
    public ServerOptions {
        Objects.requireNonNull(limits, "limits is null");
        Objects.requireNonNull(clientKey, "clientKey is null");
        Objects.requireNonNull(metrics, "metrics is null");
        Objects.requireNonNull(healthInterval, "healthInterval is null");
        Objects.requireNonNull(healthTimeout, "healthTimeout is null");
    }

    /**
     * Default limits keyed by principal (by remote IP without authentication), metrics of its own, no access log, no
     * health probe.
     */
    public static ServerOptions defaults() {
        return new ServerOptions(ServerLimits.DEFAULTS, ClientKey.PRINCIPAL_OR_IP, new RlMetrics(), null, null,
                BackendHealth.DEFAULT_INTERVAL, BackendHealth.DEFAULT_TIMEOUT);
    }

    public ServerOptions withLimits(ServerLimits v) {
        return new ServerOptions(v, clientKey, metrics, accessLog, healthProbe, healthInterval, healthTimeout);
    }

    public ServerOptions withClientKey(ClientKey v) {
        return new ServerOptions(limits, v, metrics, accessLog, healthProbe, healthInterval, healthTimeout);
    }

    public ServerOptions withMetrics(RlMetrics v) {
        return new ServerOptions(limits, clientKey, v, accessLog, healthProbe, healthInterval, healthTimeout);
    }

    /** The access log to the {@link CallMonitor#ACCESS_LOG} logger (INFO), as {@code rl server} has it. */
    public ServerOptions withAccessLogger() {
        return withAccessLog(CallMonitor.TO_LOGGER);
    }

    public ServerOptions withAccessLog(Consumer<String> v) {
        return new ServerOptions(limits, clientKey, metrics, v, healthProbe, healthInterval, healthTimeout);
    }

    /** Probes {@code database} for the health service (every {@link #healthInterval()}). */
    public ServerOptions withHealthProbe(Database database) {
        return new ServerOptions(limits, clientKey, metrics, accessLog, database, healthInterval, healthTimeout);
    }

    /** Probes every {@code interval}, each probe waiting at most {@code timeout} for the backend. */
    public ServerOptions withHealthTiming(Duration interval, Duration timeout) {
        return new ServerOptions(limits, clientKey, metrics, accessLog, healthProbe, interval, timeout);
    }

    /** Message size on the transport, then the interceptors: the monitor runs first, so refused calls are seen. */
    void configure(NettyServerBuilder b, io.grpc.ServerInterceptor authentication) {
        // The interceptor added last runs first: monitor, then authentication, then the per-client limits.
        b.maxInboundMessageSize(limits.maxMessageBytes());
        b.intercept(new ClientLimitInterceptor(limits, clientKey, metrics));
        b.intercept(authentication);
        b.intercept(new CallMonitor(metrics, accessLog));
    }

    /**
     * Starts the backend probe, if any: each change turns every service (and the server, "") SERVING or NOT_SERVING.
     * Returns what to close on stop.
     */
    AutoCloseable watchHealth(HealthStatusManager health, List<String> services) {
        if (healthProbe == null) {
            return () -> { };
        }
        return BackendHealth.start(healthProbe, healthInterval, healthTimeout, up -> {
            metrics.backendUp(up);
            ServingStatus status = up ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
            for (String name : services) {
                health.setStatus(name, status);
            }
            health.setStatus("", status);
        });
    }
}
