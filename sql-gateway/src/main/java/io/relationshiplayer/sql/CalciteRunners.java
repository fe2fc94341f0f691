package io.relationshiplayer.sql;

import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's Calcite runners, pooled per database: a session borrows one for its lifetime and returns it, with its
 * plan cache, when it closes. So a statement is planned once per runner and catalog version, not once per session: a
 * client that opens a session per request plans only its first requests. The pool keeps at most
 * {@link #MAX_IDLE_PER_DATABASE} idle runners per database; as many are lent as there are open sessions.
 */
final class CalciteRunners {
    static final int MAX_IDLE_PER_DATABASE = 16;

    private final Map<String, Deque<CalciteRunner>> idle = new ConcurrentHashMap<>();
    /** Counts of runners no longer pooled, so that the totals never go back. */
    private final AtomicLong retiredPlanned = new AtomicLong();
    private final AtomicLong retiredReused = new AtomicLong();

    CalciteRunner acquire(String database) {
        CalciteRunner r = idle.computeIfAbsent(database, d -> new ConcurrentLinkedDeque<>()).pollFirst();
        return r != null ? r : new CalciteRunner(database);
    }

    /** Takes back a runner whose session has ended (no statement of it running). */
    void release(CalciteRunner runner) {
        runner.bindTo(null);
        Deque<CalciteRunner> pool = idle.computeIfAbsent(runner.database(), d -> new ConcurrentLinkedDeque<>());
        if (pool.size() < MAX_IDLE_PER_DATABASE) {
            pool.offerFirst(runner);
            return;
        }
        retiredPlanned.addAndGet(runner.plansPrepared());
        retiredReused.addAndGet(runner.plansReused());
        runner.close();
    }

    /** Plans made by the runners idle now and retired (runners lent to sessions count once returned). */
    long plansPrepared() {
        return retiredPlanned.get() + idle.values().stream().flatMap(Deque::stream)
                .mapToLong(CalciteRunner::plansPrepared).sum();
    }

    long plansReused() {
        return retiredReused.get() + idle.values().stream().flatMap(Deque::stream)
                .mapToLong(CalciteRunner::plansReused).sum();
    }
}
