package io.relationshiplayer.grpc;

import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.limits.CallWork;
import io.relationshiplayer.limits.ServerLimits;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Streams a {@link Source}'s batches to one gRPC server call, for every service that streams (the record service's
 * scans and queries, the SQL service's results). The source's work runs on a worker, one task at a time, so that no
 * gRPC thread waits on the database and at most one batch is held in memory; batches are produced only while the
 * client's window has room (gRPC flow control: {@code isReady} and the on-ready handler). A cancelled call stops the
 * source's work ({@link Source#stop}) and closes it; so does an optional deadline, which then ends the call with the
 * source's {@link Source#deadlineExceeded} status; a failure closes the source and ends the call with its status. The
 * source is closed exactly once however the stream ends, before its last message is sent.
 *
 * @param <T> the call's response message
 */
public final class FlowControlledStreamer<T> {
    /** Rows or records per batch when a request names no size. */
    public static final int DEFAULT_BATCH = 500;

    /**
     * What a stream sends. Every method but {@link #stop} runs on the worker, one at a time, under the streamer's lock.
     *
     * @param <T> the call's response message
     */
    /**
     * Thrown by {@link Source#open} that sent nothing and cannot open on the thread it was called on (one its executor
     * ran inline): the streamer tries again in its next turn, which its executor then gives to a worker.
     */
    public static final class NotHere extends RuntimeException {
        public NotHere() {
            super("not on this thread", null, false, false);
        }
    }

    public interface Source<T> {
        /** Once, before any {@link #next}, whether or not the client is ready (skipped if cancelled first). */
        default void open(@Nonnull Sink<T> out) {
        }

        /** Before each step, ready or not, unless cancelled: throws to end the stream with that failure. */
        default void check() {
        }

        /** Sends the next batch, or ends the stream with {@link Sink#end}; called only while the client has room. */
        void next(@Nonnull Sink<T> out);

        /** Asks the work in progress to stop, from any thread, on cancellation and at the deadline (maybe late). */
        default void stop() {
        }

        /** The deadline passed (not a cancel): stops the work as {@link #stop} does, unless the source tells them apart. */
        default void timedOut() {
            stop();
        }

        /** Releases what the source holds; called once, on whichever way the stream ends. */
        void close();

        /** The status a failure of the stream ends the call with. */
        @Nonnull
        StatusRuntimeException toStatus(@Nonnull Throwable failure);

        /** The status the call ends with when the deadline passed. */
        @Nonnull
        default StatusRuntimeException deadlineExceeded() {
            return GrpcStatuses.status(ErrorKind.DEADLINE_EXCEEDED, "deadline exceeded").asRuntimeException();
        }
    }

    /**
     * Where a source sends.
     *
     * @param <T> the call's response message
     */
    public interface Sink<T> {
        /** Sends a message now. */
        void send(@Nonnull T message);

        /** Ends the stream: closes the source, then sends {@code last} (if any) and completes the call. */
        void end(@Nullable T last);

        /** Whether the call was cancelled or passed its deadline: a batch being built may stop early. */
        boolean stopping();
    }

    /**
     * A turn of a stream's worker, as the worker's executor sees it: the first turn starts new work (an executor that
     * admits work may make it wait, or refuse it), a later one continues work already admitted.
     */
    public static final class Turn implements Runnable {
        private final Runnable work;
        private final boolean resumed;

        public Turn(Runnable work, boolean resumed) {
            this.work = work;
            this.resumed = resumed;
        }

        /** Whether the stream has had a turn before. */
        public boolean resumed() {
            return resumed;
        }

        @Override
        public void run() {
            work.run();
        }
    }

    private final ServerCallStreamObserver<T> call;
    private final Source<T> source;
    private final Executor worker;
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final Sink<T> sink = new Sink<>() {
        @Override
        public void send(@Nonnull T message) {
            if (answered) {
                throw new IllegalStateException("the stream has ended");
            }
            call.onNext(message);
        }

        @Override
        public void end(@Nullable T last) {
            finish();
            answered = true;
            if (last != null) {
                call.onNext(last);
            }
            call.onCompleted();
        }

        @Override
        public boolean stopping() {
            return cancelled || timedOut;
        }
    };
    @Nullable
    private ScheduledExecutorService timers;
    private Duration timeout = Duration.ZERO;
    private volatile ScheduledFuture<?> deadline;
    private volatile boolean started;
    /** A turn has run: later ones continue admitted work. */
    private volatile boolean hadTurn;
    /** A signal (ready, cancel, deadline, {@link #wake}) came since the current task began: look again after it. */
    private volatile boolean signalled;
    private volatile boolean cancelled;
    private volatile boolean timedOut;
    /** The source is closed: nothing more runs. */
    private volatile boolean finished;
    private Runnable workDone = () -> { };
    /** The call has its end (completed, failed, or cancelled by the client): nothing more is sent. */
    private volatile boolean answered;
    private boolean opened;

