package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.records.grpc.CallRecorder;
import io.relationshiplayer.records.grpc.SlowReader;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.Row;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import java.util.Iterator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A 20,000-row result under gRPC flow control, over a channel with a small (64 KiB) window so that the server can
 * only run ahead of a slow reader by a few batches; cancelling stops the scan and frees the session.
 */
class SqlStreamingTest extends SqlServerFixture {
    static final int ROWS = 20_000;
    static final int FETCH = 50;
    static final int WINDOW = 64 * 1024;
    /**
     * Batches are about 6 KiB (50 rows of ~120 bytes): the 64 KiB window holds ~11, gRPC's 32 KiB on-ready threshold
     * ~5 more, plus the one being built. 30 leaves room for transport slack and is under a tenth of the 400 batches.
     */
    static final int MAX_AHEAD = 30;
    static final String PADDING = "x".repeat(100);
    static final String BIG = "bigdata";
    static final String SELECT_ALL = "SELECT id, grp, pad FROM big ORDER BY id";

    ManagedChannel narrow;

    @BeforeAll
    void populate() {
        narrow = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().flowControlWindow(WINDOW)
                .build();
        String s = open(BIG);
        exec(s, "CREATE TABLE big (id BIGINT PRIMARY KEY, grp INTEGER NOT NULL, pad VARCHAR(200))");
        StringBuilder insert = new StringBuilder("INSERT INTO big VALUES ");
        for (int id = 0; id < 1000; id++) {
            insert.append(id == 0 ? "" : ", ").append('(').append(id).append(", ").append(id % 7).append(", '")
                    .append(PADDING).append("')");
        }
        assertThat(exec(s, insert.toString()).end().getAffectedRows()).isEqualTo(1000);
        // Double the rows until there are enough (planning 1,000-row VALUES lists is what takes time).
        for (long have = 1000; have < ROWS; have += Math.min(have, ROWS - have)) {
            long add = Math.min(have, ROWS - have);
            assertThat(exec(s, "INSERT INTO big SELECT id + " + have + ", CAST(MOD(id + " + have + ", 7) AS INTEGER), "
                    + "pad FROM big WHERE id < ?", add).end().getAffectedRows()).isEqualTo(add);
        }
    }

