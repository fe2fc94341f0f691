package io.relationshiplayer.cli.shell;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A statement's elapsed time on the terminal's current line once it has run for two seconds, updated every second and
 * erased before its result prints, so that a long aggregate does not look like a hung shell. Terminals only: the line
 * is redrawn with a carriage return and erased with an escape sequence.
 */
final class ElapsedLine implements AutoCloseable {
    private static final long AFTER_MS = 2000;

    private final PrintWriter out;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rl-elapsed");
        t.setDaemon(true);
        return t;
    });
    private ScheduledFuture<?> task;
    private long started;
    private boolean shown;

    ElapsedLine(PrintWriter out) {
        this.out = out;
    }

    synchronized void start() {
        stop();
        started = System.nanoTime();
        task = timer.scheduleAtFixedRate(this::show, AFTER_MS, 1000, TimeUnit.MILLISECONDS);
    }

    /** Erases the line, if shown, and stops updating it; safe to call more than once. */
    synchronized void stop() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
        if (shown) {
            out.print("\r\u001b[K");
            out.flush();
            shown = false;
        }
    }

    private synchronized void show() {
        if (task == null) {
            return;
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
        out.print(String.format(Locale.ROOT, "\r(running for %d s; Ctrl-C cancels)", seconds));
        out.flush();
        shown = true;
    }

    @Override
    public void close() {
        stop();
        timer.shutdownNow();
    }
}
