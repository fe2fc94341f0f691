package io.relationshiplayer.client;

import static java.util.Objects.requireNonNull;

import io.grpc.Context;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.DescribeTableRequest;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.ExecuteBatchRequest;
import io.relationshiplayer.proto.v1.ExecuteBatchResponse;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ListTablesRequest;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.PrepareResponse;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.proto.v1.TableSummary;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.annotation.Nonnull;

/**
 * A SQL session on one database: statements run one at a time and their rows stream lazily ({@link SqlResult});
 * BEGIN ... COMMIT spans statements. Refusals are {@link SqlClientException}s (SQLSTATE, message, position), an
 * unreachable server a {@link ServerUnreachableException}. Parameters are Java values ({@link SqlValues#of}).
 */
public final class SqlSession implements AutoCloseable {
    /** Retries of a statement that overtook the server's view of a cancelled one (55006, session busy). */
    private static final int BUSY_RETRIES = 40;

    private final SqlClient client;
    private final String database;
    private final String id;
    private volatile boolean ownsClient;
    private volatile boolean closed;
    private volatile boolean inTransaction;
    private volatile int fetchSize;

    SqlSession(SqlClient client, String database, String id, boolean ownsClient) {
        this.client = client;
        this.database = database;
        this.id = id;
        this.ownsClient = ownsClient;
        this.fetchSize = client.options().fetchSize();
    }

