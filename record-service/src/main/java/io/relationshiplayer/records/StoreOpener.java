package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.IndexState;
import com.apple.foundationdb.record.IsolationLevel;
import com.apple.foundationdb.record.provider.foundationdb.FDBMetaDataStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStoreBase;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer;
import com.apple.foundationdb.record.provider.foundationdb.RecordStoreStaleMetaDataVersionException;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpacePath;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.ByteString;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import javax.annotation.Nonnull;

/**
 * Opens a database's record store inside a transaction: checks the database exists, uses the cached meta-data and
 * reloads it from the meta-data store when the store says a newer version was registered (by this or another server).
 *
 * <p>What every call would otherwise read again, serially, before its own reads (the database's marker and its
 * meta-data), is cached with FoundationDB's metadata version at the time it was read: that key comes with the read
 * version at no extra round trip, and every change of a database's existence or schema stamps it
 * ({@link #changed}). While it holds, the cache serves, with a read conflict on the marker so that a drop committed
 * meanwhile aborts this transaction rather than let it write into a dropped database. The store header is served the
 * same way by the Record Layer's store state cache ({@code MetaDataVersionStampStoreStateCache}) for cacheable stores.
 * A transaction that changed a schema reads its own and caches nothing: its change may yet roll back.
 */
final class StoreOpener {
    /** New indexes on populated stores start write-only and are built online; small stores build them in line. */
    static final FDBRecordStoreBase.UserVersionChecker INDEX_POLICY = new FDBRecordStoreBase.UserVersionChecker() {
        @Override
        public CompletableFuture<Integer> checkUserVersion(int oldUserVersion, int oldMetaDataVersion,
                                                           com.apple.foundationdb.record.RecordMetaDataProvider metaData) {
            return CompletableFuture.completedFuture(oldUserVersion);
        }

        @Override
        public IndexState needRebuildIndex(Index index, long recordCount, boolean indexOnNewRecordTypes) {
            return FDBRecordStore.writeOnlyIfTooManyRecordsForRebuild(recordCount, indexOnNewRecordTypes);
        }
    };

    /**
     * Meta-data by database, valid for one incarnation of the database (a drop and create starts a new one), and
     * without reading anything while the metadata version is still {@code stamp} (null: not known).
     */
    private record Cached(ByteString incarnation, RecordMetaData metaData, byte[] stamp) {
        boolean validAt(byte[] now) {
            return stamp != null && now != null && java.util.Arrays.equals(stamp, now);
        }
    }

    private final ConcurrentMap<String, Cached> cache = new ConcurrentHashMap<>();

    /** The store of {@code database}; fails NOT_FOUND without the database, FAILED_PRECONDITION without a schema. */
    FDBRecordStore open(@Nonnull FDBRecordContext ctx, @Nonnull String database) {
        return ctx.asyncToSync(FDBStoreTimer.Waits.WAIT_LOAD_RECORD_STORE_STATE,
                openAsync(ctx, database));
    }

    /**
     * As {@link #open}, without blocking: on a cache hit the only read is the metadata version key (with the read
     * version) and the store header from the Record Layer's store state cache.
     */
    CompletableFuture<FDBRecordStore> openAsync(@Nonnull FDBRecordContext ctx, @Nonnull String database) {
        return ctx.getMetaDataVersionStampAsync(IsolationLevel.SNAPSHOT).thenCompose(stamp -> {
            Cached cached = cache.get(database);
            if (cached != null && cached.validAt(stamp)) {
                ctx.ensureActive().addReadConflictKey(nameKey(ctx, database));
                return openWith(ctx, database, cached.metaData);
            }
            return requireDatabaseAsync(ctx, database).thenCompose(incarnation -> {
                CompletableFuture<RecordMetaData> md = cached != null && cached.incarnation.equals(incarnation)
                        ? CompletableFuture.completedFuture(cached.metaData) : loadAsync(ctx, database, incarnation);
                return md.thenCompose(m -> {
                    if (stamp != null) {
                        cache.put(database, new Cached(incarnation, m, stamp));
                    }
                    return openWith(ctx, database, m);
                });
            });
        });
    }