    private FlowControlledStreamer(StreamObserver<T> observer, Source<T> source, Executor worker) {
        this.call = (ServerCallStreamObserver<T>) Objects.requireNonNull(observer, "observer is null");
        this.source = Objects.requireNonNull(source, "source is null");
        this.worker = Objects.requireNonNull(worker, "worker is null");
    }

    /** A streamer of {@code source} to the call of {@code observer} (a server call's), working on {@code worker}. */
    @Nonnull
    public static <T> FlowControlledStreamer<T> create(@Nonnull StreamObserver<T> observer, @Nonnull Source<T> source,
                                                       @Nonnull Executor worker) {
        return new FlowControlledStreamer<>(observer, source, worker);
    }

    /** The rows or records per batch of a request that asked for {@code requested} (0: the default), within limits. */
    public static int batchSize(@Nonnull ServerLimits limits, int requested) {
        return limits.batchSize(requested, DEFAULT_BATCH);
    }

    /** Ends the call {@code timeout} after it starts (zero: never), timed on {@code timers}. Before {@link #start}. */
    @Nonnull
    public FlowControlledStreamer<T> deadline(@Nonnull ScheduledExecutorService timers, @Nonnull Duration timeout) {
        this.timers = Objects.requireNonNull(timers, "timers is null");
        this.timeout = Objects.requireNonNull(timeout, "timeout is null");
        return this;
    }

    /** Starts streaming; must be called from the gRPC handler method. */
    public void start() {
        // the call counts against its client's limits until the work has stopped, not only until it is cancelled
        workDone = CallWork.hold();
        call.setOnCancelHandler(this::cancel);
        call.setOnReadyHandler(this::wake);
        if (timers != null && !timeout.isZero()) {
            deadline = timers.schedule(this::timeOut, timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
        started = true;
        wake();
    }

    /**
     * Has the worker look at the stream again, from any thread: for a signal of the source's own (e.g. its session was
     * closed), which {@link Source#check} then sees.
     */
    public void wake() {
        signalled = true;
        if (started && !finished && scheduled.compareAndSet(false, true)) {
            try {
                worker.execute(new Turn(this::drain, hadTurn));
            } catch (RuntimeException e) {
                scheduled.set(false);
                fail(e);
            }
        }
    }

    private void cancel() {
        cancelled = true;
        source.stop();
        wake();
    }

    /** The deadline passed: stop the work; the worker then ends the call with the deadline's status. */
    private void timeOut() {
        if (!finished) {
            timedOut = true;
            source.timedOut();
            wake();
        }
    }

    private void drain() {
        hadTurn = true;
        signalled = false;
        try {
            synchronized (this) {
                if (!finished) {
                    pass();
                }
            }
        } catch (RuntimeException | Error e) {
            // An Error too (generated query code may throw one): the source must be closed whatever happened.
            fail(e);
        } finally {
            scheduled.set(false);
        }
        // A signal that came while draining found 'scheduled' set: look again.
        if (!finished && (signalled || cancelled || timedOut || call.isReady())) {
            wake();
        }
    }

    /** One task's work, under the lock: open, then batches while the client has room; a cancelled call is closed. */
    private void pass() {
        checkGoing();
        if (!opened) {
            opened = true;
            if (!cancelled) {
                try {
                    source.open(sink);
                } catch (NotHere e) {
                    opened = false; // nothing was sent: the next turn, on the worker, opens it
                    hadTurn = false; // and is admitted as a new statement's, not resumed ahead of the waiting ones
                    signalled = true;
                    return;
                }
            }
        }
        while (!finished && !cancelled && call.isReady()) {
            checkGoing();
            source.next(sink);
        }
        if (cancelled && !finished) {
            answered = true;
            finish();
        }
    }

    private void checkGoing() {
        if (!cancelled) {
            source.check();
        }
        if (timedOut) {
            throw new DeadlinePassed();
        }
    }

    private void fail(Throwable e) {
        boolean report;
        synchronized (this) {
            if (answered) {
                return;
            }
            answered = true;
            report = !cancelled;
            try {
                finish();
            } catch (RuntimeException | Error closing) {
                if (closing != e) {
                    e.addSuppressed(closing);
                }
            }
        }
        if (report) {
            call.onError(timedOut ? source.deadlineExceeded() : source.toStatus(e));
        }
    }

    /** Closes the source (once) and forgets the deadline. */
    private void finish() {
        if (finished) {
            return;
        }
        finished = true;
        ScheduledFuture<?> d = deadline;
        if (d != null) {
            d.cancel(false);
        }
        try {
            source.close();
        } finally {
            workDone.run();
        }
    }

    /** Thrown inside a task once the deadline passed; the call ends with the deadline's status, not this. */
    private static final class DeadlinePassed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DeadlinePassed() {
            super("deadline passed", null, false, false);
        }
    }
}
