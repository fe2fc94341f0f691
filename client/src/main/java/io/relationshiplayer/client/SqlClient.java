package io.relationshiplayer.client;

import static java.util.Objects.requireNonNull;

import io.grpc.Channel;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A client of a server's SQL service (rl.v1.SqlService) over one channel: it opens {@link SqlSession}s, on which
 * statements run one at a time. Thread-safe; sessions are not shared between threads. Closing it closes the channel
 * when it built the channel.
 */
public final class SqlClient implements AutoCloseable {
    /** The largest message a client accepts: more than any server sends. */
    public static final int MAX_INBOUND_BYTES = 64 << 20;

    /**
     * How calls behave. {@code waitForReady}: calls wait for the channel to connect (a restarting server is waited
     * for, up to the deadline) instead of failing at once. {@code statementTimeout}: the deadline of a statement
     * (null: none, it runs until done or cancelled). {@code callTimeout}: the deadline of opening a session and of
     * metadata calls. {@code fetchSize}: rows per batch of a new session's results (0: the server's default, 500).
     */
    public record Options(boolean waitForReady, @Nullable Duration statementTimeout, @Nonnull Duration callTimeout,
                          int fetchSize) {
        /** Fail fast when unreachable, statements without deadline, 30 s for the other calls. */
        public static final Options DEFAULTS = new Options(false, null, Duration.ofSeconds(30), 0);

        public Options {
            requireNonNull(callTimeout, "callTimeout is null");
            if (fetchSize < 0) {
                throw new IllegalArgumentException("fetchSize must not be negative: " + fetchSize);
            }
        }

        public Options withWaitForReady(boolean wait) {
            return new Options(wait, statementTimeout, callTimeout, fetchSize);
        }

        public Options withStatementTimeout(@Nullable Duration timeout) {
            return new Options(waitForReady, timeout, callTimeout, fetchSize);
        }

        public Options withCallTimeout(@Nonnull Duration timeout) {
            return new Options(waitForReady, statementTimeout, timeout, fetchSize);
        }

        public Options withFetchSize(int rows) {
            return new Options(waitForReady, statementTimeout, callTimeout, rows);
        }
    }

    private final Channel channel;
    @Nullable
    private final ManagedChannel owned;
    private final String address;
    private final Options options;
    private final SqlServiceGrpc.SqlServiceBlockingStub stub;
    private final SqlServiceGrpc.SqlServiceBlockingStub failFast;
    private final UnaryCalls unary = new UnaryCalls();
    private final StreamCalls streams = new StreamCalls();

    private SqlClient(Channel channel, @Nullable ManagedChannel owned, String address, Options options) {
        this.channel = channel;
        this.owned = owned;
        this.address = address;
        this.options = options;
        SqlServiceGrpc.SqlServiceBlockingStub s = SqlServiceGrpc.newBlockingStub(channel);
        this.failFast = s;
        this.stub = options.waitForReady() ? s.withWaitForReady() : s;
    }

    /** A client of the server at {@code target} ({@code host:port}, an IPv6 host in brackets). */
    @Nonnull
    public static SqlClient connect(@Nonnull String target, @Nonnull ClientSecurity security,
            @Nonnull Options options) {
        requireNonNull(target, "target is null");
        ManagedChannel channel = security.channelBuilder(target).maxInboundMessageSize(MAX_INBOUND_BYTES).build();
        return new SqlClient(channel, channel, target, requireNonNull(options, "options is null"));
    }

    @Nonnull
    public static SqlClient connect(@Nonnull String target, @Nonnull ClientSecurity security) {
        return connect(target, security, Options.DEFAULTS);
    }

    @Nonnull
    public static SqlClient connect(@Nonnull String host, int port, @Nonnull ClientSecurity security) {
        return connect(ClientSecurity.target(requireNonNull(host, "host is null"), port), security, Options.DEFAULTS);
    }

    /** A client over the caller's {@code channel} (which closing the client leaves open); {@code address} names it. */
    @Nonnull
    public static SqlClient over(@Nonnull Channel channel, @Nonnull String address, @Nonnull Options options) {
        return new SqlClient(requireNonNull(channel, "channel is null"), null, requireNonNull(address,
                "address is null"), requireNonNull(options, "options is null"));
    }

    /** Opens a session on {@code database} (created on first use). */
    @Nonnull
    public SqlSession openSession(@Nonnull String database) {
        return openSession(database, false);
    }

    /** Opens a session on {@code database}, which must exist (3D000, as PostgreSQL's connections, when not). */
    @Nonnull
    public SqlSession openExistingSession(@Nonnull String database) {
        return openSession(database, false, true);
    }

    SqlSession openSession(String database, boolean ownsClient) {
        return openSession(database, ownsClient, false);
    }

    SqlSession openSession(String database, boolean ownsClient, boolean mustExist) {
        requireNonNull(database, "database is null");
        try {
            String id = withCallTimeout(stub).openSession(OpenSessionRequest.newBuilder().setDatabase(database)
                    .setOptions(io.relationshiplayer.proto.v1.SessionOptions.newBuilder().setMustExist(mustExist))
                    .build()).getSessionId();
            return new SqlSession(this, database, id, ownsClient);
        } catch (StatusRuntimeException e) {
            throw CallFailures.sql(address, e);
        }
    }

    /** The server, as {@code host:port}, for messages. */
    @Nonnull
    public String address() {
        return address;
    }

    @Nonnull
    public Options options() {
        return options;
    }

    /** Reconnect at once rather than after the channel's back-off (the server is known to be back). */
    public void resetBackoff() {
        if (channel instanceof ManagedChannel m) {
            m.resetConnectBackoff();
        }
    }

    /** The stub for statements: waiting for the channel if the options say so, with the statement deadline. */
    /** Statements' result streams, whose reader polls briefly for each message. */
    StreamCalls streams() {
        return streams;
    }

    /** Unary calls whose caller polls briefly for the answer (batches). */
    UnaryCalls unary() {
        return unary;
    }

    SqlServiceGrpc.SqlServiceBlockingStub statements() {
        Duration t = options.statementTimeout();
        return t == null ? stub : stub.withDeadlineAfter(t.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The stub for metadata calls, with the call deadline. */
    SqlServiceGrpc.SqlServiceBlockingStub calls() {
        return withCallTimeout(stub);
    }

    /** A stub that fails at once when the server is unreachable: closing is not worth waiting for a restart. */
    SqlServiceGrpc.SqlServiceBlockingStub failFast() {
        return failFast.withDeadlineAfter(5, TimeUnit.SECONDS);
    }

    private SqlServiceGrpc.SqlServiceBlockingStub withCallTimeout(SqlServiceGrpc.SqlServiceBlockingStub s) {
        return s.withDeadlineAfter(options.callTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Closes the channel if the client built it. Sessions still open are lost with it (the server expires them). */
    @Override
    public void close() {
        if (owned == null) {
            return;
        }
        owned.shutdownNow();
        try {
            owned.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
