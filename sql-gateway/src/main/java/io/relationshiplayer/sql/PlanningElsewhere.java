package io.relationshiplayer.sql;

/**
 * A statement that needed planning on a thread that must not plan (a transport thread running a cached point
 * statement, {@link #refusingHere}): thrown before the statement has done anything, so that its caller runs it again
 * on a thread that may. Never reaches a client.
 */
public final class PlanningElsewhere extends SqlException {
    private static final ThreadLocal<Boolean> REFUSED = new ThreadLocal<>();

    private PlanningElsewhere() {
        super(SqlException.INTERNAL_ERROR, "planning is not allowed on this thread");
    }

    /** Runs {@code body} on this thread with planning refused: a plan not cached yet fails with this exception. */
    public static void refusingHere(Runnable body) {
        Boolean outer = REFUSED.get();
        REFUSED.set(Boolean.TRUE);
        try {
            body.run();
        } finally {
            if (outer == null) {
                REFUSED.remove();
            }
        }
    }

    /** Fails if planning is refused on this thread. */
    static void check() {
        if (REFUSED.get() != null) {
            throw new PlanningElsewhere();
        }
    }
}
