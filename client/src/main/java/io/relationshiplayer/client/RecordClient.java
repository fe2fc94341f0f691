package io.relationshiplayer.client;

import static java.util.Objects.requireNonNull;

import com.google.protobuf.ByteString;
import io.grpc.Channel;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.CountRecordsRequest;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.DeleteRecordsRequest;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.GetSchemaResponse;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.RegisterSchemaResponse;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.SaveRecordsResponse;
import io.relationshiplayer.proto.v1.ScanRequest;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A client of a server's record service (rl.v1.RecordService): databases, schemas, and records as the caller's own
 * protobuf bytes ({@link RecordMessage}); scans and queries stream batch by batch. Failures are
 * {@link RecordClientException}s with the call's code, an unreachable server a {@link ServerUnreachableException}.
 * Thread-safe. Closing it closes the channel when it built the channel.
 */
public final class RecordClient implements AutoCloseable {
    private final RecordServiceGrpc.RecordServiceBlockingStub stub;
    /** Record loads, saves and deletes: the caller polls briefly for the answer (see {@link UnaryCalls}). */
    private final UnaryCalls unary = new UnaryCalls();
    private final String address;
    @Nullable
    private final ManagedChannel owned;

    private RecordClient(Channel channel, String address, @Nullable ManagedChannel owned) {
        this.stub = RecordServiceGrpc.newBlockingStub(channel);
        this.address = address;
        this.owned = owned;
    }

    /** A client of the record service at {@code target} ({@code host:port}) with {@code security}. */
    @Nonnull
    public static RecordClient connect(@Nonnull String target, @Nonnull ClientSecurity security) {
        requireNonNull(target, "target is null");
        ManagedChannel channel = security.channelBuilder(target).maxInboundMessageSize(SqlClient.MAX_INBOUND_BYTES)
                .build();
        return new RecordClient(channel, target, channel);
    }

    /** A client over the caller's {@code channel} (left open by {@link #close}); {@code address} names it. */
    @Nonnull
    public static RecordClient over(@Nonnull Channel channel, @Nonnull String address) {
        return new RecordClient(requireNonNull(channel, "channel is null"), requireNonNull(address, "address is null"),
                null);
    }

    @Nonnull
    public String address() {
        return address;
    }

