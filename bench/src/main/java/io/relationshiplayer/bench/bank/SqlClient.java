package io.relationshiplayer.bench.bank;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.server.RlServer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A plain client of the SQL gRPC service for the benchmarks: one channel, sessions on it, statements with parameters.
 * Calls wait for the channel to be ready (so a restarting server is waited for, not spun on) up to a deadline.
 */
public final class SqlClient implements AutoCloseable {
    private static final long DEADLINE_SECONDS = 60;

    private final ManagedChannel channel;
    private final SqlServiceGrpc.SqlServiceBlockingStub stub;
    /** Fails at once when the server is unreachable: a session is not worth waiting for a restart to close. */
    private final SqlServiceGrpc.SqlServiceBlockingStub failFast;

    private SqlClient(ManagedChannel channel) {
        this.channel = channel;
        this.stub = SqlServiceGrpc.newBlockingStub(channel).withWaitForReady();
        this.failFast = SqlServiceGrpc.newBlockingStub(channel);
    }

    public static SqlClient connect(String target) {
        return connect(target, ClientSecurity.plaintext());
    }

    /** A client of the server at {@code target} with TLS and a token as {@code security} says. */
    public static SqlClient connect(String target, ClientSecurity security) {
        Objects.requireNonNull(target, "target is null");
        return new SqlClient(security.channelBuilder(target).maxInboundMessageSize(RlServer.MAX_MESSAGE_BYTES)
                .build());
    }

    /** Reconnect at once rather than after the channel's back-off (the server is known to be back). */
    public void resetBackoff() {
        channel.resetConnectBackoff();
    }

    public Session open(String database) {
        try {
            String id = call().openSession(OpenSessionRequest.newBuilder().setDatabase(database).build())
                    .getSessionId();
            return new Session(id);
        } catch (StatusRuntimeException e) {
            throw SqlCallException.of(e);
        }
    }

    private SqlServiceGrpc.SqlServiceBlockingStub call() {
        return stub.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One server session: runs statements one at a time. */
    public final class Session implements AutoCloseable {
        private final String id;

        private Session(String id) {
            this.id = id;
        }

        /** Runs a statement; returns the rows of a query (values as Java: Long, Integer, String, ...), else none. */
        public List<Object[]> query(String sql, Object... params) {
            return run(sql, params).rows;
        }

        /** Runs a statement; returns the rows it affected (INSERT, UPDATE, DELETE), 0 for others. */
        public long update(String sql, Object... params) {
            return run(sql, params).affected;
        }

        private Result run(String sql, Object[] params) {
            ExecuteRequest.Builder r = ExecuteRequest.newBuilder().setSessionId(id).setSql(sql).setFetchSize(10_000);
            for (Object p : params) {
                r.addParams(value(p));
            }
            Result result = new Result();
            try {
                Iterator<ExecuteResponse> it = call().execute(r.build());
                while (it.hasNext()) {
                    ExecuteResponse m = it.next();
                    if (m.hasBatch()) {
                        m.getBatch().getRowsList().forEach(row -> {
                            Object[] values = new Object[row.getValuesCount()];
                            for (int i = 0; i < values.length; i++) {
                                values[i] = java(row.getValues(i));
                            }
                            result.rows.add(values);
                        });
                    } else if (m.hasEnd()) {
                        result.affected = m.getEnd().getAffectedRows();
                    }
                }
            } catch (StatusRuntimeException e) {
                throw SqlCallException.of(e);
            }
            return result;
        }

        /** Closes the session on the server, ignoring failures (the server may be gone). */
        @Override
        public void close() {
            try {
                failFast.withDeadlineAfter(5, TimeUnit.SECONDS)
                        .closeSession(CloseSessionRequest.newBuilder().setSessionId(id).build());
            } catch (StatusRuntimeException ignored) {
                // a lost session is closed already
            }
        }
    }

    private static final class Result {
        final List<Object[]> rows = new ArrayList<>();
        long affected;
    }

    static SqlValue value(Object o) {
        SqlValue.Builder b = SqlValue.newBuilder();
        if (o == null) {
            return b.setNullValue(true).build();
        } else if (o instanceof Long l) {
            return b.setInt64Value(l).build();
        } else if (o instanceof Integer i) {
            return b.setInt32Value(i).build();
        } else if (o instanceof Double d) {
            return b.setDoubleValue(d).build();
        } else if (o instanceof String s) {
            return b.setStringValue(s).build();
        } else if (o instanceof Boolean z) {
            return b.setBoolValue(z).build();
        } else if (o instanceof byte[] bytes) {
            return b.setBytesValue(ByteString.copyFrom(bytes)).build();
        }
        throw new IllegalArgumentException("no SqlValue for " + o.getClass());
    }

    static Object java(SqlValue v) {
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return v.getInt64Value();
            case INT32_VALUE:
                return (long) v.getInt32Value();
            case DOUBLE_VALUE:
                return v.getDoubleValue();
            case BOOL_VALUE:
                return v.getBoolValue();
            case STRING_VALUE:
                return v.getStringValue();
            case BYTES_VALUE:
                return v.getBytesValue().toByteArray();
            case DECIMAL_VALUE:
                return new java.math.BigDecimal(v.getDecimalValue());
            case NULL_VALUE:
                return null;
            default:
                return v.toString();
        }
    }
}
