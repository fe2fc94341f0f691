package io.relationshiplayer.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.limits.ServerLimits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;

/**
 * The generic streamer against a fake call (a window of so many messages) and a fake source, recording every event in
 * order: flow control, the end, cancellation, failures, the deadline and signals that come while the worker runs.
 */
class FlowControlledStreamerTest {
    final List<String> events = new CopyOnWriteArrayList<>();

    /** A server call whose client has room for {@code window} more messages. */
    final class FakeCall extends ServerCallStreamObserver<String> {
        volatile int window;
        Runnable onReady;
        Runnable onCancel;

        void grant(int messages) {
            window += messages;
            onReady.run();
        }

        void cancelByClient() {
            onCancel.run();
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void setOnCancelHandler(Runnable handler) {
            onCancel = handler;
        }

        @Override
        public void setCompression(String compression) {
        }

        @Override
        public boolean isReady() {
            return window > 0;
        }

        @Override
        public void setOnReadyHandler(Runnable handler) {
            onReady = handler;
        }

        @Override
        public void disableAutoInboundFlowControl() {
        }

        @Override
        public void request(int count) {
        }

        @Override
        public void setMessageCompression(boolean enable) {
        }

        @Override
        public void onNext(String value) {
            if (window > 0) {
                window--;
            }
            events.add("sent " + value);
        }

        @Override
        public void onError(Throwable t) {
            events.add("error " + Status.fromThrowable(t).getCode() + " " + Status.fromThrowable(t).getDescription());
        }

        @Override
        public void onCompleted() {
            events.add("completed");
        }
    }

    /** Sends "header" on open, then {@code batches} batches "b1".."bN", the last by ending with it. */
    class CountingSource implements FlowControlledStreamer.Source<String> {
        final int batches;
        int sent;
        volatile RuntimeException failOnNext;
        volatile RuntimeException failOnCheck;
        RuntimeException failOnClose;

        CountingSource(int batches) {
            this.batches = batches;
        }

        @Override
        public void open(FlowControlledStreamer.Sink<String> out) {
            events.add("open");
            out.send("header");
        }

        @Override
        public void check() {
            if (failOnCheck != null) {
                throw failOnCheck;
            }
        }

        @Override
        public void next(FlowControlledStreamer.Sink<String> out) {
            if (failOnNext != null) {
                throw failOnNext;
            }
            sent++;
            if (sent == batches) {
                out.end("b" + sent);
            } else {
                out.send("b" + sent);
            }
        }

        @Override
        public void stop() {
            events.add("stop");
        }

        @Override
        public void close() {
            events.add("close");
            if (failOnClose != null) {
                throw failOnClose;
            }
        }

        @Override
        public StatusRuntimeException toStatus(Throwable failure) {
            return GrpcStatuses.status(ErrorKind.INVALID_ARGUMENT, failure.getMessage()).asRuntimeException();
        }
    }

    /** Runs tasks only when the test says so. */
    static final class ManualExecutor implements Executor {
        final Queue<Runnable> tasks = new ArrayDeque<>();

        @Override
        public synchronized void execute(Runnable task) {
            tasks.add(task);
        }

        synchronized Runnable take() {
            return tasks.remove();
        }

        void runAll() {
            while (pending() > 0) {
                take().run();
            }
        }

        synchronized int pending() {
            return tasks.size();
        }
    }

    final FakeCall call = new FakeCall();
    final ManualExecutor worker = new ManualExecutor();

