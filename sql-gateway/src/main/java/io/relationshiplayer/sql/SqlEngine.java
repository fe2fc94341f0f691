package io.relationshiplayer.sql;

import io.relationshiplayer.fdb.TimeSource;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.calcite.ReadSegments;
import java.time.Duration;
import java.util.Objects;
import javax.annotation.Nonnull;

/** SQL over the relationship layer: opens sessions on databases (creating a database on first use). */
public final class SqlEngine {
    private final RelationshipLayer layer;
    private final RlMetrics metrics;
    private final CalciteRunners runners = new CalciteRunners();
    private final Duration readRenewal;
    /** The renewal with the clock of the layer's database, found once that is open (the first {@link #open}). */
    private volatile ReadSegments.Renewal renewal;

    public SqlEngine(@Nonnull RelationshipLayer layer) {
        this(layer, new RlMetrics());
    }

    /**
     * Counting autocommit retries in {@code metrics}. The engine's layer is {@code layer} with CHECK constraints
     * compiled as SQL ({@link SqlCheckCompiler}), whoever wrote them.
     */
    public SqlEngine(@Nonnull RelationshipLayer layer, @Nonnull RlMetrics metrics) {
        this(layer, metrics, ReadSegments.DEFAULT_RENEWAL);
    }

    /**
     * With long queries moving to a new transaction once theirs is {@code readRenewal} old: FoundationDB's five
     * seconds less a margin ({@link ReadSegments#DEFAULT_RENEWAL}), or less on a backend whose window a test shortened.
     */
    public SqlEngine(@Nonnull RelationshipLayer layer, @Nonnull RlMetrics metrics, @Nonnull Duration readRenewal) {
        this.layer = Objects.requireNonNull(layer, "layer is null").withCheckCompiler(SqlCheckCompiler.INSTANCE);
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.readRenewal = Objects.requireNonNull(readRenewal, "readRenewal is null");
        io.relationshiplayer.sql.calcite.CancellableCompiler.warnUnlessInUse();
    }

    public RlMetrics metrics() {
        return metrics;
    }

    /**
     * Warms Calcite up (class loading, planner, code generation) with statements that read no table, so that the
     * first user of a new server does not wait seconds for the first plan. Returns the milliseconds it took (-1 if it
     * failed); a server runs it in the background after it starts listening.
     */
    public static long warmUp() {
        return CalciteRunner.warmUp();
    }

    /** Plans made, and statements served by a cached plan, by every Calcite runner of the engine. */
    public long plansPrepared() {
        return runners.plansPrepared();
    }

    public long plansReused() {
        return runners.plansReused();
    }

    public RelationshipLayer layer() {
        return layer;
    }

    /** A session on {@code database}, which is created if it does not exist. */
    @Nonnull
    public SqlSession open(@Nonnull String database) {
        try {
            layer.ensureDatabase(database);
        } catch (RuntimeException e) {
            throw SqlErrors.toSql(e);
        }
        return new SqlSession(layer, database, metrics, runners, renewal());
    }

    /**
     * When long reads renew their transaction, by the clock of FoundationDB's window: the system's, or the one a test
     * gave the embedded engine ({@link TimeSource#of}), so that the engine's window and these checks agree.
     */
    private ReadSegments.Renewal renewal() {
        ReadSegments.Renewal r = renewal;
        if (r == null) {
            r = new ReadSegments.Renewal(readRenewal, TimeSource.of(layer.recordStores().database()));
            renewal = r;
        }
        return r;
    }
}
