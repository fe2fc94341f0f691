package io.relationshiplayer.fdb;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabaseFactory;
import io.relationshiplayer.fdb.embedded.CommitObserver;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import java.util.Objects;
import javax.annotation.Nonnull;

/**
 * An open backend: the Record Layer's {@link FDBDatabase} over either the embedded engine or a real cluster, chosen
 * by a connection string. Code above this class does not know which it runs on.
 */
public final class Backend implements AutoCloseable {
    static {
        TupleVersionstamps.install();
    }

    /**
     * Where the embedded backend completes futures and the Record Layer runs its continuations. Not the common pool:
     * on a two-core machine that has one thread, and every lookup of a batch would then wait for the one before.
     */
    private static final java.util.concurrent.ExecutorService EMBEDDED_EXECUTOR = new java.util.concurrent.ForkJoinPool(
            Math.max(8, 4 * Runtime.getRuntime().availableProcessors()),
            java.util.concurrent.ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, true);

    private final BackendSpec spec;
    private final FDBDatabase recordDatabase;
    private final EmbeddedDatabase embedded;

    private Backend(BackendSpec spec, FDBDatabase recordDatabase, EmbeddedDatabase embedded) {
        this.spec = spec;
        this.recordDatabase = recordDatabase;
        this.embedded = embedded;
    }

    /** Opens the backend a connection string names ({@link BackendSpec#FORMS}). */
    @Nonnull
    public static Backend open(@Nonnull String connection) {
        return open(BackendSpec.parse(connection), LatencyProfile.NONE);
    }

    /**
     * Opens {@code spec}; {@code latency} is injected into every operation of an embedded engine (a real cluster has
     * its own).
     */
    @Nonnull
    public static Backend open(@Nonnull BackendSpec spec, @Nonnull LatencyProfile latency) {
        return open(spec, latency, CommitObserver.NONE);
    }

    /**
     * Opens {@code spec}, telling {@code commits} of each read-write commit's latency and outcome. Only the embedded
     * engine reports commits; on a real cluster FoundationDB's own metrics cover them.
     */
    @Nonnull
    public static Backend open(@Nonnull BackendSpec spec, @Nonnull LatencyProfile latency,
                               @Nonnull CommitObserver commits) {
        Objects.requireNonNull(spec, "spec is null");
        Objects.requireNonNull(commits, "commits is null");
        Objects.requireNonNull(latency, "latency is null");
        switch (spec.kind()) {
            case MEMORY:
            case DURABLE: {
                EngineConfig config = spec.kind() == BackendSpec.Kind.MEMORY
                        ? EngineConfig.memory() : EngineConfig.durable(spec.directory());
                return embedded(spec, config.withLatency(latency).withCommitObserver(commits));
            }
            case FDB:
            default:
                try {
                    return new Backend(spec, FDBDatabaseFactory.instance().getDatabase(spec.clusterFile()), null);
                } catch (UnsatisfiedLinkError e) {
                    throw new IllegalStateException("a real FoundationDB cluster needs FoundationDB's client library "
                            + "(libfdb_c), which is not installed: install foundationdb-clients 7.3 "
                            + "(https://github.com/apple/foundationdb/releases), or use the embedded backend "
                            + "(--memory, or --backend embedded:DIR)", e);
                }
        }
    }

    /**
     * The embedded engine exactly as {@code config} says, for tests that need more than a connection string gives: a
     * shorter read-version window ({@link EngineConfig#withReadWindow}), injected latency. Nothing serves with it.
     */
    @Nonnull
    public static Backend embedded(@Nonnull EngineConfig config) {
        return embedded(config.isDurable() ? BackendSpec.durable(config.directory().orElseThrow())
                : BackendSpec.memory(), config);
    }

    private static Backend embedded(BackendSpec spec, EngineConfig config) {
        EmbeddedDatabase db = EmbeddedDatabase.open(config.withExecutor(EMBEDDED_EXECUTOR));
        return new Backend(spec, new EmbeddedDatabaseFactory(db).getDatabase(), db);
    }

    @Nonnull
    public BackendSpec spec() {
        return spec;
    }

    /** The Record Layer's database. */
    @Nonnull
    public FDBDatabase recordDatabase() {
        return recordDatabase;
    }

    /** The FoundationDB client API underneath. */
    @Nonnull
    public Database database() {
        return recordDatabase.database();
    }

    /** The embedded engine, if this backend is one (null on a real cluster). */
    @javax.annotation.Nullable
    public EmbeddedDatabase embedded() {
        return embedded;
    }

    @Override
    public String toString() {
        return spec.toString();
    }

    @Override
    public void close() {
        recordDatabase.close();
        if (embedded != null) {
            embedded.close();
        }
    }
}
