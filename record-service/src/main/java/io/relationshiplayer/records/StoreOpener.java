package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.IndexState;
import com.apple.foundationdb.record.provider.foundationdb.FDBMetaDataStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStoreBase;
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

    /** Meta-data by database, valid for one incarnation of the database (a drop and create starts a new one). */
    private record Cached(ByteString incarnation, RecordMetaData metaData) {
    }

    private final ConcurrentMap<String, Cached> cache = new ConcurrentHashMap<>();

    /** The store of {@code database}; fails NOT_FOUND without the database, FAILED_PRECONDITION without a schema. */
    FDBRecordStore open(@Nonnull FDBRecordContext ctx, @Nonnull String database) {
        ByteString incarnation = requireDatabase(ctx, database);
        Cached cached = cache.get(database);
        RecordMetaData md = cached != null && cached.incarnation.equals(incarnation) ? cached.metaData
                : load(ctx, database);
        try {
            return builder(database, md).setContext(ctx).createOrOpen();
        } catch (RecordStoreStaleMetaDataVersionException stale) {
            cache.remove(database);
            return builder(database, load(ctx, database)).setContext(ctx).createOrOpen();
        }
    }

    /** A store builder without a context (for the online indexer). */
    FDBRecordStore.Builder builder(String database, RecordMetaData md) {
        return FDBRecordStore.newBuilder().setKeySpacePath(RlKeySpace.records(database)).setMetaDataProvider(md)
                .setSerializer(RawRecordSerializer.INSTANCE).setUserVersionChecker(INDEX_POLICY);
    }

    /** The current meta-data from the database's meta-data store, cached; FAILED_PRECONDITION without a schema. */
    RecordMetaData load(FDBRecordContext ctx, String database) {
        RecordMetaData md = current(ctx, database);
        if (md == null) {
            throw RecordServiceException.precondition("database '" + database + "' has no schema yet: register one");
        }
        return md;
    }

    /** The current meta-data, or null when no schema was registered. */
    RecordMetaData current(FDBRecordContext ctx, String database) {
        ByteString incarnation = requireDatabase(ctx, database);
        RecordMetaData md = metaDataStore(ctx, database).getRecordMetaDataAsync(false).join();
        if (md != null) {
            cache.put(database, new Cached(incarnation, md));
        }
        return md;
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
        cache.put(database, new Cached(incarnation, md));
    }

    static byte[] nameKey(FDBRecordContext ctx, String database) {
        KeySpacePath names = RlKeySpace.names();
        return names.toSubspace(ctx).pack(Tuple.from(database));
    }

    /** Fails NOT_FOUND unless the database exists; returns its incarnation id (new at every create). */
    static ByteString requireDatabase(FDBRecordContext ctx, String database) {
        byte[] marker = ctx.ensureActive().get(nameKey(ctx, database)).join();
        if (marker == null) {
            throw RecordServiceException.noDatabase(database);
        }
        return ByteString.copyFrom(marker);
    }
}
