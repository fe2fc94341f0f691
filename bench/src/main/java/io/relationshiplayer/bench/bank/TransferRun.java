package io.relationshiplayer.bench.bank;

import io.relationshiplayer.bench.JitSettling;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The transfer step: C workers, each with a client of its own, run transfers between random accounts until the time
 * is up or the count is reached; each transfer is retried (same id) until acknowledged. An attempt whose COMMIT had an
 * unknown outcome makes later attempts of the same id reveal it: a duplicate id means it had committed.
 */
final class TransferRun {
    /** Attempts of one transfer before it is abandoned. */
    private static final int MAX_ATTEMPTS = 1_000;
    /** After the run's end, how long a transfer still being retried may go on. */
    private static final long GRACE_NANOS = 60_000_000_000L;
    /** How long a run may be held open past its end (a nemesis that never sees a restarted server serve). */
    static final long MAX_HOLD_NANOS = 120_000_000_000L;

    /**
     * What the run did; ids are 1..maxId. Transfers acknowledged before {@code measuredFromNanos} (the warm-up) are
     * verified like the rest but not counted: {@link #measured}, {@link #tps} and the latencies cover only what
     * started after it.
     */
    record Result(Latencies latencies, long[] completions, long startNanos, long measuredFromNanos, long elapsedNanos,
                  BitSet acknowledged, BitSet unknown, BitSet failed, long maxId, long conflicts, long lost,
                  long ambiguous, long cpuNanos, long cpuUntilNanos) {
        /** Every acknowledged transfer, warm-up included. */
        long transfers() {
            return acknowledged.cardinality();
        }

        /** Transfers acknowledged after the warm-up. */
        long measured() {
            int i = java.util.Arrays.binarySearch(completions, measuredFromNanos);
            return completions.length - (i >= 0 ? i : -i - 1);
        }

        /** Acknowledgements per second after the warm-up. */
        double tps() {
            return measured() / ((startNanos + elapsedNanos - measuredFromNanos) / 1e9);
        }

        /**
         * CPU nanoseconds per transfer by the meter's processes, from the warm-up's end to the last reading (the
         * transfers acknowledged in between); negative if not measured.
         */
        double cpuNanosPerTransfer() {
            if (cpuNanos < 0) {
                return -1;
            }
            int from = java.util.Arrays.binarySearch(completions, measuredFromNanos);
            int to = java.util.Arrays.binarySearch(completions, cpuUntilNanos);
            long n = (to >= 0 ? to + 1 : -to - 1) - (from >= 0 ? from : -from - 1);
            return n <= 0 ? -1 : (double) cpuNanos / n;
        }
    }

    private final BankStore store;
    private final int accounts;
    private final int clients;
    private final double seconds;
    private final double warmupSeconds;
    private final long transfers;
    private final long seed;
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong acknowledgedSoFar = new AtomicLong();
    private volatile BooleanSupplier keepGoing = () -> false;
    private CpuMeter cpu;
    private double warmupMaxSeconds;
    private JitSettling warmup;
    /** When the measured part began (the warm-up's end) and when no new transfer starts; set by {@link #run}. */
    private volatile long measuredFrom;
    private volatile long end;

    TransferRun(BankStore store, int accounts, int clients, double warmupSeconds, double seconds, long transfers,
                long seed) {
        this.store = store;
        this.accounts = accounts;
        this.clients = clients;
        this.warmupSeconds = warmupSeconds;
        this.seconds = seconds;
        this.transfers = transfers;
        this.seed = seed;
    }

    /**
     * A timed run goes on past its end while {@code condition} holds (the nemesis has not yet killed the server and
     * seen the restarted one serve), for at most {@link #MAX_HOLD_NANOS} more.
     */
    void keepGoingWhile(BooleanSupplier condition) {
        keepGoing = condition;
    }

    /**
     * The warm-up goes on past its seconds until this JVM's JIT compiler has settled, at most {@code maxSeconds} from
     * the start, and the measured seconds start then.
     */
    void warmUntilSettled(double maxSeconds) {
        warmupMaxSeconds = maxSeconds;
    }

    /** How the warm-up of a run that waited for the JIT compiler went; null if it did not wait. */
    String warmupReport() {
        return warmup == null ? null : warmup.describe();
    }

    /** Measures the CPU {@code meter} covers from the warm-up's end to the run's end ({@link Result#cpuNanos}). */
    void measureCpu(CpuMeter meter) {
        cpu = meter;
    }

    /** Transfers acknowledged so far, while the run goes on. */
    long acknowledgedSoFar() {
        return acknowledgedSoFar.get();
    }

