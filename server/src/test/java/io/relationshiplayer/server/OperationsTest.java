package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.server.CallMonitor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The server as {@code rl server} assembles it, over a loopback port on the embedded memory backend: metrics scraped
 * over HTTP after a workload, the access log and request ids, and health following the backend's reachability.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperationsTest {
    private static final String EXECUTE = "rl.v1.SqlService/Execute";
    private static final long SECRET = 4_242_424_242L;

    private final List<String> accessLog = new CopyOnWriteArrayList<>();
    private RunningServer server;
    private ManagedChannel channel;

    @BeforeAll
    void start() throws Exception {
        server = RunningServer.start(ServerConfig.defaults().withAccessLog(accessLog::add)
                .withHealthTiming(Duration.ofMillis(100), Duration.ofMillis(300)).withMetricsPort(0));
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    }

    @AfterAll
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
    }

    private SqlServiceGrpc.SqlServiceBlockingStub sql() {
        return SqlServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private String open(String db) {
        return sql().openSession(OpenSessionRequest.newBuilder().setDatabase(db).build()).getSessionId();
    }

    private List<ExecuteResponse> exec(String session, String text, Object... params) {
        ExecuteRequest.Builder r = ExecuteRequest.newBuilder().setSessionId(session).setSql(text);
        for (Object p : params) {
            r.addParams(SqlValue.newBuilder().setInt64Value(((Number) p).longValue()));
        }
        List<ExecuteResponse> all = new ArrayList<>();
        Iterator<ExecuteResponse> it = sql().execute(r.build());
        it.forEachRemaining(all::add);
        return all;
    }

    private long single(String session, String text) {
        List<ExecuteResponse> r = exec(session, text);
        SqlValue v = r.get(1).getBatch().getRows(0).getValues(0);
        return v.getKindCase() == SqlValue.KindCase.INT32_VALUE ? v.getInt32Value() : v.getInt64Value();
    }

    private Scrape scrape() throws Exception {
        return Scrape.of(server.metricsHttp().port());
    }

    @Test
    void aWorkloadMovesTheRequestStatementConflictRetrySessionAndCommitMetrics() throws Exception {
        Scrape before = scrape();
        String db = "metrics_db";
        String s = open(db);
        int okExecutes = 0;
        exec(s, "CREATE TABLE acct (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)");
        okExecutes++;
        for (int i = 1; i <= 5; i++) {
            exec(s, "INSERT INTO acct VALUES (?, ?)", i, SECRET);
            okExecutes++;
        }
        exec(s, "SELECT * FROM acct");
        exec(s, "SELECT n FROM acct WHERE id = 1");
        exec(s, "UPDATE acct SET n = 0 WHERE id IN (1, 2)");
        exec(s, "DELETE FROM acct WHERE id = 5");
        okExecutes += 4;
        StatusRuntimeException bad = catchThrowableOfType(StatusRuntimeException.class, () -> exec(s, "SELEC 1"));
        assertThat(bad.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);

        // Two explicit transactions update the same row: the second commit is a conflict, returned as ABORTED.
        String t1 = open(db);
        String t2 = open(db);
        for (String t : List.of(t1, t2)) {
            exec(t, "BEGIN");
            exec(t, "UPDATE acct SET n = n + 1 WHERE id = 1");
            okExecutes += 2;
        }
        exec(t1, "COMMIT");
        okExecutes++;
        StatusRuntimeException conflict = catchThrowableOfType(StatusRuntimeException.class,
                () -> exec(t2, "COMMIT"));
        assertThat(conflict.getStatus().getCode()).isEqualTo(Status.Code.ABORTED);
        Scrape afterConflict = scrape();

        // Autocommit updates of one row from four sessions at once: conflicts there are retried, each exactly once.
        int threads = 4;
        int each = 25;
        List<String> sessions = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            sessions.add(open(db));
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        for (String session : sessions) {
            done.add(pool.submit(() -> {
                for (int i = 0; i < each; i++) {
                    exec(session, "UPDATE acct SET n = n + 1 WHERE id = 2");
                }
            }));
        }
        for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        okExecutes += threads * each;
        assertThat(single(s, "SELECT n FROM acct WHERE id = 2")).isEqualTo(threads * each);
        okExecutes++;

        Scrape after = scrape();
        assertThat(after.value("rl_grpc_requests_total", "method", EXECUTE, "code", "OK")
                - before.value("rl_grpc_requests_total", "method", EXECUTE, "code", "OK")).isEqualTo(okExecutes);
        assertThat(after.value("rl_grpc_requests_total", "method", EXECUTE, "code", "INVALID_ARGUMENT")
                - before.value("rl_grpc_requests_total", "method", EXECUTE, "code", "INVALID_ARGUMENT")).isEqualTo(1);
        assertThat(after.value("rl_grpc_requests_total", "method", EXECUTE, "code", "ABORTED")
                - before.value("rl_grpc_requests_total", "method", EXECUTE, "code", "ABORTED")).isEqualTo(1);
        assertThat(after.value("rl_grpc_requests_total", "method", "rl.v1.SqlService/OpenSession", "code", "OK")
                - before.value("rl_grpc_requests_total", "method", "rl.v1.SqlService/OpenSession", "code", "OK"))
                .isEqualTo(3 + threads);
        assertThat(after.value("rl_grpc_request_duration_seconds_count", "method", EXECUTE)
                - before.value("rl_grpc_request_duration_seconds_count", "method", EXECUTE)).isEqualTo(okExecutes + 2);
        assertThat(after.value("rl_grpc_request_duration_seconds_bucket", "method", EXECUTE, "le", "+Inf"))
                .isEqualTo(after.value("rl_grpc_request_duration_seconds_count", "method", EXECUTE));

        assertThat(statements(before, after, "ddl")).isEqualTo(1);
        assertThat(statements(before, after, "insert")).isEqualTo(5);
        assertThat(statements(before, after, "select")).isEqualTo(3);
        assertThat(statements(before, after, "update"))
                .isEqualTo(1 + 2 + threads * each);
        assertThat(statements(before, after, "delete")).isEqualTo(1);
        assertThat(statements(before, after, "other"))
                .as("SELEC 1, two BEGIN, two COMMIT").isEqualTo(5);

        assertThat(afterConflict.value("rl_backend_conflicts_total")).as("the explicit transaction's conflict")
                .isEqualTo(before.value("rl_backend_conflicts_total") + 1);
        double conflicts = after.value("rl_backend_conflicts_total") - afterConflict.value("rl_backend_conflicts_total");
        double retries = after.value("rl_sql_autocommit_retries_total")
                - afterConflict.value("rl_sql_autocommit_retries_total");
        assertThat(retries).as("one retry per autocommit conflict").isEqualTo(conflicts);
        assertThat(after.value("rl_backend_commit_duration_seconds_count", "outcome", "error"))
                .as("every failed commit here was a conflict").isEqualTo(after.value("rl_backend_conflicts_total"));
        assertThat(after.value("rl_backend_commit_duration_seconds_count", "outcome", "ok")
                - before.value("rl_backend_commit_duration_seconds_count", "outcome", "ok"))
                .as("a commit per insert, update, delete and the transaction, at least")
                .isGreaterThanOrEqualTo(5 + 1 + 1 + 1 + threads * each);

        assertThat(after.value("rl_sql_open_sessions") - before.value("rl_sql_open_sessions")).isEqualTo(3 + threads);
        assertThat(after.value("rl_grpc_open_streams")).isZero();
        for (String session : concat(List.of(s, t1, t2), sessions)) {
            sql().closeSession(CloseSessionRequest.newBuilder().setSessionId(session).build());
        }
        assertThat(scrape().value("rl_sql_open_sessions")).isEqualTo(before.value("rl_sql_open_sessions"));
        assertThat(String.join("\n", accessLog)).as("no parameter value in the access log")
                .doesNotContain(Long.toString(SECRET));
    }

    private static double statements(Scrape before, Scrape after, String kind) {
        return after.value("rl_sql_statement_duration_seconds_count", "kind", kind)
                - before.value("rl_sql_statement_duration_seconds_count", "kind", kind);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void everyCallGetsARequestIdEchoedToTheClientAndOneAccessLogLine() {
        Metadata sent = new Metadata();
        sent.put(CallMonitor.REQUEST_ID, "req-7f3a");
        AtomicReference<Metadata> headers = new AtomicReference<>();
        AtomicReference<Metadata> trailers = new AtomicReference<>();
        String s = sql().withInterceptors(MetadataUtils.newAttachHeadersInterceptor(sent),
                MetadataUtils.newCaptureMetadataInterceptor(headers, trailers))
                .openSession(OpenSessionRequest.newBuilder().setDatabase("log_db").build()).getSessionId();
        assertThat(headers.get().get(CallMonitor.REQUEST_ID)).isEqualTo("req-7f3a");
        assertThat(accessLog).anySatisfy(line -> assertThat(line).matches(
                "request_id=req-7f3a method=rl\\.v1\\.SqlService/OpenSession status=OK duration_ms=\\d+\\.\\d{3} "
                        + "peer=127\\.0\\.0\\.1:\\d+"));

        // No id sent: the server makes one, and the client sees the id the log holds.
        headers.set(null);
        sql().withInterceptors(MetadataUtils.newCaptureMetadataInterceptor(headers, trailers))
                .execute(ExecuteRequest.newBuilder().setSessionId(s).setSql("SELECT 1").build())
                .forEachRemaining(m -> { });
        String made = headers.get().get(CallMonitor.REQUEST_ID);
        assertThat(made).matches("[0-9a-f-]{36}");
        assertThat(accessLog).anySatisfy(line -> assertThat(line).startsWith("request_id=" + made
                + " method=" + EXECUTE + " status=OK "));

        // A call that fails before any header is sent carries the id in its trailers; a bad id is replaced.
        Metadata badId = new Metadata();
        badId.put(CallMonitor.REQUEST_ID, "evil id\" with=spaces");
        headers.set(null);
        trailers.set(null);
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> sql().withInterceptors(
                MetadataUtils.newAttachHeadersInterceptor(badId),
                MetadataUtils.newCaptureMetadataInterceptor(headers, trailers))
                .openSession(OpenSessionRequest.newBuilder().build()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        String failedId = trailers.get().get(CallMonitor.REQUEST_ID);
        assertThat(failedId).matches("[0-9a-f-]{36}");
        assertThat(java.util.UUID.fromString(failedId).version()).as("a random (version 4) UUID").isEqualTo(4);
        assertThat(java.util.UUID.fromString(failedId).variant()).isEqualTo(2);
        assertThat(accessLog).anySatisfy(line -> assertThat(line).startsWith("request_id=" + failedId
                + " method=rl.v1.SqlService/OpenSession status=INVALID_ARGUMENT "));
        assertThat(String.join("\n", accessLog)).doesNotContain("evil");
    }

    @Test
    void metricsReportTheHeapAndTheResidentMemory() throws Exception {
        var metrics = scrape();
        double used = metrics.value("rl_jvm_heap_used_bytes");
        double committed = metrics.value("rl_jvm_heap_committed_bytes");
        double max = metrics.value("rl_jvm_heap_max_bytes");
        double resident = metrics.value("rl_process_resident_memory_bytes");
        assertThat(used).isPositive().isLessThanOrEqualTo(committed);
        assertThat(committed).isLessThanOrEqualTo(max);
        // a JVM with a server, Calcite and the Record Layer loaded holds tens of MB at least, and less than 1 TB
        assertThat(resident).isGreaterThan(20e6).isLessThan(1e12);
    }

    @Test
    void healthTurnsNotServingWhileTheBackendCannotBeReachedAndServingWhenItCanAgain() throws Exception {
        HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
        assertThat(status(health, "")).isEqualTo(ServingStatus.SERVING);
        assertThat(scrape().value("rl_backend_up")).isEqualTo(1);

        server.backend().embedded().setReachable(false);
        try {
            awaitStatus(health, ServingStatus.NOT_SERVING);
            assertThat(status(health, SqlServiceGrpc.SERVICE_NAME)).isEqualTo(ServingStatus.NOT_SERVING);
            assertThat(scrape().value("rl_backend_up")).isZero();
        } finally {
            server.backend().embedded().setReachable(true);
        }
        awaitStatus(health, ServingStatus.SERVING);
        assertThat(status(health, SqlServiceGrpc.SERVICE_NAME)).isEqualTo(ServingStatus.SERVING);
        assertThat(scrape().value("rl_backend_up")).isEqualTo(1);
        String s = open("health_db");
        assertThat(single(s, "SELECT 40 + 2")).isEqualTo(42);
    }

    private static ServingStatus status(HealthGrpc.HealthBlockingStub health, String service) {
        return health.withDeadlineAfter(10, TimeUnit.SECONDS)
                .check(HealthCheckRequest.newBuilder().setService(service).build()).getStatus();
    }

    /** Waits (up to 10 s) until the server's overall health status is {@code wanted}. */
    private static void awaitStatus(HealthGrpc.HealthBlockingStub health, ServingStatus wanted) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> status(health, "") == wanted);
    }
}
