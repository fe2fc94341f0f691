package io.relationshiplayer.bench;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A live progress line for a long benchmark step on a terminal: what is done, the throughput of the last interval and
 * of the whole step, the elapsed time and, where the step's length is known (a duration or a count), a bar. It
 * rewrites one line with a carriage return twice a second and clears it when closed, so the results printed after it
 * start on a clean line. Where the output is no terminal it prints nothing: logs and pipes get the results only.
 */
public final class ProgressLine implements AutoCloseable {
    /** Redraws per second. */
    static final long INTERVAL_MILLIS = 500;
    private static final int BAR = 20;

    private final PrintStream out;
    private final String what;
    private final String unit;
    private final LongSupplier done;
    private final long total;
    private final double seconds;
    private final long startNanos;
    private final ScheduledExecutorService timer;
    private long lastDone;
    private long lastNanos;
    private int width;

    private ProgressLine(PrintStream out, String what, String unit, LongSupplier done, long total, double seconds,
                         boolean live) {
        this.out = out;
        this.what = what;
        this.unit = unit;
        this.done = done;
        this.total = total;
        this.seconds = seconds;
        this.startNanos = System.nanoTime();
        this.lastNanos = startNanos;
        if (live) {
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "rl-progress");
                t.setDaemon(true);
                return t;
            });
            timer.scheduleAtFixedRate(() -> draw(System.nanoTime()), INTERVAL_MILLIS, INTERVAL_MILLIS,
                    TimeUnit.MILLISECONDS);
        } else {
            timer = null;
        }
    }

    /**
     * Starts a line for a step named {@code what} counting {@code unit}s (e.g. "transfers") that {@code done} reports
     * as they complete; {@code total} of them (0: not counted to a total) or {@code seconds} long (0: not timed).
     * Live only when {@code live} (the output is a terminal: {@link #terminal()}).
     */
    public static ProgressLine start(PrintStream out, boolean live, String what, String unit, LongSupplier done,
                                     long total, double seconds) {
        return new ProgressLine(Objects.requireNonNull(out, "out is null"), Objects.requireNonNull(what, "what is null"),
                Objects.requireNonNull(unit, "unit is null"), Objects.requireNonNull(done, "done is null"),
                Math.max(0, total), Math.max(0, seconds), live);
    }

    /** Whether this process talks to a terminal (Java 17's console: standard input and output both are one). */
    public static boolean terminal() {
        return System.console() != null;
    }

    /** The line as it reads {@code nanos} after the JVM's origin, the interval's throughput counted since the last. */
    synchronized String line(long nanos) {
        long n = done.getAsLong();
        double elapsed = Math.max(1e-9, (nanos - startNanos) / 1e9);
        double interval = (nanos - lastNanos) / 1e9;
        double now = interval > 0 ? (n - lastDone) / interval : 0;
        lastDone = n;
        lastNanos = nanos;
        StringBuilder s = new StringBuilder(what).append(": ")
                .append(String.format(Locale.ROOT, "%,d %s, %,.0f/s now, %,.0f/s overall, %.0f s", n, unit, now,
                        n / elapsed, elapsed));
        double fraction = total > 0 ? (double) n / total : seconds > 0 ? elapsed / seconds : -1;
        if (fraction >= 0) {
            int filled = (int) Math.min(BAR, Math.round(fraction * BAR));
            s.append(" [").append("#".repeat(filled)).append(" ".repeat(BAR - filled)).append(']')
                    .append(String.format(Locale.ROOT, " %3.0f%%", Math.min(100, fraction * 100)));
        }
        return s.toString();
    }

    private synchronized void draw(long nanos) {
        String s = line(nanos);
        out.print("\r" + s + " ".repeat(Math.max(0, width - s.length())));
        out.flush();
        width = s.length();
    }

    /** Stops redrawing and clears the line (nothing to clear when it was never live). */
    @Override
    public void close() {
        if (timer == null) {
            return;
        }
        timer.shutdownNow();
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (width > 0) {
                out.print("\r" + " ".repeat(width) + "\r");
                out.flush();
            }
        }
    }
}
