package io.relationshiplayer.fdb;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.async.AsyncUtil;
import com.apple.foundationdb.async.CloseableAsyncIterator;
import com.apple.foundationdb.record.provider.foundationdb.APIVersion;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabaseFactory;
import com.apple.foundationdb.record.provider.foundationdb.FDBLocalityProvider;
import com.apple.foundationdb.record.provider.foundationdb.FDBTraceFormat;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import java.util.Collections;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Lets the Record Layer run unchanged on an {@link EmbeddedDatabase}: its {@link #open} returns the embedded
 * database, so nothing reaches fdb-java's {@code FDB} class and its native library.
 */
public final class EmbeddedDatabaseFactory extends FDBDatabaseFactory {
    static {
        TupleVersionstamps.install();
    }

    private final EmbeddedDatabase database;
    private FDBLocalityProvider localityProvider = new SingleServerLocality();
    private Supplier<Boolean> transactionIsTraced = () -> false;
    private APIVersion apiVersion = APIVersion.getDefault();

    public EmbeddedDatabaseFactory(@Nonnull EmbeddedDatabase database) {
        this.database = Objects.requireNonNull(database, "database is null");
        setExecutor(database.getExecutor());
    }

    @Override
    @Nonnull
    public synchronized FDBDatabase getDatabase(@Nullable String clusterFile) {
        return databases.computeIfAbsent(String.valueOf(clusterFile), k -> {
            FDBDatabase db = new FDBDatabase(this, clusterFile);
            db.setDirectoryCacheSize(getDirectoryCacheSize());
            db.setTrackLastSeenVersion(getTrackLastSeenVersion());
            db.setResolverStateRefreshTimeMillis(getStateRefreshTimeMillis());
            db.setStoreStateCache(storeStateCacheFactory.getCache(db));
            return db;
        });
    }

    @Override
    @Nonnull
    public Database open(String clusterFile) {
        return database;
    }

    @Override
    public synchronized void shutdown() {
        databases.values().forEach(FDBDatabase::close);
        databases.clear();
    }

    @Override
    public void setTrace(@Nullable String traceDirectory, @Nullable String traceLogGroup) {
        // FoundationDB client traces do not exist without the native client.
    }

    @Override
    public void setTraceFormat(@Nonnull FDBTraceFormat traceFormat) {
        // as setTrace
    }

    @Override
    public void setRunLoopProfilingEnabled(boolean runLoopProfilingEnabled) {
        // no network run loop in process
    }

    @Override
    public boolean isRunLoopProfilingEnabled() {
        return false;
    }

    @Override
    public void setTransactionIsTracedSupplier(Supplier<Boolean> supplier) {
        this.transactionIsTraced = supplier;
    }

    @Override
    public Supplier<Boolean> getTransactionIsTracedSupplier() {
        return transactionIsTraced;
    }

    @Override
    public void setAPIVersion(@Nonnull APIVersion apiVersion) {
        this.apiVersion = apiVersion;
    }

    @Override
    public APIVersion getAPIVersion() {
        return apiVersion;
    }

    @Override
    @Nonnull
    public FDBLocalityProvider getLocalityProvider() {
        return localityProvider;
    }

    @Override
    public void setLocalityProvider(@Nonnull FDBLocalityProvider localityProvider) {
        this.localityProvider = localityProvider;
    }

    /** One process holds every key: no range starts a new server inside [begin, end). */
    private static final class SingleServerLocality implements FDBLocalityProvider {
        @Nonnull
        @Override
        public CloseableAsyncIterator<byte[]> getBoundaryKeys(@Nonnull com.apple.foundationdb.Transaction tr,
                                                             @Nonnull byte[] begin, @Nonnull byte[] end) {
            Iterator<byte[]> none = Collections.emptyIterator();
            return new CloseableAsyncIterator<>() {
                @Override
                public CompletableFuture<Boolean> onHasNext() {
                    return AsyncUtil.READY_FALSE;
                }

                @Override
                public boolean hasNext() {
                    return none.hasNext();
                }

                @Override
                public byte[] next() {
                    return none.next();
                }

                @Override
                public void close() {
                }

                @Override
                public void cancel() {
                }
            };
        }
    }
}
