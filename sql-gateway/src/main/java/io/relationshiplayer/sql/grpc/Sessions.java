package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.SqlSession;
import io.relationshiplayer.sql.ddl.RelationalErrors;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open SQL sessions of the service: opaque ids, one call at a time per session (a second call is refused as
 * busy, never made to wait), prepared statement texts, and expiry after an idle timeout (an expired or closed session
 * rolls back its open transaction).
 */
public final class Sessions implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Sessions.class);
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofMinutes(10);
    /** Prepared statements one session may hold. */
    static final int MAX_PREPARED = 1000;

    static final String UNKNOWN_SESSION = "08003";
    static final String UNKNOWN_STATEMENT = "26000";
    static final String OBJECT_IN_USE = "55006";
    static final String INSUFFICIENT_RESOURCES = "53000";

    private final SqlEngine engine;
    private final long idleTimeoutNanos;
    private final LongSupplier clock;
    private final Map<String, Entry> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final ScheduledExecutorService reaper;

    /** Sessions expiring after {@code idleTimeout}, swept by a daemon thread of their own. */
    public Sessions(@Nonnull SqlEngine engine, @Nonnull Duration idleTimeout) {
        this(engine, idleTimeout, System::nanoTime, true);
    }

    /** With the given clock (nanoseconds), and no sweeping thread unless {@code sweep}: {@link #expireIdle()} does. */
    Sessions(SqlEngine engine, Duration idleTimeout, LongSupplier clock, boolean sweep) {
        this.engine = Objects.requireNonNull(engine, "engine is null");
        if (idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout must be positive: " + idleTimeout);
        }
        this.idleTimeoutNanos = idleTimeout.toNanos();
        this.clock = Objects.requireNonNull(clock, "clock is null");
        if (sweep) {
            reaper = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "rl-sql-session-expiry");
                t.setDaemon(true);
                return t;
            });
            long period = Math.max(TimeUnit.SECONDS.toNanos(1), Math.min(idleTimeoutNanos / 4,
                    TimeUnit.MINUTES.toNanos(1)));
            reaper.scheduleAtFixedRate(this::expireIdle, period, period, TimeUnit.NANOSECONDS);
        } else {
            reaper = null;
        }
    }

    /** The engine sessions are opened on. */
    public SqlEngine engine() {
        return engine;
    }

    public Duration idleTimeout() {
        return Duration.ofNanos(idleTimeoutNanos);
    }

    /**
     * Opens a session on {@code database}, created if it does not exist unless {@code mustExist} (then 3D000);
     * {@code idleTimeout} null, zero or longer than the service's means the service's.
     */
    @Nonnull
    public Opened open(@Nonnull String database, boolean mustExist, @Nullable Duration idleTimeout) {
        return open(database, mustExist, idleTimeout, null);
    }

    /** As {@link #open(String, boolean, Duration)}, for {@code owner} only (null: any caller); see {@link #database}. */
    @Nonnull
    public Opened open(@Nonnull String database, boolean mustExist, @Nullable Duration idleTimeout,
                       @Nullable String owner) {
        return open(database, mustExist, idleTimeout, owner, io.relationshiplayer.sql.StatementGate.OPEN);
    }

    /** As {@link #open(String, boolean, Duration, String)}, its statements passing {@code gate}. */
    @Nonnull
    public Opened open(@Nonnull String database, boolean mustExist, @Nullable Duration idleTimeout,
                       @Nullable String owner, @Nonnull io.relationshiplayer.sql.StatementGate gate) {
        expireIdle();
        long timeout = idleTimeout == null || idleTimeout.toNanos() <= 0 ? idleTimeoutNanos
                : Math.min(idleTimeout.toNanos(), idleTimeoutNanos);
        SqlSession session = openSession(database, mustExist);
        session.gate(gate);
        byte[] id = new byte[16];
        random.nextBytes(id);
        Entry e = new Entry(HexFormat.of().formatHex(id), session, owner, timeout, clock.getAsLong());
        sessions.put(e.id, e);
        return new Opened(e.id, Duration.ofNanos(timeout));
    }

    /** A newly opened session: its id and the idle timeout that applies to it. */
    public record Opened(String id, Duration idleTimeout) {
    }

    /** A session of no id, for one call; the caller closes it. */
    @Nonnull
    SqlSession openSession(String database, boolean mustExist) {
        if (mustExist) {
            try {
                engine.layer().catalog(database);
            } catch (RuntimeException e) {
                throw RelationalErrors.toSql(e);
            }
        }
        return engine.open(database);
    }

    /** Takes the session for one call; fails if it is unknown or already running a call. */
    @Nonnull
    public Lease acquire(String id) {
        Entry e = entry(id);
        synchronized (e) {
            if (e.closed) {
                throw unknown();
            }
            if (e.holder != null) {
                throw new SqlException(OBJECT_IN_USE, "session busy: it is running another call (a session runs "
                        + "one statement at a time; read the result to its end or cancel it first)");
            }
            e.holder = new Lease(e);
            e.session.clearCancel();
            return e.holder;
        }
    }

    /**
     * The database of a session (which may be busy), when {@code caller} may use it: a session opened for an owner is
     * unknown (08003) to anyone else, as if it did not exist.
     */
    @Nonnull
    public String database(String id, String caller) {
        Entry e = entry(id);
        if (e.owner != null && !e.owner.equals(caller)) {
            throw unknown();
        }
        return e.session.database();
    }

    /** Remembers a statement's text in the session (which may be busy); returns its id. */
    @Nonnull
    public String prepare(String id, String sql) {
        Entry e = entry(id);
        synchronized (e) {
            if (e.closed) {
                throw unknown();
            }
            if (e.prepared.size() >= MAX_PREPARED) {
                throw new SqlException(INSUFFICIENT_RESOURCES, "too many prepared statements in the session (at most "
                        + MAX_PREPARED + "): close some first");
            }
            e.lastUsed = clock.getAsLong();
            String statementId = "s" + e.nextStatement.incrementAndGet();
            e.prepared.put(statementId, sql);
            return statementId;
        }
    }

    /** The text of a prepared statement. */
    @Nonnull
    public String prepared(String id, String statementId) {
        Entry e = entry(id);
        String sql = e.prepared.get(statementId);
        if (sql == null) {
            throw new SqlException(UNKNOWN_STATEMENT, "prepared statement \"" + statementId + "\" does not exist");
        }
        return sql;
    }

    public void closePrepared(String id, String statementId) {
        if (entry(id).prepared.remove(statementId) == null) {
            throw new SqlException(UNKNOWN_STATEMENT, "prepared statement \"" + statementId + "\" does not exist");
        }
    }

    /**
     * Closes a session, rolling back its open transaction: now if it is idle, else its running statement is cancelled
     * and the session closes when that call ends.
     */
    public void close(String id) {
        Entry e = entry(id);
        sessions.remove(id, e);
        Lease running;
        synchronized (e) {
            if (e.closed) {
                throw unknown();
            }
            e.closed = true;
            running = e.holder;
            if (running == null) {
                closeQuietly(e.session);
                return;
            }
            running.revoked = true;
            e.session.cancel();
        }
        Runnable onRevoke = running.onRevoke;
        if (onRevoke != null) {
            onRevoke.run();
        }
    }

    /** Closes the sessions idle for longer than their timeout; returns how many. */
    public int expireIdle() {
        long now = clock.getAsLong();
        int expired = 0;
        for (Entry e : sessions.values()) {
            synchronized (e) {
                if (e.closed || e.holder != null || now - e.lastUsed < e.idleTimeoutNanos) {
                    continue;
                }
                e.closed = true;
                sessions.remove(e.id, e);
                closeQuietly(e.session);
                expired++;
            }
        }
        return expired;
    }

    /** Open sessions. */
    public int size() {
        return sessions.size();
    }

    /** Closes every session (rolling back their transactions) and stops the expiry thread. */
    @Override
    public void close() {
        if (reaper != null) {
            reaper.shutdownNow();
        }
        for (String id : sessions.keySet()) {
            try {
                close(id);
            } catch (SqlException ignored) {
                // closed meanwhile
            }
        }
    }

    /** The engine session behind an id, for tests that look at its plan cache; null if unknown. */
    @Nullable
    SqlSession peek(String id) {
        Entry e = sessions.get(id);
        if (e == null) {
            return null;
        }
        synchronized (e) {
            return e.session;
        }
    }

    /** Ends a session (rolling back its transaction); a failure there must not stop the sweep or the caller. */
    private static void closeQuietly(SqlSession session) {
        try {
            session.close();
        } catch (RuntimeException e) {
            LOG.warn("closing a SQL session failed", e);
        }
    }

    private Entry entry(String id) {
        Entry e = id == null ? null : sessions.get(id);
        if (e == null) {
            throw unknown();
        }
        return e;
    }

    private static SqlException unknown() {
        return new SqlException(UNKNOWN_SESSION, "session does not exist (unknown, closed or expired)");
    }

    /** One open session. Guarded by its own monitor. */
    private final class Entry {
        final String id;
        final SqlSession session;
        @Nullable
        final String owner;
        final long idleTimeoutNanos;
        final Map<String, String> prepared = new ConcurrentHashMap<>();
        final AtomicLong nextStatement = new AtomicLong();
        long lastUsed;
        boolean closed;
        Lease holder;

        Entry(String id, SqlSession session, @Nullable String owner, long idleTimeoutNanos, long now) {
            this.id = id;
            this.session = session;
            this.owner = owner;
            this.idleTimeoutNanos = idleTimeoutNanos;
            this.lastUsed = now;
        }
    }

    /** One call's hold on a session; closing it frees the session for the next call. */
    public final class Lease implements AutoCloseable {
        private final Entry entry;
        private volatile boolean revoked;
        private volatile Runnable onRevoke;

        private Lease(Entry entry) {
            this.entry = entry;
        }

        /** Whether the session was closed while this call held it: the call should stop and release it. */
        public boolean revoked() {
            return revoked;
        }

        /** What to run (on the closing thread) when the session is closed while this call holds it. */
        public void onRevoke(Runnable action) {
            this.onRevoke = action;
        }

        /** The engine session; only the lease holder's thread uses it until {@link #close()}. */
        public SqlSession session() {
            return entry.session;
        }

        /** Stops the statement running under this lease, if the lease is still held (from any thread). */
        public void cancel() {
            synchronized (entry) {
                if (entry.holder == this) {
                    entry.session.cancel();
                }
            }
        }

        /** As {@link #cancel}, for the statement timeout. */
        public void cancelAtTimeout() {
            synchronized (entry) {
                if (entry.holder == this) {
                    entry.session.cancel(io.relationshiplayer.sql.calcite.StatementCancel.STATEMENT_TIMEOUT);
                }
            }
        }

        /** Frees the session; closes it if it was closed meanwhile. Idempotent. */
        @Override
        public void close() {
            synchronized (entry) {
                if (entry.holder != this) {
                    return;
                }
                entry.holder = null;
                entry.lastUsed = clock.getAsLong();
                if (entry.closed) {
                    closeQuietly(entry.session);
                }
            }
        }
    }
}
