package io.relationshiplayer.records;

import com.apple.foundationdb.Range;
import com.apple.foundationdb.record.IndexState;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.RecordType;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStoreBase;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.record.provider.foundationdb.OnlineIndexer;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.relationshiplayer.proto.v1.IndexState.State;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * The record service's domain: databases (tenants), their schemas and records, on the Record Layer. Each call is one
 * transaction, retried on conflict. Knows nothing of gRPC; the service class is a thin adapter over this.
 */
public final class RecordStores {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,127}");

    private final FDBDatabase db;
    private final StoreOpener opener = new StoreOpener();
    private final IndexBuilds builds;
    /** Counts each call's FoundationDB operations (reads, range reads, commits), when given. */
    private final com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer timer;

    public RecordStores(@Nonnull FDBDatabase db) {
        this(db, null);
    }

    /** With {@code timer}, every transaction's FoundationDB operations are counted in it. */
    public RecordStores(@Nonnull FDBDatabase db,
                        @javax.annotation.Nullable com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer timer) {
        this.db = Objects.requireNonNull(db, "db is null");
        this.timer = timer;
        this.builds = new IndexBuilds(db, opener);
        // Store headers served from memory while FoundationDB's metadata version holds (see StoreOpener); one cache
        // per database, whichever RecordStores over it comes first.
        synchronized (db) {
            if (!(db.getStoreStateCache() instanceof com.apple.foundationdb.record.provider.foundationdb.storestate
                    .MetaDataVersionStampStoreStateCache)) {
                db.setStoreStateCache(com.apple.foundationdb.record.provider.foundationdb.storestate
                        .MetaDataVersionStampStoreStateCacheFactory.newInstance().getCache(db));
            }
        }
    }

    @Nonnull
    public FDBDatabase database() {
        return db;
    }

    // ---- databases ----

    public boolean createDatabase(String name, boolean ifNotExists) {
        checkName(name);
        return run(ctx -> {
            byte[] key = StoreOpener.nameKey(ctx, name);
            if (ctx.ensureActive().get(key).join() != null) {
                if (ifNotExists) {
                    return false;
                }
                throw RecordServiceException.alreadyExists("database '" + name + "' already exists");
            }
            byte[] incarnation = new byte[16];
            new java.security.SecureRandom().nextBytes(incarnation);
            ctx.ensureActive().set(key, incarnation);
            StoreOpener.changed(ctx);
            return true;
        });
    }

    public List<String> listDatabases() {
        return run(ctx -> {
            List<String> names = new ArrayList<>();
            var subspace = RlKeySpace.names().toSubspace(ctx);
            ctx.ensureActive().getRange(subspace.range()).asList().join()
                    .forEach(kv -> names.add(subspace.unpack(kv.getKey()).getString(0)));
            return names;
        });
    }

    public boolean dropDatabase(String name, boolean ifExists) {
        checkName(name);
        boolean dropped = run(ctx -> {
            byte[] key = StoreOpener.nameKey(ctx, name);
            if (ctx.ensureActive().get(key).join() == null) {
                if (ifExists) {
                    return false;
                }
                throw RecordServiceException.noDatabase(name);
            }
            ctx.ensureActive().clear(key);
            ctx.ensureActive().clear(Range.startsWith(RlKeySpace.database(name).toSubspace(ctx).pack()));
            StoreOpener.changed(ctx);
            return true;
        });
        opener.forget(name);
        return dropped;
    }

    private static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw RecordServiceException.invalid("database name '" + name + "' must start with a letter and hold "
                    + "only letters, digits, '_', '.' or '-' (at most 128)");
        }
    }

    // ---- schemas ----

    /**
     * Registers or evolves a client's schema; new indexes on populated stores are built online. Refused for a database
     * that holds SQL tables, and for a schema in their reserved package ({@link SqlTables}).
     */
    public SchemaInfo registerSchema(String database, Schema schema, boolean waitForIndexes) {
        RecordMetaData md = run(ctx -> registerSchema(ctx, database, schema, false));
        buildPendingIndexes(database, md, waitForIndexes);
        return schemaInfo(database);
    }

    /**
     * Registers or evolves the schema inside the caller's transaction and opens the store on it (small stores build
     * new indexes in line). Indexes left to build online are started by {@link #buildPendingIndexes} after commit.
     * The relationship layer's way to register the schema it generates for SQL tables ({@link SqlTables}).
     */
    public RecordMetaData registerSchema(FDBRecordContext ctx, String database, Schema schema) {
        return registerSchema(ctx, database, schema, true);
    }

    private RecordMetaData registerSchema(FDBRecordContext ctx, String database, Schema schema, boolean tables) {
        StoreOpener.requireDatabase(ctx, database);
        RecordMetaData previous = opener.current(ctx, database);
        if (!tables) {
            SqlTables.refuseSchema(previous, database);
        }
        RecordMetaData next = SchemaCompiler.compile(schema, previous);
        if (!tables) {
            SqlTables.refuseReservedPackage(next);
        }
        try {
            opener.metaDataStore(ctx, database).saveAndSetCurrent(next.toProto()).join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof com.apple.foundationdb.record.metadata.MetaDataException) {
                throw SchemaCompiler.refused((com.apple.foundationdb.record.metadata.MetaDataException) e.getCause());
            }
            throw e;
        }
        FDBRecordStore store = opener.builder(database, next).setContext(ctx).createOrOpen();
        store.setStateCacheability(true);
        StoreOpener.changed(ctx);
        com.google.protobuf.ByteString incarnation = StoreOpener.requireDatabase(ctx, database);
        ctx.addPostCommit(() -> {
            opener.rememberIncarnation(database, incarnation, next);
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        });
        return next;
    }

    /** Builds online every index of {@code md} that is not readable; with {@code wait}, returns when they are. */
    public void buildPendingIndexes(String database, RecordMetaData md, boolean wait) {
        List<Index> pending;
        try {
            pending = builds.startPending(database, md);
        } catch (RuntimeException e) {
            throw Failures.classify(e);
        }
        if (wait) {
            builds.await(database, pending);
        }
    }

    /**
     * Builds inside the caller's transaction every index of {@code md} that registering it left unbuilt (the Record
     * Layer builds in line only on stores of few records), if the records it covers number at most {@code maxRecords}:
     * a transaction of the caller cannot hand its work to an online build. Returns the indexes left unbuilt.
     */
    public List<String> buildIndexesInTransaction(FDBRecordContext ctx, String database, RecordMetaData md,
                                                  long maxRecords) {
        FDBRecordStore store = opener.builder(database, md).setContext(ctx).open();
        List<String> unbuilt = new ArrayList<>();
        for (Index i : md.getAllIndexes()) {
            if (store.isIndexReadable(i)) {
                continue;
            }
            long records = 0;
            for (RecordType type : md.recordTypesForIndex(i)) {
                records += store.getSnapshotRecordCountForRecordType(type.getName()).join();
            }
            if (records > maxRecords) {
                unbuilt.add(i.getName());
                continue;
            }
            // FDBRecordStore.rebuildIndex would log a failure and leave the index unbuilt: this one fails the caller
            try (OnlineIndexer indexer = OnlineIndexer.newBuilder().setRecordStore(store).setIndex(i).build()) {
                indexer.rebuildIndex(store);
            }
            store.markIndexReadable(i).join();
        }
        return unbuilt;
    }

    /** The database's record store inside the caller's transaction. */
    public FDBRecordStore openStore(FDBRecordContext ctx, String database) {
        return opener.open(ctx, database);
    }

    public SchemaInfo schemaInfo(String database) {
        return run(ctx -> {
            FDBRecordStore store = opener.open(ctx, database);
            RecordMetaData md = store.getRecordMetaData();
            List<io.relationshiplayer.proto.v1.IndexState> states = new ArrayList<>();
            for (Index i : md.getAllIndexes()) {
                if (!i.getName().startsWith("_")) {
                    states.add(io.relationshiplayer.proto.v1.IndexState.newBuilder().setName(i.getName())
                            .setState(state(store.getIndexState(i))).build());
                }
            }
            return new SchemaInfo(md, states);
        });
    }

    private static State state(IndexState s) {
        switch (s) {
            case READABLE:
                return State.READABLE;
            case DISABLED:
                return State.DISABLED;
            default:
                return State.BUILDING;
        }
    }

    // ---- records ----

    /**
     * Saves all records in one transaction; returns the commit's versionstamp when versions are stored. Refused for
     * record types of SQL tables ({@link SqlTables}).
     */
    public SaveResult save(String database, List<RecordMessage> records, SaveMode mode) {
        return join(saveAsync(database, records, mode));
    }

    /** As {@link #save}, without blocking a thread while FoundationDB answers. */
    public CompletableFuture<SaveResult> saveAsync(String database, List<RecordMessage> records, SaveMode mode) {
        if (records.isEmpty()) {
            return CompletableFuture.completedFuture(new SaveResult(0, new byte[0]));
        }
        FDBRecordStoreBase.RecordExistenceCheck check = mode == SaveMode.INSERT
                ? FDBRecordStoreBase.RecordExistenceCheck.ERROR_IF_EXISTS
                : mode == SaveMode.UPDATE ? FDBRecordStoreBase.RecordExistenceCheck.ERROR_IF_NOT_EXISTS_OR_RECORD_TYPE_CHANGED
                : FDBRecordStoreBase.RecordExistenceCheck.NONE;
        return runAsync(ctx -> opener.openAsync(ctx, database).thenCompose(store -> {
            RecordMetaData md = store.getRecordMetaData();
            List<CompletableFuture<?>> saves = new ArrayList<>(records.size());
            for (RecordMessage r : records) {
                RecordType type = SchemaCompiler.type(md, r.getType());
                SqlTables.refuseWrite(md, database, type.getName());
                Message m = RawRecordSerializer.parse(type, r.getMessage());
                requirePrimaryKey(type, m);
                saves.add(store.saveRecordAsync(m, check));
            }
            return CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0]))
                    .thenApply(done -> md.isStoreRecordVersions() ? ctx : null);
        })).thenApply(committed -> new SaveResult(records.size(), committed == null ? new byte[0]
                : committed.getVersionStamp()));
    }

    /** Refuses a record whose primary key has an unset field (it would be stored under a NULL key). */
    private static void requirePrimaryKey(RecordType type, Message m) {
        com.apple.foundationdb.record.metadata.expressions.KeyExpression pk = type.getPrimaryKey();
        // evaluated without the stored record: the record type key and unset fields come out null in the tuple
        List<Object> values = pk.evaluateMessageSingleton(null, m).toTuple().getItems();
        List<com.apple.foundationdb.record.metadata.expressions.KeyExpression> parts = pk.normalizeKeyForPositions();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null && !(i < parts.size() && parts.get(i)
                    instanceof com.apple.foundationdb.record.metadata.expressions.RecordTypeKeyExpression)) {
                String name = i < parts.size() && parts.get(i)
                        instanceof com.apple.foundationdb.record.metadata.expressions.FieldKeyExpression f
                        ? f.getFieldName() : String.valueOf(i < parts.size() ? parts.get(i) : i);
                throw RecordServiceException.invalid("record of type " + type.getName() + ": primary key field '"
                        + name + "' is not set");
            }
        }
    }

    public List<LoadedRecord> load(String database, String type, List<Key> keys) {
        return join(loadAsync(database, type, keys));
    }

    /** As {@link #load}, without blocking a thread while FoundationDB answers: the loads go out together. */
    public CompletableFuture<List<LoadedRecord>> loadAsync(String database, String type, List<Key> keys) {
        return runAsync(ctx -> opener.openAsync(ctx, database).thenCompose(store -> {
            RecordType rt = SchemaCompiler.type(store.getRecordMetaData(), type);
            List<CompletableFuture<FDBStoredRecord<Message>>> loads = new ArrayList<>(keys.size());
            for (Key k : keys) {
                loads.add(store.loadRecordAsync(TupleValues.primaryKey(rt.getRecordTypeKey(), k)));
            }
            return CompletableFuture.allOf(loads.toArray(new CompletableFuture<?>[0])).thenApply(done -> {
                List<LoadedRecord> out = new ArrayList<>(keys.size());
                for (int i = 0; i < keys.size(); i++) {
                    FDBStoredRecord<Message> r = loads.get(i).join();
                    LoadedRecord.Builder b = LoadedRecord.newBuilder().setKey(keys.get(i));
                    if (r != null && r.getRecordType().getName().equals(type)) {
                        b.setFound(true).setRecord(record(r));
                    }
                    out.add(b.build());
                }
                return out;
            });
        }));
    }

    static RecordMessage record(FDBStoredRecord<Message> r) {
        return RecordMessage.newBuilder().setType(r.getRecordType().getName())
                .setMessage(RawRecordSerializer.bytes(r.getRecord())).build();
    }

    /** Deletes records by primary key in one transaction. Refused for record types of SQL tables. */
    public int delete(String database, String type, List<Key> keys) {
        return join(deleteAsync(database, type, keys));
    }

    /** As {@link #delete}, without blocking a thread while FoundationDB answers. */
    public CompletableFuture<Integer> deleteAsync(String database, String type, List<Key> keys) {
        return runAsync(ctx -> opener.openAsync(ctx, database).thenCompose(store -> {
            RecordType rt = SchemaCompiler.type(store.getRecordMetaData(), type);
            SqlTables.refuseWrite(store.getRecordMetaData(), database, rt.getName());
            List<CompletableFuture<Boolean>> deletes = new ArrayList<>(keys.size());
            for (Key k : keys) {
                deletes.add(store.deleteRecordAsync(TupleValues.primaryKey(rt.getRecordTypeKey(), k)));
            }
            return CompletableFuture.allOf(deletes.toArray(new CompletableFuture<?>[0]))
                    .thenApply(done -> (int) deletes.stream().filter(CompletableFuture::join).count());
        }));
    }

    /**
     * Deletes every record of {@code type} (empty: of the database), in as many transactions as it takes. Refused for
     * SQL tables ({@link SqlTables}).
     */
    public void deleteAll(String database, String type) {
        deleteAll(database, type, false);
    }

    /**
     * Deletes every record of {@code recordType}, in as many transactions as it takes: the relationship layer's way to
     * clear the rows of a table it dropped.
     */
    public void deleteTableRecords(String database, String recordType) {
        if (recordType == null || recordType.isEmpty()) {
            throw RecordServiceException.invalid("no record type named");
        }
        deleteAll(database, recordType, true);
    }

    private void deleteAll(String database, String type, boolean tables) {
        if (type == null || type.isEmpty()) {
            run(ctx -> {
                FDBRecordStore store = opener.open(ctx, database);
                SqlTables.refuseWrite(store.getRecordMetaData(), database, "");
                store.deleteAllRecords();
                return null;
            });
            return;
        }
        byte[] continuation = null;
        do {
            byte[] from = continuation;
            continuation = run(ctx -> {
                FDBRecordStore store = opener.open(ctx, database);
                RecordType rt = SchemaCompiler.type(store.getRecordMetaData(), type);
                if (!tables) {
                    SqlTables.refuseWrite(store.getRecordMetaData(), database, rt.getName());
                }
                var cursor = store.scanRecords(com.apple.foundationdb.record.TupleRange.allOf(
                        Tuple.from(rt.getRecordTypeKey())), from, new com.apple.foundationdb.record.ScanProperties(
                        com.apple.foundationdb.record.ExecuteProperties.newBuilder().setReturnedRowLimit(1_000).build()));
                var result = cursor.forEach(r -> store.deleteRecord(r.getPrimaryKey())).thenCompose(v -> cursor.onNext())
                        .join();
                return result.getContinuation().isEnd() ? null : result.getContinuation().toBytes();
            });
        } while (continuation != null);
    }

    public long count(String database, String type) {
        return run(ctx -> {
            FDBRecordStore store = opener.open(ctx, database);
            if (type == null || type.isEmpty()) {
                return store.getSnapshotRecordCount().join();
            }
            SchemaCompiler.type(store.getRecordMetaData(), type);
            return store.getSnapshotRecordCountForRecordType(type).join();
        });
    }

    // ---- scans and queries ----

    /** A stream over a scan; the caller reads batches and closes it. */
    public RecordStream scan(ScanRequest request) {
        return RecordStream.scan(db, opener, request);
    }

    public RecordStream query(QueryRequest request) {
        return RecordStream.query(db, opener, request);
    }

    /** The Record Layer's plan for a query, without running it. */
    public String explain(QueryRequest request) {
        return run(ctx -> {
            FDBRecordStore store = opener.open(ctx, request.getDatabase());
            return store.planQuery(RecordStream.query(store.getRecordMetaData(), request)).toString();
        });
    }

    // ---- transactions ----

    private <T> T run(java.util.function.Function<FDBRecordContext, T> body) {
        return run(body, t -> t);
    }

    /**
     * Runs {@code body} in a retried transaction without blocking; the future fails with the service's exception
     * ({@link Failures#classify}).
     */
    private <T> CompletableFuture<T> runAsync(
            java.util.function.Function<FDBRecordContext, CompletableFuture<T>> body) {
        CompletableFuture<T> result = new CompletableFuture<>();
        db.<T>runAsync(timer, null, body::apply).whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(Failures.classify(failure));
            }
        });
        return result;
    }

    /**
     * The blocking form of an asynchronous call: its result, or the service's exception. It waits as the Record Layer
     * does, so a wait inside a future's completion is reported where the database's blocking detection is on.
     */
    private <T> T join(CompletableFuture<T> call) {
        try {
            return db.asyncToSync(timer, com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer.Waits
                    .WAIT_EXECUTE_QUERY, call);
        } catch (RuntimeException e) {
            throw Failures.classify(e);
        }
    }

    /** Runs {@code body} in a retried transaction, then {@code after} on its result once committed. */
    private <T, R> R run(java.util.function.Function<FDBRecordContext, T> body, java.util.function.Function<T, R> after) {
        try {
            return after.apply(db.run(timer, null, body));
        } catch (RuntimeException e) {
            throw Failures.classify(e);
        }
    }

    /** What a schema registration or lookup reports. */
    public record SchemaInfo(RecordMetaData metaData, List<io.relationshiplayer.proto.v1.IndexState> indexes) {
    }

    /** What a save reports. */
    public record SaveResult(int saved, byte[] versionstamp) {
    }
}
