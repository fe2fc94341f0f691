package io.relationshiplayer.sql.grpc;

import io.grpc.stub.StreamObserver;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.proto.v1.ClosePreparedRequest;
import io.relationshiplayer.proto.v1.ClosePreparedResponse;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.CloseSessionResponse;
import io.relationshiplayer.proto.v1.DescribeTableRequest;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.BatchStatement;
import io.relationshiplayer.proto.v1.ExecuteBatchRequest;
import io.relationshiplayer.proto.v1.ExecuteBatchResponse;
import io.relationshiplayer.proto.v1.ExecutePreparedRequest;
import io.relationshiplayer.proto.v1.ParameterSet;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.ListTablesRequest;
import io.relationshiplayer.proto.v1.ListTablesResponse;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.OpenSessionResponse;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.PrepareResponse;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.access.Authorization;
import io.relationshiplayer.access.Role;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.SqlSession;
import io.relationshiplayer.sql.StatementAccess;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The SQL service over gRPC: validates the request, checks the caller's role on the session's database (reading to
 * open a session or look at metadata, then per statement as {@link StatementAccess} classifies it), calls the session
 * registry and the engine, maps failures.
 * Statements run and stream on the {@code streams} executor. The handlers of Execute, ExecutePrepared and ExecuteBatch
 * only check the request's shape and the session before they hand the work to it (a batch's items are converted and
 * checked there), so a server may run them on its transport threads (the server module's RunningServer does); the
 * other calls run on the server's call threads.
 */
public final class SqlServiceImpl extends SqlServiceGrpc.SqlServiceImplBase implements AutoCloseable {
    private final Sessions sessions;
    private final ScheduledExecutorService timers;
    private final StreamSettings settings;

    /** Sessions expiring after {@link Sessions#DEFAULT_IDLE_TIMEOUT}; default limits. */
    public SqlServiceImpl(SqlEngine engine, Executor streams) {
        this(new Sessions(engine, Sessions.DEFAULT_IDLE_TIMEOUT), streams);
    }

    public SqlServiceImpl(Sessions sessions, Executor streams) {
        this(sessions, streams, ServerLimits.DEFAULTS);
    }

    /**
     * With {@code limits}: statements run at most the statement timeout, batches hold at most max-rows-per-batch rows.
     * Statement durations and the open-session gauge go to the engine's metrics.
     */
    public SqlServiceImpl(Sessions sessions, Executor streams, ServerLimits limits) {
        this(sessions, streams, limits, false);
    }

    /**
     * As above; with {@code inlinePointStatements}, an autocommit point SELECT whose fast path is cached (one row by its
     * key, no planning) runs on the thread that called its handler rather than on {@code streams}: for a server whose
     * handlers run on its transport threads and whose backend answers from memory at once (no hand-off and back).
     */
    public SqlServiceImpl(Sessions sessions, Executor streams, ServerLimits limits, boolean inlinePointStatements) {
        this.sessions = Objects.requireNonNull(sessions, "sessions is null");
        Objects.requireNonNull(streams, "streams is null");
        Objects.requireNonNull(limits, "limits is null");
        this.timers = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rl-sql-statement-timeout");
            t.setDaemon(true);
            return t;
        });
        RlMetrics metrics = sessions.engine().metrics();
        metrics.openSessions(sessions::size);
        metrics.leftPreparations(io.relationshiplayer.sql.calcite.StatementCancel::leftRunning);
        this.settings = new StreamSettings(streams, timers, limits, metrics, inlinePointStatements);
    }

    public Sessions sessions() {
        return sessions;
    }

    /** Closes every session, rolling back their transactions. */
    @Override
    public void close() {
        timers.shutdownNow();
        sessions.close();
    }

    private static <T> void unary(StreamObserver<T> observer, Supplier<T> call) {
        T response;
        try {
            response = call.get();
        } catch (RuntimeException | Error e) {
            observer.onError(SqlGrpcErrors.toStatus(e));
            return;
        }
        observer.onNext(response);
        observer.onCompleted();
    }

    /**
     * Fails unless the caller opened the session (else it is unknown to them, 08003) and has {@code role} on its
     * database.
     */
    private void requireOnSession(String sessionId, Role role) {
        Authorization.require(sessions.database(sessionId, Authorization.current().name()), role);
    }

    /**
     * The session's gate: the opening principal's grants, asked where a statement writes rows or changes the schema,
     * whatever its text looked like to the check before it ran, and for CREATE / DROP DATABASE on the database named.
     */
    private static io.relationshiplayer.sql.StatementGate gate(String database) {
        io.relationshiplayer.access.Principal principal = Authorization.current();
        return new io.relationshiplayer.sql.StatementGate() {
            @Override
            public void require(StatementAccess access) {
                requireOn(database, role(access));
            }

            @Override
            public void requireAdminOf(String name) {
                requireOn(name, Role.ADMIN);
            }

            private void requireOn(String name, Role role) {
                if (!principal.may(name, role)) {
                    throw new SqlException(SqlGrpcErrors.INSUFFICIENT_PRIVILEGE,
                            new io.relationshiplayer.access.AccessDeniedException(principal.name(), role, name)
                                    .getMessage());
                }
            }
        };
    }

    /** The role a statement needs on its session's database. */
    static Role role(StatementAccess access) {
        switch (access) {
            case READ:
                return Role.READ;
            case WRITE:
                return Role.WRITE;
            default:
                return Role.ADMIN;
        }
    }

    private static String required(String value, String what) {
        if (value == null || value.isEmpty()) {
            throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "no " + what + " in the request");
        }
        return value;
    }

    @Override
    public void openSession(OpenSessionRequest r, StreamObserver<OpenSessionResponse> o) {
        unary(o, () -> {
            int seconds = r.getOptions().getIdleTimeoutSeconds();
            if (seconds < 0) {
                throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "idle_timeout_seconds is negative");
            }
            String database = required(r.getDatabase(), "database");
            Authorization.require(database, Role.READ);
            // creating the database on first use is a schema change
            boolean mustExist = r.getOptions().getMustExist() || !Authorization.may(database, Role.ADMIN);
            Sessions.Opened opened = sessions.open(database, mustExist, Duration.ofSeconds(seconds),
                    Authorization.current().name(), gate(database));
            return OpenSessionResponse.newBuilder().setSessionId(opened.id())
                    .setIdleTimeoutSeconds((int) Math.min(Integer.MAX_VALUE, opened.idleTimeout().toSeconds()))
                    .build();
        });
    }

    @Override
    public void closeSession(CloseSessionRequest r, StreamObserver<CloseSessionResponse> o) {
        unary(o, () -> {
            String id = required(r.getSessionId(), "session_id");
            requireOnSession(id, Role.READ);
            sessions.close(id);
            return CloseSessionResponse.getDefaultInstance();
        });
    }

    @Override
    public void execute(ExecuteRequest r, StreamObserver<ExecuteResponse> o) {
        stream(r.getSessionId(), () -> r.getSql(), r.getParamsList(), r.getFetchSize(), o, r.getBeginTransaction(),
                r.getCommit(), r.getSingleMessage());
    }

    @Override
    public void executePrepared(ExecutePreparedRequest r, StreamObserver<ExecuteResponse> o) {
        stream(r.getSessionId(), () -> sessions.prepared(required(r.getSessionId(), "session_id"),
                required(r.getStatementId(), "statement_id")), r.getParamsList(), r.getFetchSize(), o,
                r.getBeginTransaction(), r.getCommit(), r.getSingleMessage());
    }

    private void stream(String sessionId, Supplier<String> sql, List<SqlValue> params, int fetchSize,
                        StreamObserver<ExecuteResponse> o) {
        stream(sessionId, sql, params, fetchSize, o, false, false, false);
    }

    private void stream(String sessionId, Supplier<String> sql, List<SqlValue> params, int fetchSize,
                        StreamObserver<ExecuteResponse> o, boolean beginTransaction, boolean commit,
                        boolean singleMessage) {
        Sessions.Lease lease = null;
        try {
            String database = sessions.database(required(sessionId, "session_id"), Authorization.current().name());
            String text = sql.get();
            Authorization.require(database, role(StatementAccess.of(text)));
            List<Object> values = SqlValues.params(params);
            if (fetchSize < 0) {
                throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "fetch_size is negative");
            }
            lease = sessions.acquire(sessionId);
            ResultStreamer.start(lease, text, values, o, settings, fetchSize,
                    new ResultStreamer.Flags(beginTransaction, commit, singleMessage));
        } catch (RuntimeException e) {
            if (lease != null) {
                lease.close();
            }
            o.onError(SqlGrpcErrors.toStatus(e));
        }
    }

    /** Items one ExecuteBatch may hold. */
    static final int MAX_BATCH_ITEMS = 100_000;

    @Override
    public void executeBatch(ExecuteBatchRequest r, StreamObserver<ExecuteBatchResponse> o) {
        Sessions.Lease lease = null;
        try {
            String sessionId = required(r.getSessionId(), "session_id");
            String database = sessions.database(sessionId, Authorization.current().name());
            checkShape(r);
            lease = sessions.acquire(sessionId);
            // The items (up to MAX_BATCH_ITEMS to convert and check) on the worker: this handler may run on a
            // transport thread.
            BatchRunner.start(lease, () -> authorized(batchItems(r, sessionId), database), r.getBeginTransaction(),
                    r.getCommit(), o, settings);
        } catch (RuntimeException e) {
            if (lease != null) {
                lease.close();
            }
            o.onError(SqlGrpcErrors.toStatus(e));
        }
    }

    /** Each item's statement, checked against the caller's role on {@code database} (one check per distinct text). */
    private static List<SqlSession.BatchItem> authorized(List<SqlSession.BatchItem> items, String database) {
        String allowed = null;
        for (int i = 0; i < items.size(); i++) {
            String sql = items.get(i).sql();
            if (sql.equals(allowed)) {
                continue;
            }
            try {
                Authorization.require(database, role(StatementAccess.of(sql)));
            } catch (io.relationshiplayer.access.AccessDeniedException e) {
                throw new io.relationshiplayer.sql.BatchItemException(i,
                        new SqlException(SqlGrpcErrors.INSUFFICIENT_PRIVILEGE, e.getMessage()));
            }
            allowed = sql;
        }
        return items;
    }

    /** What a batch holds, checked without looking at its items. */
    private static void checkShape(ExecuteBatchRequest r) {
        boolean one = !r.getSql().isEmpty() || !r.getStatementId().isEmpty();
        if (one && r.getStatementsCount() > 0) {
            throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "a batch has either sql (or statement_id) "
                    + "with param_sets, or statements, not both");
        }
        if (!r.getSql().isEmpty() && !r.getStatementId().isEmpty()) {
            throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "a batch has sql or statement_id, not both");
        }
        if (!one && r.getParamSetsCount() > 0) {
            throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "param_sets without sql or statement_id");
        }
        int count = one ? r.getParamSetsCount() : r.getStatementsCount();
        if (count > MAX_BATCH_ITEMS) {
            throw new SqlException(io.relationshiplayer.sql.SqlException.PROGRAM_LIMIT_EXCEEDED, "a batch holds at "
                    + "most " + MAX_BATCH_ITEMS + " items, not " + count + ": split it");
        }
    }

    private List<SqlSession.BatchItem> batchItems(ExecuteBatchRequest r, String sessionId) {
        boolean one = !r.getSql().isEmpty() || !r.getStatementId().isEmpty();
        int count = one ? r.getParamSetsCount() : r.getStatementsCount();
        List<SqlSession.BatchItem> items = new java.util.ArrayList<>(count);
        if (one) {
            String text = r.getSql().isEmpty() ? sessions.prepared(sessionId, r.getStatementId()) : r.getSql();
            for (ParameterSet set : r.getParamSetsList()) {
                items.add(new SqlSession.BatchItem(text, SqlValues.params(set.getParamsList())));
            }
        } else {
            for (BatchStatement st : r.getStatementsList()) {
                items.add(new SqlSession.BatchItem(required(st.getSql(), "sql in a batch statement"),
                        SqlValues.params(st.getParamsList())));
            }
        }
        return items;
    }

    @Override
    public void prepare(PrepareRequest r, StreamObserver<PrepareResponse> o) {
        unary(o, () -> {
            String sql = required(r.getSql(), "sql");
            String sessionId = required(r.getSessionId(), "session_id");
            requireOnSession(sessionId, Role.READ);
            String id = sessions.prepare(sessionId, sql);
            return PrepareResponse.newBuilder().setStatementId(id).setParameterCount(ParameterMarkers.count(sql))
                    .setColumnsKnown(false).build();
        });
    }

    @Override
    public void closePrepared(ClosePreparedRequest r, StreamObserver<ClosePreparedResponse> o) {
        unary(o, () -> {
            String sessionId = required(r.getSessionId(), "session_id");
            requireOnSession(sessionId, Role.READ);
            sessions.closePrepared(sessionId, required(r.getStatementId(), "statement_id"));
            return ClosePreparedResponse.getDefaultInstance();
        });
    }

    @Override
    public void listTables(ListTablesRequest r, StreamObserver<ListTablesResponse> o) {
        unary(o, () -> metadata(r.getSessionId(), r.getDatabase(),
                s -> TableDescriptions.tables(s.execute("SHOW TABLES", List.of()))));
    }

    @Override
    public void describeTable(DescribeTableRequest r, StreamObserver<DescribeTableResponse> o) {
        unary(o, () -> {
            String table = required(r.getTable(), "table");
            if (table.indexOf('"') >= 0) {
                throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "invalid table name: " + table);
            }
            return metadata(r.getSessionId(), r.getDatabase(),
                    s -> TableDescriptions.describe(table, s.execute("DESCRIBE \"" + table + "\"", List.of())));
        });
    }

    /** Runs a metadata statement in the named session, or in a session of its own on the named database. */
    private <T> T metadata(String sessionId, String database, Function<SqlSession, T> body) {
        if (!sessionId.isEmpty()) {
            requireOnSession(sessionId, Role.READ);
            try (Sessions.Lease lease = sessions.acquire(sessionId)) {
                return body.apply(lease.session());
            }
        }
        Authorization.require(required(database, "session_id or database"), Role.READ);
        try (SqlSession session = sessions.openSession(database, true)) {
            return body.apply(session);
        }
    }
}
