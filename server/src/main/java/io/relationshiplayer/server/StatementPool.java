package io.relationshiplayer.server;

import io.relationshiplayer.client.EventLoops;
import io.relationshiplayer.records.RecordServiceException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads that run SQL statements and record streams: at most a fixed number at once, the rest waiting their turn
 * in arrival order. Without a bound, 500 concurrent scans on 2 cores each ran at a five-hundredth of the speed, past
 * FoundationDB's 5 s, and all failed; with one, the machine runs as many as it can run well and the others wait (the
 * statement timeout counts the wait). A stream whose client is not reading gives its thread back until it reads again,
 * so a slow client holds no turn; its later turns go before new statements and are never refused
 * ({@link AdmissionQueue}). Past {@link #MAX_WAITING} new ones waiting, another is refused at once with 53000.
 */
final class StatementPool {
    /** The option that sets the bound. */
    static final String MAX_RUNNING = "max-running-statements";
    /** Work that may wait for a turn; past it, refused. */
    static final int MAX_WAITING = 10_000;

    private StatementPool() {
    }

    /** Four per core, at least eight: statements wait on the store (a real cluster's round trips) as well as compute. */
    static int defaultSize() {
        return Math.max(8, 4 * Runtime.getRuntime().availableProcessors());
    }

    /** A pool of {@code size} threads (0: {@link #defaultSize()}); idle threads end after a minute. */
    static ThreadPoolExecutor create(int size) {
        return create(size, MAX_WAITING);
    }

    /** As {@link #create(int)}, with {@code maxWaiting} tasks waiting at most. */
    static ThreadPoolExecutor create(int size, int maxWaiting) {
        int n = size > 0 ? size : defaultSize();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(n, n, 60, TimeUnit.SECONDS,
                new AdmissionQueue(maxWaiting, EventLoops.spinMicros()), r -> {
                    Thread t = new Thread(r, "rl-stream");
                    t.setDaemon(true);
                    return t;
                }, (task, executor) -> {
                    if (executor.isShutdown()) {
                        throw new java.util.concurrent.RejectedExecutionException("the server is stopping");
                    }
                    throw RecordServiceException.busy("the server is busy: " + n + " statements are running and "
                            + maxWaiting + " wait for a turn (limit " + MAX_RUNNING + "=" + n + "); try again later");
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
