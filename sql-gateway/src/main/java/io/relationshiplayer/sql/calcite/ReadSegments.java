package io.relationshiplayer.sql.calcite;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.fdb.TimeSource;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.sql.SqlErrors;
import io.relationshiplayer.sql.SqlException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.annotation.Nonnull;

/**
 * The transactions of one read-only autocommit statement, so that it can run past FoundationDB's five seconds: a chain
 * of segments, each a transaction with a read version of its own. The statement reads in the newest segment; once that
 * is {@code renewAfter} old, or a read in it was too old, the next read opens a new one, and each open scan moves to it
 * at its next row, resuming from its cursor's continuation ({@link ResumableScan}), as record-service's scans do. A
 * segment is closed once no scan reads in it. The statement never commits: it writes nothing.
 */
public final class ReadSegments implements AutoCloseable {
    /** FoundationDB's five seconds less a margin for the read in flight when a segment's age is checked. */
    public static final Duration DEFAULT_RENEWAL = Duration.ofSeconds(4);

    /**
     * When a segment is renewed: once it is {@code after} old by {@code clock}, the clock of FoundationDB's window (the
     * system's, or the one a test gave the embedded engine: {@link TimeSource#of}).
     */
    public record Renewal(@Nonnull Duration after, @Nonnull TimeSource clock) {
        public Renewal {
            Objects.requireNonNull(after, "after is null");
            Objects.requireNonNull(clock, "clock is null");
        }
    }

    /** One transaction of the statement: its relationship-layer session and how many scans read in it. */
    public static final class Segment {
        private final Session session;
        private final long openedNanos;
        private int scans;
        private boolean retired;

        private Segment(Session session, long openedNanos) {
            this.session = session;
            this.openedNanos = openedNanos;
        }

        @Nonnull
        public Session session() {
            return session;
        }
    }

    private final Supplier<FDBRecordContext> transactions;
    private final Function<FDBRecordContext, Session> sessions;
    private final long renewAfterNanos;
    private final TimeSource clock;
    private final String catalogKey;
    /** Segments whose transaction is open: the current one and retired ones that scans still read in. */
    private final List<Segment> open = new ArrayList<>();
    private Segment current;

    /**
     * Segments starting with {@code first}, whose read version is as old as if it had been taken at
     * {@code firstOpenedNanos} (a {@link TimeSource#nanoTime()} of {@code renewal}'s clock); a later one is a new
     * transaction of {@code transactions} and the session that {@code sessions} opens on it.
     */
    public ReadSegments(@Nonnull Session first, long firstOpenedNanos,
                        @Nonnull Supplier<FDBRecordContext> transactions,
                        @Nonnull Function<FDBRecordContext, Session> sessions, @Nonnull Renewal renewal) {
        this.transactions = Objects.requireNonNull(transactions, "transactions is null");
        this.sessions = Objects.requireNonNull(sessions, "sessions is null");
        this.renewAfterNanos = renewal.after().toNanos();
        this.clock = renewal.clock();
        this.catalogKey = first.catalog().cacheKey();
        this.current = new Segment(first, firstOpenedNanos);
        open.add(current);
    }

    /**
     * Runs one short read of the statement ({@code body}: a lookup, a batch of them, a count) in its transaction; when
     * it reads in segments, in the current one, and once more in a new one if that was too old.
     */
    static <T> T read(SessionBinding binding, Function<Session, T> body) {
        ReadSegments segments = binding.readSegments();
        if (segments == null) {
            return body.apply(binding.current());
        }
        Segment s = segments.current();
        try {
            return body.apply(s.session());
        } catch (RuntimeException e) {
            if (!SqlErrors.transactionTooOld(e)) {
                throw e;
            }
            segments.tooOld(s);
            return body.apply(segments.current().session());
        }
    }

    /** The segment to read in now: a new one once the current one is {@code renewAfter} old. */
    @Nonnull
    public synchronized Segment current() {
        if (clock.nanoTime() - current.openedNanos >= renewAfterNanos) {
            renew();
        }
        return current;
    }

    /** The current segment, held open for a scan until {@link #release}. */
    synchronized Segment acquire() {
        Segment s = current();
        s.scans++;
        return s;
    }

    /** A scan no longer reads in {@code s}. */
    synchronized void release(Segment s) {
        s.scans--;
        if (s.retired && s.scans == 0) {
            closeSegment(s);
        }
    }

    /** A read in {@code s} was too old for FoundationDB: reads go on in a new segment (unless one is open already). */
    synchronized void tooOld(Segment s) {
        if (s == current) {
            renew();
        }
    }

    private void renew() {
        long opened = clock.nanoTime(); // the read version is taken while the session opens: its age starts here
        FDBRecordContext ctx = transactions.get();
        Session next;
        try {
            next = sessions.apply(ctx);
        } catch (RuntimeException e) {
            ctx.close();
            throw e;
        }
        if (!next.catalog().cacheKey().equals(catalogKey)) {
            ctx.close();
            throw new SqlException(SqlException.SERIALIZATION_FAILURE, "the tables this statement reads were "
                    + "changed while it ran: run it again");
        }
        Segment old = current;
        current = new Segment(next, opened);
        open.add(current);
        old.retired = true;
        if (old.scans == 0) {
            closeSegment(old);
        }
    }

    private void closeSegment(Segment s) {
        open.remove(s);
        s.session.context().close();
    }

    /** Closes every segment's transaction, whatever scans are left open. */
    @Override
    public synchronized void close() {
        for (Segment s : List.copyOf(open)) {
            closeSegment(s);
        }
    }
}
