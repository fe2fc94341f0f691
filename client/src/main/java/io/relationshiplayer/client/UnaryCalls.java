package io.relationshiplayer.client;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.ClientCalls;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Blocking unary calls whose caller polls for the answer for a short while before it sleeps, as {@link EventLoops}'
 * transport threads do: a blocking stub parks the caller at once, and the transport thread that receives the answer
 * must then wake it, which on a machine where waking a thread is dear costs more than the rest of a loopback call. The
 * answer completes the call's future on the transport thread itself (it only sets the future), and the caller, yielding
 * its core to any other runnable thread, sees it. It polls only while its call is the process's one call in flight
 * through this class or {@link StreamCalls} (callers on many threads polling at once would take the cores from the
 * transport threads that answer them), and while calls answer within about twice the budget: one that took longer (a
 * cluster's latency, a large scan) makes the next call sleep at once. Failures are the blocking stub's: a
 * {@link StatusRuntimeException}; an interrupt cancels the call (CANCELLED, the interrupt kept).
 */
public final class UnaryCalls {
    private final long budgetNanos;
    /** Calls in flight through every instance: callers poll only while theirs is the process's only one. */
    private static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private volatile long lastNanos;

    /** Polling as long as {@link EventLoops#spinMicros()} says. */
    public UnaryCalls() {
        this(EventLoops.spinMicros());
    }

    /** Polling for up to {@code budgetMicros} (0: never). */
    public UnaryCalls(long budgetMicros) {
        this.budgetNanos = budgetNanos(budgetMicros);
    }

    /** A polling budget given in microseconds, in nanoseconds; refused when negative. */
    static long budgetNanos(long budgetMicros) {
        if (budgetMicros < 0) {
            throw new IllegalArgumentException("budgetMicros must be 0 or more, got " + budgetMicros);
        }
        return budgetMicros * 1_000;
    }

    /** Calls {@code method} with the stub's channel and options (deadline, credentials) and waits for the answer. */
    public <Q, R> R call(AbstractStub<?> stub, MethodDescriptor<Q, R> method, Q request) {
        long start = System.nanoTime();
        boolean alone = enter();
        ListenableFuture<R> answer = null;
        try {
            answer = ClientCalls.futureUnaryCall(stub.getChannel().newCall(method,
                    stub.getCallOptions().withExecutor(MoreExecutors.directExecutor())), request);
            if (alone && budgetNanos > 0 && lastNanos < 2 * budgetNanos) {
                while (!answer.isDone() && System.nanoTime() - start < budgetNanos) {
                    Thread.yield();
                }
            }
            return answer.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof StatusRuntimeException s ? s : Status.fromThrowable(cause).asRuntimeException();
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw Status.CANCELLED.withDescription("Thread interrupted").withCause(e).asRuntimeException();
        } finally {
            lastNanos = System.nanoTime() - start;
            exit();
        }
    }

    /** Counts a wait for an answer; whether it is the process's only one (then its caller may poll). */
    static boolean enter() {
        return IN_FLIGHT.incrementAndGet() == 1;
    }

    /** The end of a wait counted by {@link #enter}. */
    static void exit() {
        IN_FLIGHT.decrementAndGet();
    }
}
