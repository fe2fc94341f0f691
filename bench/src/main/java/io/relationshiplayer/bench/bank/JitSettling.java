package io.relationshiplayer.bench.bank;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The end of a warm-up that lasts until this JVM's JIT compiler has settled: at least the warm-up's seconds, then
 * until the compiler spent under {@value #QUIET_PERCENT} % of the last {@value #WINDOW_MILLIS} ms compiling, or until
 * {@code maxSeconds} from the start. A fixed warm-up measured a JVM still compiling: on 2 shared cores C2 compiled
 * for some 30 s of a bank run, a core's worth of CPU that the measured seconds then shared.
 */
final class JitSettling {
    static final int QUIET_PERCENT = 10;
    static final long WINDOW_MILLIS = 2_000;
    private static final long POLL_MILLIS = 250;

    /** Sleeps the given milliseconds (a test moves a clock instead). */
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private final LongSupplier compileMillis;
    private final LongSupplier clock;
    private final Sleeper sleeper;
    private final double maxSeconds;
    private double waitedSeconds;
    private double lastPercent;
    private boolean settled;

    JitSettling(LongSupplier compileMillis, LongSupplier clock, Sleeper sleeper, double maxSeconds) {
        this.compileMillis = compileMillis;
        this.clock = clock;
        this.sleeper = sleeper;
        this.maxSeconds = maxSeconds;
    }

    /** Settling on this JVM's compiler; empty where the JVM does not report its compilation time. */
    static Optional<JitSettling> thisJvm(double maxSeconds) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return Optional.empty();
        }
        return Optional.of(new JitSettling(jit::getTotalCompilationTime, System::nanoTime, Thread::sleep,
                maxSeconds));
    }

    /**
     * Waits until the warm-up may end: not before {@code minEnd}, then at the first quiet window, or at {@code start} +
     * the maximum. Returns when (nanoTime) it ended.
     */
    long await(long start, long minEnd) throws InterruptedException {
        long maxEnd = start + (long) (maxSeconds * 1e9);
        ArrayDeque<long[]> samples = new ArrayDeque<>();
        while (true) {
            long now = clock.getAsLong();
            samples.addLast(new long[] {now, compileMillis.getAsLong()});
            while (samples.size() > 1 && now - samples.peekFirst()[0] > WINDOW_MILLIS * 1_000_000L) {
                samples.removeFirst();
            }
            long[] first = samples.peekFirst();
            long spanNanos = now - first[0];
            boolean full = spanNanos >= (WINDOW_MILLIS - POLL_MILLIS) * 1_000_000L;
            lastPercent = full ? 100.0 * (samples.peekLast()[1] - first[1]) / (spanNanos / 1e6) : 100;
            if (now >= minEnd && full && lastPercent < QUIET_PERCENT) {
                settled = true;
                waitedSeconds = (now - start) / 1e9;
                return now;
            }
            if (now >= maxEnd) {
                waitedSeconds = (now - start) / 1e9;
                return now;
            }
            sleeper.sleep(POLL_MILLIS);
        }
    }

    /** What the last {@link #await} did, for the report. */
    String describe() {
        return settled
                ? String.format(Locale.ROOT, "warm-up %.1f s, until the JIT compiler had settled (%.0f %% of the last "
                        + "%d s compiling)", waitedSeconds, lastPercent, WINDOW_MILLIS / 1000)
                : String.format(Locale.ROOT, "warm-up %.1f s: the JIT compiler had not settled (%.0f %% of the last %d "
                        + "s compiling); measured anyway", waitedSeconds, lastPercent, WINDOW_MILLIS / 1000);
    }
}
