package io.relationshiplayer.records;

import com.apple.foundationdb.record.EndpointType;
import com.apple.foundationdb.record.ExecuteProperties;
import com.apple.foundationdb.record.RecordCursor;
import com.apple.foundationdb.record.RecordCursorResult;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.record.metadata.RecordType;
import com.apple.foundationdb.record.metadata.expressions.KeyExpression;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.record.query.RecordQuery;
import com.apple.foundationdb.record.query.plan.plans.RecordQueryPlan;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.Message;
import io.relationshiplayer.fdb.TimeSource;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.KeyRange;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.ScanRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A scan or query read in batches over as many transactions as it takes: each transaction reads for at most
 * {@link #TRANSACTION_MILLIS} (well inside FoundationDB's five seconds) and the next resumes from the Record Layer's
 * continuation, so any result size streams in bounded memory. A client limit stops it with a continuation the client
 * can pass back, versioned so that the format can change.
 */
public final class RecordStream implements AutoCloseable {
    static final long TRANSACTION_MILLIS = 2_000;
    /** Token format: version, CRC-32 of (request fingerprint, continuation), the Record Layer's continuation. */
    private static final byte TOKEN_VERSION = 2;

    /** Opens the cursor for a store, from a continuation (null: the start), under the given properties. */
    private interface CursorFactory {
        RecordCursor<FDBStoredRecord<Message>> open(FDBRecordStore store, byte[] continuation, ExecuteProperties props);
    }

    private final FDBDatabase db;
    /** The clock of FoundationDB's window: the system's, or the one a test gave the embedded engine. */
    private final TimeSource clock;
    private final StoreOpener opener;
    private final String database;
    private final CursorFactory factory;
    private final boolean reverse;
    private final int limit;
    private final byte[] fingerprint;
    private int returned;
    private byte[] continuation;
    private boolean done;
    private String plan = "";
    private FDBRecordContext ctx;
    private RecordCursor<FDBStoredRecord<Message>> cursor;
    private long openedAt;

    private RecordStream(FDBDatabase db, StoreOpener opener, String database, CursorFactory factory, boolean reverse,
                         int limit, byte[] token, byte[] fingerprint) {
        this.db = db;
        this.clock = TimeSource.of(db);
        this.opener = opener;
        this.database = database;
        this.factory = factory;
        this.reverse = reverse;
        if (limit < 0) {
            throw RecordServiceException.invalid("limit must not be negative");
        }
        this.limit = limit;
        this.fingerprint = fingerprint;
        this.continuation = parseToken(token, fingerprint);
    }

    static RecordStream scan(FDBDatabase db, StoreOpener opener, ScanRequest r) {
        return new RecordStream(db, opener, r.getDatabase(), (store, cont, props) -> {
            RecordType type = SchemaCompiler.type(store.getRecordMetaData(), r.getType());
            TupleRange range = range(type.getRecordTypeKey(), r.getRange());
            return store.scanRecords(range, cont, new ScanProperties(props, r.getReverse()));
        }, r.getReverse(), r.getLimit(), r.getContinuation().toByteArray(), r.toBuilder().clearContinuation()
                .clearLimit().clearBatchSize().build().toByteArray());
    }

    static RecordStream query(FDBDatabase db, StoreOpener opener, QueryRequest r) {
        RecordStream[] self = new RecordStream[1];
        self[0] = new RecordStream(db, opener, r.getDatabase(), (store, cont, props) -> {
            RecordQueryPlan plan = store.planQuery(query(store.getRecordMetaData(), r));
            if (self[0].plan.isEmpty()) {
                self[0].plan = plan.toString();
            }
            return store.executeQuery(plan, cont, props).map(q -> q.getStoredRecord());
        }, r.getReverse(), r.getLimit(), r.getContinuation().toByteArray(), r.toBuilder().clearContinuation()
                .clearLimit().clearBatchSize().clearExplain().build().toByteArray());
        return self[0];
    }

    static RecordQuery query(RecordMetaData md, QueryRequest r) {
        if (r.getTypesCount() == 0) {
            throw RecordServiceException.invalid("query: no record types given");
        }
        RecordType first = null;
        for (String t : r.getTypesList()) {
            RecordType type = SchemaCompiler.type(md, t);
            first = first == null ? type : first;
        }
        RecordQuery.Builder q = RecordQuery.newBuilder().setRecordTypes(r.getTypesList());
        if (r.hasFilter()) {
            q.setFilter(new FilterTranslator(first.getDescriptor()).translate(r.getFilter()));
        }
        if (r.getSortCount() > 0) {
            KeyExpression sort = KeyExpressions.concat(KeyExpressions.fields(first.getDescriptor(), r.getSortList()));
            q.setSort(sort, r.getReverse());
        }
        return q.build();
    }

    static TupleRange range(Object typeKey, KeyRange r) {
        Tuple prefix = Tuple.from(typeKey);
        if (r == null || (!r.hasLow() && !r.hasHigh())) {
            return TupleRange.allOf(prefix);
        }
        Tuple low = r.hasLow() ? withValues(prefix, r.getLow()) : prefix;
        Tuple high = r.hasHigh() ? withValues(prefix, r.getHigh()) : prefix;
        EndpointType lowType = !r.hasLow() || r.getLowInclusive() ? EndpointType.RANGE_INCLUSIVE
                : EndpointType.RANGE_EXCLUSIVE;
        EndpointType highType = !r.hasHigh() || r.getHighInclusive() ? EndpointType.RANGE_INCLUSIVE
                : EndpointType.RANGE_EXCLUSIVE;
        return new TupleRange(low, high, lowType, highType);
    }

    private static Tuple withValues(Tuple prefix, Key key) {
        Tuple t = prefix;
        for (var v : key.getValuesList()) {
            t = t.addObject(TupleValues.toJava(v));
        }
        return t;
    }

    /** Up to {@code max} more records; empty once {@link #isDone()}. */
    public List<RecordMessage> next(int max) {
        List<RecordMessage> batch = new ArrayList<>(Math.min(max, 1024));
        try {
            while (!done && batch.size() < max) {
                if (cursor != null && clock.currentTimeMillis() - openedAt > TRANSACTION_MILLIS) {
                    closeTransaction();
                }
                ensureOpen();
                RecordCursorResult<FDBStoredRecord<Message>> result = cursor.getNext();
                if (result.hasNext()) {
                    batch.add(RecordStores.record(result.get()));
                    returned++;
                    continuation = result.getContinuation().toBytes();
                    continue;
                }
                continuation = result.getContinuation().isEnd() ? null : result.getContinuation().toBytes();
                closeTransaction();
                switch (result.getNoNextReason()) {
                    case SOURCE_EXHAUSTED:
                    case RETURN_LIMIT_REACHED:
                        done = true;
                        break;
                    default:
                        break;
                }
                if (continuation == null) {
                    done = true;
                }
            }
        } catch (RuntimeException e) {
            close();
            throw Failures.classify(e);
        }
        return batch;
    }

    private void ensureOpen() {
        if (cursor != null || done) {
            return;
        }
        ctx = db.openContext();
        openedAt = clock.currentTimeMillis();
        FDBRecordStore store = opener.open(ctx, database);
        ExecuteProperties.Builder props = ExecuteProperties.newBuilder().setTimeLimit(TRANSACTION_MILLIS);
        if (limit > 0) {
            props.setReturnedRowLimit(limit - returned);
        }
        cursor = factory.open(store, continuation, props.build());
    }

    private void closeTransaction() {
        if (cursor != null) {
            cursor.close();
            cursor = null;
        }
        if (ctx != null) {
            ctx.close();
            ctx = null;
        }
    }

    public boolean isDone() {
        return done;
    }

    public boolean isReverse() {
        return reverse;
    }

    /** The plan of a query, once its first transaction planned it. */
    public String plan() {
        return plan;
    }

    /** Where a client resumes: empty when the scan completed. Bound to this request's shape by a checksum. */
    public byte[] continuationToken() {
        if (continuation == null) {
            return new byte[0];
        }
        byte[] out = new byte[continuation.length + 5];
        out[0] = TOKEN_VERSION;
        int crc = checksum(fingerprint, continuation);
        out[1] = (byte) (crc >>> 24);
        out[2] = (byte) (crc >>> 16);
        out[3] = (byte) (crc >>> 8);
        out[4] = (byte) crc;
        System.arraycopy(continuation, 0, out, 5, continuation.length);
        return out;
    }

    private static byte[] parseToken(byte[] token, byte[] fingerprint) {
        if (token == null || token.length == 0) {
            return null;
        }
        if (token[0] != TOKEN_VERSION || token.length < 6) {
            throw RecordServiceException.invalid("continuation token is not one this service issued");
        }
        byte[] body = Arrays.copyOfRange(token, 5, token.length);
        int crc = (token[1] & 0xff) << 24 | (token[2] & 0xff) << 16 | (token[3] & 0xff) << 8 | (token[4] & 0xff);
        if (crc != checksum(fingerprint, body)) {
            throw RecordServiceException.invalid("continuation token is corrupt or belongs to a different request");
        }
        return body;
    }

    private static int checksum(byte[] fingerprint, byte[] body) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(fingerprint);
        crc.update(body);
        return (int) crc.getValue();
    }

    @Override
    public void close() {
        closeTransaction();
        done = true;
    }
}
