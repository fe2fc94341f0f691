package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import javax.annotation.Nullable;

/**
 * The cancel request of the statement a Calcite runner is running, checked at every phase: while parsing (at every
 * block of text the parser reads and every token position read), validating (every expression typed), converting
 * (every call), planning (every rule the planner tries, every expression it builds and every 1,024 values of a long
 * VALUES list whose predicates it derives), between the phases, and on every row every operator of the plan
 * passes on ({@link CancelChecks}). Set from any thread (a cancelled call, a deadline, the statement timeout, a closed
 * session); cleared when the next statement starts.
 *
 * <p>Code generation and compilation of a plan ({@link #detachable}) take seconds for a select list of thousands of
 * expressions or a CASE of a thousand branches, in steps of Calcite's and Janino's that check for a cancel only where
 * this server's code is reached from them (the type factory, {@link CheckedParameter}, {@link CancellableCompiler}),
 * and some not at all (writing the generated Java, loading the compiled classes). A preparation runs on a thread of its
 * own ({@link #prepare}); a cancel during such a step frees its caller at once (57014) and leaves the step to end alone
 * until its next check, its result thrown away. The runner's next preparation waits for it
 * (one at a time: they share the connection's type factory, which is not thread-safe); its plans already made, and
 * its fast paths, run meanwhile.
 */
public final class StatementCancel {
    /** The preparation running on this thread, for the planner's hooks; null outside preparation. */
    private static final ThreadLocal<Preparation> PREPARING = new ThreadLocal<>();
    /** Preparations whose caller a cancel freed and whose thread is still finishing a detachable step. */
    private static final AtomicInteger LEFT_RUNNING = new AtomicInteger();

    private volatile String reason;
    /** The preparation the statement is waiting for now (null: none). */
    @Nullable
    private volatile Preparation waiting;
    /** Held by a preparation from its start to its end, also by one its caller has left. */
    private final Semaphore oneAtATime = new Semaphore(1);
    /** What a {@link #sleep} waits on; a cancel wakes it. */
    private final Object sleeping = new Object();

    /** Asks the running statement to stop; {@code why} ends "canceling statement due to ...". */
    public void cancel(String why) {
        if (reason == null) {
            reason = why;
        }
        Preparation p = waiting;
        if (p != null) {
            p.cancelled();
        }
        synchronized (sleeping) {
            sleeping.notifyAll();
        }
    }

    /** Clears the request, for the next statement. */
    public void reset() {
        reason = null;
    }

    public boolean cancelled() {
        return reason != null;
    }

    /** The reason the statement timeout cancels with (57014 "canceling statement due to statement timeout"). */
    public static final String STATEMENT_TIMEOUT = "statement timeout";

    /** Whether the statement was cancelled for {@code why}. */
    public boolean cancelledFor(String why) {
        return why.equals(reason);
    }

    /** Fails with 57014 if the statement was cancelled. */
    public void check() {
        String why = reason;
        if (why != null) {
            throw canceled(why);
        }
    }

