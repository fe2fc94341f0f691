package io.relationshiplayer.records.grpc;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The server's stream worker pool, counting the tasks it runs so a test can wait until no stream is being read. */
public final class TrackingExecutor implements Executor {
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "rl-test-streams");
        t.setDaemon(true);
        return t;
    });
    private final Object lock = new Object();
    private final AtomicInteger started = new AtomicInteger();
    private int active;

    @Override
    public void execute(Runnable task) {
        synchronized (lock) {
            active++;
        }
        started.incrementAndGet();
        try {
            pool.execute(() -> {
                try {
                    task.run();
                } finally {
                    done();
                }
            });
        } catch (RuntimeException e) {
            done();
            throw e;
        }
    }

    private void done() {
        synchronized (lock) {
            active--;
            lock.notifyAll();
        }
    }

    /** Tasks handed to the pool so far. */
    public int started() {
        return started.get();
    }

    /** Waits until no task runs; false if that did not happen in time. */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (lock) {
            while (active > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
            return true;
        }
    }

    public void shutdown() {
        pool.shutdownNow();
    }
}
