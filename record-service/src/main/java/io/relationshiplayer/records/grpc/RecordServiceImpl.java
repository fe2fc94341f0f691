package io.relationshiplayer.records.grpc;

import com.google.protobuf.ByteString;
import io.grpc.stub.StreamObserver;
import io.relationshiplayer.grpc.FlowControlledStreamer;
import io.relationshiplayer.proto.v1.CountRecordsRequest;
import io.relationshiplayer.proto.v1.CountRecordsResponse;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.CreateDatabaseResponse;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.DeleteAllRecordsResponse;
import io.relationshiplayer.proto.v1.DeleteRecordsRequest;
import io.relationshiplayer.proto.v1.DeleteRecordsResponse;
import io.relationshiplayer.proto.v1.DropDatabaseRequest;
import io.relationshiplayer.proto.v1.DropDatabaseResponse;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.GetSchemaResponse;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.ListDatabasesResponse;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.LoadRecordsResponse;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.RegisterSchemaResponse;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.SaveRecordsResponse;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.records.Failures;
import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.SchemaExport;
import io.relationshiplayer.limits.CallWork;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.access.Authorization;
import io.relationshiplayer.access.Role;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The record service over gRPC: validates, checks the caller's role on the database ({@link Authorization}), calls
 * {@link RecordStores}, maps failures. Nothing else.
 */
public final class RecordServiceImpl extends RecordServiceGrpc.RecordServiceImplBase {
    private final RecordStores stores;
    private final Executor streams;
    private final ServerLimits limits;

    public RecordServiceImpl(RecordStores stores, Executor streams) {
        this(stores, streams, ServerLimits.DEFAULTS);
    }

    /** With {@code limits}: a scan's or query's batch size is clamped to its max-rows-per-batch. */
    public RecordServiceImpl(RecordStores stores, Executor streams, ServerLimits limits) {
        this.stores = Objects.requireNonNull(stores, "stores is null");
        this.streams = Objects.requireNonNull(streams, "streams is null");
        this.limits = Objects.requireNonNull(limits, "limits is null");
    }

    private static <T> void unary(StreamObserver<T> observer, Supplier<T> call) {
        T response;
        try {
            response = call.get();
        } catch (RuntimeException e) {
            observer.onError(GrpcErrors.toStatus(e));
            return;
        }
        observer.onNext(response);
        observer.onCompleted();
    }

    /**
     * A unary call answered by a future: nothing blocks the thread that called it (the transport thread, for the
     * record calls that run inline), and the response goes out from the thread that completes the future.
     */
    private static <T> void unaryAsync(StreamObserver<T> observer, Supplier<CompletableFuture<T>> call) {
        // a call its client gives up on counts against the client's limits until its transaction has ended
        Runnable workDone = CallWork.hold();
        CompletableFuture<T> response;
        try {
            response = call.get();
        } catch (RuntimeException e) {
            workDone.run();
            observer.onError(GrpcErrors.toStatus(e));
            return;
        }
        response.whenComplete((r, failure) -> {
            workDone.run();
            if (failure != null) {
                observer.onError(GrpcErrors.toStatus(Failures.classify(failure)));
            } else {
                observer.onNext(r);
                observer.onCompleted();
            }
        });
    }

    private static String database(String name) {
        if (name == null || name.isEmpty()) {
            throw RecordServiceException.invalid("no database named in the request");
        }
        return name;
    }

    /** The named database, once the caller is known to have {@code role} on it. */
    private static String database(String name, Role role) {
        Authorization.require(database(name), role);
        return name;
    }

    @Override
    public void createDatabase(CreateDatabaseRequest r, StreamObserver<CreateDatabaseResponse> o) {
        unary(o, () -> CreateDatabaseResponse.newBuilder()
                .setCreated(stores.createDatabase(database(r.getDatabase(), Role.ADMIN), r.getIfNotExists())).build());
    }

    @Override
    public void listDatabases(ListDatabasesRequest r, StreamObserver<ListDatabasesResponse> o) {
        unary(o, () -> ListDatabasesResponse.newBuilder().addAllDatabases(stores.listDatabases().stream()
                .filter(name -> Authorization.may(name, Role.READ)).toList()).build());
    }

