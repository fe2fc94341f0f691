package io.relationshiplayer.records.grpc;

import com.google.protobuf.ByteString;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.grpc.FlowControlledStreamer;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.records.RecordStream;
import java.util.concurrent.Executor;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A scan's or query's {@link RecordStream} as {@link RecordBatch}es for the {@link FlowControlledStreamer} (which owns
 * flow control, the worker and cancellation): the first batch carries the plan, the last one done and the
 * continuation. A cancelled or failed call closes the stream, which ends its scan.
 */
final class RecordBatchSource implements FlowControlledStreamer.Source<RecordBatch> {
    private final RecordStream stream;
    private final int batchSize;
    @Nullable
    private final String plan;
    private boolean first = true;

    private RecordBatchSource(RecordStream stream, int batchSize, @Nullable String plan) {
        this.stream = stream;
        this.batchSize = batchSize <= 0 ? FlowControlledStreamer.DEFAULT_BATCH : batchSize;
        this.plan = plan;
    }

    /** Streams {@code stream} to the call; {@code plan} null: the stream's own plan. From the gRPC handler method. */
    static void start(RecordStream stream, StreamObserver<RecordBatch> observer, Executor worker, int batchSize,
                      @Nullable String plan) {
        FlowControlledStreamer.create(observer, new RecordBatchSource(stream, batchSize, plan), worker).start();
    }

    @Override
    public void next(@Nonnull FlowControlledStreamer.Sink<RecordBatch> out) {
        RecordBatch.Builder b = RecordBatch.newBuilder().addAllRecords(stream.next(batchSize));
        if (first) {
            b.setPlan(plan == null ? stream.plan() : plan);
            first = false;
        }
        if (stream.isDone()) {
            out.end(b.setDone(true).setContinuation(ByteString.copyFrom(stream.continuationToken())).build());
        } else {
            out.send(b.build());
        }
    }

    @Override
    public void close() {
        stream.close();
    }

    @Nonnull
    @Override
    public StatusRuntimeException toStatus(@Nonnull Throwable failure) {
        return GrpcErrors.toStatus(failure);
    }
}