    @Test
    void batchesGoOnlyWhileTheClientHasRoomAndTheSourceClosesBeforeItsLastMessage() {
        CountingSource source = new CountingSource(5);
        FlowControlledStreamer.create(call, source, worker).start();
        worker.runAll();
        assertThat(events).as("opened whatever the window, nothing more").containsExactly("open", "sent header");

        call.grant(2);
        worker.runAll();
        assertThat(events).containsExactly("open", "sent header", "sent b1", "sent b2");
        assertThat(worker.pending()).isZero();

        call.grant(10);
        worker.runAll();
        assertThat(events).containsExactly("open", "sent header", "sent b1", "sent b2", "sent b3", "sent b4", "close",
                "sent b5", "completed");
        call.grant(1);
        call.cancelByClient();
        worker.runAll();
        assertThat(events).as("nothing after the end but the stop request").endsWith("completed", "stop");
        assertThat(events).containsOnlyOnce("close");
    }

    @Test
    void aCancelledCallStopsTheWorkAndClosesTheSourceWithoutAnswering() {
        CountingSource source = new CountingSource(100);
        FlowControlledStreamer.create(call, source, worker).start();
        call.grant(3);
        worker.runAll();
        call.cancelByClient();
        assertThat(worker.pending()).as("the cancel wakes the worker, even with the window closed").isEqualTo(1);
        worker.runAll();
        assertThat(events).containsExactly("open", "sent header", "sent b1", "sent b2", "stop", "close");
        call.grant(5);
        worker.runAll();
        assertThat(events).hasSize(6);
        assertThat(source.sent).isEqualTo(2);
    }

    @Test
    void aCancelledCallHoldsItsClientsLimitsUntilItsWorkHasStopped() {
        java.util.concurrent.atomic.AtomicInteger released = new java.util.concurrent.atomic.AtomicInteger();
        io.relationshiplayer.limits.CallWork work = io.relationshiplayer.limits.CallWork.of(released::incrementAndGet);
        CountingSource source = new CountingSource(100);
        io.grpc.Context previous = work.attachTo(io.grpc.Context.current()).attach();
        try {
            FlowControlledStreamer.create(call, source, worker).start();
        } finally {
            io.grpc.Context.current().detach(previous);
        }
        call.grant(3);
        worker.runAll();
        call.cancelByClient();
        work.callEnded();
        assertThat(released.get()).as("cancelled, but the worker has not stopped the work yet").isZero();
        worker.runAll();
        assertThat(events).endsWith("stop", "close");
        assertThat(released.get()).as("released once the source is closed").isEqualTo(1);
        worker.runAll();
        assertThat(released.get()).isEqualTo(1);
    }

    @Test
    void aFailureClosesTheSourceAndEndsTheCallWithItsStatus() {
        CountingSource source = new CountingSource(100);
        FlowControlledStreamer.create(call, source, worker).start();
        call.grant(2);
        worker.runAll();
        source.failOnNext = new IllegalStateException("broken");
        call.grant(1);
        worker.runAll();
        assertThat(events).containsExactly("open", "sent header", "sent b1", "close", "error INVALID_ARGUMENT broken");
    }

    @Test
    void aFailureOfACancelledCallIsNotReported() {
        CountingSource source = new CountingSource(100) {
            @Override
            public void next(FlowControlledStreamer.Sink<String> out) {
                call.cancelByClient();
                throw new IllegalStateException("broken by the cancel");
            }
        };
        FlowControlledStreamer.create(call, source, worker).start();
        call.grant(2);
        worker.runAll();
        assertThat(events).containsExactly("open", "sent header", "stop", "close");
    }

    @Test
    void aCallCancelledBeforeTheWorkerStartsNeverOpensTheSource() {
        CountingSource source = new CountingSource(100);
        FlowControlledStreamer.create(call, source, worker).start();
        call.cancelByClient();
        worker.runAll();
        assertThat(events).containsExactly("stop", "close");
    }

    @Test
    void aSourcesOwnSignalEndsTheStreamWhileTheClientReadsNothing() {
        CountingSource source = new CountingSource(100);
        FlowControlledStreamer<String> streamer = FlowControlledStreamer.create(call, source, worker);
        streamer.start();
        worker.runAll();
        source.failOnCheck = new IllegalStateException("session closed");
        streamer.wake();
        worker.runAll();
        assertThat(events).containsExactly("open", "sent header", "close", "error INVALID_ARGUMENT session closed");
    }

