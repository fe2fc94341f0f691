package io.relationshiplayer.server;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.Transaction;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes the backend on a timer with the cheapest question FoundationDB answers, a read version, and reports whether
 * it answered within the timeout and, on the durable embedded engine, whether its disk takes writes (a full disk makes
 * it refuse them while reads go on; asking also lets it try to recover). Each change (up to down, down to up) goes to
 * the listener, once, and to the log with the reason.
 */
public final class BackendHealth implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BackendHealth.class);
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

    private final Database database;
    private final Duration timeout;
    private final Consumer<Boolean> listener;
    private final ScheduledExecutorService timer;
    private volatile Boolean up;

    private BackendHealth(Database database, Duration timeout, Consumer<Boolean> listener) {
        this.database = database;
        this.timeout = timeout;
        this.listener = listener;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rl-backend-health");
            t.setDaemon(true);
            return t;
        });
    }

    /** Probes {@code database} every {@code interval}, each probe waiting at most {@code timeout}. */
    public static BackendHealth start(Database database, Duration interval, Duration timeout,
                                      Consumer<Boolean> listener) {
        BackendHealth h = new BackendHealth(Objects.requireNonNull(database, "database is null"),
                Objects.requireNonNull(timeout, "timeout is null"), Objects.requireNonNull(listener, "listener is null"));
        h.timer.scheduleWithFixedDelay(h::probeAndReport, interval.toNanos(), interval.toNanos(),
                TimeUnit.NANOSECONDS);
        return h;
    }

    /** Whether the backend answered the last probe; true before the first. */
    public boolean isUp() {
        return up == null || up;
    }

    /** One probe now; true if the backend gave a read version in time and takes writes. */
    public boolean probe() {
        return problem() == null;
    }

    /** What keeps the backend from serving now, or null: no read version in time, or a disk that refuses writes. */
    @Nullable
    public String problem() {
        try (Transaction tr = database.createTransaction()) {
            tr.getReadVersion().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "probe interrupted";
        } catch (Exception e) {
            LOG.debug("backend probe failed", e);
            return "did not answer a read version within " + timeout;
        }
        if (database instanceof EmbeddedDatabase) {
            return ((EmbeddedDatabase) database).storageProblem().map(p -> "refuses writes: " + p).orElse(null);
        }
        return null;
    }

    private void probeAndReport() {
        String problem = problem();
        boolean now = problem == null;
        if (up == null || up != now) {
            boolean recovered = up != null;
            up = now;
            if (now && recovered) {
                LOG.info("backend answers and takes writes again: serving");
            } else if (now) {
                // the first probe's success is what everyone expects: not news worth a line over a shell's prompt
                LOG.debug("backend reachable: serving");
            } else {
                LOG.warn("backend {}: not serving", problem);
            }
            try {
                listener.accept(now);
            } catch (RuntimeException e) {
                LOG.warn("backend health listener failed", e);
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
