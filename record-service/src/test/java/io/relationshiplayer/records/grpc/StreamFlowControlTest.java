package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.records.grpc.testproto.Item;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Streams under gRPC flow control, over a channel with a small (64 KiB) window so that the server can only run ahead
 * of a slow reader by a few batches: a slow reader gets everything in order while the server stays bounded ahead; a
 * reader that cancels stops the server's scan; the server keeps serving afterwards.
 */
class StreamFlowControlTest extends ServerFixture {
    static final int RECORDS = 3000;
    static final int BATCH = 10;
    static final int WINDOW = 64 * 1024;
    /**
     * Batches are about 10 KiB: the 64 KiB window holds ~6 of them, gRPC's 32 KiB on-ready threshold ~3 more, plus the
     * one being built. 30 leaves room for transport slack and is a tenth of the ~300 batches of the whole result.
     */
    static final int MAX_AHEAD = 30;
    static final String PADDING = "x".repeat(1000);

    ManagedChannel narrow;

    @BeforeAll
    void openNarrowChannel() {
        narrow = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().flowControlWindow(WINDOW)
                .build();
    }

    @AfterAll
    void closeNarrowChannel() throws InterruptedException {
        narrow.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    List<Item> populate() {
        register(db, catalogSchema());
        List<Item> items = new ArrayList<>();
        for (Item i : items(0, RECORDS)) {
            items.add(i.toBuilder().setPadding(PADDING).build());
        }
        saveItems(db, items, 1000);
        return items;
    }

    ScanRequest scanAll() {
        return ScanRequest.newBuilder().setDatabase(db).setType("Item").setBatchSize(BATCH).build();
    }

    @Test
    void aSlowReaderGetsEverythingInOrderWhileTheServerStaysBoundedAhead() throws Exception {
        List<Item> items = populate();
        String tag = UUID.randomUUID().toString();
        CallRecorder.Recorded server = calls.call(tag);
        SlowReader<ScanRequest, RecordBatch> reader = new SlowReader<>();
        tagged(RecordServiceGrpc.newStub(narrow), tag).scan(scanAll(), reader);

        List<Long> ids = new ArrayList<>();
        int batches = 0;
        int maxAhead = 0;
        boolean done = false;
        while (!done) {
            RecordBatch b = reader.next();
            batches++;
            b.getRecordsList().forEach(m -> ids.add(parseItem(m).getId()));
            done = b.getDone();
            if (batches == 1 || batches % 100 == 0) {
                // Pause: let the server run ahead as far as it will, then see how far that is.
                streams.awaitIdle(3, TimeUnit.SECONDS);
            }
            maxAhead = Math.max(maxAhead, server.sent.get() - batches);
            if (!done) {
                reader.call.request(1);
            }
        }
        reader.finished.get(10, TimeUnit.SECONDS);
        assertThat(ids).as("everything, in primary-key order").hasSize(RECORDS);
        for (int i = 0; i < RECORDS; i++) {
            assertThat(ids.get(i)).isEqualTo(items.get(i).getId());
        }
        assertThat(batches).isGreaterThanOrEqualTo(RECORDS / BATCH);
        assertThat(server.sent.get()).isEqualTo(batches);
        assertThat(maxAhead).as("batches the server produced ahead of a reader that asked for one at a time "
                + "(of %d in all)", batches).isLessThanOrEqualTo(MAX_AHEAD);
    }

    @Test
    void cancellingTheContextOfABlockingScanStopsTheServerAndItKeepsServing() throws Exception {
        populate();
        String tag = UUID.randomUUID().toString();
        CallRecorder.Recorded server = calls.call(tag);
        RecordServiceGrpc.RecordServiceBlockingStub narrowStub = tagged(RecordServiceGrpc.newBlockingStub(narrow),
                tag);

        Context.CancellableContext ctx = Context.current().withCancellation();
        Iterator<RecordBatch> it = ctx.call(() -> narrowStub.scan(scanAll()));
        for (int i = 0; i < 3; i++) {
            assertThat(it.next().getRecordsCount()).isEqualTo(BATCH);
        }
        ctx.cancel(null);

        StatusRuntimeException e = expectCode(Status.Code.CANCELLED, () -> {
            while (it.hasNext()) {
                it.next();
            }
        });
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.CANCELLED);
        assertThat(server.cancelled.await(10, TimeUnit.SECONDS)).as("the server saw the cancellation").isTrue();
        assertThat(streams.awaitIdle(10, TimeUnit.SECONDS)).as("the server stopped reading").isTrue();
        assertThat(server.sent.get()).as("the server stopped midway").isLessThan(RECORDS / BATCH / 2);

        assertThat(drain(blocking().scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").build()))
                .records()).as("the server keeps serving").hasSize(RECORDS);
    }

    @Test
    void cancellingTheClientCallOfAnAsyncScanStopsTheServerAndItKeepsServing() throws Exception {
        populate();
        String tag = UUID.randomUUID().toString();
        CallRecorder.Recorded server = calls.call(tag);
        SlowReader<ScanRequest, RecordBatch> reader = new SlowReader<>();
        tagged(RecordServiceGrpc.newStub(narrow), tag).scan(scanAll(), reader);
        for (int i = 0; i < 3; i++) {
            reader.next();
            reader.call.request(1);
        }
        reader.call.cancel("the client has seen enough", null);

        Throwable failure = reader.finished.handle((v, t) -> t).get(10, TimeUnit.SECONDS);
        assertThat(Status.fromThrowable(failure).getCode()).isEqualTo(Status.Code.CANCELLED);
        assertThat(server.cancelled.await(10, TimeUnit.SECONDS)).as("the server saw the cancellation").isTrue();
        assertThat(streams.awaitIdle(10, TimeUnit.SECONDS)).as("the server stopped reading").isTrue();
        assertThat(server.sent.get()).as("the server stopped midway").isLessThan(RECORDS / BATCH / 2);

        SlowReader<ScanRequest, RecordBatch> again = new SlowReader<>();
        RecordServiceGrpc.newStub(narrow).scan(scanAll(), again);
        int n = 0;
        boolean done = false;
        while (!done) {
            RecordBatch b = again.next();
            n += b.getRecordsCount();
            done = b.getDone();
            again.call.request(1);
        }
        again.finished.get(10, TimeUnit.SECONDS);
        assertThat(n).as("the server keeps serving").isEqualTo(RECORDS);
    }
}
