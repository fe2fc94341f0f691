package io.relationshiplayer.records.grpc;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.records.RecordStream;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Streams a {@link RecordStream} to a gRPC call in batches, only while the client's window has room (gRPC flow
 * control), reading on a worker so that no gRPC thread waits on the database. A cancelled call stops the scan.
 */
final class BatchStreamer {
    static final int DEFAULT_BATCH = 500;

    private final RecordStream stream;
    private final ServerCallStreamObserver<RecordBatch> call;
    private final Executor worker;
    private final int batchSize;
    private final String plan;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean cancelled;
    private boolean first = true;
    private boolean finished;

    private BatchStreamer(RecordStream stream, StreamObserver<RecordBatch> observer, Executor worker, int batchSize,
                          String plan) {
        this.stream = stream;
        this.call = (ServerCallStreamObserver<RecordBatch>) observer;
        this.worker = worker;
        this.batchSize = batchSize <= 0 ? DEFAULT_BATCH : batchSize;
        this.plan = plan;
    }

    /** Starts streaming; must be called from the gRPC handler method. */
    static void start(RecordStream stream, StreamObserver<RecordBatch> observer, Executor worker, int batchSize,
                      String plan) {
        BatchStreamer s = new BatchStreamer(stream, observer, worker, batchSize, plan);
        s.call.setOnCancelHandler(() -> s.cancelled = true);
        s.call.setOnReadyHandler(s::schedule);
        s.schedule();
    }

    private void schedule() {
        if (scheduled.compareAndSet(false, true)) {
            worker.execute(this::drain);
        }
    }

    private void drain() {
        try {
            synchronized (this) {
                while (!finished && !cancelled && call.isReady()) {
                    RecordBatch.Builder b = RecordBatch.newBuilder().addAllRecords(stream.next(batchSize));
                    if (first) {
                        b.setPlan(plan == null ? stream.plan() : plan);
                        first = false;
                    }
                    if (stream.isDone()) {
                        b.setDone(true).setContinuation(com.google.protobuf.ByteString.copyFrom(
                                stream.continuationToken()));
                        finished = true;
                        call.onNext(b.build());
                        call.onCompleted();
                        stream.close();
                    } else {
                        call.onNext(b.build());
                    }
                }
                if (cancelled && !finished) {
                    finished = true;
                    stream.close();
                }
            }
        } catch (RuntimeException e) {
            synchronized (this) {
                finished = true;
                stream.close();
            }
            if (!cancelled) {
                call.onError(GrpcErrors.toStatus(e));
            }
        } finally {
            scheduled.set(false);
        }
        // A ready signal that arrived while draining found 'scheduled' set: look again.
        if (!finished && !cancelled && call.isReady()) {
            schedule();
        }
    }
}
