package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.sql.PlanningElsewhere;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What every statement stream shares: the worker it runs on, the timer of statement timeouts, the limits (timeout,
 * rows per batch) and the metrics it reports its duration to; whether an autocommit statement that reads one row by
 * its key on a cached fast path ({@link io.relationshiplayer.sql.SqlSession#readsWithoutPlanning}) starts on the
 * thread that read its call ({@code inlinePointStatements}: only where the backend answers from memory at once). It
 * goes to the worker after all if it needs planning there (the catalog changed: {@link PlanningElsewhere}).
 */
record StreamSettings(Executor worker, ScheduledExecutorService timers, ServerLimits limits, RlMetrics metrics,
                      boolean inlinePointStatements) {
    /**
     * The executor of a statement's stream: {@link #worker}, or, for a point statement that can run inline, the calling
     * thread for its first turn (the whole of such a statement) and the worker for any later one.
     */
    Executor executorFor(io.relationshiplayer.sql.SqlSession session, String sql) {
        if (!inlinePointStatements || !session.readsWithoutPlanning(sql)) {
            return worker;
        }
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        return task -> {
            if (first.compareAndSet(true, false)) {
                PlanningElsewhere.refusingHere(task);
            } else {
                worker.execute(task);
            }
        };
    }
}