    /**
     * Waits {@code nanos} (pg_sleep), failing with 57014 as soon as the statement is cancelled: a cancel wakes it at
     * once, and it looks again every {@link #SLEEP_SLICE_MILLIS} whatever happens. An interrupt cancels it and is kept.
     */
    public void sleep(long nanos) {
        long start = System.nanoTime();
        synchronized (sleeping) {
            while (true) {
                check();
                long left = nanos - (System.nanoTime() - start);
                if (left <= 0) {
                    return;
                }
                try {
                    long slice = Math.min(left, java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(SLEEP_SLICE_MILLIS));
                    sleeping.wait(slice / 1_000_000, (int) (slice % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    cancel("interruption");
                }
            }
        }
    }

    /** The longest a {@link #sleep} waits before it looks at the cancel request again, even unwoken. */
    static final long SLEEP_SLICE_MILLIS = 20;

    private static SqlException canceled(String why) {
        return new SqlException(SqlException.QUERY_CANCELED, "canceling statement due to " + why);
    }

    /**
     * Runs {@code body} as the preparation of this statement on a thread of {@code threads}, waiting for it: a cancel
     * stops it at its next check, and frees this caller at once while it waits for the runner's previous preparation
     * or is in a {@link #detachable} step. An interrupt of the waiting thread cancels it and is kept.
     */
    public <T, E extends Exception> T prepare(Executor threads, Body<T, E> body) throws E {
        check();
        Preparation p = new Preparation();
        waiting = p;
        if (reason != null) {
            p.cancelled(); // a cancel that came before it was published as waiting
        }
        try {
            threads.execute(() -> p.run(body));
            return p.await();
        } finally {
            waiting = null;
        }
    }

    /**
     * Preparations, of all runners, that a cancel left to finish a detachable step alone and that have not ended yet:
     * work no statement counts any longer (the gauge {@code rl_sql_left_preparations}).
     */
    public static int leftRunning() {
        return LEFT_RUNNING.get();
    }

    /** The statement being prepared on this thread, or null. */
    @Nullable
    static StatementCancel preparing() {
        Preparation p = PREPARING.get();
        return p == null ? null : p.owner();
    }

    /**
     * Fails with 57014 if the statement being prepared on this thread was cancelled, or its caller has left (then the
     * runner's next statement may already have cleared the request).
     */
    public static void checkPreparing() {
        Preparation p = PREPARING.get();
        if (p != null) {
            p.checkGoing();
        }
    }

    /**
     * Runs {@code step}, a step of the preparation on this thread that touches only objects of its own (code generation
     * and compilation), so that a cancel meanwhile frees the statement's caller at once; the step runs to its end.
     */
    public static <T, E extends Exception> T detachable(Body<T, E> step) throws E {
        Preparation p = PREPARING.get();
        return p == null ? step.run() : p.detached(step);
    }

    /** One statement's preparation, on a thread of its own. */
    private final class Preparation {
        /** Waiting for the runner's previous preparation; its caller may leave. */
        private static final int QUEUED = 0;
        private static final int RUNNING = 1;
        /** In a detachable step; its caller may leave. */
        private static final int DETACHED = 2;
        /** Its caller has left (57014); it stops at its next check. */
        private static final int ABANDONED = 3;

        private final AtomicInteger state = new AtomicInteger(QUEUED);
        private final CompletableFuture<Object> result = new CompletableFuture<>();

        StatementCancel owner() {
            return StatementCancel.this;
        }

        void checkGoing() {
            if (state.get() == ABANDONED) {
                throw canceled("its caller having left"); // seen by no one: ends this thread's work
            }
            check();
        }

        void cancelled() {
            // counted before the state changes, so that the step's end (detached) never counts down first
            LEFT_RUNNING.incrementAndGet();
            boolean left = state.compareAndSet(DETACHED, ABANDONED);
            if (!left) {
                LEFT_RUNNING.decrementAndGet();
            }
            if (left || state.compareAndSet(QUEUED, ABANDONED)) {
                result.completeExceptionally(canceled(reason == null ? "user request" : reason));
            }
        }

        <T, E extends Exception> void run(Body<T, E> body) {
            if (!turn()) {
                return; // its caller left while it waited for the runner's previous preparation
            }
            try {
                if (!state.compareAndSet(QUEUED, RUNNING)) {
                    return; // its caller left just now
                }
                PREPARING.set(this);
                check();
                // done: a plan made is kept (cached) even if a cancel came meanwhile; its run checks again
                result.complete(body.run());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            } finally {
                PREPARING.remove();
                oneAtATime.release();
            }
        }

        /** Waits for the runner's previous preparation to end, or for this one's caller to leave (false). */
        private boolean turn() {
            try {
                while (!oneAtATime.tryAcquire(10, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    if (state.get() == ABANDONED) {
                        return false;
                    }
                }
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result.completeExceptionally(canceled("interruption"));
                return false;
            }
        }

        <T, E extends Exception> T detached(Body<T, E> step) throws E {
            checkGoing(); // before the state changes: a cancel now leaves nothing to count
            if (!state.compareAndSet(RUNNING, DETACHED)) {
                return step.run(); // a step within a detachable step
            }
            if (reason != null) {
                cancelled(); // a cancel that came just before the state changed: its caller leaves now
            }
            T out;
            try {
                out = step.run();
            } finally {
                // every way out of the step: if its caller left meanwhile, it was counted, and it ends here
                if (!state.compareAndSet(DETACHED, RUNNING)) {
                    LEFT_RUNNING.decrementAndGet();
                    throw canceled("its caller having left"); // seen by no one: ends this thread's work
                }
            }
            check();
            return out;
        }

        @SuppressWarnings("unchecked")
        <T, E extends Exception> T await() throws E {
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        return (T) result.get();
                    } catch (InterruptedException e) {
                        interrupted = true;
                        cancel("interruption");
                    } catch (ExecutionException e) {
                        Throwable cause = e.getCause();
                        if (cause instanceof RuntimeException r) {
                            throw r;
                        }
                        if (cause instanceof Error err) {
                            throw err;
                        }
                        throw (E) cause; // the body's checked exception
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** A preparation step. */
    @FunctionalInterface
    public interface Body<T, E extends Exception> {
        T run() throws E;
    }
}
