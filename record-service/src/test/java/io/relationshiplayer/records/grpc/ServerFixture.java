package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.CountRecordsRequest;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.Filter;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.IndexType;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.RegisterSchemaResponse;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.testproto.Address;
import io.relationshiplayer.records.grpc.testproto.CatalogProto;
import io.relationshiplayer.records.grpc.testproto.Item;
import io.relationshiplayer.records.grpc.testproto.ItemStatus;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.function.Executable;

/**
 * One real server per test class on a loopback port over {@code embedded:memory}, a blocking and an async stub, and a
 * fresh database name per test. The service is wrapped in a {@link CallRecorder} and streams on a
 * {@link TrackingExecutor}, so tests can see what the server did (messages sent, cancellations, idle workers).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ServerFixture {
    static final Metadata.Key<String> TAG = CallRecorder.TAG;
    private static final AtomicInteger DATABASES = new AtomicInteger();

    Backend backend;
    LoopbackServer server;
    ManagedChannel channel;
    RecordServiceGrpc.RecordServiceBlockingStub stub;
    RecordServiceGrpc.RecordServiceStub asyncStub;
    final TrackingExecutor streams = new TrackingExecutor();
    final CallRecorder calls = new CallRecorder();
    /** This test's own database (created, no schema yet). */
    String db;

    @BeforeAll
    void startServer() throws Exception {
        backend = Backend.open("embedded:memory");
        RecordServiceImpl impl = new RecordServiceImpl(new RecordStores(backend.recordDatabase()), streams);
        BindableService recorded = () -> ServerInterceptors.intercept(impl, calls);
        server = LoopbackServer.start(List.of(recorded), backend::close);
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        stub = RecordServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
        asyncStub = RecordServiceGrpc.newStub(channel);
    }

    @AfterAll
    void stopServer() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
        streams.shutdown();
    }

    @BeforeEach
    void newDatabase(TestInfo info) {
        db = uniqueName(info.getTestMethod().map(m -> m.getName()).orElse("db"));
        stub.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(db).build());
    }

    /** A fresh call deadline per call: stubs carry an absolute deadline, so derive one for each call. */
    RecordServiceGrpc.RecordServiceBlockingStub blocking() {
        return RecordServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    static String uniqueName(String base) {
        return "t" + DATABASES.incrementAndGet() + "_" + base.replaceAll("[^A-Za-z0-9_]", "_");
    }

    /** A stub whose calls carry {@code tag}, so the {@link CallRecorder} can report on them. */
    static <S extends io.grpc.stub.AbstractStub<S>> S tagged(S s, String tag) {
        Metadata md = new Metadata();
        md.put(TAG, tag);
        return s.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
    }

    // ---- schema ----

    /** A file and everything it imports, dependencies first. */
    static FileDescriptorSet filesOf(FileDescriptor file) {
        Set<FileDescriptor> all = new LinkedHashSet<>();
        collect(file, all);
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        all.forEach(f -> set.addFile(f.toProto()));
        return set.build();
    }

    private static void collect(FileDescriptor f, Set<FileDescriptor> out) {
        f.getDependencies().forEach(d -> collect(d, out));
        out.add(f);
    }

    static final String RECORDS_FILE = CatalogProto.getDescriptor().getName();

    /** Item and Order, keyed by id, with the given indexes. */
    static Schema catalogSchema(IndexDefinition... indexes) {
        return Schema.newBuilder().setFiles(filesOf(CatalogProto.getDescriptor())).setRecordsFile(RECORDS_FILE)
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("Item").addPrimaryKey("id"))
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("Order").addPrimaryKey("id"))
                .addAllIndexes(List.of(indexes)).build();
    }

    static IndexDefinition valueIndex(String name, String... fields) {
        return IndexDefinition.newBuilder().setName(name).setType(IndexType.VALUE).addRecordTypes("Item")
                .addAllFields(List.of(fields)).build();
    }

    RegisterSchemaResponse register(String database, Schema schema) {
        return blocking().registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(database).setSchema(schema)
                .build());
    }

    // ---- records ----

    static final ItemStatus[] STATUSES = ItemStatus.values();

    /** A deterministic item: every field a function of the id; note only on every fourth. */
    static Item item(long id) {
        Item.Builder b = Item.newBuilder().setId(id).setName(String.format("n%05d", (id * 7919) % 100_000))
                .setCategory("c" + (id % 5)).setPrice((id * 37) % 1000).setStatus(STATUSES[(int) (id % 3)])
                .setAddress(Address.newBuilder().setCity("city" + (id % 4)).setZip(String.valueOf(10_000 + id)))
                .setSku("sku-" + id);
        if (id % 4 == 0) {
            b.setNote("note " + id);
        }
        return b.build();
    }

    static List<Item> items(long from, long to) {
        return LongStream.range(from, to).mapToObj(ServerFixture::item).collect(Collectors.toList());
    }

    static RecordMessage message(String type, com.google.protobuf.Message m) {
        return RecordMessage.newBuilder().setType(type).setMessage(m.toByteString()).build();
    }

    static RecordMessage message(Item i) {
        return message("Item", i);
    }

    /** Saves in transactions of at most {@code chunk} records. */
    void saveItems(String database, List<Item> items, int chunk) {
        for (int i = 0; i < items.size(); i += chunk) {
            SaveRecordsRequest.Builder r = SaveRecordsRequest.newBuilder().setDatabase(database);
            items.subList(i, Math.min(items.size(), i + chunk)).forEach(it -> r.addRecords(message(it)));
            assertThat(blocking().saveRecords(r.build()).getSaved()).isEqualTo(r.getRecordsCount());
        }
    }

    int save(String database, SaveMode mode, RecordMessage... records) {
        return blocking().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(database).setMode(mode)
                .addAllRecords(List.of(records)).build()).getSaved();
    }

    static Key key(Object... values) {
        Key.Builder k = Key.newBuilder();
        for (Object v : values) {
            k.addValues(value(v));
        }
        return k.build();
    }

    static Value value(Object v) {
        if (v instanceof Integer || v instanceof Long) {
            return Value.newBuilder().setInt64Value(((Number) v).longValue()).build();
        } else if (v instanceof String) {
            return Value.newBuilder().setStringValue((String) v).build();
        } else if (v instanceof Double) {
            return Value.newBuilder().setDoubleValue((Double) v).build();
        } else if (v instanceof Boolean) {
            return Value.newBuilder().setBoolValue((Boolean) v).build();
        }
        throw new IllegalArgumentException(String.valueOf(v));
    }

    List<LoadedRecord> load(String database, String type, Key... keys) {
        return blocking().loadRecords(LoadRecordsRequest.newBuilder().setDatabase(database).setType(type)
                .addAllKeys(List.of(keys)).build()).getRecordsList();
    }

    long count(String database, String type) {
        return blocking().countRecords(CountRecordsRequest.newBuilder().setDatabase(database).setType(type).build())
                .getCount();
    }

    static Item parseItem(RecordMessage m) {
        assertThat(m.getType()).isEqualTo("Item");
        try {
            return Item.parseFrom(m.getMessage());
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError("returned bytes do not parse as Item", e);
        }
    }

    static List<Long> ids(List<RecordMessage> records) {
        List<Long> out = new ArrayList<>(records.size());
        records.forEach(r -> out.add(parseItem(r).getId()));
        return out;
    }

    static List<Long> expectedIds(List<Item> all, Predicate<Item> p) {
        return all.stream().filter(p).map(Item::getId).collect(Collectors.toList());
    }

    // ---- streams ----

    /** Everything a streamed call returned. */
    record Streamed(List<RecordBatch> batches, List<RecordMessage> records) {
        RecordBatch last() {
            return batches.get(batches.size() - 1);
        }

        String plan() {
            return batches.isEmpty() ? "" : batches.get(0).getPlan();
        }
    }

    static Streamed drain(Iterator<RecordBatch> it) {
        List<RecordBatch> batches = new ArrayList<>();
        List<RecordMessage> records = new ArrayList<>();
        while (it.hasNext()) {
            RecordBatch b = it.next();
            batches.add(b);
            records.addAll(b.getRecordsList());
        }
        assertThat(batches).as("a stream ends with a batch marked done").isNotEmpty();
        for (int i = 0; i < batches.size(); i++) {
            assertThat(batches.get(i).getDone()).as("done only on the last batch (batch %d of %d)", i,
                    batches.size()).isEqualTo(i == batches.size() - 1);
        }
        return new Streamed(batches, records);
    }

    static Filter cmp(String field, Comparison.Op op, Object operand) {
        Comparison.Builder c = Comparison.newBuilder().setField(field).setOp(op);
        if (operand != null) {
            c.setValue(value(operand));
        }
        return Filter.newBuilder().setComparison(c).build();
    }

    // ---- errors ----

    /**
     * Runs {@code call}, which must fail with {@code code} and a google.rpc.Status detail whose ErrorInfo reason is the
     * code's name (the service's own errors); returns the exception.
     */
    static StatusRuntimeException expectError(Status.Code code, Executable call) {
        StatusRuntimeException e = expectCode(code, call);
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        assertThat(details).as("google.rpc.Status details of %s", e.getStatus()).isNotNull();
        List<ErrorInfo> infos = new ArrayList<>();
        for (com.google.protobuf.Any any : details.getDetailsList()) {
            if (any.is(ErrorInfo.class)) {
                try {
                    infos.add(any.unpack(ErrorInfo.class));
                } catch (InvalidProtocolBufferException x) {
                    throw new AssertionError(x);
                }
            }
        }
        assertThat(infos).as("ErrorInfo details of %s", e.getStatus()).hasSize(1);
        assertThat(infos.get(0).getReason()).isEqualTo(code.name());
        assertThat(details.getCode()).isEqualTo(code.value());
        return e;
    }

    /** Runs {@code call}, which must fail with {@code code} (any origin: the service or the gRPC transport). */
    static StatusRuntimeException expectCode(Status.Code code, Executable call) {
        Throwable t = catchThrowable(call::execute);
        if (t == null) {
            throw new AssertionError("expected the call to fail with " + code + ", but it succeeded");
        }
        assertThat(t).as("the call should fail with %s", code).isInstanceOf(StatusRuntimeException.class);
        StatusRuntimeException e = (StatusRuntimeException) t;
        assertThat(e.getStatus().getCode()).as("status code; description: %s", e.getStatus().getDescription())
                .isEqualTo(code);
        return e;
    }

    /** The server still answers normal calls. */
    void assertServing() {
        assertThat(blocking().listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList())
                .contains(db);
    }

    static ByteString bytes(byte... b) {
        return ByteString.copyFrom(b);
    }
}
