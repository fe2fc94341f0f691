package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server on the durable embedded engine when its disk fills (the engine's test seam fails every write as RocksDB
 * does on a full disk): statements that write fail with disk_full (53100), reads go on, health turns NOT_SERVING with
 * the reason, and SERVING again once writes go through; a restart then reads exactly what was acknowledged.
 */
class DiskFullHealthTest {
    @TempDir
    Path dir;

    private ServerConfig config() {
        return ServerConfig.defaults().withBackend(BackendSpec.durable(dir.resolve("data")), LatencyProfile.NONE)
                .withHealthTiming(Duration.ofMillis(100), Duration.ofMillis(300)).withMetricsPort(0);
    }

    private static ServingStatus status(HealthGrpc.HealthBlockingStub health, String service) {
        return health.withDeadlineAfter(10, TimeUnit.SECONDS)
                .check(HealthCheckRequest.newBuilder().setService(service).build()).getStatus();
    }

    private static void awaitStatus(HealthGrpc.HealthBlockingStub health, ServingStatus wanted) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> status(health, "") == wanted);
    }

    private static List<Object> ids(SqlSession s) {
        return s.query("SELECT id FROM t ORDER BY id").stream().map(row -> (Object) ((Number) row[0]).longValue())
                .toList();
    }

    @Test
    void aFullDiskTurnsHealthNotServingWithItsReasonAndServingOnceWritesGoThroughAgain() throws Exception {
        try (RunningServer server = RunningServer.start(config())) {
            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
            try (SqlSession s = SqlSession.connect("127.0.0.1", server.port(), "disk_db");
                 BackendHealth probe = BackendHealth.start(server.backend().database(), Duration.ofHours(1),
                         Duration.ofSeconds(5), up -> { })) {
                HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
                s.update("CREATE TABLE t (id BIGINT PRIMARY KEY, v BIGINT)");
                s.update("INSERT INTO t VALUES (1, 10)");
                awaitStatus(health, ServingStatus.SERVING);
                assertThat(probe.problem()).isNull();

                Scrape before = Scrape.of(server.metricsHttp().port());
                server.backend().embedded().simulateDiskFull(true);
                SqlClientException full = catchThrowableOfType(SqlClientException.class,
                        () -> s.update("INSERT INTO t VALUES (2, 20)"));
                assertThat(full.sqlState()).isEqualTo("53100");
                assertThat(full.code()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                assertThat(full.getMessage()).contains("the disk is full", "did not commit");
                assertThat(ids(s)).as("reads go on, without the refused row").containsExactly(1L);

                awaitStatus(health, ServingStatus.NOT_SERVING);
                assertThat(status(health, SqlServiceGrpc.SERVICE_NAME)).isEqualTo(ServingStatus.NOT_SERVING);
                Scrape during = Scrape.of(server.metricsHttp().port());
                assertThat(during.value("rl_backend_up")).isZero();
                assertThat(during.value("rl_backend_commit_duration_seconds_count", "outcome", "error")
                        - before.value("rl_backend_commit_duration_seconds_count", "outcome", "error"))
                        .as("the refused commit is counted as an error").isGreaterThanOrEqualTo(1);
                assertThat(probe.problem()).startsWith("refuses writes: the disk is full");

                server.backend().embedded().simulateDiskFull(false);
                awaitStatus(health, ServingStatus.SERVING);
                assertThat(Scrape.of(server.metricsHttp().port()).value("rl_backend_up")).isEqualTo(1);
                s.update("INSERT INTO t VALUES (2, 20)");
                assertThat(ids(s)).containsExactly(1L, 2L);
            } finally {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
        try (RunningServer server = RunningServer.start(config());
             SqlSession s = SqlSession.connect("127.0.0.1", server.port(), "disk_db")) {
            assertThat(ids(s)).as("after a restart, exactly the acknowledged rows").containsExactly(1L, 2L);
        }
    }
}
