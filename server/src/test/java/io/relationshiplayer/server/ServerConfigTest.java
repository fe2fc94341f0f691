package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.limits.ServerLimits;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The composition root's configuration: its defaults are a quiet library server, and each copy changes one thing. */
class ServerConfigTest {
    @Test
    void defaultsAreALoopbackMemoryServerWithoutAccessLogOrMetricsEndpoint() {
        ServerConfig d = ServerConfig.defaults();
        assertThat(d.host()).isEqualTo("127.0.0.1");
        assertThat(d.port()).isZero();
        assertThat(d.backend()).isEqualTo(BackendSpec.memory());
        assertThat(d.latency()).isSameAs(LatencyProfile.NONE);
        assertThat(d.limits()).isEqualTo(ServerLimits.DEFAULTS);
        assertThat(d.clientKey()).isSameAs(ClientKey.PRINCIPAL_OR_IP);
        assertThat(d.security()).isEqualTo(ServerSecurity.none());
        assertThat(d.accessLog()).as("a library or benchmark server writes no line per call").isNull();
        assertThat(d.metricsPort()).isEqualTo(ServerConfig.NO_METRICS);
        assertThat(d.servesMetrics()).isFalse();
        assertThat(d.healthInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(d.healthTimeout()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void eachWithChangesOnlyItsOwnPart() {
        ServerConfig d = ServerConfig.defaults();
        Consumer<String> log = line -> { };
        ServerLimits limits = ServerLimits.DEFAULTS.withMaxRowsPerBatch(7);
        BackendSpec durable = BackendSpec.parse("embedded:/tmp/rl-config-test");

        assertThat(d.withAddress("0.0.0.0", 7470)).isEqualTo(new ServerConfig("0.0.0.0", 7470, d.backend(),
                d.latency(), d.limits(), d.clientKey(), d.security(), null, -1, d.healthInterval(), d.healthTimeout(), 0));
        ServerConfig changed = d.withBackend(durable, LatencyProfile.CLUSTER).withLimits(limits)
                .withClientKey(ClientKey.REMOTE_IP).withAccessLog(log).withMetricsPort(0)
                .withHealthTiming(Duration.ofMillis(100), Duration.ofMillis(300)).withMaxRunningStatements(3);
        assertThat(changed).isEqualTo(new ServerConfig("127.0.0.1", 0, durable, LatencyProfile.CLUSTER, limits,
                ClientKey.REMOTE_IP, d.security(), log, 0, Duration.ofMillis(100), Duration.ofMillis(300), 3));
        assertThat(changed.servesMetrics()).isTrue();
        assertThat(d).as("the defaults are not changed by a copy").isEqualTo(ServerConfig.defaults());
    }

    @Test
    void theAccessLoggerIsTheCallMonitorsLogger() {
        assertThat(ServerConfig.defaults().withAccessLogger().accessLog()).isSameAs(CallMonitor.TO_LOGGER);
        assertThat(ServerConfig.defaults().withAccessLogger().withAccessLog(null).accessLog()).isNull();
    }

    @Test
    void missingPartsAreRefused() {
        ServerConfig d = ServerConfig.defaults();
        assertThatThrownBy(() -> d.withAddress(null, 0)).isInstanceOf(NullPointerException.class)
                .hasMessage("host is null");
        assertThatThrownBy(() -> d.withSecurity(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("security is null");
        assertThatThrownBy(() -> d.withLimits(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("limits is null");
    }
}