    /** Creates a database; false when it existed (with {@code ifNotExists}; else ALREADY_EXISTS). */
    public boolean createDatabase(@Nonnull String database, boolean ifNotExists) {
        return call(() -> stub.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(database)
                .setIfNotExists(ifNotExists).build())).getCreated();
    }

    @Nonnull
    public List<String> listDatabases() {
        return call(() -> stub.listDatabases(ListDatabasesRequest.getDefaultInstance())).getDatabasesList();
    }

    /** The database's schema, its version and its indexes' states (NOT_FOUND when the database does not exist). */
    @Nonnull
    public GetSchemaResponse getSchema(@Nonnull String database) {
        return call(() -> stub.getSchema(GetSchemaRequest.newBuilder().setDatabase(database).build()));
    }

    @Nonnull
    public RegisterSchemaResponse registerSchema(@Nonnull RegisterSchemaRequest request) {
        return call(() -> stub.registerSchema(request));
    }

    /** Saves records in one transaction; returns how many. */
    public int save(@Nonnull String database, @Nonnull List<RecordMessage> records, @Nonnull SaveMode mode) {
        SaveRecordsRequest request = SaveRecordsRequest.newBuilder().setDatabase(database).addAllRecords(records)
                .setMode(mode).build();
        SaveRecordsResponse response = call(() -> unary.call(stub, RecordServiceGrpc.getSaveRecordsMethod(), request));
        return response.getSaved();
    }

    /**
     * Saves records of one {@code type} in one transaction; returns how many. Each record goes as the bytes
     * {@code message} gives for it, which are sent as they are: no copy, and no list of messages in between.
     */
    public <T> int save(@Nonnull String database, @Nonnull String type, @Nonnull List<? extends T> records,
            @Nonnull Function<? super T, ByteString> message, @Nonnull SaveMode mode) {
        SaveRecordsRequest.Builder request = SaveRecordsRequest.newBuilder().setDatabase(database).setMode(mode);
        for (T r : records) {
            request.addRecords(RecordMessage.newBuilder().setType(type).setMessage(message.apply(r)));
        }
        return call(() -> unary.call(stub, RecordServiceGrpc.getSaveRecordsMethod(), request.build())).getSaved();
    }

    /** Loads records of {@code type} by primary key, one answer per key in order (found or not). */
    @Nonnull
    public List<LoadedRecord> load(@Nonnull String database, @Nonnull String type, @Nonnull List<Key> keys) {
        return call(() -> unary.call(stub, RecordServiceGrpc.getLoadRecordsMethod(), LoadRecordsRequest.newBuilder()
                .setDatabase(database).setType(type).addAllKeys(keys).build())).getRecordsList();
    }

    /** Loads one record of {@code type} by primary key: its message's bytes as the server sent them, or null. */
    @Nullable
    public ByteString load(@Nonnull String database, @Nonnull String type, @Nonnull Key key) {
        LoadedRecord r = call(() -> unary.call(stub, RecordServiceGrpc.getLoadRecordsMethod(), LoadRecordsRequest
                .newBuilder().setDatabase(database).setType(type).addKeys(key).build())).getRecords(0);
        return r.getFound() ? r.getRecord().getMessage() : null;
    }

    /** Deletes records of {@code type} by primary key; returns how many existed. */
    public int delete(@Nonnull String database, @Nonnull String type, @Nonnull List<Key> keys) {
        return call(() -> unary.call(stub, RecordServiceGrpc.getDeleteRecordsMethod(), DeleteRecordsRequest
                .newBuilder().setDatabase(database).setType(type).addAllKeys(keys).build())).getDeleted();
    }

    /** Deletes every record of {@code type} (empty: of the database) in one transaction. */
    public void deleteAll(@Nonnull String database, @Nonnull String type) {
        call(() -> stub.deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(database).setType(type)
                .build()));
    }

    /** Counts the records of {@code type} (empty: of the database). */
    public long count(@Nonnull String database, @Nonnull String type) {
        return call(() -> stub.countRecords(CountRecordsRequest.newBuilder().setDatabase(database).setType(type)
                .build())).getCount();
    }

    /** Streams a scan to {@code each}, batch by batch; returns the records seen. */
    public long scan(@Nonnull ScanRequest request, @Nonnull Consumer<? super RecordMessage> each) {
        return stream(() -> stub.scan(request), each);
    }

    /** Streams a query to {@code each}, batch by batch; returns the records seen. */
    public long query(@Nonnull QueryRequest request, @Nonnull Consumer<? super RecordMessage> each) {
        return stream(() -> stub.query(request), each);
    }

    private long stream(Supplier<Iterator<RecordBatch>> start, Consumer<? super RecordMessage> each) {
        // A consumer that throws leaves the stream unread: cancelling the context ends the call on the server too.
        Context.CancellableContext scope = Context.current().withCancellation();
        Context previous = scope.attach();
        try {
            return call(() -> {
                long n = 0;
                Iterator<RecordBatch> batches = start.get();
                while (batches.hasNext()) {
                    for (RecordMessage m : batches.next().getRecordsList()) {
                        each.accept(m);
                        n++;
                    }
                }
                return n;
            });
        } finally {
            scope.detach(previous);
            scope.cancel(null);
        }
    }

    private <T> T call(Supplier<T> body) {
        try {
            return body.get();
        } catch (StatusRuntimeException e) {
            if (CallFailures.unreachable(e)) {
                throw new ServerUnreachableException(address, CallFailures.reason(e), e);
            }
            throw RecordClientException.from(address, e);
        }
    }

    @Override
    public void close() {
        if (owned == null) {
            return;
        }
        owned.shutdown();
        try {
            if (!owned.awaitTermination(5, TimeUnit.SECONDS)) {
                owned.shutdownNow();
            }
        } catch (InterruptedException e) {
            owned.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