    @Override
    public void dropDatabase(DropDatabaseRequest r, StreamObserver<DropDatabaseResponse> o) {
        unary(o, () -> DropDatabaseResponse.newBuilder()
                .setDropped(stores.dropDatabase(database(r.getDatabase(), Role.ADMIN), r.getIfExists())).build());
    }

    @Override
    public void registerSchema(RegisterSchemaRequest r, StreamObserver<RegisterSchemaResponse> o) {
        unary(o, () -> {
            if (!r.hasSchema()) {
                throw RecordServiceException.invalid("no schema in the request");
            }
            RecordStores.SchemaInfo info = stores.registerSchema(database(r.getDatabase(), Role.ADMIN), r.getSchema(),
                    r.getWaitForIndexes());
            return RegisterSchemaResponse.newBuilder().setVersion(info.metaData().getVersion())
                    .addAllIndexes(info.indexes()).build();
        });
    }

    @Override
    public void getSchema(GetSchemaRequest r, StreamObserver<GetSchemaResponse> o) {
        unary(o, () -> {
            RecordStores.SchemaInfo info = stores.schemaInfo(database(r.getDatabase(), Role.READ));
            return GetSchemaResponse.newBuilder().setVersion(info.metaData().getVersion())
                    .setSchema(SchemaExport.toSchema(info.metaData())).addAllIndexes(info.indexes()).build();
        });
    }

    @Override
    public void saveRecords(SaveRecordsRequest r, StreamObserver<SaveRecordsResponse> o) {
        unaryAsync(o, () -> stores.saveAsync(database(r.getDatabase(), Role.WRITE), r.getRecordsList(), r.getMode())
                .thenApply(result -> SaveRecordsResponse.newBuilder().setSaved(result.saved())
                        .setVersionstamp(ByteString.copyFrom(result.versionstamp())).build()));
    }

    @Override
    public void loadRecords(LoadRecordsRequest r, StreamObserver<LoadRecordsResponse> o) {
        unaryAsync(o, () -> stores.loadAsync(database(r.getDatabase(), Role.READ), r.getType(), r.getKeysList())
                .thenApply(records -> LoadRecordsResponse.newBuilder().addAllRecords(records).build()));
    }

    @Override
    public void deleteRecords(DeleteRecordsRequest r, StreamObserver<DeleteRecordsResponse> o) {
        unaryAsync(o, () -> stores.deleteAsync(database(r.getDatabase(), Role.WRITE), r.getType(), r.getKeysList())
                .thenApply(n -> DeleteRecordsResponse.newBuilder().setDeleted(n).build()));
    }

    @Override
    public void deleteAllRecords(DeleteAllRecordsRequest r, StreamObserver<DeleteAllRecordsResponse> o) {
        unary(o, () -> {
            stores.deleteAll(database(r.getDatabase(), Role.WRITE), r.getType());
            return DeleteAllRecordsResponse.getDefaultInstance();
        });
    }

    @Override
    public void countRecords(CountRecordsRequest r, StreamObserver<CountRecordsResponse> o) {
        unary(o, () -> CountRecordsResponse.newBuilder()
                .setCount(stores.count(database(r.getDatabase(), Role.READ), r.getType())).build());
    }

    @Override
    public void scan(ScanRequest r, StreamObserver<RecordBatch> o) {
        try {
            database(r.getDatabase(), Role.READ);
            RecordBatchSource.start(stores.scan(r), o, streams, batchSize(r.getBatchSize()), "");
        } catch (RuntimeException e) {
            o.onError(GrpcErrors.toStatus(e));
        }
    }

    @Override
    public void query(QueryRequest r, StreamObserver<RecordBatch> o) {
        try {
            database(r.getDatabase(), Role.READ);
            if (r.getExplainOnly()) {
                String plan = stores.explain(r);
                o.onNext(RecordBatch.newBuilder().setPlan(plan).setDone(true).build());
                o.onCompleted();
                return;
            }
            RecordBatchSource.start(stores.query(r), o, streams, batchSize(r.getBatchSize()),
                    r.getExplain() ? null : "");
        } catch (RuntimeException e) {
            o.onError(GrpcErrors.toStatus(e));
        }
    }

    private int batchSize(int requested) {
        return FlowControlledStreamer.batchSize(limits, requested);
    }
}
