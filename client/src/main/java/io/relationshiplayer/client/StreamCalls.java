package io.relationshiplayer.client;

import com.google.common.util.concurrent.MoreExecutors;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.stub.AbstractStub;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * Server-streaming calls read as a blocking iterator, as a blocking stub's, whose reader polls for the next message
 * for a short while before it sleeps ({@link UnaryCalls} does the same for one answer): a statement's result that comes
 * as one message is then read without waking a parked thread. Messages are asked for one at a time, as the blocking
 * stub does, so a slow reader holds the server back. The transport thread only queues what arrives and wakes the
 * reader if it sleeps. Failures are the blocking stub's: {@code hasNext} throws the call's
 * {@link io.grpc.StatusRuntimeException}; an interrupted reader cancels the call and keeps its interrupt.
 */
public final class StreamCalls {
    private final long budgetNanos;

    /** Polling as long as {@link EventLoops#spinMicros()} says. */
    public StreamCalls() {
        this(EventLoops.spinMicros());
    }

    /** Polling for up to {@code budgetMicros} per message (0: never). */
    public StreamCalls(long budgetMicros) {
        this.budgetNanos = UnaryCalls.budgetNanos(budgetMicros);
    }

    /** Starts {@code method} with the stub's channel and options (deadline, credentials, the current context). */
    public <Q, R> Iterator<R> call(AbstractStub<?> stub, MethodDescriptor<Q, R> method, Q request) {
        ClientCall<Q, R> call = stub.getChannel().newCall(method,
                stub.getCallOptions().withExecutor(MoreExecutors.directExecutor()));
        Reader<R> reader = new Reader<>(call, budgetNanos);
        call.start(reader, new Metadata());
        call.request(1);
        try {
            call.sendMessage(request);
            call.halfClose();
        } catch (RuntimeException | Error e) {
            call.cancel("the request could not be sent", e);
            throw e;
        }
        return reader;
    }

    /** The end of the call: its status and trailers. */
    private record Closed(Status status, Metadata trailers) {
    }

    private static final class Reader<R> extends ClientCall.Listener<R> implements Iterator<R> {
        private final ClientCall<?, R> call;
        private final long budgetNanos;
        private final ConcurrentLinkedQueue<Object> arrived = new ConcurrentLinkedQueue<>();
        private volatile Thread sleeper;
        /** The next message, or the call's end once it came; null when not read yet. */
        private Object next;

        Reader(ClientCall<?, R> call, long budgetNanos) {
            this.call = call;
            this.budgetNanos = budgetNanos;
        }

        @Override
        public void onMessage(R message) {
            arrived.add(message);
            wake();
        }

        @Override
        public void onClose(Status status, Metadata trailers) {
            arrived.add(new Closed(status, trailers));
            wake();
        }

        private void wake() {
            Thread t = sleeper;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }

        @Override
        public boolean hasNext() {
            if (next == null) {
                next = take();
            }
            if (next instanceof Closed c) {
                if (!c.status().isOk()) {
                    throw c.status().asRuntimeException(c.trailers());
                }
                return false;
            }
            return true;
        }

        @Override
        @SuppressWarnings("unchecked")
        public R next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            R message = (R) next;
            next = null;
            call.request(1);
            return message;
        }

        private Object take() {
            Object o = arrived.poll();
            if (o != null) {
                return o;
            }
            boolean alone = UnaryCalls.enter();
            try {
                if (alone && budgetNanos > 0) {
                    long start = System.nanoTime();
                    while ((o = arrived.poll()) == null && System.nanoTime() - start < budgetNanos) {
                        Thread.yield();
                    }
                    if (o != null) {
                        return o;
                    }
                }
                return sleep();
            } finally {
                UnaryCalls.exit();
            }
        }

        private Object sleep() {
            Object o;
            boolean interrupted = false;
            sleeper = Thread.currentThread();
            try {
                while ((o = arrived.poll()) == null) {
                    LockSupport.park(this);
                    if (Thread.interrupted() && !interrupted) {
                        interrupted = true;
                        call.cancel("Thread interrupted", null); // its close (CANCELLED) comes next
                    }
                }
            } finally {
                sleeper = null;
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            return o;
        }
    }
}
