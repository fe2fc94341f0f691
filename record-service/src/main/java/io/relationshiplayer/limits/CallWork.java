package io.relationshiplayer.limits;

import io.grpc.Context;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.annotation.Nonnull;

/**
 * The work of one call, for the per-client limits: a call counts against its client until its status is sent or it
 * is cancelled, and also until the work it started on other threads (a stream's worker, a batch) has stopped, so
 * that a client cannot cancel calls to start more work than its limits allow. The limits interceptor puts one in the
 * call's context; a service holds it while its work runs off the call's own thread.
 */
public final class CallWork {
    private static final Context.Key<CallWork> KEY = Context.key("rl-call-work");
    private static final Runnable NOTHING = () -> { };

    private final AtomicInteger holds = new AtomicInteger(1);
    private final Runnable release;

    private CallWork(Runnable release) {
        this.release = release;
    }

    /** The work of a new call, released (once) when the call has ended and every hold has been dropped. */
    @Nonnull
    public static CallWork of(@Nonnull Runnable release) {
        return new CallWork(Objects.requireNonNull(release, "release is null"));
    }

    /** {@code context} carrying this work, for the call's handler. */
    @Nonnull
    public Context attachTo(@Nonnull Context context) {
        return context.withValue(KEY, this);
    }

    /**
     * Holds the current call's work open until the returned action runs (once; later runs do nothing). Outside a
     * call with limits, the action does nothing.
     */
    @Nonnull
    public static Runnable hold() {
        CallWork work = KEY.get();
        if (work == null) {
            return NOTHING;
        }
        work.holds.incrementAndGet();
        AtomicBoolean dropped = new AtomicBoolean();
        return () -> {
            if (dropped.compareAndSet(false, true)) {
                work.drop();
            }
        };
    }

    /** The call itself has ended (its status sent, or cancelled); call once. */
    public void callEnded() {
        drop();
    }

    private void drop() {
        if (holds.decrementAndGet() == 0) {
            release.run();
        }
    }
}