    /** When {@link #run} started at {@code startNanos} will stop starting transfers (Long.MAX_VALUE: at a count). */
    long endNanos(long startNanos) {
        return transfers > 0 ? Long.MAX_VALUE : measuredFrom(startNanos) + (long) (seconds * 1e9);
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    private long measuredFrom(long startNanos) {
        return startNanos + (long) (warmupSeconds * 1e9);
    }

    Result run() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients, r -> {
            Thread t = new Thread(r, "bank-client");
            t.setDaemon(true);
            return t;
        });
        long start = System.nanoTime();
        boolean settle = warmupMaxSeconds > warmupSeconds && transfers == 0;
        measuredFrom = settle ? Long.MAX_VALUE : measuredFrom(start);
        end = settle ? Long.MAX_VALUE : endNanos(start);
        List<Future<Worker>> futures = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Worker w = new Worker(new Random(seed + c));
            futures.add(pool.submit(() -> {
                w.run();
                return w;
            }));
        }
        List<Worker> workers = new ArrayList<>();
        long cpuFrom = -1;
        long cpuTo = -1;
        long cpuUntil = 0;
        try {
            if (settle) {
                warmup = JitSettling.start(warmupSeconds, warmupMaxSeconds);
                long from = warmup.await();
                measuredFrom = from;
                end = from + (long) (seconds * 1e9);
                cpuFrom = cpu != null ? cpu.mark() : -1;
            } else if (cpu != null) {
                sleepUntil(measuredFrom);
                cpuFrom = cpu.mark();
            }
            // The last reading at the end of the measured seconds, not after the clients' last transfers and their
            // closing (their time is not counted either).
            if (cpuFrom >= 0 && end != Long.MAX_VALUE) {
                sleepUntil(end);
                cpuTo = cpu.lap();
                cpuUntil = System.nanoTime();
            }
            for (Future<Worker> f : futures) {
                workers.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        long elapsed = System.nanoTime() - start;
        if (cpuFrom >= 0 && cpuTo < 0) {
            cpuTo = cpu.lap();
            cpuUntil = System.nanoTime();
        }
        long cpuNanos = cpuFrom < 0 ? -1 : cpuTo - cpuFrom;
        BitSet acked = new BitSet();
        BitSet unknown = new BitSet();
        BitSet failed = new BitSet();
        long conflicts = 0;
        long lost = 0;
        long ambiguous = 0;
        List<Latencies> latencies = new ArrayList<>();
        Latencies completions = new Latencies();
        for (Worker w : workers) {
            acked.or(w.acked);
            unknown.or(w.unknown);
            failed.or(w.failed);
            conflicts += w.conflicts;
            lost += w.lost;
            ambiguous += w.ambiguous;
            latencies.add(w.latencies);
            for (long t : w.completions.sorted()) {
                completions.add(t);
            }
        }
        return new Result(Latencies.merge(latencies), completions.sorted(), start, measuredFrom, elapsed, acked,
                unknown, failed,
                Math.min(ids.get(), transfers > 0 ? transfers : Long.MAX_VALUE), conflicts, lost, ambiguous, cpuNanos,
                cpuUntil);
    }

    private final class Worker {
        final Random random;
        final Latencies latencies = new Latencies();
        final Latencies completions = new Latencies();
        final BitSet acked = new BitSet();
        final BitSet unknown = new BitSet();
        final BitSet failed = new BitSet();
        long conflicts;
        long lost;
        long ambiguous;

        Worker(Random random) {
            this.random = random;
        }

        /** When this worker stops starting transfers: later while the run is held open. */
        long end() {
            long end = TransferRun.this.end;
            if (end != Long.MAX_VALUE && keepGoing.getAsBoolean() && System.nanoTime() - end < MAX_HOLD_NANOS) {
                return Long.MAX_VALUE;
            }
            return end;
        }

        void run() {
            try (BankStore.Client client = store.client()) {
                while (System.nanoTime() < end()) {
                    long id = ids.incrementAndGet();
                    if (transfers > 0 && id > transfers) {
                        return;
                    }
                    long from = random.nextInt(accounts);
                    long to = random.nextInt(accounts - 1);
                    to = to >= from ? to + 1 : to;
                    transfer(client, id, from, to, 1 + random.nextInt(100));
                }
            }
        }

        private void transfer(BankStore.Client client, long id, long from, long to, long amount) {
            long start = System.nanoTime();
            boolean maybeCommitted = false;
            for (int attempt = 1; ; attempt++) {
                BankStore.Attempt a = client.transfer(id, from, to, amount);
                if (a == BankStore.Attempt.COMMITTED || a == BankStore.Attempt.DUPLICATE && maybeCommitted) {
                    long now = System.nanoTime();
                    if (start >= measuredFrom) {
                        latencies.add(now - start);
                    }
                    completions.add(now);
                    acked.set(Math.toIntExact(id));
                    acknowledgedSoFar.incrementAndGet();
                    return;
                }
                switch (a) {
                    case CONFLICT -> conflicts++;
                    case LOST -> lost++;
                    case AMBIGUOUS -> {
                        ambiguous++;
                        maybeCommitted = true;
                    }
                    default -> throw new IllegalStateException("transfer " + id + " is logged already, though no "
                            + "earlier attempt of it may have committed");
                }
                long now = System.nanoTime();
                long end = end();
                if (attempt >= MAX_ATTEMPTS || (now > end && now - end > GRACE_NANOS)) {
                    (maybeCommitted ? unknown : failed).set(Math.toIntExact(id));
                    return;
                }
            }
        }
    }
}
