package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.FastPath;
import io.relationshiplayer.sql.calcite.StatementCancel;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fast paths of point statements, shared by every Calcite runner of an engine and planned once per database,
 * committed catalog version and statement text. A {@link FastPath} is immutable and needs no prepared statement to run
 * (its parameters are bound from their types alone, {@link ParameterBinding#internal}), so a runner that has not
 * planned a statement takes the one another runner made. Planning is single-flight: while one runner plans a
 * statement, the others that need it wait for that plan instead of planning it too. Without this, the clients of a
 * restarted server (each a session, each lent a runner of its own) planned the same few statements all at once on a cold
 * JIT, which took seconds on two cores. Statements without a fast path are planned by each runner, as before.
 */
final class SharedPlans {
    static final int MAX_PLANS = 4_096;
    /** How often a runner waiting for another's plan checks its own statement's cancel request. */
    private static final long WAIT_SLICE_MILLIS = 20;

    /** A fast path and what runs it: its result columns (a query's) and its parameters' JDBC types. */
    record Shared(FastPath fast, List<ColumnMeta> columns, int[] parameterTypes) { }

    /** The outcome of a plan with no fast path (or that failed): each runner plans the statement itself. */
    private static final Shared NONE = new Shared(null, List.of(), new int[0]);

    /** A runner's own planning of a statement, the full plan with its prepared statement. */
    interface Planner {
        CalciteRunner.Plan plan() throws SQLException;
    }

    private final Map<String, CompletableFuture<Shared>> plans = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, CompletableFuture<Shared>> eldest) {
            return size() > MAX_PLANS;
        }
    };
    private final AtomicLong shared = new AtomicLong();

    /**
     * Whether plans against the catalog {@code catalogKey} may be shared: a committed catalog's are; an uncommitted one
     * is seen by its own transaction alone, and the empty key is a runner's warm-up.
     */
    static boolean shareable(String catalogKey) {
        return !catalogKey.isEmpty() && !catalogKey.contains(":uncommitted:");
    }

    /**
     * The plan for {@code key}: the shared fast path when a runner made one (waiting while it is being made, checking
     * {@code cancel}), else {@code planner}'s, whose fast path is then shared. A fast-only plan (no prepared statement)
     * is returned as {@code CalciteRunner.Plan.fastOnly}.
     */
    CalciteRunner.Plan plan(String key, String sql, String catalogKey, StatementCancel cancel, Planner planner)
            throws SQLException {
        CompletableFuture<Shared> mine = new CompletableFuture<>();
        CompletableFuture<Shared> theirs;
        synchronized (plans) {
            theirs = plans.get(key);
            if (theirs == null) {
                plans.put(key, mine);
            }
        }
        if (theirs == null) {
            try {
                CalciteRunner.Plan p = planner.plan();
                mine.complete(p.fast() == null ? NONE : new Shared(p.fast(), p.columns(), p.parameterTypes()));
                return p;
            } catch (SQLException | RuntimeException | Error e) {
                synchronized (plans) {
                    plans.remove(key, mine); // a failed or cancelled plan is no one's: the next runner tries again
                }
                mine.complete(NONE); // those waiting plan it themselves, and get their own outcome
                throw e;
            }
        }
        Shared s = await(theirs, cancel);
        if (s.fast() == null) {
            return planner.plan();
        }
        shared.incrementAndGet();
        return CalciteRunner.Plan.fastOnly(sql, catalogKey, s.fast(), s.columns(), s.parameterTypes());
    }

    /** Plans taken from another runner rather than made. */
    long plansShared() {
        return shared.get();
    }

    private static Shared await(CompletableFuture<Shared> f, StatementCancel cancel) {
        while (true) {
            try {
                return f.get(WAIT_SLICE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                cancel.check();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancel.cancel("interruption");
                cancel.check();
            } catch (ExecutionException e) {
                return NONE; // never: the future is completed with a value only
            }
        }
    }
}
