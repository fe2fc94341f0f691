package io.relationshiplayer.bench.study;

import io.relationshiplayer.bench.bank.Latencies;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;

/**
 * Times a run of calls made by C concurrent clients. The calls 0..calls-1 are split into C contiguous shares (the
 * first {@code calls % C} clients take one more), so a run does the same work whatever C is: its wall time is
 * comparable across client counts and calls / time is its throughput. One client runs on the caller's thread, as the
 * study's serial client did; more start together on pool threads, and the clock runs from their common start to the
 * last one's end. Each call is also timed on its own, for percentiles.
 */
final class Clients implements AutoCloseable {
    /** One timed run: the wall time of all calls, and each call's own time. */
    record Run(double millis, Latencies calls) {
    }

    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "study-client");
        t.setDaemon(true);
        return t;
    });

    private final LongAdder done = new LongAdder();

    Run time(int clients, int calls, IntConsumer call) {
        if (clients == 1) {
            Latencies each = new Latencies();
            long start = System.nanoTime();
            share(0, calls, call, each);
            return new Run((System.nanoTime() - start) / 1e6, each);
        }
        CountDownLatch ready = new CountDownLatch(clients);
        CountDownLatch go = new CountDownLatch(1);
        List<Latencies> parts = new ArrayList<>(clients);
        List<Future<?>> done = new ArrayList<>(clients);
        int first = 0;
        for (int c = 0; c < clients; c++) {
            int from = first;
            int to = from + calls / clients + (c < calls % clients ? 1 : 0);
            first = to;
            Latencies each = new Latencies();
            parts.add(each);
            done.add(pool.submit(() -> {
                ready.countDown();
                go.await();
                share(from, to, call, each);
                return null;
            }));
        }
        try {
            ready.await();
            long start = System.nanoTime();
            go.countDown();
            for (Future<?> f : done) {
                f.get();
            }
            return new Run((System.nanoTime() - start) / 1e6, Latencies.merge(parts));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while timing " + clients + " clients", e);
        } catch (ExecutionException e) {
            done.forEach(f -> f.cancel(true));
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private void share(int from, int to, IntConsumer call, Latencies each) {
        for (int i = from; i < to; i++) {
            long t = System.nanoTime();
            call.accept(i);
            each.add(System.nanoTime() - t);
            done.increment();
        }
    }

    /** Calls completed so far by every run of these clients (for a progress line). */
    long done() {
        return done.sum();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
