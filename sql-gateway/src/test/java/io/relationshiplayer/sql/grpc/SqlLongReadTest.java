package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.records.grpc.SlowReader;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.ManualTimeSource;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.Row;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A client that reads a query's rows slowly, so that gRPC flow control holds the server's scan for longer than a
 * FoundationDB transaction lasts (its five seconds): the autocommit query goes on in new transactions and the client
 * gets every row once; in snapshot mode it fails with 40001 (ABORTED). The client's pauses move the engine's clock
 * ({@link ManualTimeSource}), which the server's transactions and its checks of their age read, rather than sleeping.
 */
class SqlLongReadTest extends SqlServerFixture {
    static final Duration WINDOW = EngineConfig.FDB_READ_WINDOW;
    static final int ROWS = 2_000;
    static final int FETCH = 50;
    /** The client's pause per batch: 40 batches take four windows. */
    static final Duration PAUSE = WINDOW.multipliedBy(4).dividedBy(ROWS / FETCH);
    static final String PADDING = "x".repeat(100);
    static final String DATABASE = "longreads";

    final ManualTimeSource clock = new ManualTimeSource();
    ManagedChannel narrow;

    @Override
    Backend openBackend() {
        return Backend.embedded(EngineConfig.memory().withClock(clock));
    }

    @BeforeAll
    void populate() {
        // A 64 KiB window holds a tenth of the 240 KB result: the server waits for the reader.
        narrow = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
                .flowControlWindow(64 * 1024).build();
        String s = open(DATABASE);
        exec(s, "CREATE TABLE big (id BIGINT PRIMARY KEY, pad VARCHAR(200))");
        for (int from = 0; from < ROWS; from += 100) {
            StringBuilder insert = new StringBuilder("INSERT INTO big VALUES ");
            for (int id = from; id < from + 100; id++) {
                insert.append(id == from ? "" : ", ").append('(').append(id).append(", '").append(PADDING)
                        .append("')");
            }
            exec(s, insert.toString());
        }
    }

    @AfterAll
    void closeNarrowChannel() throws InterruptedException {
        narrow.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    /** Reads the query's stream a batch at a time with a pause after each; returns the rows read (in order). */
    long readSlowly(String session) throws Exception {
        SlowReader<ExecuteRequest, ExecuteResponse> reader = new SlowReader<>();
        SqlServiceGrpc.newStub(narrow).execute(ExecuteRequest.newBuilder().setSessionId(session)
                .setSql("SELECT id, pad FROM big").setFetchSize(FETCH).build(), reader);
        long expectedId = 0;
        while (true) {
            reader.call.request(1);
            ExecuteResponse m = nextOrFailure(reader);
            if (m.hasEnd()) {
                assertThat(m.getEnd().getRowCount()).isEqualTo(expectedId);
                reader.finished.get(10, TimeUnit.SECONDS);
                return expectedId;
            }
            for (Row r : m.getBatch().getRowsList()) {
                assertThat(r.getValues(0).getInt64Value()).as("every row once, in key order").isEqualTo(expectedId);
                expectedId++;
            }
            if (m.hasBatch()) {
                clock.advance(PAUSE);
            }
        }
    }

    /** The next message, or the call's failure (as an ExecutionException) if it fails first. */
    static ExecuteResponse nextOrFailure(SlowReader<ExecuteRequest, ExecuteResponse> reader) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            ExecuteResponse m = reader.received.poll(20, TimeUnit.MILLISECONDS);
            if (m != null) {
                return m;
            }
            if (reader.finished.isCompletedExceptionally()) {
                reader.finished.get();
            }
        }
        throw new AssertionError("no message within 20 seconds");
    }

    @Test
    void aSlowClientGetsEveryRowOnceFromAQueryThatOutlivesItsTransaction() throws Exception {
        String s = open(DATABASE);
        Duration start = clock.elapsed();
        assertThat(readSlowly(s)).isEqualTo(ROWS);
        assertThat(clock.elapsed().minus(start)).isGreaterThan(WINDOW.multipliedBy(2));
    }

    @Test
    void inSnapshotModeTheSameReadFailsWith40001AndTheSessionServesOn() throws Exception {
        String s = open(DATABASE);
        exec(s, "SET read_consistency = snapshot");
        expectSql(Status.Code.ABORTED, "40001", () -> {
            try {
                readSlowly(s);
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause();
            }
        });
        assertThat(exec(s, "SELECT COUNT(*) FROM big").single()).isEqualTo((long) ROWS);
        exec(s, "SET read_consistency = continuation");
        assertThat(readSlowly(s)).isEqualTo(ROWS);
    }
}
