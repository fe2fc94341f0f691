package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.records.grpc.CallRecorder;
import io.relationshiplayer.records.grpc.LoopbackServer;
import io.relationshiplayer.records.grpc.TrackingExecutor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.protobuf.ByteString;
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
import io.relationshiplayer.proto.v1.ExecutePreparedRequest;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ListDatabasesRequest;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.ResultEnd;
import io.relationshiplayer.proto.v1.ResultHeader;
import io.relationshiplayer.proto.v1.Row;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.grpc.RecordServiceImpl;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.SqlEngine;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.function.Executable;

/**
 * One real server per test class on a loopback port over {@code embedded:memory}, serving the record and SQL
 * services, and a fresh database name per test. The SQL service is wrapped in a {@link CallRecorder}, streams on a
 * {@link TrackingExecutor}, and its sessions read a clock the test can move forward.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SqlServerFixture {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    Backend backend;
    LoopbackServer server;
    ManagedChannel channel;
    Sessions sessions;
    final TrackingExecutor streams = new TrackingExecutor();
    final CallRecorder calls = new CallRecorder();
    /** Added to the sessions' clock: moving it forward makes sessions idle for longer. */
    final AtomicLong clockOffset = new AtomicLong();
    /** This test's own database name (created by the first session opened on it). */
    String db;

    @BeforeAll
    void startServer() throws Exception {
        backend = openBackend();
        RecordStores stores = new RecordStores(backend.recordDatabase());
        sessions = new Sessions(engine(new RelationshipLayer(stores)), Sessions.DEFAULT_IDLE_TIMEOUT,
                () -> System.nanoTime() + clockOffset.get(), false);
        SqlServiceImpl sql = new SqlServiceImpl(sessions, streams, limits(), inlinePointStatements());
        BindableService recorded = () -> ServerInterceptors.intercept(sql, calls);
        server = LoopbackServer.start(List.of(new RecordServiceImpl(stores, streams), recorded), () -> {
            sql.close();
            backend.close();
        });
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    }

    /** The backend the server runs on. */
    Backend openBackend() {
        return Backend.open("embedded:memory");
    }

    /** The SQL engine the server runs. */
    SqlEngine engine(RelationshipLayer layer) {
        return new SqlEngine(layer);
    }

    /** Whether cached point statements run on the handler's thread rather than on {@link #streams}. */
    boolean inlinePointStatements() {
        return false;
    }

    /** The limits the SQL service runs with. */
    io.relationshiplayer.limits.ServerLimits limits() {
        return io.relationshiplayer.limits.ServerLimits.DEFAULTS;
    }

    @AfterAll
    void stopServer() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
        streams.shutdown();
    }

    @BeforeEach
    void newDatabase(TestInfo info) {
        db = "t" + DATABASES.incrementAndGet() + "_" + info.getTestMethod().map(m -> m.getName()).orElse("db")
                .replaceAll("[^A-Za-z0-9_]", "_");
    }

    /** A blocking stub with a fresh deadline. */
    SqlServiceGrpc.SqlServiceBlockingStub sql() {
        return SqlServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    /** A stub whose calls carry {@code tag}, so the {@link CallRecorder} can report on them. */
    static <S extends io.grpc.stub.AbstractStub<S>> S tagged(S s, String tag) {
        Metadata md = new Metadata();
        md.put(CallRecorder.TAG, tag);
        return s.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
    }

    String open() {
        return open(db);
    }

    String open(String database) {
        return sql().openSession(OpenSessionRequest.newBuilder().setDatabase(database).build()).getSessionId();
    }

    // ---- statements ----

    /** What one Execute stream returned; {@code rows} as Java values (see {@link #java}). */
    record Result(ResultHeader header, List<Row> raw, ResultEnd end, int batches) {
        List<List<Object>> rows() {
            List<List<Object>> out = new ArrayList<>();
            for (Row r : raw) {
                List<Object> row = new ArrayList<>();
                r.getValuesList().forEach(v -> row.add(java(v)));
                out.add(row);
            }
            return out;
        }

        /** The only value of a one-row, one-column result. */
        Object single() {
            assertThat(raw).hasSize(1);
            assertThat(raw.get(0).getValuesCount()).isEqualTo(1);
            return java(raw.get(0).getValues(0));
        }
    }

    static ExecuteRequest request(String session, String sql, Object... params) {
        ExecuteRequest.Builder r = ExecuteRequest.newBuilder().setSessionId(session).setSql(sql);
        for (Object p : params) {
            r.addParams(v(p));
        }
        return r.build();
    }

    Result exec(String session, String sql, Object... params) {
        return drain(sql().execute(request(session, sql, params)));
    }

    Result execPrepared(String session, String statement, Object... params) {
        ExecutePreparedRequest.Builder r = ExecutePreparedRequest.newBuilder().setSessionId(session)
                .setStatementId(statement);
        for (Object p : params) {
            r.addParams(v(p));
        }
        return drain(sql().executePrepared(r.build()));
    }

    /** Reads a stream to its end, checking its shape: one header first, batches only for rows, one end last. */
    /** An Execute call started without waiting: its client side, to cancel it, and how it ended (null: completed). */
    record Started(java.util.concurrent.atomic.AtomicReference<io.grpc.stub.ClientCallStreamObserver<?>> call,
                   java.util.concurrent.CompletableFuture<Throwable> ended) {
        void cancel(String why) {
            call.get().cancel(why, null);
        }
    }

    /** Starts {@code sql} on {@code session} and returns at once, ignoring its rows. */
    Started start(String session, String sql) {
        Started started = new Started(new java.util.concurrent.atomic.AtomicReference<>(),
                new java.util.concurrent.CompletableFuture<>());
        SqlServiceGrpc.newStub(channel).execute(request(session, sql),
                new io.grpc.stub.ClientResponseObserver<Object, ExecuteResponse>() {
                    @Override
                    public void beforeStart(io.grpc.stub.ClientCallStreamObserver<Object> requestStream) {
                        started.call().set(requestStream);
                    }

                    @Override
                    public void onNext(ExecuteResponse value) {
                    }

                    @Override
                    public void onError(Throwable t) {
                        started.ended().complete(t);
                    }

                    @Override
                    public void onCompleted() {
                        started.ended().complete(null);
                    }
                });
        return started;
    }

    static Result drain(Iterator<ExecuteResponse> it) {
        List<ExecuteResponse> all = new ArrayList<>();
        it.forEachRemaining(all::add);
        assertThat(all).as("a header and an end at least").hasSizeGreaterThanOrEqualTo(2);
        assertThat(all.get(0).hasHeader()).as("the first message is the header: %s", all.get(0)).isTrue();
        ExecuteResponse last = all.get(all.size() - 1);
        assertThat(last.hasEnd()).as("the last message is the end: %s", last).isTrue();
        assertThat(last.getEnd().getDone()).isTrue();
        ResultHeader header = all.get(0).getHeader();
        List<Row> rows = new ArrayList<>();
        for (ExecuteResponse m : all.subList(1, all.size() - 1)) {
            assertThat(m.hasBatch()).as("between header and end only batches: %s", m).isTrue();
            assertThat(m.getBatch().getRowsCount()).isPositive();
            rows.addAll(m.getBatch().getRowsList());
        }
        if (!header.getReturnsRows()) {
            assertThat(rows).as("no rows for %s", header.getCommand()).isEmpty();
        } else {
            assertThat(last.getEnd().getRowCount()).isEqualTo(rows.size());
            for (Row r : rows) {
                assertThat(r.getValuesCount()).isEqualTo(header.getColumnsCount());
            }
        }
        return new Result(header, rows, last.getEnd(), all.size() - 2);
    }

    // ---- values ----

    static final SqlValue NULL = SqlValue.newBuilder().setNullValue(true).build();

    /** A parameter from a Java value of the engine's types. */
    static SqlValue v(Object o) {
        SqlValue.Builder b = SqlValue.newBuilder();
        if (o == null) {
            return NULL;
        } else if (o instanceof SqlValue) {
            return (SqlValue) o;
        } else if (o instanceof Long) {
            return b.setInt64Value((Long) o).build();
        } else if (o instanceof Integer) {
            return b.setInt32Value((Integer) o).build();
        } else if (o instanceof Double) {
            return b.setDoubleValue((Double) o).build();
        } else if (o instanceof Boolean) {
            return b.setBoolValue((Boolean) o).build();
        } else if (o instanceof String) {
            return b.setStringValue((String) o).build();
        } else if (o instanceof byte[]) {
            return b.setBytesValue(ByteString.copyFrom((byte[]) o)).build();
        } else if (o instanceof ByteString) {
            return b.setBytesValue((ByteString) o).build();
        } else if (o instanceof BigDecimal) {
            return b.setDecimalValue(((BigDecimal) o).toPlainString()).build();
        } else if (o instanceof LocalDate) {
            return b.setDateValue((int) ((LocalDate) o).toEpochDay()).build();
        } else if (o instanceof LocalDateTime) {
            LocalDateTime t = (LocalDateTime) o;
            return b.setTimestampValue(t.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + t.getNano() / 1000).build();
        } else if (o instanceof java.time.LocalTime t) {
            return io.relationshiplayer.proto.values.SqlValueCodec.encode(t); // a time_value (MAX: 24:00:00)
        }
        throw new IllegalArgumentException("no SqlValue for " + o.getClass());
    }

    /** A result value as Java: bytes as ByteString, decimals as BigDecimal, dates and timestamps as java.time. */
    static Object java(SqlValue v) {
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return v.getInt64Value();
            case INT32_VALUE:
                return v.getInt32Value();
            case DOUBLE_VALUE:
                return v.getDoubleValue();
            case BOOL_VALUE:
                return v.getBoolValue();
            case STRING_VALUE:
                return v.getStringValue();
            case BYTES_VALUE:
                return v.getBytesValue();
            case DECIMAL_VALUE:
                return new BigDecimal(v.getDecimalValue());
            case DATE_VALUE:
                return LocalDate.ofEpochDay(v.getDateValue());
            case TIMESTAMP_VALUE:
                long micros = v.getTimestampValue();
                return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                        (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
            case TIME_VALUE:
                return new io.relationshiplayer.proto.values.TimeOfDay(v.getTimeValue());
            case NULL_VALUE:
                return null;
            default:
                throw new AssertionError("a value with no case: " + v);
        }
    }

    static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    // ---- errors ----

    /**
     * Runs {@code call}, which must fail with {@code code} and details holding a SqlError of {@code sqlState} and an
     * ErrorInfo whose reason is the SQLSTATE; returns the SqlError.
     */
    static SqlError expectSql(Status.Code code, String sqlState, Executable call) {
        Throwable t = catchThrowable(call::execute);
        assertThat(t).as("the call should fail with %s / %s", code, sqlState)
                .isInstanceOf(StatusRuntimeException.class);
        StatusRuntimeException e = (StatusRuntimeException) t;
        com.google.rpc.Status details = StatusProto.fromThrowable(e);
        assertThat(details).as("google.rpc.Status details of %s", e.getStatus()).isNotNull();
        SqlError error = null;
        ErrorInfo info = null;
        try {
            for (com.google.protobuf.Any any : details.getDetailsList()) {
                if (any.is(SqlError.class)) {
                    error = any.unpack(SqlError.class);
                } else if (any.is(ErrorInfo.class)) {
                    info = any.unpack(ErrorInfo.class);
                }
            }
        } catch (InvalidProtocolBufferException x) {
            throw new AssertionError(x);
        }
        assertThat(error).as("a SqlError detail in %s", details).isNotNull();
        assertThat(error.getSqlstate()).as("SQLSTATE; message: %s", error.getMessage()).isEqualTo(sqlState);
        assertThat(e.getStatus().getCode()).as("status code; description: %s", e.getStatus().getDescription())
                .isEqualTo(code);
        assertThat(details.getCode()).isEqualTo(code.value());
        assertThat(info).as("an ErrorInfo detail").isNotNull();
        assertThat(info.getReason()).isEqualTo(sqlState);
        assertThat(info.getDomain()).isEqualTo(SqlGrpcErrors.DOMAIN);
        // the status message: the SqlError's, then PostgreSQL's DETAIL and HINT on psql's lines when there are any
        assertThat(e.getStatus().getDescription()).isEqualTo(error.getMessage()
                + (error.getDetail().isEmpty() ? "" : "\nDETAIL:  " + error.getDetail())
                + (error.getHint().isEmpty() ? "" : "\nHINT:  " + error.getHint()));
        return error;
    }

    /** The server still serves: the session runs a query, and the record service answers. */
    void assertServing(String session) {
        assertThat(exec(session, "SELECT 1 + 1").single()).isEqualTo(2);
        assertThat(RecordServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                .listDatabases(ListDatabasesRequest.getDefaultInstance()).getDatabasesList()).isNotEmpty();
    }
}
