package io.relationshiplayer.tickets;

import com.apple.foundationdb.record.ExecuteProperties;
import com.apple.foundationdb.record.IndexState;
import com.apple.foundationdb.record.RecordCursor;
import com.apple.foundationdb.record.RecordCursorResult;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataProvider;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBMetaDataStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStoreBase;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.record.provider.foundationdb.RecordStoreStaleMetaDataVersionException;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.Message;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.proto.v1.tickets.TicketProto;
import io.relationshiplayer.records.Failures;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.RlKeySpace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The study's "no proxy" path: the Record Layer library used directly on the backend, with the generated
 * {@link Ticket} class. The store is the record service's tickets store: the same key-space path, the meta-data the
 * service registered (read from its meta-data store, bound to the generated descriptor), and the service's encoding,
 * so either path reads what the other wrote.
 */
public final class DirectTicketLayer implements TicketLayer {
    /** A scan moves to a new transaction after this long, well inside FoundationDB's five seconds. */
    static final long TRANSACTION_MILLIS = 2_000;

    /** The record service's policy for new indexes (see its StoreOpener): write-only on big stores, built online. */
    private static final FDBRecordStoreBase.UserVersionChecker INDEX_POLICY =
            new FDBRecordStoreBase.UserVersionChecker() {
                @Override
                public CompletableFuture<Integer> checkUserVersion(int oldUserVersion, int oldMetaDataVersion,
                                                                   RecordMetaDataProvider metaData) {
                    return CompletableFuture.completedFuture(oldUserVersion);
                }

                @Override
                public IndexState needRebuildIndex(Index index, long recordCount, boolean indexOnNewRecordTypes) {
                    return FDBRecordStore.writeOnlyIfTooManyRecordsForRebuild(recordCount, indexOnNewRecordTypes);
                }
            };

    private final FDBDatabase db;
    private final String where;
    private volatile RecordMetaData metaData;

    private DirectTicketLayer(FDBDatabase db, String where) {
        this.db = db;
        this.where = where;
        this.metaData = run(this::loadMetaData);
    }

    /**
     * The tickets store on {@code db}, creating the database and registering the schema (in process, through the
     * record service's own code) when they are missing. {@code where} names the backend for reports.
     */
    @Nonnull
    public static DirectTicketLayer open(@Nonnull FDBDatabase db, @Nonnull String where) {
        Objects.requireNonNull(db, "db is null");
        Objects.requireNonNull(where, "where is null");
        TicketSchema.ensure(new RecordStores(db));
        return new DirectTicketLayer(db, where);
    }

    @Override
    public void save(@Nonnull Ticket ticket) {
        Objects.requireNonNull(ticket, "ticket is null");
        run(ctx -> open(ctx).saveRecord(ticket));
    }

    @Override
    public void saveAll(@Nonnull List<Ticket> tickets) {
        if (tickets.isEmpty()) {
            return;
        }
        run(ctx -> {
            FDBRecordStore store = open(ctx);
            List<CompletableFuture<FDBStoredRecord<Message>>> saves = new ArrayList<>(tickets.size());
            for (Ticket t : tickets) {
                saves.add(store.saveRecordAsync(t));
            }
            saves.forEach(CompletableFuture::join);
            return null;
        });
    }

    @Nullable
    @Override
    public Ticket load(int id) {
        return run(ctx -> {
            FDBRecordStore store = open(ctx);
            FDBStoredRecord<Message> r = store.loadRecord(Tuple.from(typeKey(store), id));
            return r != null && r.getRecord() instanceof Ticket ? (Ticket) r.getRecord() : null;
        });
    }

    @Override
    public long scan(@Nonnull Consumer<? super Ticket> each) {
        long n = 0;
        byte[] continuation = null;
        do {
            try (FDBRecordContext ctx = db.openContext();
                 RecordCursor<FDBStoredRecord<Message>> cursor = cursor(ctx, continuation)) {
                RecordCursorResult<FDBStoredRecord<Message>> r;
                while ((r = next(cursor)).hasNext()) {
                    each.accept((Ticket) r.get().getRecord());
                    n++;
                }
                continuation = r.getContinuation().isEnd() ? null : r.getContinuation().toBytes();
            }
        } while (continuation != null);
        return n;
    }

    /** The scan's cursor in one transaction, stopping before the transaction grows old. */
    private RecordCursor<FDBStoredRecord<Message>> cursor(FDBRecordContext ctx, @Nullable byte[] continuation) {
        try {
            FDBRecordStore store = open(ctx);
            ScanProperties props = new ScanProperties(ExecuteProperties.newBuilder()
                    .setTimeLimit(TRANSACTION_MILLIS).build());
            return store.scanRecords(TupleRange.allOf(Tuple.from(typeKey(store))), continuation, props);
        } catch (RuntimeException e) {
            throw Failures.classify(e);
        }
    }

    /** The cursor's next result; a failure of the store (not of the caller's consumer) is classified. */
    private static RecordCursorResult<FDBStoredRecord<Message>> next(RecordCursor<FDBStoredRecord<Message>> cursor) {
        try {
            return cursor.getNext();
        } catch (RuntimeException e) {
            throw Failures.classify(e);
        }
    }

    @Override
    public void deleteAll() {
        run(ctx -> {
            open(ctx).deleteAllRecords();
            return null;
        });
    }

    @Nonnull
    @Override
    public String describe() {
        return "direct, " + where;
    }

    /** Nothing to release: the database belongs to the caller. */
    @Override
    public void close() {
    }

    /** Opens the store as the record service does; reloads the meta-data once if the service registered a newer one. */
    private FDBRecordStore open(FDBRecordContext ctx) {
        try {
            return builder(metaData).setContext(ctx).createOrOpen();
        } catch (RecordStoreStaleMetaDataVersionException stale) {
            RecordMetaData fresh = loadMetaData(ctx);
            metaData = fresh;
            return builder(fresh).setContext(ctx).createOrOpen();
        }
    }

    private static FDBRecordStore.Builder builder(RecordMetaData md) {
        return FDBRecordStore.newBuilder().setKeySpacePath(RlKeySpace.records(TicketSchema.DATABASE))
                .setMetaDataProvider(md).setSerializer(TicketRecordSerializer.INSTANCE)
                .setUserVersionChecker(INDEX_POLICY);
    }

    /** The service's current meta-data for the tickets database, its record types bound to the generated classes. */
    private RecordMetaData loadMetaData(FDBRecordContext ctx) {
        FDBMetaDataStore mds = new FDBMetaDataStore(ctx, RlKeySpace.meta(TicketSchema.DATABASE));
        mds.setLocalFileDescriptor(TicketProto.getDescriptor());
        return mds.getRecordMetaData();
    }

    private static Object typeKey(FDBRecordStore store) {
        return store.getRecordMetaData().getRecordType(TicketSchema.TYPE).getRecordTypeKey();
    }

    private <T> T run(Function<FDBRecordContext, T> body) {
        try {
            return db.run(body);
        } catch (RuntimeException e) {
            throw Failures.classify(e);
        }
    }
}