    @AfterAll
    void closeNarrowChannel() throws InterruptedException {
        narrow.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    SlowReader<ExecuteRequest, ExecuteResponse> startSlow(String session, String tag) {
        SlowReader<ExecuteRequest, ExecuteResponse> reader = new SlowReader<>();
        tagged(SqlServiceGrpc.newStub(narrow), tag).execute(ExecuteRequest.newBuilder().setSessionId(session)
                .setSql(SELECT_ALL).setFetchSize(FETCH).build(), reader);
        return reader;
    }

    @Test
    void aSlowReaderGetsEveryRowInOrderWhileTheServerStaysBoundedAhead() throws Exception {
        String s = open(BIG);
        String tag = UUID.randomUUID().toString();
        CallRecorder.Recorded server = calls.call(tag);
        SlowReader<ExecuteRequest, ExecuteResponse> reader = startSlow(s, tag);

        assertThat(reader.next().getHeader().getColumnsCount()).isEqualTo(3);
        int messages = 1;
        long expectedId = 0;
        int maxAhead = 0;
        boolean done = false;
        reader.call.request(1);
        while (!done) {
            ExecuteResponse m = reader.next();
            messages++;
            if (m.hasEnd()) {
                assertThat(m.getEnd().getRowCount()).isEqualTo(ROWS);
                done = true;
                continue;
            }
            assertThat(m.getBatch().getRowsCount()).isBetween(1, FETCH);
            for (Row r : m.getBatch().getRowsList()) {
                assertThat(r.getValues(0).getInt64Value()).isEqualTo(expectedId);
                assertThat(r.getValues(1).getInt32Value()).isEqualTo((int) (expectedId % 7));
                assertThat(r.getValues(2).getStringValue()).isEqualTo(PADDING);
                expectedId++;
            }
            if (messages == 2 || messages % 100 == 0) {
                // Pause: let the server run ahead as far as it will, then see how far that is.
                streams.awaitIdle(3, TimeUnit.SECONDS);
            }
            maxAhead = Math.max(maxAhead, server.sent.get() - messages);
            reader.call.request(1);
        }
        reader.finished.get(10, TimeUnit.SECONDS);
        assertThat(expectedId).as("every row, in primary-key order").isEqualTo(ROWS);
        assertThat(messages).isGreaterThanOrEqualTo(ROWS / FETCH + 2);
        assertThat(server.sent.get()).isEqualTo(messages);
        assertThat(maxAhead).as("messages the server produced ahead of a reader that asked for one at a time "
                + "(of %d in all)", messages).isLessThanOrEqualTo(MAX_AHEAD);
        assertThat(exec(s, "SELECT COUNT(*) FROM big").single()).isEqualTo((long) ROWS);
    }

    @Test
    void fetchSizeDefaultsTo500AndIsCappedAt10000() {
        String s = open(BIG);
        Result byDefault = drain(sql().execute(ExecuteRequest.newBuilder().setSessionId(s).setSql(SELECT_ALL)
                .build()));
        assertThat(byDefault.raw()).hasSize(ROWS);
        assertThat(byDefault.batches()).isEqualTo(ROWS / ResultStreamer.DEFAULT_FETCH);
        Result huge = drain(sql().execute(ExecuteRequest.newBuilder().setSessionId(s).setSql(SELECT_ALL)
                .setFetchSize(1_000_000).build()));
        assertThat(huge.raw()).hasSize(ROWS);
        assertThat(huge.batches()).as("at most 10,000 rows (and about 1 MiB) per batch").isBetween(2, 4);
    }

    @Test
    void cancellingTheCallStopsTheScanAndTheSessionServesOn() throws Exception {
        String s = open(BIG);
        String tag = UUID.randomUUID().toString();
        CallRecorder.Recorded server = calls.call(tag);
        SlowReader<ExecuteRequest, ExecuteResponse> reader = startSlow(s, tag);
        for (int i = 0; i < 4; i++) {
            reader.next();
            reader.call.request(1);
        }
        reader.call.cancel("the client has seen enough", null);

        Throwable failure = reader.finished.handle((v, t) -> t).get(10, TimeUnit.SECONDS);
        assertThat(Status.fromThrowable(failure).getCode()).isEqualTo(Status.Code.CANCELLED);
        assertThat(server.cancelled.await(10, TimeUnit.SECONDS)).as("the server saw the cancellation").isTrue();
        assertThat(streams.awaitIdle(10, TimeUnit.SECONDS)).as("the server stopped reading").isTrue();
        int sent = server.sent.get();
        assertThat(sent).as("the server stopped midway").isLessThan(ROWS / FETCH / 4);

        assertThat(exec(s, "SELECT COUNT(*) FROM big").single()).as("the session serves on").isEqualTo((long) ROWS);
        assertThat(drain(sql().execute(ExecuteRequest.newBuilder().setSessionId(s).setSql(SELECT_ALL).build()))
                .raw()).hasSize(ROWS);
        assertThat(server.sent.get()).as("nothing more was sent on the cancelled call").isEqualTo(sent);
    }

    @Test
    void cancellingABlockingCallsContextStopsTheScan() throws Exception {
        String s = open(BIG);
        String tag = UUID.randomUUID().toString();
        CallRecorder.Recorded server = calls.call(tag);
        SqlServiceGrpc.SqlServiceBlockingStub stub = tagged(SqlServiceGrpc.newBlockingStub(narrow), tag);
        Context.CancellableContext ctx = Context.current().withCancellation();
        Iterator<ExecuteResponse> it = ctx.call(() -> stub.execute(ExecuteRequest.newBuilder().setSessionId(s)
                .setSql(SELECT_ALL).setFetchSize(FETCH).build()));
        assertThat(it.next().hasHeader()).isTrue();
        assertThat(it.next().getBatch().getRowsCount()).isEqualTo(FETCH);
        ctx.cancel(null);
        assertThat(server.cancelled.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(streams.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(server.sent.get()).isLessThan(ROWS / FETCH / 4);
        assertThat(exec(s, "SELECT MAX(id) FROM big").single()).isEqualTo((long) ROWS - 1);
    }

    @Test
    void aSessionRunsOneCallAtATimeAndClosingItEndsTheRunningOne() throws Exception {
        String s = open(BIG);
        SlowReader<ExecuteRequest, ExecuteResponse> reader = startSlow(s, UUID.randomUUID().toString());
        assertThat(reader.next().hasHeader()).isTrue();

        expectSql(Status.Code.FAILED_PRECONDITION, "55006", () -> exec(s, "SELECT 1"));
        clockOffset.addAndGet(TimeUnit.MINUTES.toNanos(11));
        sessions.expireIdle();
        expectSql(Status.Code.FAILED_PRECONDITION, "55006", () -> exec(s, "SELECT 1"));
        String other = open(BIG);
        assertThat(exec(other, "SELECT COUNT(*) FROM big WHERE grp = 0").single()).as("other sessions run")
                .isEqualTo((long) (ROWS + 6) / 7);

        sql().closeSession(CloseSessionRequest.newBuilder().setSessionId(s).build());
        reader.call.request(Integer.MAX_VALUE);
        Throwable failure = reader.finished.handle((v, t) -> t).get(10, TimeUnit.SECONDS);
        assertThat(failure).as("the running statement ends with an error").isNotNull();
        expectSql(Status.Code.CANCELLED, "57014", () -> {
            throw failure;
        });
        expectSql(Status.Code.NOT_FOUND, "08003", () -> exec(s, "SELECT 1"));
        assertThat(streams.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertServing(other);
    }
}
