package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.DropDatabaseRequest;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.IndexType;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.records.grpc.testproto.CatalogProto;
import io.relationshiplayer.records.grpc.testproto.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One bad request per status code of the contract, each asserting the code, the ErrorInfo detail (for the service's
 * own errors) and that the server answers a normal call afterwards.
 */
class ErrorMappingTest extends ServerFixture {

    SaveRecordsRequest.Builder saveRequest(RecordMessage... records) {
        return SaveRecordsRequest.newBuilder().setDatabase(db).addAllRecords(List.of(records));
    }

    // ---- INVALID_ARGUMENT ----

    @Test
    void bytesThatDoNotParseAreInvalidArgument() {
        register(db, catalogSchema());
        // Field 2 (name) claims 5 bytes and has 1.
        ByteString truncated = ByteString.copyFrom(new byte[] {0x12, 0x05, 'a'});
        StatusRuntimeException e = expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().saveRecords(
                saveRequest(message(item(1)), RecordMessage.newBuilder().setType("Item").setMessage(truncated)
                        .build()).build()));
        assertThat(e.getStatus().getDescription()).contains("Item");
        assertThat(count(db, "Item")).as("nothing of the failed batch saved").isZero();
        assertServing();
    }

    @Test
    void anUnknownRecordTypeIsInvalidArgument() {
        register(db, catalogSchema());
        StatusRuntimeException e = expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().saveRecords(
                saveRequest(message("Nope", item(1))).build()));
        assertThat(e.getStatus().getDescription()).contains("Nope");
        expectError(Status.Code.INVALID_ARGUMENT, () -> load(db, "Nope", key(1L)));
        expectError(Status.Code.INVALID_ARGUMENT, () -> count(db, "Nope"));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().scan(ScanRequest.newBuilder()
                .setDatabase(db).setType("Nope").build())));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(QueryRequest.newBuilder()
                .setDatabase(db).addTypes("Nope").build())));
        expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().saveRecords(
                saveRequest(RecordMessage.newBuilder().setMessage(item(1).toByteString()).build()).build()));
        assertServing();
    }

    @Test
    void badFiltersAreInvalidArgument() {
        register(db, catalogSchema(valueIndex("by_price", "price")));
        saveItems(db, items(0, 10), 10);
        QueryRequest.Builder q = QueryRequest.newBuilder().setDatabase(db).addTypes("Item");
        StatusRuntimeException e = expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(
                q.clone().setFilter(cmp("colour", Comparison.Op.EQUALS, "red")).build())));
        assertThat(e.getStatus().getDescription()).contains("colour");
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(
                q.clone().setFilter(cmp("address.nope", Comparison.Op.EQUALS, "x")).build())));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(
                q.clone().setFilter(cmp("price", Comparison.Op.EQUALS, "not a number")).build())));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(
                q.clone().setFilter(cmp("status", Comparison.Op.EQUALS, "NO_SUCH_STATUS")).build())));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(
                q.clone().setFilter(cmp("price", Comparison.Op.STARTS_WITH, "1")).build())));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().query(
                q.clone().addSort("nope").build())));
        expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().query(
                q.clone().setFilter(cmp("colour", Comparison.Op.EQUALS, "red")).setExplainOnly(true).build())
                .next());
        assertServing();
    }

    Schema.Builder schema() {
        return catalogSchema().toBuilder();
    }

    void expectBadSchema(Schema.Builder s, String mentioned) {
        StatusRuntimeException e = expectError(Status.Code.INVALID_ARGUMENT, () -> register(db, s.build()));
        assertThat(e.getStatus().getDescription()).as("the reason").contains(mentioned);
    }

    @Test
    void badSchemasAreInvalidArgument() {
        expectBadSchema(schema().setRecordsFile("missing.proto"), "missing.proto");
        expectBadSchema(schema().setRecordTypes(0, RecordTypeDefinition.newBuilder().setName("Item")
                .addPrimaryKey("no_such_field")), "no_such_field");
        expectBadSchema(schema().addIndexes(valueIndex("by_nothing", "no_such_field")), "no_such_field");
        expectBadSchema(schema().addIndexes(IndexDefinition.newBuilder().setName("sum_wrong").setType(IndexType.SUM)
                .addRecordTypes("Item").addFields("category").addFields("price").addFields("id")), "sum_wrong");
        expectBadSchema(schema().addIndexes(valueIndex("by_name", "name")).addIndexes(valueIndex("by_name", "sku")),
                "by_name");
        expectBadSchema(schema().addRecordTypes(RecordTypeDefinition.newBuilder().setName("Ghost")
                .addPrimaryKey("id")), "Ghost");
        // The records file without the file it imports.
        expectBadSchema(schema().setFiles(FileDescriptorSet.newBuilder()
                .addFile(CatalogProto.getDescriptor().toProto())), "common.proto");
        expectError(Status.Code.INVALID_ARGUMENT, () -> register(db, schema().clearRecordTypes().build()));
        expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().registerSchema(RegisterSchemaRequest.newBuilder()
                .setDatabase(db).build()));
        // None of them registered anything.
        expectError(Status.Code.FAILED_PRECONDITION, () -> blocking().getSchema(GetSchemaRequest.newBuilder()
                .setDatabase(db).build()));
        assertThat(register(db, catalogSchema()).getVersion()).isPositive();
        assertServing();
    }

    @Test
    void badDatabaseNamesAreInvalidArgument() {
        expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().createDatabase(CreateDatabaseRequest.newBuilder()
                .setDatabase("1starts-with-a-digit").build()));
        expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().createDatabase(CreateDatabaseRequest.newBuilder()
                .setDatabase("has/slash").build()));
        expectError(Status.Code.INVALID_ARGUMENT, () -> blocking().saveRecords(SaveRecordsRequest.newBuilder()
                .addRecords(message(item(1))).build()));
        expectError(Status.Code.INVALID_ARGUMENT, () -> drain(blocking().scan(ScanRequest.newBuilder()
                .setType("Item").build())));
        assertServing();
    }

    // ---- NOT_FOUND ----

    @Test
    void anUnknownDatabaseIsNotFound() {
        String missing = uniqueName("missing");
        StatusRuntimeException e = expectError(Status.Code.NOT_FOUND, () -> blocking().saveRecords(
                SaveRecordsRequest.newBuilder().setDatabase(missing).addRecords(message(item(1))).build()));
        assertThat(e.getStatus().getDescription()).contains(missing);
        expectError(Status.Code.NOT_FOUND, () -> load(missing, "Item", key(1L)));
        expectError(Status.Code.NOT_FOUND, () -> count(missing, ""));
        expectError(Status.Code.NOT_FOUND, () -> register(missing, catalogSchema()));
        expectError(Status.Code.NOT_FOUND, () -> blocking().getSchema(GetSchemaRequest.newBuilder()
                .setDatabase(missing).build()));
        expectError(Status.Code.NOT_FOUND, () -> drain(blocking().scan(ScanRequest.newBuilder().setDatabase(missing)
                .setType("Item").build())));
        expectError(Status.Code.NOT_FOUND, () -> drain(blocking().query(QueryRequest.newBuilder()
                .setDatabase(missing).addTypes("Item").build())));
        expectError(Status.Code.NOT_FOUND, () -> blocking().dropDatabase(DropDatabaseRequest.newBuilder()
                .setDatabase(missing).build()));
        assertServing();
    }

    @Test
    void updateOfAMissingRecordIsNotFound() {
        register(db, catalogSchema());
        expectError(Status.Code.NOT_FOUND, () -> save(db, SaveMode.UPDATE, message(item(404))));
        assertThat(count(db, "Item")).isZero();
        assertServing();
    }

    // ---- ALREADY_EXISTS ----

    @Test
    void insertOfAnExistingKeyIsAlreadyExists() {
        register(db, catalogSchema());
        save(db, SaveMode.INSERT, message(item(1)));
        expectError(Status.Code.ALREADY_EXISTS, () -> save(db, SaveMode.INSERT, message(item(1))));
        expectError(Status.Code.ALREADY_EXISTS, () -> blocking().createDatabase(CreateDatabaseRequest.newBuilder()
                .setDatabase(db).build()));
        assertThat(blocking().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(db).setIfNotExists(true)
                .build()).getCreated()).isFalse();
        assertServing();
    }

    @Test
    void aUniqueIndexViolationIsAlreadyExists() {
        register(db, catalogSchema(valueIndex("by_sku", "sku").toBuilder().setUnique(true).build()));
        save(db, SaveMode.INSERT, message(item(1)));
        Item sameSku = item(2).toBuilder().setSku(item(1).getSku()).build();

        StatusRuntimeException e = expectError(Status.Code.ALREADY_EXISTS,
                () -> save(db, SaveMode.UPSERT, message(sameSku)));
        assertThat(e.getStatus().getDescription()).containsIgnoringCase("unique");
        assertThat(load(db, "Item", key(2L)).get(0).getFound()).isFalse();

        // Two records of one batch that collide with each other.
        Item a = item(10).toBuilder().setSku("dup").build();
        Item b = item(11).toBuilder().setSku("dup").build();
        expectError(Status.Code.ALREADY_EXISTS, () -> save(db, SaveMode.INSERT, message(a), message(b)));
        assertThat(count(db, "Item")).isEqualTo(1);

        // Replacing a record keeps its own value without violating.
        assertThat(save(db, SaveMode.UPSERT, message(item(1).toBuilder().setName("renamed").build()))).isEqualTo(1);
        assertServing();
    }

    // ---- FAILED_PRECONDITION ----

    @Test
    void aDatabaseWithoutASchemaIsFailedPrecondition() {
        StatusRuntimeException e = expectError(Status.Code.FAILED_PRECONDITION, () -> blocking().saveRecords(
                saveRequest(message(item(1))).build()));
        assertThat(e.getStatus().getDescription()).containsIgnoringCase("schema");
        expectError(Status.Code.FAILED_PRECONDITION, () -> load(db, "Item", key(1L)));
        expectError(Status.Code.FAILED_PRECONDITION, () -> count(db, ""));
        expectError(Status.Code.FAILED_PRECONDITION, () -> blocking().getSchema(GetSchemaRequest.newBuilder()
                .setDatabase(db).build()));
        expectError(Status.Code.FAILED_PRECONDITION, () -> drain(blocking().scan(ScanRequest.newBuilder()
                .setDatabase(db).setType("Item").build())));
        expectError(Status.Code.FAILED_PRECONDITION, () -> drain(blocking().query(QueryRequest.newBuilder()
                .setDatabase(db).addTypes("Item").build())));
        assertServing();
    }

    // ---- ABORTED ----

    /**
     * Conflicts through the service: concurrent read-modify-write saves of the same keys. The service retries
     * conflicts inside its transaction runner, so most (often all) calls succeed; any that fails must fail ABORTED
     * (retryable) with its ErrorInfo, never anything else, and the final state must be whole.
     */
    @Test
    void conflictingConcurrentSavesSucceedOrFailAborted() throws Exception {
        register(db, catalogSchema(valueIndex("by_name", "name")));
        int writers = 8;
        int rounds = 3;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger aborted = new AtomicInteger();
        List<CompletableFuture<Void>> all = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                int writer = w;
                all.add(CompletableFuture.runAsync(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    for (int r = 0; r < rounds; r++) {
                        SaveRecordsRequest.Builder req = SaveRecordsRequest.newBuilder().setDatabase(db);
                        for (long id = 0; id < 20; id++) {
                            req.addRecords(message(item(id).toBuilder().setName("w" + writer + "r" + r).build()));
                        }
                        try {
                            blocking().saveRecords(req.build());
                        } catch (StatusRuntimeException e) {
                            expectError(Status.Code.ABORTED, () -> {
                                throw e;
                            });
                            aborted.incrementAndGet();
                        }
                    }
                }, pool));
            }
            start.countDown();
            CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(30, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        System.out.println("conflictingConcurrentSaves: " + aborted.get() + " of " + writers * rounds
                + " calls failed ABORTED");
        assertThat(count(db, "Item")).isEqualTo(20);
        // Every record is one writer's whole version: its name and its index entry agree.
        List<Item> stored = new ArrayList<>();
        drain(blocking().scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").build())).records()
                .forEach(m -> stored.add(parseItem(m)));
        for (Item i : stored) {
            List<Long> sameName = ids(drain(blocking().query(QueryRequest.newBuilder().setDatabase(db)
                    .addTypes("Item").setFilter(cmp("name", Comparison.Op.EQUALS, i.getName())).build())).records());
            assertThat(sameName).contains(i.getId());
        }
        assertServing();
    }

    // ---- DEADLINE_EXCEEDED ----

    @Test
    void aDeadlineTooShortForABigQueryIsDeadlineExceeded() {
        register(db, catalogSchema());
        saveItems(db, items(0, 3000), 1000);
        expectCode(Status.Code.DEADLINE_EXCEEDED, () -> drain(RecordServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(1, TimeUnit.MILLISECONDS).query(QueryRequest.newBuilder().setDatabase(db)
                        .addTypes("Item").setFilter(cmp("price", Comparison.Op.GREATER_THAN_OR_EQUALS, 0L))
                        .setBatchSize(5).build())));
        assertThat(count(db, "Item")).isEqualTo(3000);
        assertServing();
    }

    /** A reader that stalls past its deadline: the server sees the call end and stops reading. */
    @Test
    void aStreamThatOutlivesItsDeadlineEndsDeadlineExceededAndTheServerStops() throws Exception {
        register(db, catalogSchema());
        List<Item> big = new ArrayList<>();
        for (Item i : items(0, 2000)) {
            big.add(i.toBuilder().setPadding("p".repeat(2000)).build());
        }
        saveItems(db, big, 500);
        String tag = UUID.randomUUID().toString();
        CallRecorder.Recorded server = calls.call(tag);
        SlowReader<ScanRequest, RecordBatch> reader = new SlowReader<>();
        tagged(RecordServiceGrpc.newStub(channel), tag).withDeadlineAfter(500, TimeUnit.MILLISECONDS)
                .scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").setBatchSize(10).build(), reader);
        reader.next();
        // Never ask for more: the deadline passes with the stream open.
        Throwable failure = reader.finished.handle((v, t) -> t).get(10, TimeUnit.SECONDS);
        assertThat(Status.fromThrowable(failure).getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(server.cancelled.await(10, TimeUnit.SECONDS)).as("the server saw the call end").isTrue();
        assertThat(streams.awaitIdle(10, TimeUnit.SECONDS)).isTrue();
        assertThat(server.sent.get()).isLessThan(2000 / 10);
        assertServing();
    }

    // ---- RESOURCE_EXHAUSTED ----

    @Test
    void aMessageOverTheServersInboundLimitIsResourceExhausted() {
        register(db, catalogSchema());
        Item huge = item(1).toBuilder().setPadding("h".repeat(ServerLimits.DEFAULTS.maxMessageBytes() + 1024)).build();
        expectCode(Status.Code.RESOURCE_EXHAUSTED, () -> save(db, SaveMode.UPSERT, message(huge)));
        assertThat(count(db, "Item")).isZero();
        assertServing();
    }

    @Test
    void aBatchOverFoundationDbsTransactionLimitIsResourceExhausted() {
        register(db, catalogSchema());
        SaveRecordsRequest.Builder batch = saveRequest();
        String padding = "t".repeat(95_000);
        for (long id = 0; id < 110; id++) {       // ~10.5 MB: under 16 MiB, over FoundationDB's 10 MB
            batch.addRecords(message(item(id).toBuilder().setPadding(padding).build()));
        }
        assertThat(batch.build().getSerializedSize()).isBetween(10_000_000, ServerLimits.DEFAULTS.maxMessageBytes());
        StatusRuntimeException e = expectError(Status.Code.RESOURCE_EXHAUSTED,
                () -> blocking().saveRecords(batch.build()));
        assertThat(e.getStatus().getDescription()).isNotBlank();
        assertThat(count(db, "Item")).isZero();
        assertServing();
    }

    @Test
    void aRecordOverFoundationDbsValueLimitIsResourceExhausted() {
        register(db, catalogSchema());
        Item big = item(1).toBuilder().setPadding("v".repeat(150_000)).build();
        expectError(Status.Code.RESOURCE_EXHAUSTED, () -> save(db, SaveMode.UPSERT, message(big)));
        assertThat(count(db, "Item")).isZero();
        assertServing();
    }

    @Test
    void anIndexKeyOverFoundationDbsKeyLimitIsResourceExhausted() {
        register(db, catalogSchema(valueIndex("by_name", "name")));
        Item longName = item(1).toBuilder().setName("k".repeat(20_000)).build();
        expectError(Status.Code.RESOURCE_EXHAUSTED, () -> save(db, SaveMode.UPSERT, message(longName)));
        assertThat(count(db, "Item")).isZero();
        assertServing();
    }
}
