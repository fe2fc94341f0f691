package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.limits.ServerLimits;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What every statement stream shares: the worker it runs on, the timer of statement timeouts, the limits (timeout,
 * rows per batch) and the metrics it reports its duration to.
 */
record StreamSettings(Executor worker, ScheduledExecutorService timers, ServerLimits limits, RlMetrics metrics) {
}
