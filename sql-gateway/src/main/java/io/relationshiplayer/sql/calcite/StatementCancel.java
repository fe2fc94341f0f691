package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import javax.annotation.Nullable;

/**
 * The cancel request of the statement a Calcite runner is running, checked at every phase: between parse, validation,
 * planning and code generation, at every rule the planner fires, and on every row every operator of the plan passes
 * on ({@link CancelChecks}). Set from any thread (a cancelled call, a deadline, the statement timeout, a closed
 * session); cleared when the next statement starts.
 */
public final class StatementCancel {
    /** The statement being prepared on this thread, for the planner's hooks; null outside preparation. */
    private static final ThreadLocal<StatementCancel> PREPARING = new ThreadLocal<>();

    private volatile String reason;

    /** Asks the running statement to stop; {@code why} ends "canceling statement due to ...". */
    public void cancel(String why) {
        if (reason == null) {
            reason = why;
        }
    }

    /** Clears the request, for the next statement. */
    public void reset() {
        reason = null;
    }

    public boolean cancelled() {
        return reason != null;
    }

    /** Fails with 57014 if the statement was cancelled. */
    public void check() {
        String why = reason;
        if (why != null) {
            throw new SqlException(SqlException.QUERY_CANCELED, "canceling statement due to " + why);
        }
    }

    /** Runs {@code body} as the preparation of this statement on the current thread (see {@link #preparing()}). */
    public <T, E extends Exception> T preparing(Body<T, E> body) throws E {
        StatementCancel outer = PREPARING.get();
        PREPARING.set(this);
        try {
            check();
            T result = body.run();
            check();
            return result;
        } finally {
            if (outer == null) {
                PREPARING.remove();
            } else {
                PREPARING.set(outer);
            }
        }
    }

    /** The statement being prepared on this thread, or null. */
    @Nullable
    static StatementCancel preparing() {
        return PREPARING.get();
    }

    /** Fails with 57014 if the statement being prepared on this thread was cancelled. */
    public static void checkPreparing() {
        StatementCancel c = PREPARING.get();
        if (c != null) {
            c.check();
        }
    }

    /** A preparation step. */
    @FunctionalInterface
    public interface Body<T, E extends Exception> {
        T run() throws E;
    }
}
