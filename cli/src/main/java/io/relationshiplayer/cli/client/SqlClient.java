package io.relationshiplayer.cli.client;

import static java.util.Objects.requireNonNull;

import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.DescribeTableRequest;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ListTablesRequest;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.TableSummary;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.annotation.Nonnull;

/**
 * A SQL session on one database of a server, over gRPC: statements run one at a time and their rows stream lazily
 * ({@link QueryResult}); refusals become {@link SqlClientException}s, an unreachable server a
 * {@link ServerUnreachableException}.
 */
public final class SqlClient implements AutoCloseable {
    /** How long a metadata call or opening a session may take. */
    private static final long CALL_SECONDS = 30;
    /** Retries of a statement that overtook the server's view of a cancelled one (55006, session busy). */
    private static final int BUSY_RETRIES = 40;

    private final ManagedChannel channel;
    private final SqlServiceGrpc.SqlServiceBlockingStub stub;
    private final String address;
    private final String database;
    private final String sessionId;
    private volatile boolean inTransaction;

    private SqlClient(ManagedChannel channel, String address, String database, String sessionId) {
        this.channel = channel;
        this.stub = SqlServiceGrpc.newBlockingStub(channel);
        this.address = address;
        this.database = database;
        this.sessionId = sessionId;
    }

    /** Connects to {@code host:port} and opens a session on {@code database} (created on first use). */
    @Nonnull
    public static SqlClient connect(@Nonnull String host, int port, @Nonnull String database) {
        return connect(host, port, database, ClientSecurity.plaintext());
    }

    /** As {@link #connect(String, int, String)}, with TLS and a token as {@code security} says. */
    @Nonnull
    public static SqlClient connect(@Nonnull String host, int port, @Nonnull String database,
                                    @Nonnull ClientSecurity security) {
        requireNonNull(host, "host is null");
        requireNonNull(database, "database is null");
        ManagedChannel channel = security.channelBuilder(host, port).maxInboundMessageSize(64 << 20).build();
        String address = host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
        try {
            String session = SqlServiceGrpc.newBlockingStub(channel).withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
                    .openSession(OpenSessionRequest.newBuilder().setDatabase(database).build()).getSessionId();
            return new SqlClient(channel, address, database, session);
        } catch (StatusRuntimeException e) {
            channel.shutdownNow();
            throw failure(address, e);
        } catch (RuntimeException e) {
            channel.shutdownNow();
            throw e;
        }
    }

    public String address() {
        return address;
    }

    public String database() {
        return database;
    }

    /** Whether the session is in an explicit transaction (BEGIN ... COMMIT), as of the last statement's end. */
    public boolean inTransaction() {
        return inTransaction;
    }

    /**
     * Starts one statement and reads its header; rows are read as the result is iterated. The result must be read to
     * its end or closed (which cancels it) before the next statement.
     */
    @Nonnull
    public QueryResult execute(@Nonnull String sql) {
        ExecuteRequest request = ExecuteRequest.newBuilder().setSessionId(sessionId).setSql(sql).build();
        for (int attempt = 0; ; attempt++) {
            Context.CancellableContext context = Context.current().withCancellation();
            try {
                Iterator<ExecuteResponse> stream = context.call(() -> stub.execute(request));
                return new QueryResult(stream, context, this);
            } catch (SqlClientException e) {
                context.cancel(null);
                if (!"55006".equals(e.sqlState()) || attempt >= BUSY_RETRIES) {
                    throw e;
                }
                pause();
            } catch (StatusRuntimeException e) {
                context.cancel(null);
                throw failure(address, e);
            } catch (RuntimeException e) {
                context.cancel(null);
                throw e;
            } catch (Exception e) {
                context.cancel(null);
                throw new IllegalStateException(e);
            }
        }
    }

    /** The tables of the session's database (SHOW TABLES). */
    @Nonnull
    public List<TableSummary> listTables() {
        try {
            return stub.withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
                    .listTables(ListTablesRequest.newBuilder().setSessionId(sessionId).build()).getTablesList();
        } catch (StatusRuntimeException e) {
            throw failure(address, e);
        }
    }

    /** One table's columns, keys, foreign keys and indexes (DESCRIBE). */
    @Nonnull
    public DescribeTableResponse describeTable(@Nonnull String table) {
        try {
            return stub.withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS).describeTable(
                    DescribeTableRequest.newBuilder().setSessionId(sessionId).setTable(table).build());
        } catch (StatusRuntimeException e) {
            throw failure(address, e);
        }
    }

    void ended(boolean inTransaction) {
        this.inTransaction = inTransaction;
    }

    /** Closes the session (rolling back an open transaction) and the channel. */
    @Override
    public void close() {
        try {
            stub.withDeadlineAfter(5, TimeUnit.SECONDS)
                    .closeSession(CloseSessionRequest.newBuilder().setSessionId(sessionId).build());
        } catch (StatusRuntimeException ignored) {
            // the server is gone or the session expired: nothing left to close
        }
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A failed call as the client reports it: unreachable, or the server's SqlError. */
    static ClientException failure(String address, StatusRuntimeException e) {
        if (e.getStatus().getCode() == Status.Code.UNAVAILABLE && StatusProtoHolder.hasNoSqlError(e)) {
            return new ServerUnreachableException(address, reason(e), e);
        }
        return SqlClientException.from(e);
    }

    /** Why a connection failed, in a few words: "connection refused", "unknown host", ... */
    static String reason(StatusRuntimeException e) {
        Throwable root = e;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("Connection refused") || m.contains("error(-111)")) {
                return "connection refused";
            }
            if (t instanceof java.net.UnknownHostException || m.contains("Unable to resolve host")) {
                return "unknown host";
            }
            if (m.contains("Connection reset") || m.contains("error(-104)")) {
                return "connection reset by the server (is it serving TLS? then add --tls and --ca-file)";
            }
            if (t instanceof java.net.NoRouteToHostException || m.contains("error(-113)")) {
                return "no route to host";
            }
            if (m.contains("timed out")) {
                return "connection timed out";
            }
            root = t;
        }
        String message = root == e ? e.getStatus().getDescription() : root.getMessage();
        if (message == null || message.isBlank()) {
            return root.getClass().getSimpleName();
        }
        int colon = message.indexOf(": ");
        String first = colon > 0 ? message.substring(0, colon) : message;
        return first.substring(0, 1).toLowerCase(Locale.ROOT) + first.substring(1);
    }

    private static void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(25);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Whether an UNAVAILABLE status came from the transport rather than from the SQL service. */
    private static final class StatusProtoHolder {
        static boolean hasNoSqlError(StatusRuntimeException e) {
            com.google.rpc.Status details = io.grpc.protobuf.StatusProto.fromThrowable(e);
            return details == null || details.getDetailsList().stream()
                    .noneMatch(a -> a.is(io.relationshiplayer.proto.v1.SqlError.class));
        }
    }
}
