package io.relationshiplayer.sql.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.grpc.Attributes;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.records.grpc.SlowReader;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.server.RlServer;
import io.relationshiplayer.server.ServerOptions;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.grpc.Sessions;
import io.relationshiplayer.sql.grpc.SqlServiceImpl;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Each server limit reached over a real loopback connection, and the server still serving: the client that reached it
 * once it lets go, and other clients all along. Clients A and B connect from different loopback addresses
 * (127.0.0.2, 127.0.0.3), so the default client key (the remote IP) tells them apart.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServerLimitsTest {
    private static final String DB = "limits";
    /** 300 rows: the three-way cross join has 27 million, which no test reads to the end. */
    private static final int ROWS = 300;
    private static final String CROSS_JOIN = "SELECT a.id, b.id, c.id, a.pad FROM t a, t b, t c";

    private Backend backend;
    private final ExecutorService streams = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "rl-test-streams");
        t.setDaemon(true);
        return t;
    });
    private RlServer server;
    private RlMetrics metrics;
    private final List<ManagedChannel> channels = new ArrayList<>();

    @BeforeAll
    void data() throws Exception {
        backend = Backend.open("embedded:memory");
        start(ServerLimits.DEFAULTS);
        SqlServiceGrpc.SqlServiceBlockingStub sql = sql(client("127.0.0.2", 0));
        String s = open(sql);
        drain(sql.execute(exec(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, pad VARCHAR(100))")));
        StringBuilder insert = new StringBuilder("INSERT INTO t VALUES ");
        for (int i = 0; i < ROWS; i++) {
            insert.append(i == 0 ? "" : ", ").append("(").append(i).append(", '").append("x".repeat(60)).append("')");
        }
        drain(sql.execute(exec(s, insert.toString())));
        stop();
    }

    @AfterAll
    void close() {
        backend.close();
        streams.shutdownNow();
    }

    @AfterEach
    void stop() throws InterruptedException {
        for (ManagedChannel c : channels) {
            c.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        channels.clear();
        if (server != null) {
            server.close();
            server = null;
        }
    }

    private void start(ServerLimits limits) throws Exception {
        start(limits, io.relationshiplayer.server.ServerSecurity.none());
    }

    private void start(ServerLimits limits, io.relationshiplayer.server.ServerSecurity security) throws Exception {
        metrics = new RlMetrics();
        RecordStores stores = new RecordStores(backend.recordDatabase());
        SqlServiceImpl sql = new SqlServiceImpl(new Sessions(new SqlEngine(new RelationshipLayer(stores), metrics),
                Sessions.DEFAULT_IDLE_TIMEOUT), streams, limits);
        server = RlServer.start("127.0.0.1", 0, List.of(new RecordServiceImpl(stores, streams, limits), sql),
                ServerOptions.defaults().withLimits(limits).withMetrics(metrics), security, sql::close);
    }

    /** A channel from {@code localIp}; a small flow-control window (if not 0) makes a reader that stops hold a stream. */
    private ManagedChannel client(String localIp, int window) {
        return client(localIp, window, null);
    }

    /** As {@link #client(String, int)}, sending {@code token} (if not null) as its bearer token. */
    private ManagedChannel client(String localIp, int window, String token) {
        NettyChannelBuilder b = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
                .localSocketPicker(new NettyChannelBuilder.LocalSocketPicker() {
                    @Override
                    public SocketAddress createSocketAddress(SocketAddress remote, Attributes attrs) {
                        return new InetSocketAddress(localIp, 0);
                    }
                });
        if (window > 0) {
            b.flowControlWindow(window);
        }
        if (token != null) {
            io.grpc.Metadata headers = new io.grpc.Metadata();
            headers.put(io.grpc.Metadata.Key.of("authorization", io.grpc.Metadata.ASCII_STRING_MARSHALLER),
                    "Bearer " + token);
            b.intercept(io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(headers));
        }
        ManagedChannel c = b.build();
        channels.add(c);
        return c;
    }

    private static SqlServiceGrpc.SqlServiceBlockingStub sql(ManagedChannel c) {
        return SqlServiceGrpc.newBlockingStub(c).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static String open(SqlServiceGrpc.SqlServiceBlockingStub sql) {
        return sql.openSession(OpenSessionRequest.newBuilder().setDatabase(DB).build()).getSessionId();
    }

    private static ExecuteRequest exec(String session, String text) {
        return ExecuteRequest.newBuilder().setSessionId(session).setSql(text).build();
    }

    /** Reads a stream to its end; returns the number of rows in each batch. */
    private static List<Integer> drain(Iterator<ExecuteResponse> it) {
        List<Integer> batches = new ArrayList<>();
        it.forEachRemaining(m -> {
            if (m.hasBatch()) {
                batches.add(m.getBatch().getRowsCount());
            }
        });
        return batches;
    }

    /** Starts the cross join in a new session of {@code c} and reads only its header: the stream stays open. */
    private SlowReader<ExecuteRequest, ExecuteResponse> hold(ManagedChannel c) throws InterruptedException {
        String s = open(sql(c));
        SlowReader<ExecuteRequest, ExecuteResponse> reader = new SlowReader<>();
        SqlServiceGrpc.newStub(c).execute(ExecuteRequest.newBuilder().setSessionId(s).setSql(CROSS_JOIN)
                .setFetchSize(100).build(), reader);
        assertThat(reader.next().hasHeader()).isTrue();
        return reader;
    }

    private static void assertSelectWorks(ManagedChannel c) {
        SqlServiceGrpc.SqlServiceBlockingStub sql = sql(c);
        assertThat(drain(sql.execute(exec(open(sql), "SELECT id FROM t WHERE id < 5")))).containsExactly(5);
    }

    @Test
    void aClientHoldingItsMaximumOfStreamsIsRefusedAnotherWhileOthersAreServed() throws Exception {
        start(ServerLimits.DEFAULTS.withMaxStreamsPerClient(2));
        ManagedChannel a = client("127.0.0.2", 64 * 1024);
        ManagedChannel b = client("127.0.0.3", 0);
        SlowReader<ExecuteRequest, ExecuteResponse> first = hold(a);
        SlowReader<ExecuteRequest, ExecuteResponse> second = hold(a);

        SqlServiceGrpc.SqlServiceBlockingStub aSql = sql(a);
        String s = open(aSql);
        StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
                () -> drain(aSql.execute(exec(s, "SELECT 1"))));
        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getStatus().getDescription())
                .startsWith("limit max-concurrent-streams-per-client=2 reached for client 127.0.0.2");
        assertThat(metrics.scrape()).contains(
                "rl_limit_rejections_total{limit=\"max-concurrent-streams-per-client\"} 1");

        assertSelectWorks(b);
        assertSelectWorks(b);

        first.call.cancel("done", null);
        second.call.cancel("done", null);
        awaitCalls(() -> {
            drain(aSql.execute(exec(s, "SELECT 1")));
        });
        assertSelectWorks(a);
    }

    @Test
    void withTokensTheLimitsCountPrincipalsNotAddresses() throws Exception {
        String alice = io.relationshiplayer.server.auth.TokenFile.newToken();
        String bob = io.relationshiplayer.server.auth.TokenFile.newToken();
        var grants = java.util.Map.of(DB, io.relationshiplayer.access.Role.ADMIN);
        var tokens = io.relationshiplayer.server.auth.TokenFile.parse("test", List.of(
                io.relationshiplayer.server.auth.TokenFile.line("alice", alice, grants),
                io.relationshiplayer.server.auth.TokenFile.line("bob", bob, grants)));
        start(ServerLimits.DEFAULTS.withMaxStreamsPerClient(2),
                new io.relationshiplayer.server.ServerSecurity(null, tokens));
        // Alice from two addresses counts once; Bob from Alice's address is someone else.
        ManagedChannel a1 = client("127.0.0.2", 64 * 1024, alice);
        ManagedChannel a2 = client("127.0.0.3", 64 * 1024, alice);
        ManagedChannel b = client("127.0.0.2", 0, bob);
        SlowReader<ExecuteRequest, ExecuteResponse> first = hold(a1);
        SlowReader<ExecuteRequest, ExecuteResponse> second = hold(a2);

        SqlServiceGrpc.SqlServiceBlockingStub aSql = sql(a1);
        String s = open(aSql);
        StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class,
                () -> drain(aSql.execute(exec(s, "SELECT 1"))));
        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getStatus().getDescription())
                .startsWith("limit max-concurrent-streams-per-client=2 reached for client principal:alice");
        assertSelectWorks(b);
        first.call.cancel("done", null);
        second.call.cancel("done", null);
    }

    @Test
    void aClientAtItsMaximumOfCallsIsRefusedEvenAUnaryCall() throws Exception {
        start(ServerLimits.DEFAULTS.withMaxCallsPerClient(2));
        ManagedChannel a = client("127.0.0.2", 64 * 1024);
        ManagedChannel b = client("127.0.0.3", 0);
        SlowReader<ExecuteRequest, ExecuteResponse> first = hold(a);
        SlowReader<ExecuteRequest, ExecuteResponse> second = hold(a);

        StatusRuntimeException refused = catchThrowableOfType(StatusRuntimeException.class, () -> open(sql(a)));
        assertThat(refused.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(refused.getStatus().getDescription())
                .startsWith("limit max-concurrent-calls-per-client=2 reached for client 127.0.0.2");
        assertSelectWorks(b);

        first.call.cancel("done", null);
        second.call.cancel("done", null);
        awaitCalls(() -> open(sql(a)));
        assertSelectWorks(a);
    }

    @Test
    void aStatementPastItsTimeoutEndsWithDeadlineExceededAndTheSessionGoesOn() throws Exception {
        start(ServerLimits.DEFAULTS.withStatementTimeout(Duration.ofMillis(700)));
        ManagedChannel a = client("127.0.0.2", 0);
        SqlServiceGrpc.SqlServiceBlockingStub sql = sql(a);
        String s = open(sql);
        long start = System.nanoTime();
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
                () -> drain(sql.execute(exec(s, CROSS_JOIN))));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(e.getStatus().getDescription())
                .isEqualTo("canceling statement due to statement timeout: limit statement-timeout=700ms reached");
        assertThat(millis).as("ended by the timeout, not by the end of 27 million rows").isBetween(600L, 10_000L);

        assertThat(drain(sql.execute(exec(s, "SELECT id FROM t WHERE id < 3")))).as("the same session")
                .containsExactly(3);
        assertSelectWorks(client("127.0.0.3", 0));
        assertThat(metrics.scrape()).contains("rl_sql_statement_duration_seconds_count{kind=\"select\"} 3");
    }

    @Test
    void batchesHoldAtMostMaxRowsPerBatchWhateverTheClientAsks() throws Exception {
        start(ServerLimits.DEFAULTS.withMaxRowsPerBatch(7));
        SqlServiceGrpc.SqlServiceBlockingStub sql = sql(client("127.0.0.2", 0));
        String s = open(sql);
        List<Integer> batches = drain(sql.execute(exec(s, "SELECT id FROM t WHERE id < 20").toBuilder()
                .setFetchSize(1000).build()));
        assertThat(batches).containsExactly(7, 7, 6);
    }

    @Test
    void aMessageLargerThanMaxMessageBytesIsRefusedAndTheServerGoesOn() throws Exception {
        start(ServerLimits.DEFAULTS.withMaxMessageBytes(4096));
        ManagedChannel a = client("127.0.0.2", 0);
        SqlServiceGrpc.SqlServiceBlockingStub sql = sql(a);
        String s = open(sql);
        String big = "SELECT id FROM t WHERE id IN (" + "1, ".repeat(2000) + "2)";
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class,
                () -> drain(sql.execute(exec(s, big))));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(e.getStatus().getDescription()).contains("4096");
        assertSelectWorks(a);
    }

    /** Runs {@code call} until the server has released the cancelled calls (release follows the cancel closely). */
    private static void awaitCalls(Runnable call) {
        await().atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(20))
                .until(() -> {
                    try {
                        call.run();
                        return true;
                    } catch (StatusRuntimeException e) {
                        if (e.getStatus().getCode() != Status.Code.RESOURCE_EXHAUSTED) {
                            throw e;
                        }
                        return false;
                    }
                });
    }
}
