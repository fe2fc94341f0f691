package io.relationshiplayer.records.grpc;

import static io.relationshiplayer.records.grpc.ServerFixture.catalogSchema;
import static io.relationshiplayer.records.grpc.ServerFixture.item;
import static io.relationshiplayer.records.grpc.ServerFixture.key;
import static io.relationshiplayer.records.grpc.ServerFixture.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.grpc.BindableService;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.MetadataUtils;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.proto.v1.CountRecordsRequest;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.DeleteRecordsRequest;
import io.relationshiplayer.proto.v1.DropDatabaseRequest;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.server.SecureServer;
import io.relationshiplayer.server.ServerSecurity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** Bearer tokens and per-database roles on the record service of a real server. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RecordAuthorizationTest {
    static final SecureServer.Principal ROOT = new SecureServer.Principal("root", "rl_root", Map.of("*", Role.ADMIN));
    static final SecureServer.Principal ALICE = new SecureServer.Principal("alice", "rl_alice",
            Map.of("shop", Role.ADMIN));
    static final SecureServer.Principal BOB = new SecureServer.Principal("bob", "rl_bob", Map.of("books", Role.ADMIN));
    static final SecureServer.Principal READER = new SecureServer.Principal("reader", "rl_reader",
            Map.of("shop", Role.READ));
    static final SecureServer.Principal WRITER = new SecureServer.Principal("writer", "rl_writer",
            Map.of("shop", Role.WRITE, "tickets", Role.WRITE));

    SecureServer server;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        server = SecureServer.start(new ServerSecurity(null, SecureServer.tokens(dir,
                List.of(ROOT, ALICE, BOB, READER, WRITER))), RecordAuthorizationTest::services);
        RecordServiceGrpc.RecordServiceBlockingStub root = as(ROOT);
        for (String db : List.of("shop", "books")) {
            root.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(db).build());
            root.registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(db).setSchema(catalogSchema()).build());
            root.saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db).addRecords(message(item(1))).build());
        }
    }

    private static List<BindableService> services(RecordStores stores, Executor streams) {
        return List.of(new RecordServiceImpl(stores, streams));
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
    }

    private RecordServiceGrpc.RecordServiceBlockingStub as(SecureServer.Principal p) {
        return RecordServiceGrpc.newBlockingStub(server.channel(ClientSecurity.token(p.token())))
                .withDeadlineAfter(20, TimeUnit.SECONDS);
    }

    private RecordServiceGrpc.RecordServiceBlockingStub withHeader(String authorization) {
        RecordServiceGrpc.RecordServiceBlockingStub s = RecordServiceGrpc.newBlockingStub(
                server.channel(ClientSecurity.plaintext())).withDeadlineAfter(20, TimeUnit.SECONDS);
        if (authorization == null) {
            return s;
        }
        Metadata h = new Metadata();
        h.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
        return s.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(h));
    }

    static StatusRuntimeException fails(Status.Code code, Executable call) {
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, call::execute);
        assertThat(e).as("the call must fail with " + code).isNotNull();
        assertThat(e.getStatus().getCode()).as(e.getStatus().toString()).isEqualTo(code);
        return e;
    }

    private static final ListDatabasesRequest LIST = ListDatabasesRequest.getDefaultInstance();

    @Test
    void callsWithoutAValidBearerTokenAreUnauthenticated() {
        assertThat(fails(Status.Code.UNAUTHENTICATED, () -> withHeader(null).listDatabases(LIST)).getStatus()
                .getDescription()).contains("missing credentials");
        assertThat(fails(Status.Code.UNAUTHENTICATED, () -> withHeader("Basic cm9vdDpyb290").listDatabases(LIST))
                .getStatus().getDescription()).contains("malformed authorization header");
        assertThat(fails(Status.Code.UNAUTHENTICATED, () -> withHeader("Bearer ").listDatabases(LIST))
                .getStatus().getDescription()).contains("malformed authorization header");
        assertThat(fails(Status.Code.UNAUTHENTICATED, () -> withHeader("rl_root").listDatabases(LIST))
                .getStatus().getDescription()).contains("malformed authorization header");
        assertThat(fails(Status.Code.UNAUTHENTICATED, () -> withHeader("Bearer rl_wrong").listDatabases(LIST))
                .getStatus().getDescription()).isEqualTo("invalid token");
        assertThat(fails(Status.Code.UNAUTHENTICATED, () -> withHeader("Bearer " + "sha256:" + "0".repeat(64))
                .listDatabases(LIST)).getStatus().getDescription()).isEqualTo("invalid token");
        assertThat(withHeader("Bearer rl_root").listDatabases(LIST).getDatabasesList()).contains("shop", "books");
        assertThat(withHeader("bearer rl_root").listDatabases(LIST).getDatabasesList()).contains("shop", "books");
    }

    @Test
    void healthChecksNeedNoToken() {
        assertThat(HealthGrpc.newBlockingStub(server.channel(ClientSecurity.plaintext()))
                .withDeadlineAfter(20, TimeUnit.SECONDS).check(HealthCheckRequest.getDefaultInstance()).getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    }

    @Test
    void listingShowsOnlyTheDatabasesAPrincipalMayRead() {
        assertThat(as(ALICE).listDatabases(LIST).getDatabasesList()).containsExactly("shop");
        assertThat(as(BOB).listDatabases(LIST).getDatabasesList()).containsExactly("books");
        assertThat(as(READER).listDatabases(LIST).getDatabasesList()).containsExactly("shop");
        assertThat(as(ROOT).listDatabases(LIST).getDatabasesList()).contains("shop", "books");
    }

    /** Every record call on {@code db}, each expected to be refused. */
    private List<Executable> everyCall(RecordServiceGrpc.RecordServiceBlockingStub s, String db) {
        return List.of(
                () -> s.loadRecords(LoadRecordsRequest.newBuilder().setDatabase(db).setType("Item").addKeys(key(1))
                        .build()),
                () -> s.countRecords(CountRecordsRequest.newBuilder().setDatabase(db).setType("Item").build()),
                () -> s.scan(ScanRequest.newBuilder().setDatabase(db).setType("Item").build()).hasNext(),
                () -> s.query(QueryRequest.newBuilder().setDatabase(db).addTypes("Item").build()).hasNext(),
                () -> s.getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build()),
                () -> s.saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db).addRecords(message(item(2)))
                        .build()),
                () -> s.deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase(db).setType("Item")
                        .addKeys(key(1)).build()),
                () -> s.deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(db).setType("Item")
                        .build()),
                () -> s.registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(db).setSchema(catalogSchema())
                        .build()),
                () -> s.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(db).setIfNotExists(true)
                        .build()),
                () -> s.dropDatabase(DropDatabaseRequest.newBuilder().setDatabase(db).setIfExists(true).build()));
    }

    @Test
    void aPrincipalCannotReachAnotherPrincipalsDatabaseNorLearnWhetherOneExists() {
        RecordServiceGrpc.RecordServiceBlockingStub alice = as(ALICE);
        List<Executable> onBooks = everyCall(alice, "books");
        List<Executable> onGhost = everyCall(alice, "ghost");
        for (int i = 0; i < onBooks.size(); i++) {
            String existing = fails(Status.Code.PERMISSION_DENIED, onBooks.get(i)).getStatus().getDescription();
            String missing = fails(Status.Code.PERMISSION_DENIED, onGhost.get(i)).getStatus().getDescription();
            assertThat(existing).contains("alice").contains("'books'");
            assertThat(existing.replace("books", "X")).as("call %d", i).isEqualTo(missing.replace("ghost", "X"));
        }
        // bob's database is intact and alice's own calls work
        assertThat(as(BOB).loadRecords(LoadRecordsRequest.newBuilder().setDatabase("books").setType("Item")
                .addKeys(key(1)).build()).getRecords(0).getFound()).isTrue();
        assertThat(as(BOB).listDatabases(LIST).getDatabasesList()).containsExactly("books");
        assertThat(alice.countRecords(CountRecordsRequest.newBuilder().setDatabase("shop").setType("Item").build())
                .getCount()).isGreaterThanOrEqualTo(1);
        fails(Status.Code.PERMISSION_DENIED, () -> as(BOB).countRecords(CountRecordsRequest.newBuilder()
                .setDatabase("shop").setType("Item").build()));
    }

    @Test
    void readOnlyPrincipalReadsButCannotWriteOrChangeTheSchema() {
        RecordServiceGrpc.RecordServiceBlockingStub reader = as(READER);
        assertThat(reader.loadRecords(LoadRecordsRequest.newBuilder().setDatabase("shop").setType("Item")
                .addKeys(key(1)).build()).getRecords(0).getFound()).isTrue();
        assertThat(reader.scan(ScanRequest.newBuilder().setDatabase("shop").setType("Item").build()).hasNext())
                .isTrue();
        assertThat(reader.getSchema(GetSchemaRequest.newBuilder().setDatabase("shop").build()).getVersion())
                .isPositive();
        List<Executable> calls = everyCall(reader, "shop");
        for (Executable write : calls.subList(5, calls.size())) {
            fails(Status.Code.PERMISSION_DENIED, write);
        }
        assertThat(count("shop", 1)).isEqualTo(1);
    }

    private long count(String db, long id) {
        return as(ROOT).loadRecords(LoadRecordsRequest.newBuilder().setDatabase(db).setType("Item")
                .addKeys(key(id)).build()).getRecordsList().stream().filter(r -> r.getFound()).count();
    }

    @Test
    void writerWritesButCannotChangeTheSchemaOrDropTheDatabase() {
        RecordServiceGrpc.RecordServiceBlockingStub writer = as(WRITER);
        writer.saveRecords(SaveRecordsRequest.newBuilder().setDatabase("shop").addRecords(message(item(42))).build());
        assertThat(count("shop", 42)).isEqualTo(1);
        writer.deleteRecords(DeleteRecordsRequest.newBuilder().setDatabase("shop").setType("Item").addKeys(key(42))
                .build());
        assertThat(count("shop", 42)).isZero();
        List<Executable> calls = everyCall(writer, "shop");
        for (Executable admin : calls.subList(8, calls.size())) {
            fails(Status.Code.PERMISSION_DENIED, admin);
        }
        assertThat(as(ROOT).listDatabases(LIST).getDatabasesList()).contains("shop");
    }

    @Test
    void adminChangesTheSchemaAndCreatesAndDropsItsDatabases() {
        RecordServiceGrpc.RecordServiceBlockingStub alice = as(ALICE);
        assertThat(alice.registerSchema(RegisterSchemaRequest.newBuilder().setDatabase("shop")
                .setSchema(catalogSchema(ServerFixture.valueIndex("by_name", "name"))).build()).getIndexesList())
                .isNotEmpty();
        Function<String, Boolean> create = db -> alice.createDatabase(CreateDatabaseRequest.newBuilder()
                .setDatabase(db).setIfNotExists(true).build()).getCreated();
        assertThat(create.apply("shop")).isFalse();
        fails(Status.Code.PERMISSION_DENIED, () -> create.apply("shop2"));
        RecordServiceGrpc.RecordServiceBlockingStub wide = as(ROOT);
        assertThat(wide.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("scratch").build())
                .getCreated()).isTrue();
        assertThat(wide.dropDatabase(DropDatabaseRequest.newBuilder().setDatabase("scratch").build()).getDropped())
                .isTrue();
    }
}
