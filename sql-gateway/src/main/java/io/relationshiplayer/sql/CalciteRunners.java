package io.relationshiplayer.sql;

import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's Calcite runners, pooled per database: a session borrows one for its lifetime and returns it, with its
 * plan cache, when it closes. So a statement is planned once per runner and catalog version, not once per session: a
 * client that opens a session per request plans only its first requests. The pool keeps at most
 * {@link #MAX_IDLE_PER_DATABASE} idle runners per database and {@link #MAX_IDLE} in all (a server of many tenant
 * databases keeps the plans of the busiest); as many are lent as there are open sessions.
 */
final class CalciteRunners {
    static final int MAX_IDLE_PER_DATABASE = 16;
    static final int MAX_IDLE = 256;

    private final Map<String, Deque<CalciteRunner>> idle = new ConcurrentHashMap<>();
    /** Counts of runners no longer pooled, so that the totals never go back. */
    private final AtomicLong retiredPlanned = new AtomicLong();
    private final AtomicLong retiredReused = new AtomicLong();
    private final AtomicInteger idleCount = new AtomicInteger();
    private final SharedPlans shared = new SharedPlans();

    CalciteRunner acquire(String database) {
        Deque<CalciteRunner> pool = idle.get(database);
        CalciteRunner r = pool == null ? null : pool.pollFirst();
        if (r == null) {
            return new CalciteRunner(database, shared);
        }
        idleCount.decrementAndGet();
        return r;
    }

    /** Takes back a runner whose session has ended (no statement of it running). */
    void release(CalciteRunner runner) {
        runner.bindTo(null);
        Deque<CalciteRunner> pool = idle.computeIfAbsent(runner.database(), d -> new ConcurrentLinkedDeque<>());
        boolean room = pool.size() < MAX_IDLE_PER_DATABASE;
        if (room && idleCount.incrementAndGet() <= MAX_IDLE) {
            pool.offerFirst(runner);
            return;
        }
        if (room) {
            idleCount.decrementAndGet(); // the pool as a whole is full
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