    /** Connects to {@code host:port} and opens a session on {@code database}; closing the session disconnects. */
    @Nonnull
    public static SqlSession connect(@Nonnull String host, int port, @Nonnull String database,
            @Nonnull ClientSecurity security) {
        SqlClient client = SqlClient.connect(host, port, security);
        try {
            return client.openSession(database, true);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /** As {@link #connect}, on a database that must exist (3D000 when it does not: nothing is created). */
    @Nonnull
    public static SqlSession connectExisting(@Nonnull String host, int port, @Nonnull String database,
            @Nonnull ClientSecurity security) {
        SqlClient client = SqlClient.connect(host, port, security);
        try {
            return client.openSession(database, true, true);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    @Nonnull
    public static SqlSession connect(@Nonnull String host, int port, @Nonnull String database) {
        return connect(host, port, database, ClientSecurity.plaintext());
    }

    /** The server, as {@code host:port}. */
    @Nonnull
    public String address() {
        return client.address();
    }

    @Nonnull
    public String database() {
        return database;
    }

    /** Whether the session is in an explicit transaction (BEGIN ... COMMIT), as of the last statement's end. */
    public boolean inTransaction() {
        return inTransaction;
    }

    /** Rows per batch of later results (0: the server's default, 500; the server caps it at 10,000). */
    public void setFetchSize(int rows) {
        if (rows < 0) {
            throw new IllegalArgumentException("fetch size must not be negative: " + rows);
        }
        this.fetchSize = rows;
    }

    public int fetchSize() {
        return fetchSize;
    }

    /**
     * Starts one statement and reads its header; rows are read as the result is iterated. The result must be read to
     * its end or closed (which cancels it) before the next statement.
     */
    @Nonnull
    public SqlResult execute(@Nonnull String sql, @Nonnull Object... params) {
        ExecuteRequest.Builder r = ExecuteRequest.newBuilder().setSessionId(id).setSql(requireNonNull(sql,
                "sql is null")).setFetchSize(fetchSize).setSingleMessage(true);
        for (Object p : params) {
            r.addParams(SqlValues.of(p));
        }
        ExecuteRequest request = r.build();
        return start(stub -> client.streams().call(stub,
                io.relationshiplayer.proto.v1.SqlServiceGrpc.getExecuteMethod(), request));
    }

    /**
     * As {@link #execute(String, Object...)}, with BEGIN folded before the statement and/or COMMIT after it
     * ({@link TransactionFlags}): one call where there were two or three.
     */
    @Nonnull
    public SqlResult execute(@Nonnull TransactionFlags flags, @Nonnull String sql, @Nonnull Object... params) {
        ExecuteRequest.Builder r = ExecuteRequest.newBuilder().setSessionId(id).setSql(requireNonNull(sql,
                "sql is null")).setFetchSize(fetchSize).setBeginTransaction(flags.begin()).setCommit(flags.commit())
                .setSingleMessage(true);
        for (Object p : params) {
            r.addParams(SqlValues.of(p));
        }
        ExecuteRequest request = r.build();
        return start(stub -> client.streams().call(stub,
                io.relationshiplayer.proto.v1.SqlServiceGrpc.getExecuteMethod(), request));
    }

    /** As {@link #update(String, Object...)}, with BEGIN and/or COMMIT folded in ({@link TransactionFlags}). */
    public long update(@Nonnull TransactionFlags flags, @Nonnull String sql, @Nonnull Object... params) {
        try (SqlResult result = execute(flags, sql, params)) {
            return result.end().getAffectedRows();
        }
    }

    /**
     * Runs one INSERT, UPDATE or DELETE once per parameter set, in one call: in autocommit one transaction, all or
     * nothing; inside an explicit transaction, part of it. Returns each set's affected rows. A failing item fails the
     * whole batch with its {@link SqlClientException} (whose {@link SqlClientException#batchIndex()} names it).
     */
    @Nonnull
    public long[] executeBatch(@Nonnull String sql, @Nonnull List<Object[]> paramSets) {
        ExecuteBatchRequest.Builder r = ExecuteBatchRequest.newBuilder().setSql(requireNonNull(sql, "sql is null"));
        for (Object[] set : paramSets) {
            r.addParamSets(SqlValues.parameterSet(set));
        }
        return batch(r);
    }

    /** Runs several INSERT, UPDATE or DELETE statements in order, in one call: as {@link #executeBatch(String, List)}. */
    @Nonnull
    public long[] executeBatch(@Nonnull List<SqlStatement> statements) {
        ExecuteBatchRequest.Builder r = ExecuteBatchRequest.newBuilder();
        for (SqlStatement st : statements) {
            r.addStatements(io.relationshiplayer.proto.v1.BatchStatement.newBuilder().setSql(st.sql())
                    .addAllParams(SqlValues.parameterSet(st.params().toArray()).getParamsList()));
        }
        return batch(r);
    }

    /** Sends a batch (retrying a 55006 left by a cancelled call, as statements do); its counts. */
    long[] batch(ExecuteBatchRequest.Builder r) {
        ExecuteBatchRequest request = r.setSessionId(id).build();
        for (int attempt = 0; ; attempt++) {
            ExecuteBatchResponse response;
            try {
                response = client.unary().call(client.statements(),
                        io.relationshiplayer.proto.v1.SqlServiceGrpc.getExecuteBatchMethod(), request);
            } catch (StatusRuntimeException e) {
                ClientException failure = CallFailures.sql(client.address(), e);
                if (!"55006".equals(failure.sqlState()) || attempt >= BUSY_RETRIES) {
                    throw failure;
                }
                pause();
                continue;
            }
            inTransaction = response.getInTransaction();
            long[] counts = new long[response.getAffectedRowsCount()];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = response.getAffectedRows(i);
            }
            return counts;
        }
    }

    /** Runs a statement to its end; returns the rows of a query (values as {@link SqlValues#toJava}), else none. */
    @Nonnull
    public List<Object[]> query(@Nonnull String sql, @Nonnull Object... params) {
        try (SqlResult result = execute(sql, params)) {
            return rows(result);
        }
    }

    /** Runs a statement to its end; returns the rows it affected (INSERT, UPDATE, DELETE), 0 for others. */
    public long update(@Nonnull String sql, @Nonnull Object... params) {
        try (SqlResult result = execute(sql, params)) {
            return result.end().getAffectedRows();
        }
    }

    /** Remembers a statement in the session; its plan is cached by its first execution. */
    @Nonnull
    public PreparedSql prepare(@Nonnull String sql) {
        try {
            PrepareResponse p = client.calls().prepare(PrepareRequest.newBuilder().setSessionId(id)
                    .setSql(requireNonNull(sql, "sql is null")).build());
            return new PreparedSql(this, sql, p.getStatementId(), p.getParameterCount());
        } catch (StatusRuntimeException e) {
            throw CallFailures.sql(client.address(), e);
        }
    }

    /** The tables of the session's database (SHOW TABLES). */
    @Nonnull
    public List<TableSummary> listTables() {
        try {
            return client.calls().listTables(ListTablesRequest.newBuilder().setSessionId(id).build()).getTablesList();
        } catch (StatusRuntimeException e) {
            throw CallFailures.sql(client.address(), e);
        }
    }

    /** One table's columns, keys, foreign keys and indexes (DESCRIBE). */
    @Nonnull
    public DescribeTableResponse describeTable(@Nonnull String table) {
        try {
            return client.calls().describeTable(DescribeTableRequest.newBuilder().setSessionId(id).setTable(table)
                    .build());
        } catch (StatusRuntimeException e) {
            throw CallFailures.sql(client.address(), e);
        }
    }

    /**
     * Opens a session on another database, which must exist (3D000 when not: this session stays as it was), over
     * this session's connection, and closes this session (rolling back its open transaction), as psql's
     * {@code \connect} does; the new session owns the connection if this one did.
     */
    @Nonnull
    public SqlSession switchDatabase(@Nonnull String database) {
        SqlSession next = client.openSession(database, false, true);
        next.ownsClient = ownsClient;
        ownsClient = false;
        close();
        return next;
    }

    /** Closes the session (rolling back an open transaction), ignoring a server that is gone. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            client.failFast().closeSession(CloseSessionRequest.newBuilder().setSessionId(id).build());
        } catch (StatusRuntimeException ignored) {
            // the server is gone or the session expired: nothing left to close
        } finally {
            if (ownsClient) {
                client.close();
            }
        }
    }

    String id() {
        return id;
    }

    SqlClient client() {
        return client;
    }

    void ended(boolean inTransaction) {
        this.inTransaction = inTransaction;
    }

    /** Starts a streamed statement in a context of its own (cancelling it cancels the call), retrying 55006. */
    SqlResult start(Function<io.relationshiplayer.proto.v1.SqlServiceGrpc.SqlServiceBlockingStub,
            Iterator<ExecuteResponse>> call) {
        for (int attempt = 0; ; attempt++) {
            Context.CancellableContext context = Context.current().withCancellation();
            try {
                Iterator<ExecuteResponse> stream = context.call(() -> call.apply(client.statements()));
                return new SqlResult(stream, context, this);
            } catch (SqlClientException e) {
                context.cancel(null);
                if (!"55006".equals(e.sqlState()) || attempt >= BUSY_RETRIES) {
                    throw e;
                }
                pause();
            } catch (StatusRuntimeException e) {
                context.cancel(null);
                throw CallFailures.sql(client.address(), e);
            } catch (RuntimeException e) {
                context.cancel(null);
                throw e;
            } catch (Exception e) {
                context.cancel(null);
                throw new IllegalStateException(e);
            }
        }
    }

    static List<Object[]> rows(SqlResult result) {
        List<Object[]> rows = new ArrayList<>();
        while (result.hasNext()) {
            List<SqlValue> row = result.next();
            Object[] values = new Object[row.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = SqlValues.toJava(row.get(i));
            }
            rows.add(values);
        }
        result.end();
        return rows;
    }

    private static void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(25);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
