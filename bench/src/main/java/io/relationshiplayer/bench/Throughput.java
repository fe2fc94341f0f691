package io.relationshiplayer.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** Runs an operation on N client threads for a fixed time after a warm-up and reports operations per second. */
final class Throughput {
    private static final long START_TIMEOUT_SECONDS = 30;

    /** One unit of work (a transaction); returns how many operations it performed. */
    @FunctionalInterface
    interface Operation {
        int run();
    }

    private Throughput() {
    }

    static double measure(int threads, long warmupMillis, long measureMillis, Operation op)
            throws InterruptedException {
        LongAdder done = new LongAdder();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(threads);
        List<Thread> clients = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                started.countDown();
                try {
                    while (!stop.get()) {
                        done.add(op.run());
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "bench-client-" + i);
            t.setDaemon(true);
            clients.add(t);
            t.start();
        }
        try {
            if (!started.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("client threads did not start");
            }
            // Fixed-duration sampling: the sleeps are the measurement window, not a wait for a condition.
            Thread.sleep(warmupMillis);
            long before = done.sum();
            long t0 = System.nanoTime();
            Thread.sleep(measureMillis);
            long after = done.sum();
            long t1 = System.nanoTime();
            if (failure.get() != null) {
                throw new IllegalStateException("benchmark operation failed: " + failure.get(), failure.get());
            }
            return (after - before) * 1e9 / (t1 - t0);
        } finally {
            stop.set(true);
            for (Thread t : clients) {
                t.join(TimeUnit.SECONDS.toMillis(START_TIMEOUT_SECONDS));
            }
        }
    }
}
