package io.relationshiplayer.client;

import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.ClosePreparedRequest;
import io.relationshiplayer.proto.v1.ExecutePreparedRequest;
import java.util.List;
import javax.annotation.Nonnull;

/**
 * A statement prepared in a session: executed again with new parameters, it plans nothing (the server caches its plan
 * per text and catalog version). Closing forgets it on the server.
 */
public final class PreparedSql implements AutoCloseable {
    private final SqlSession session;
    private final String sql;
    private final String id;
    private final int parameterCount;

    PreparedSql(SqlSession session, String sql, String id, int parameterCount) {
        this.session = session;
        this.sql = sql;
        this.id = id;
        this.parameterCount = parameterCount;
    }

    @Nonnull
    public String sql() {
        return sql;
    }

    /** The number of ? markers in the text. */
    public int parameterCount() {
        return parameterCount;
    }

    /** Starts an execution with {@code params}: as {@link SqlSession#execute}. */
    @Nonnull
    public SqlResult execute(@Nonnull Object... params) {
        ExecutePreparedRequest.Builder r = ExecutePreparedRequest.newBuilder().setSessionId(session.id())
                .setStatementId(id).setFetchSize(session.fetchSize()).setSingleMessage(true);
        for (Object p : params) {
            r.addParams(SqlValues.of(p));
        }
        ExecutePreparedRequest request = r.build();
        return session.start(stub -> session.client().streams().call(stub,
                io.relationshiplayer.proto.v1.SqlServiceGrpc.getExecutePreparedMethod(), request));
    }

    /** As {@link #execute(Object...)}, with BEGIN and/or COMMIT folded in ({@link TransactionFlags}). */
    @Nonnull
    public SqlResult execute(@Nonnull TransactionFlags flags, @Nonnull Object... params) {
        ExecutePreparedRequest.Builder r = ExecutePreparedRequest.newBuilder().setSessionId(session.id())
                .setStatementId(id).setFetchSize(session.fetchSize()).setBeginTransaction(flags.begin())
                .setCommit(flags.commit()).setSingleMessage(true);
        for (Object p : params) {
            r.addParams(SqlValues.of(p));
        }
        ExecutePreparedRequest request = r.build();
        return session.start(stub -> session.client().streams().call(stub,
                io.relationshiplayer.proto.v1.SqlServiceGrpc.getExecutePreparedMethod(), request));
    }

    /** As {@link #update(Object...)}, with BEGIN and/or COMMIT folded in. */
    public long update(@Nonnull TransactionFlags flags, @Nonnull Object... params) {
        try (SqlResult result = execute(flags, params)) {
            return result.end().getAffectedRows();
        }
    }

    /**
     * Runs it (an INSERT, UPDATE or DELETE) once per parameter set in one call: in autocommit one transaction, all or
     * nothing; inside an explicit transaction, part of it. Returns each set's affected rows.
     */
    @Nonnull
    public long[] executeBatch(@Nonnull List<Object[]> paramSets) {
        return executeBatch(TransactionFlags.NONE, paramSets);
    }

    /**
     * As {@link #executeBatch(List)}, with BEGIN folded before the batch and/or COMMIT after it
     * ({@link TransactionFlags}): a failing item then rolls the transaction back when COMMIT was asked, else leaves
     * it aborted.
     */
    @Nonnull
    public long[] executeBatch(@Nonnull TransactionFlags flags, @Nonnull List<Object[]> paramSets) {
        io.relationshiplayer.proto.v1.ExecuteBatchRequest.Builder r = io.relationshiplayer.proto.v1
                .ExecuteBatchRequest.newBuilder().setStatementId(id).setBeginTransaction(flags.begin())
                .setCommit(flags.commit());
        for (Object[] set : paramSets) {
            r.addParamSets(SqlValues.parameterSet(set));
        }
        return session.batch(r);
    }

    /** Runs it to its end; the rows of a query, values as Java. */
    @Nonnull
    public List<Object[]> query(@Nonnull Object... params) {
        try (SqlResult result = execute(params)) {
            return result.remainingRows();
        }
    }

    /** Runs it to its end; the rows it affected. */
    public long update(@Nonnull Object... params) {
        try (SqlResult result = execute(params)) {
            return result.end().getAffectedRows();
        }
    }

    @Override
    public void close() {
        try {
            session.client().failFast().closePrepared(ClosePreparedRequest.newBuilder().setSessionId(session.id())
                    .setStatementId(id).build());
        } catch (StatusRuntimeException ignored) {
            // the session is gone, and its statements with it
        }
    }
}