    @Test
    void aSignalThatComesWhileTheWorkerRunsIsLookedAtAfterwards() {
        FlowControlledStreamer<?>[] self = new FlowControlledStreamer<?>[1];
        CountingSource source = new CountingSource(100) {
            @Override
            public void open(FlowControlledStreamer.Sink<String> out) {
                super.open(out);
                self[0].wake();
                assertThat(worker.pending()).as("one task at a time").isZero();
            }
        };
        FlowControlledStreamer<String> streamer = FlowControlledStreamer.create(call, source, worker);
        self[0] = streamer;
        streamer.start();
        worker.take().run();
        assertThat(worker.pending()).as("the signal that came meanwhile").isEqualTo(1);
        worker.runAll();
        assertThat(worker.pending()).as("nothing came since").isZero();
        assertThat(events).containsExactly("open", "sent header");
    }

    @Test
    void theDeadlineStopsTheWorkAndEndsTheCallWithTheSourcesStatus() {
        ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
        try {
            CountingSource source = new CountingSource(100) {
                @Override
                public StatusRuntimeException deadlineExceeded() {
                    return GrpcStatuses.status(ErrorKind.DEADLINE_EXCEEDED, "too slow").asRuntimeException();
                }
            };
            FlowControlledStreamer.create(call, source, Runnable::run).deadline(timers, Duration.ofMillis(20)).start();
            await().atMost(Duration.ofSeconds(10)).until(() -> events.contains("error DEADLINE_EXCEEDED too slow"));
            assertThat(events).containsExactly("open", "sent header", "stop", "close",
                    "error DEADLINE_EXCEEDED too slow");
        } finally {
            timers.shutdownNow();
        }
    }

    @Test
    void aStreamThatEndsInTimeCancelsItsDeadline() {
        java.util.concurrent.ScheduledThreadPoolExecutor timers = new java.util.concurrent.ScheduledThreadPoolExecutor(1);
        timers.setRemoveOnCancelPolicy(true);
        try {
            call.window = 10;
            FlowControlledStreamer.create(call, new CountingSource(2), Runnable::run)
                    .deadline(timers, Duration.ofMinutes(10)).start();
            assertThat(events).containsExactly("open", "sent header", "sent b1", "close", "sent b2", "completed");
            assertThat(timers.getQueue()).as("the deadline was cancelled with the stream's end, not left to fire")
                    .isEmpty();
        } finally {
            timers.shutdownNow();
        }
    }

    @Test
    void aWorkerThatRefusesTheWorkFailsTheCall() {
        CountingSource source = new CountingSource(1);
        FlowControlledStreamer.create(call, source, task -> {
            throw new RejectedExecutionException("shutting down");
        }).start();
        assertThat(events).containsExactly("close", "error INVALID_ARGUMENT shutting down");
    }

    @Test
    void aSourceThatFailsToCloseAtTheEndFailsTheCallRatherThanLeaveItOpen() {
        CountingSource source = new CountingSource(1);
        source.failOnClose = new IllegalStateException("close failed");
        call.window = 5;
        FlowControlledStreamer.create(call, source, worker).start();
        worker.runAll();
        assertThat(events).containsExactly("open", "sent header", "close", "error INVALID_ARGUMENT close failed");
    }

    @Test
    void batchSizesDefaultAndStayWithinTheLimit() {
        ServerLimits limits = ServerLimits.DEFAULTS;
        assertThat(FlowControlledStreamer.batchSize(limits, 0)).isEqualTo(FlowControlledStreamer.DEFAULT_BATCH);
        assertThat(FlowControlledStreamer.batchSize(limits, 7)).isEqualTo(7);
        assertThat(FlowControlledStreamer.batchSize(limits, Integer.MAX_VALUE)).isEqualTo(limits.maxRowsPerBatch());
    }
}