    /** Opens the store with {@code md}; reloads the meta-data once when the store was written with a newer one. */
    private CompletableFuture<FDBRecordStore> openWith(FDBRecordContext ctx, String database, RecordMetaData md) {
        return builder(database, md).setContext(ctx).createOrOpenAsync()
                .handle((store, failure) -> {
                    if (failure == null) {
                        return CompletableFuture.completedFuture(store);
                    }
                    if (!(Failures.unwrap(failure) instanceof RecordStoreStaleMetaDataVersionException)) {
                        return CompletableFuture.<FDBRecordStore>failedFuture(Failures.unwrap(failure));
                    }
                    cache.remove(database);
                    return requireDatabaseAsync(ctx, database)
                            .thenCompose(incarnation -> loadAsync(ctx, database, incarnation))
                            .thenCompose(fresh -> builder(database, fresh).setContext(ctx)
                                    .createOrOpenAsync());
                }).thenCompose(f -> f);
    }

    /** A store builder without a context (for the online indexer). */
    FDBRecordStore.Builder builder(String database, RecordMetaData md) {
        return new IndexSubspaceStore.Builder().setKeySpacePath(RlKeySpace.records(database)).setMetaDataProvider(md)
                .setSerializer(RawRecordSerializer.INSTANCE).setUserVersionChecker(INDEX_POLICY)
                .setIndexMaintainerRegistry(DirectIndexMaintainers.INSTANCE);
    }

    /** The current meta-data from the database's meta-data store, cached; FAILED_PRECONDITION without a schema. */
    RecordMetaData load(FDBRecordContext ctx, String database) {
        RecordMetaData md = current(ctx, database);
        if (md == null) {
            throw noSchema(database);
        }
        return md;
    }

    private CompletableFuture<RecordMetaData> loadAsync(FDBRecordContext ctx, String database, ByteString incarnation) {
        return currentAsync(ctx, database, incarnation).thenApply(md -> {
            if (md == null) {
                throw noSchema(database);
            }
            return md;
        });
    }

    private static RecordServiceException noSchema(String database) {
        return RecordServiceException.precondition("database '" + database + "' has no schema yet: register one");
    }

    /**
     * The current meta-data, or null when no schema was registered. Cached unless this transaction changed a schema
     * (its metadata version then reads null): what it registered is not committed, and may never be.
     */
    RecordMetaData current(FDBRecordContext ctx, String database) {
        return ctx.asyncToSync(FDBStoreTimer.Waits.WAIT_LOAD_META_DATA,
                requireDatabaseAsync(ctx, database).thenCompose(incarnation -> currentAsync(ctx, database,
                        incarnation)));
    }

    private CompletableFuture<RecordMetaData> currentAsync(FDBRecordContext ctx, String database,
                                                           ByteString incarnation) {
        return metaDataStore(ctx, database).getRecordMetaDataAsync(false)
                .thenCombine(ctx.getMetaDataVersionStampAsync(IsolationLevel.SNAPSHOT), (md, stamp) -> {
                    if (md != null && stamp != null) {
                        cache.put(database, new Cached(incarnation, md, null));
                    }
                    return md;
                });
    }

    FDBMetaDataStore metaDataStore(FDBRecordContext ctx, String database) {
        FDBMetaDataStore mds = new FDBMetaDataStore(ctx, RlKeySpace.meta(database));
        mds.setMaintainHistory(true);
        return mds;
    }

    void forget(String database) {
        cache.remove(database);
    }

    void rememberIncarnation(String database, ByteString incarnation, RecordMetaData md) {
        cache.put(database, new Cached(incarnation, md, null));
    }

    /**
     * Marks that this transaction changes a database's existence or schema: it stamps FoundationDB's metadata version,
     * so that every server's cache of markers, meta-data and store states reads them again after it commits.
     */
    static void changed(FDBRecordContext ctx) {
        ctx.setMetaDataVersionStamp();
    }

    static byte[] nameKey(FDBRecordContext ctx, String database) {
        KeySpacePath names = RlKeySpace.names();
        return names.toSubspace(ctx).pack(Tuple.from(database));
    }

    /** Fails NOT_FOUND unless the database exists; returns its incarnation id (new at every create). */
    static ByteString requireDatabase(FDBRecordContext ctx, String database) {
        return ctx.asyncToSync(FDBStoreTimer.Waits.WAIT_LOAD_META_DATA,
                requireDatabaseAsync(ctx, database));
    }

    static CompletableFuture<ByteString> requireDatabaseAsync(FDBRecordContext ctx, String database) {
        return ctx.ensureActive().get(nameKey(ctx, database)).thenApply(marker -> {
            if (marker == null) {
                throw RecordServiceException.noDatabase(database);
            }
            return ByteString.copyFrom(marker);
        });
    }
}
