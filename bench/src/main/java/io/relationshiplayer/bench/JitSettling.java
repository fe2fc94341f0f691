package io.relationshiplayer.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A warm-up that lasts until this JVM's JIT compiler has settled: at least its minimum, then until the compiler spent
 * under {@value #QUIET_PERCENT} % of the last {@value #WINDOW_MILLIS} ms compiling, or until its maximum. A fixed
 * warm-up measured a JVM still compiling: on 2 shared cores C2 compiled for some 30 s of a bank run, a core's worth of
 * CPU that the measured seconds then shared, and the same build gave 2,341 to 5,682 TPS. Where the JVM does not report
 * its compilation time the warm-up is its minimum. The JVM counts a compilation's time when it ends, so one long C2
 * compilation can look like a quiet window; this JVM's compiler only (with {@code --connect}, not the server's).
 */
public final class JitSettling {
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
    private final long start;
    private final long minEnd;
    private final long maxEnd;
    private final ArrayDeque<long[]> samples = new ArrayDeque<>();
    private double lastPercent = -1;
    private long endedAt;
    private boolean settled;

    JitSettling(LongSupplier compileMillis, LongSupplier clock, Sleeper sleeper, double minSeconds,
                double maxSeconds) {
        this.compileMillis = compileMillis;
        this.clock = clock;
        this.sleeper = sleeper;
        this.start = clock.getAsLong();
        this.minEnd = start + (long) (minSeconds * 1e9);
        this.maxEnd = start + (long) (Math.max(minSeconds, maxSeconds) * 1e9);
    }

    /** A warm-up starting now, of at least {@code minSeconds} and at most {@code maxSeconds}. */
    public static JitSettling start(double minSeconds, double maxSeconds) {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        boolean reported = jit != null && jit.isCompilationTimeMonitoringSupported();
        return new JitSettling(reported ? jit::getTotalCompilationTime : () -> 0L, System::nanoTime, Thread::sleep,
                minSeconds, reported ? maxSeconds : minSeconds);
    }

    /** When the warm-up started (nanoTime). */
    public long startNanos() {
        return start;
    }

    /**
     * Whether the warm-up is over: past its minimum with a quiet window, or past its maximum. Cheap to call in a loop:
     * it samples the compiler at most every {@value #POLL_MILLIS} ms.
     */
    public boolean done() {
        if (endedAt != 0) {
            return true;
        }
        long now = clock.getAsLong();
        long[] last = samples.peekLast();
        if (last == null || now - last[0] >= POLL_MILLIS * 1_000_000L) {
            samples.addLast(new long[] {now, compileMillis.getAsLong()});
            // keep the newest sample at least a window old, so that a caller that looks rarely still gets a window
            while (samples.size() > 2 && now - second()[0] >= WINDOW_MILLIS * 1_000_000L) {
                samples.removeFirst();
            }
            long[] first = samples.peekFirst();
            long span = now - first[0];
            lastPercent = span >= (WINDOW_MILLIS - POLL_MILLIS) * 1_000_000L
                    ? 100.0 * (samples.peekLast()[1] - first[1]) / (span / 1e6) : -1;
        }
        if (now >= minEnd && lastPercent >= 0 && lastPercent < QUIET_PERCENT) {
            settled = true;
        }
        if (settled || now >= maxEnd) {
            endedAt = now;
            return true;
        }
        return false;
    }

    private long[] second() {
        java.util.Iterator<long[]> it = samples.iterator();
        it.next();
        return it.next();
    }

    /** Waits (sleeping, while other threads do the warm-up's work) until {@link #done}; returns when it ended. */
    public long await() throws InterruptedException {
        while (!done()) {
            sleeper.sleep(POLL_MILLIS);
        }
        return endedAt;
    }

    /** What the warm-up did, for the report. */
    public String describe() {
        double seconds = ((endedAt != 0 ? endedAt : clock.getAsLong()) - start) / 1e9;
        String compiling = lastPercent < 0 ? "compilation time not measured"
                : String.format(Locale.ROOT, "%.0f %% of the last %d s compiling", lastPercent, WINDOW_MILLIS / 1000);
        if (settled) {
            return String.format(Locale.ROOT, "warm-up %.1f s, until this JVM's JIT compiler had settled (%s)", seconds,
                    compiling);
        }
        return maxEnd == minEnd ? String.format(Locale.ROOT, "warm-up %.1f s", seconds)
                : String.format(Locale.ROOT, "warm-up %.1f s: this JVM's JIT compiler had not settled (%s); measured anyway",
                        seconds, compiling);
    }
}
