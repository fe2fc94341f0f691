package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Schema;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.server.auth.TokenFile;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad requests to the server as {@code rl server} assembles it, over a loopback port: malformed and non-UTF-8
 * request messages sent as raw bytes, garbage schemas, values over FoundationDB's limit, records whose fields have
 * the wrong wire type, repeated credentials; each answers its documented status, logs no stack, and the server goes
 * on serving. Also the open-stream gauge under many open, unread streams.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadRequestsTest {
    /** Bytes as they are, in both directions. */
    static final MethodDescriptor.Marshaller<byte[]> RAW = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private RunningServer server;
    private RunningServer protectedServer;
    private ManagedChannel channel;
    private ManagedChannel protectedChannel;
    private final List<LogRecord> grpcLog = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            grpcLog.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        server = RunningServer.start(ServerConfig.defaults().withMetricsPort(0));
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        Path tokens = Files.write(dir.resolve("tokens.txt"), List.of(TokenFile.line("alice", "rl_alice",
                java.util.Map.of("*", Role.ADMIN)), TokenFile.line("bob", "rl_bob", java.util.Map.of("*", Role.READ))));
        protectedServer = RunningServer.start(ServerConfig.defaults()
                .withSecurity(new ServerSecurity(null, TokenFile.load(tokens))));
        protectedChannel = NettyChannelBuilder.forAddress("127.0.0.1", protectedServer.port()).usePlaintext().build();
    }

    @AfterAll
    void stop() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        protectedChannel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
        protectedServer.close();
    }

    @BeforeEach
    void captureLog() {
        grpcLog.clear();
        Logger.getLogger("").addHandler(capture);
    }

    @AfterEach
    void releaseLog() {
        Logger.getLogger("").removeHandler(capture);
    }

    private SqlServiceGrpc.SqlServiceBlockingStub sql() {
        return SqlServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private RecordServiceGrpc.RecordServiceBlockingStub records() {
        return RecordServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static MethodDescriptor<byte[], byte[]> raw(MethodDescriptor<?, ?> method) {
        return MethodDescriptor.<byte[], byte[]>newBuilder().setType(method.getType())
                .setFullMethodName(method.getFullMethodName()).setRequestMarshaller(RAW).setResponseMarshaller(RAW)
                .build();
    }

    /** Sends {@code bytes} as the request of {@code method}; returns the status the server answered. */
    private Status sendRaw(MethodDescriptor<?, ?> method, byte[] bytes) {
        ClientCall<byte[], byte[]> call = channel.newCall(raw(method),
                CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS));
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> {
            Iterator<byte[]> it = ClientCalls.blockingServerStreamingCall(call, bytes);
            it.forEachRemaining(b -> { });
        });
        return e == null ? Status.OK : e.getStatus();
    }

    /** A length-delimited field {@code number} holding {@code bytes}. */
    private static byte[] field(int number, byte[] bytes) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CodedOutputStream c = CodedOutputStream.newInstance(out);
            c.writeByteArray(number, bytes);
            c.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static final byte[] NOT_UTF8 = {'d', 'b', (byte) 0xC3, (byte) 0x28, (byte) 0xFF};

    private void assertNoSevereLog() {
        assertThat(grpcLog).as("no SEVERE log (a stack) for a bad request")
                .noneMatch(r -> r.getLevel().intValue() >= Level.SEVERE.intValue());
    }

    private void assertStillServing() {
        assertThat(sql().openSession(OpenSessionRequest.newBuilder().setDatabase("still_serving").build())
                .getSessionId()).isNotEmpty();
        assertThat(records().listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList())
                .contains("still_serving");
    }

    // ---- 1. malformed request messages and invalid UTF-8 ----

    @Test
    void aTruncatedRequestMessageIsInvalidArgumentWithoutAStackInTheLog() {
        // field 1 (database) says 5 bytes follow, 2 do
        Status s = sendRaw(SqlServiceGrpc.getOpenSessionMethod(), new byte[] {0x0A, 0x05, 'd', 'b'});
        assertThat(s.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(s.getDescription()).isEqualTo("malformed request: rl.v1.OpenSessionRequest does not parse at "
                + "field 'database' (1): the input ended in the middle of a field");
        assertNoSevereLog();
        assertStillServing();
    }

    @Test
    void invalidUtf8InAStringFieldIsInvalidArgumentNamingTheField() {
        Status s = sendRaw(SqlServiceGrpc.getOpenSessionMethod(), field(1, NOT_UTF8));
        assertThat(s.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(s.getDescription()).isEqualTo("malformed request: rl.v1.OpenSessionRequest does not parse at "
                + "field 'database' (1): a string field holds invalid UTF-8");

        // the SQL text of a streaming call, after a valid session id
        Status exec = sendRaw(SqlServiceGrpc.getExecuteMethod(),
                concat(field(1, "s1".getBytes(StandardCharsets.UTF_8)), field(2, NOT_UTF8)));
        assertThat(exec.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(exec.getDescription()).isEqualTo("malformed request: rl.v1.ExecuteRequest does not parse at "
                + "field 'sql' (2): a string field holds invalid UTF-8");

        // a string nested in a message of a repeated field: the path names each step
        Status nested = sendRaw(RecordServiceGrpc.getLoadRecordsMethod(), concat(
                field(1, "db".getBytes(StandardCharsets.UTF_8)),
                field(2, "T".getBytes(StandardCharsets.UTF_8)),
                field(3, field(1, field(3, NOT_UTF8)))));
        assertThat(nested.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(nested.getDescription()).isEqualTo("malformed request: rl.v1.LoadRecordsRequest does not parse at "
                + "field 'keys.values.string_value' (3.1.3): a string field holds invalid UTF-8");
        assertNoSevereLog();
        assertStillServing();
        assertThat(Scrape.parse(server.metrics().scrape()).value("rl_grpc_requests_total", "method",
                "rl.v1.SqlService/Execute", "code", "INVALID_ARGUMENT")).isGreaterThanOrEqualTo(1);
    }

    // ---- 2. garbage in a schema's FileDescriptorSet ----

    @Test
    void garbageBytesInASchemasFileDescriptorSetAreInvalidArgumentNamingTheField() {
        records().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("garbage_db").build());
        byte[] schema = concat(field(1, new byte[] {0x0A, (byte) 0xFF, 0x13, 0x37}),
                field(2, "t.proto".getBytes(StandardCharsets.UTF_8)));
        Status s = sendRaw(RecordServiceGrpc.getRegisterSchemaMethod(),
                concat(field(1, "garbage_db".getBytes(StandardCharsets.UTF_8)), field(2, schema)));
        assertThat(s.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(s.getDescription()).isEqualTo("malformed request: rl.v1.RegisterSchemaRequest does not parse at "
                + "field 'schema.files.file' (2.1.1): the input ended in the middle of a field");
        assertNoSevereLog();
        assertStillServing();
    }

    @Test
    void aFileDescriptorSetThatParsesButDescribesNonsenseIsInvalidArgumentNamingWhatIsWrong() {
        records().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("nonsense_db").build());
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("t.proto").setSyntax("proto2")
                .addMessageType(DescriptorProto.newBuilder().setName("T").addField(FieldDescriptorProto.newBuilder()
                        .setName("id").setNumber(1).setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                        .setType(FieldDescriptorProto.Type.TYPE_MESSAGE).setTypeName(".no.such.Message")))
                .build();
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> records().registerSchema(
                RegisterSchemaRequest.newBuilder().setDatabase("nonsense_db").setSchema(Schema.newBuilder()
                        .setFiles(FileDescriptorSet.newBuilder().addFile(file)).setRecordsFile("t.proto")
                        .addRecordTypes(RecordTypeDefinition.newBuilder().setName("T").addPrimaryKey("id"))).build()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).startsWith("schema: file 't.proto' is not valid: ")
                .contains("no.such.Message");

        // a field with no type at all
        FileDescriptorProto typeless = FileDescriptorProto.newBuilder().setName("u.proto")
                .addMessageType(DescriptorProto.newBuilder().setName("U").addField(FieldDescriptorProto.newBuilder()
                        .setName("id").setNumber(1)))
                .build();
        StatusRuntimeException e2 = catchThrowableOfType(StatusRuntimeException.class, () -> records().registerSchema(
                RegisterSchemaRequest.newBuilder().setDatabase("nonsense_db").setSchema(Schema.newBuilder()
                        .setFiles(FileDescriptorSet.newBuilder().addFile(typeless)).setRecordsFile("u.proto")
                        .addRecordTypes(RecordTypeDefinition.newBuilder().setName("U").addPrimaryKey("id"))).build()));
        assertThat(e2.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e2.getStatus().getDescription())
                .isEqualTo("schema: field 'U.id' (1) has neither a type nor a type name");
        assertNoSevereLog();
        assertStillServing();
    }

    // ---- 3. values over FoundationDB's value limit ----

    private static final int FIVE_MB = 5 * 1024 * 1024;

    private List<ExecuteResponse> exec(String session, String text, SqlValue... params) {
        List<ExecuteResponse> all = new ArrayList<>();
        sql().execute(ExecuteRequest.newBuilder().setSessionId(session).setSql(text).addAllParams(List.of(params))
                .build()).forEachRemaining(all::add);
        return all;
    }

    private static SqlError sqlError(StatusRuntimeException e) {
        return StatusProto.fromThrowable(e).getDetailsList().stream().filter(a -> a.is(SqlError.class))
                .map(a -> {
                    try {
                        return a.unpack(SqlError.class);
                    } catch (com.google.protobuf.InvalidProtocolBufferException x) {
                        throw new AssertionError(x);
                    }
                }).findFirst().orElseThrow();
    }

    @Test
    void aFiveMegabyteValueIntoAnyColumnIsProgramLimitExceededNamingTheLimitAndTheColumn() {
        String s = sql().openSession(OpenSessionRequest.newBuilder().setDatabase("big_db").build()).getSessionId();
        exec(s, "CREATE TABLE docs (id BIGINT PRIMARY KEY, body VARCHAR, data VARBINARY)");
        String huge = "x".repeat(FIVE_MB);
        PrintStream err = System.err;
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
        StatusRuntimeException varchar;
        StatusRuntimeException varbinary;
        try {
            varchar = catchThrowableOfType(StatusRuntimeException.class, () -> exec(s,
                    "INSERT INTO docs (id, body) VALUES (1, ?)", SqlValue.newBuilder().setStringValue(huge).build()));
            varbinary = catchThrowableOfType(StatusRuntimeException.class, () -> exec(s,
                    "INSERT INTO docs (id, data) VALUES (2, ?)",
                    SqlValue.newBuilder().setBytesValue(ByteString.copyFrom(new byte[FIVE_MB])).build()));
        } finally {
            System.setErr(err);
        }
        assertThat(varchar.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(sqlError(varchar).getSqlstate()).isEqualTo("54000");
        assertThat(varchar.getStatus().getDescription()).isEqualTo("value too large for column \"body\": "
                + FIVE_MB + " bytes, over FoundationDB's value limit of 100000 bytes");
        assertThat(varbinary.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(sqlError(varbinary).getSqlstate()).isEqualTo("54000");
        assertThat(varbinary.getStatus().getDescription()).isEqualTo("value too large for column \"data\": "
                + FIVE_MB + " bytes, over FoundationDB's value limit of 100000 bytes");
        assertThat(logged.toString(StandardCharsets.UTF_8)).as("a client's error, not an internal one")
                .doesNotContain("internal error").doesNotContain("xxxxxxxx");
        // nothing was stored, and the session goes on
        assertThat(exec(s, "SELECT COUNT(*) FROM docs").get(1).getBatch().getRows(0).getValues(0).getInt64Value())
                .isZero();
        exec(s, "INSERT INTO docs (id, body) VALUES (3, 'small')");
        assertStillServing();
    }

    // ---- 4. internal errors log no SQL ----

    @Test
    void anInternalErrorIsLoggedWithTheStatementsIdNeverItsTextParametersOrMessages() {
        String s = sql().openSession(OpenSessionRequest.newBuilder().setDatabase("internal_db").build())
                .getSessionId();
        // JSON_VALUE of text that is no JSON, ERROR ON ERROR: an error no mapping names yet (LN(0), used before, is
        // now 2201E, an invalid regular expression 2201B); PostgreSQL 15 has no JSON_VALUE
        String text = "SELECT JSON_VALUE('secret-literal-8271', '$.a' ERROR ON ERROR) AS r, CAST(? AS BIGINT) AS p";
        PrintStream err = System.err;
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
        StatusRuntimeException e;
        try {
            e = catchThrowableOfType(StatusRuntimeException.class, () -> exec(s, text,
                    SqlValue.newBuilder().setInt64Value(-987654321L).build()));
        } finally {
            System.setErr(err);
        }
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(sqlError(e).getSqlstate()).isEqualTo("XX000");
        String log = logged.toString(StandardCharsets.UTF_8);
        assertThat(log).contains("internal error: SQLSTATE XX000 in statement "
                + io.relationshiplayer.sql.grpc.SqlGrpcErrors.statementId(text))
                .matches("(?s).*in statement sha256:[0-9a-f]{16}\\n.*")
                .contains("\tat ")
                .doesNotContain("secret-literal-8271").doesNotContain("987654321").doesNotContain("SELECT")
                .doesNotContain("secret-literal");
        assertStillServing();
    }

    // ---- 6. record bytes with a field of the wrong wire type ----

    private static Schema thingSchema() {
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("thing.proto").setSyntax("proto2")
                .setPackage("badreq")
                .addMessageType(DescriptorProto.newBuilder().setName("Thing")
                        .addField(FieldDescriptorProto.newBuilder().setName("id").setNumber(1)
                                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                                .setType(FieldDescriptorProto.Type.TYPE_INT64))
                        .addField(FieldDescriptorProto.newBuilder().setName("body").setNumber(2)
                                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                                .setType(FieldDescriptorProto.Type.TYPE_STRING)))
                .build();
        return Schema.newBuilder().setFiles(FileDescriptorSet.newBuilder().addFile(file))
                .setRecordsFile("thing.proto")
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("Thing").addPrimaryKey("id")).build();
    }

    private static byte[] varintField(int number, long value) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CodedOutputStream c = CodedOutputStream.newInstance(out);
            c.writeInt64(number, value);
            c.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long count(String db) {
        List<io.relationshiplayer.proto.v1.RecordBatch> batches = new ArrayList<>();
        records().scan(ScanRequest.newBuilder().setDatabase(db).setType("Thing").build()).forEachRemaining(batches::add);
        return batches.stream().mapToLong(io.relationshiplayer.proto.v1.RecordBatch::getRecordsCount).sum();
    }

    @Test
    void recordBytesWhosePrimaryKeyFieldHasTheWrongWireTypeAreRefusedAndNeverStored() {
        String db = "wire_db";
        records().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(db).build());
        records().registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(db).setSchema(thingSchema()).build());
        // id (int64, field 1) sent as a length-delimited string
        byte[] wrong = concat(field(1, "42".getBytes(StandardCharsets.UTF_8)),
                field(2, "b".getBytes(StandardCharsets.UTF_8)));
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> records().saveRecords(
                SaveRecordsRequest.newBuilder().setDatabase(db).addRecords(RecordMessage.newBuilder().setType("Thing")
                        .setMessage(ByteString.copyFrom(wrong))).build()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).isEqualTo("record of type Thing: field 'id' (1) has wire type "
                + "length-delimited, the schema says int64 (varint)");
        // an unset primary key is refused too (else it would be stored under a NULL key)
        StatusRuntimeException unset = catchThrowableOfType(StatusRuntimeException.class, () -> records()
                .saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db).addRecords(RecordMessage.newBuilder()
                        .setType("Thing").setMessage(ByteString.copyFrom(field(2, "b".getBytes(
                                StandardCharsets.UTF_8))))).build()));
        assertThat(unset.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(unset.getStatus().getDescription()).isEqualTo("record of type Thing: primary key field 'id' is "
                + "not set");
        assertThat(count(db)).isZero();

        // the right wire type saves, and loads back by its key
        records().saveRecords(SaveRecordsRequest.newBuilder().setDatabase(db).addRecords(RecordMessage.newBuilder()
                .setType("Thing").setMessage(ByteString.copyFrom(concat(varintField(1, 42),
                        field(2, "b".getBytes(StandardCharsets.UTF_8)))))).build());
        assertThat(count(db)).isEqualTo(1);
        assertThat(records().loadRecords(LoadRecordsRequest.newBuilder().setDatabase(db).setType("Thing")
                .addKeys(Key.newBuilder().addValues(Value.newBuilder().setInt64Value(42))).build())
                .getRecords(0).getFound()).isTrue();
        assertStillServing();
    }

    @Test
    void aRecordOverFoundationDbsValueLimitIsResourceExhaustedNamingTheLimit() {
        String db = "big_record_db";
        records().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(db).build());
        records().registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(db).setSchema(thingSchema()).build());
        byte[] big = concat(varintField(1, 7), field(2, "y".repeat(FIVE_MB).getBytes(StandardCharsets.UTF_8)));
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> records().saveRecords(
                SaveRecordsRequest.newBuilder().setDatabase(db).addRecords(RecordMessage.newBuilder().setType("Thing")
                        .setMessage(ByteString.copyFrom(big))).build()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(e.getStatus().getDescription()).startsWith("record of type Thing is " + big.length
                + " bytes, over FoundationDB's value limit of 100000 bytes");
        assertThat(count(db)).isZero();
        assertStillServing();
    }

    // ---- 5. repeated credentials ----

    @Test
    void aCallWithTwoAuthorizationHeadersIsUnauthenticatedBeforeAnyWork() {
        Metadata.Key<String> auth = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
        Metadata two = new Metadata();
        two.put(auth, "Bearer rl_bob");
        two.put(auth, "Bearer rl_alice");
        RecordServiceGrpc.RecordServiceBlockingStub stub = RecordServiceGrpc.newBlockingStub(protectedChannel)
                .withDeadlineAfter(30, TimeUnit.SECONDS);
        StatusRuntimeException e = catchThrowableOfType(StatusRuntimeException.class, () -> stub
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(two))
                .createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("two_tokens_db").build()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(e.getStatus().getDescription())
                .isEqualTo("more than one authorization header: send exactly one 'authorization: Bearer <token>'");

        // one header, the admin's: works, and the refused call created nothing
        Metadata one = new Metadata();
        one.put(auth, "Bearer rl_alice");
        RecordServiceGrpc.RecordServiceBlockingStub alice = stub.withInterceptors(
                MetadataUtils.newAttachHeadersInterceptor(one));
        assertThat(alice.listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList())
                .doesNotContain("two_tokens_db");
        alice.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("one_token_db").build());
        assertThat(alice.listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList())
                .contains("one_token_db");
    }

    // ---- 7. the open-stream gauge ----

    @Test
    void theStreamGaugeCountsOpenUnreadStreamsUntilTheyEnd() throws Exception {
        String s = sql().openSession(OpenSessionRequest.newBuilder().setDatabase("gauge_db").build()).getSessionId();
        exec(s, "CREATE TABLE wide (id BIGINT PRIMARY KEY, pad VARCHAR)");
        // about 20 KB of rows: the server writes them all and closes the call at once, but a client that reads
        // nothing (a 1 KB flow-control window) keeps the stream open until it reads or cancels
        String pad = "p".repeat(2_000);
        for (int i = 0; i < 10; i++) {
            exec(s, "INSERT INTO wide VALUES (" + i + ", ?)", SqlValue.newBuilder().setStringValue(pad).build());
        }
        int streams = 50;
        // each on its own channel (its own connection window)
        List<ManagedChannel> channels = new ArrayList<>();
        List<ClientCall<ExecuteRequest, ExecuteResponse>> calls = new ArrayList<>();
        // the gauge as it settles: a stream of an earlier test may still be ending
        double[] seen = {-1};
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(30)).until(() -> {
            double now = Scrape.parse(server.metrics().scrape()).value("rl_grpc_open_streams");
            boolean same = now == seen[0];
            seen[0] = now;
            return same;
        });
        double before = seen[0];
        try {
            for (int i = 0; i < streams; i++) {
                ManagedChannel c = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext()
                        .flowControlWindow(1024).build();
                channels.add(c);
                String session = SqlServiceGrpc.newBlockingStub(c).withDeadlineAfter(30, TimeUnit.SECONDS)
                        .openSession(OpenSessionRequest.newBuilder().setDatabase("gauge_db").build()).getSessionId();
                ClientCall<ExecuteRequest, ExecuteResponse> call = c.newCall(SqlServiceGrpc.getExecuteMethod(),
                        CallOptions.DEFAULT.withDeadlineAfter(60, TimeUnit.SECONDS));
                call.start(new ClientCall.Listener<>() {
                }, new Metadata());
                call.sendMessage(ExecuteRequest.newBuilder().setSessionId(session).setSql("SELECT * FROM wide")
                        .build());
                call.halfClose();
                calls.add(call);
            }
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                    Scrape.parse(server.metrics().scrape()).value("rl_grpc_open_streams") - before)
                    .isEqualTo(streams));
            // still open a while later: nothing was read, so none of them could end
            await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                    Scrape.parse(server.metrics().scrape()).value("rl_grpc_open_streams") - before)
                    .isEqualTo(streams));
            for (ClientCall<?, ?> call : calls) {
                call.cancel("test done", null);
            }
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                    Scrape.parse(server.metrics().scrape()).value("rl_grpc_open_streams")).isEqualTo(before));
        } finally {
            for (ManagedChannel c : channels) {
                c.shutdownNow();
            }
        }
        // a stream read to its end leaves the gauge where it was
        exec(s, "SELECT * FROM wide");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(
                Scrape.parse(server.metrics().scrape()).value("rl_grpc_open_streams")).isEqualTo(before));
    }
}
