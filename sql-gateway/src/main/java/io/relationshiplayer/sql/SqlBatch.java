package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.sql.ddl.DmlClauses;
import java.sql.PreparedStatement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nonnull;

/**
 * One ExecuteBatch on a session: INSERT, UPDATE and DELETE statements (each text checked against the session's bounds
 * and planned once) run in order in one FoundationDB transaction, checked against its size as they go.
 */
final class SqlBatch {
    private final SqlSession session;

    SqlBatch(SqlSession session) {
        this.session = session;
    }

    /** How many items run between two looks at the transaction's size. */
    private static final int SIZE_CHECK_EVERY = 256;
    /** FoundationDB's default transaction size limit. */
    static final long TRANSACTION_SIZE_LIMIT = 10_000_000L;

    /**
     * Runs INSERT, UPDATE and DELETE statements in order, each text planned once, in one transaction: the session's
     * explicit one (a failure aborts it), else one of their own, all or nothing (retried whole on a conflict).
     * {@code beginFirst} and {@code commitAfter} as for {@link SqlSession#execute(String, List, boolean, boolean)}.
     * {@code between} runs before each item (it may throw to stop the batch: cancellation, timeout). A failing item
     * fails with a {@link BatchItemException}; a batch beyond FoundationDB's limits with 54000. Returns each item's
     * count of affected rows.
     */
    @Nonnull
    long[] execute(@Nonnull List<SqlSession.BatchItem> items, boolean beginFirst, boolean commitAfter,
                   @Nonnull Runnable between) {
        session.endOpenStream();
        for (int i = 0; i < items.size(); i++) {
            try {
                session.bounds().check(items.get(i).sql());
            } catch (SqlException e) {
                throw new BatchItemException(i, e);
            }
            StatementKind kind = StatementKind.of(items.get(i).sql());
            if (kind != StatementKind.INSERT && kind != StatementKind.UPDATE && kind != StatementKind.DELETE) {
                throw new BatchItemException(i, new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a batch "
                        + "runs INSERT, UPDATE and DELETE statements only, not " + kind.name()));
            }
            if (hasClauses(items.get(i).sql(), i)) {
                throw new BatchItemException(i, new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a batch cannot "
                        + "run ON CONFLICT or RETURNING yet: run the statement on its own"));
            }
        }
        if (beginFirst) {
            session.begin(null);
        } else if (session.failed()) {
            throw new SqlException(SqlException.IN_FAILED_TRANSACTION, "current transaction is aborted, commands "
                    + "ignored until end of transaction block");
        }
        if (session.transaction() != null) {
            long[] counts;
            try {
                counts = runBatch(items, session.transaction(), between, null);
            } catch (RuntimeException | LinkageError e) {
                session.markFailed();
                if (commitAfter) {
                    session.rollback();
                }
                throw e;
            }
            if (commitAfter) {
                session.commitFlagged();
            }
            return counts;
        }
        long started = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            Map<String, SqlSession.Planned> plans = new HashMap<>();
            FDBRecordContext plan = session.openContext();
            try {
                String key = session.openCurrent(plan);
                for (int i = 0; i < items.size(); i++) {
                    String sql = StatementText.strip(items.get(i).sql());
                    if (!plans.containsKey(sql)) {
                        try {
                            plans.put(sql, new SqlSession.Planned(session.prepare(sql), key));
                        } catch (RuntimeException | LinkageError e) {
                            throw new BatchItemException(i, SqlErrors.toSql(e));
                        }
                    }
                }
            } finally {
                plan.close();
                session.clearCurrent();
            }
            FDBRecordContext ctx = session.openContext();
            try {
                long[] counts = runBatch(items, ctx, between, plans);
                ctx.commit();
                return counts;
            } catch (RuntimeException | LinkageError e) {
                if (SqlErrors.transactionTooOld(e)) {
                    throw new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "the batch ran past FoundationDB's 5 "
                            + "second transaction limit (" + items.size() + " items, "
                            + java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)
                            + " ms): nothing was written; split it into smaller batches", 0, 0, e);
                }
                SqlException error = e instanceof SqlException ? (SqlException) e : SqlErrors.toSql(e);
                if (!error.isRetryable() || attempt >= SqlSession.AUTOCOMMIT_ATTEMPTS) {
                    throw error;
                }
                session.countAutocommitRetry();
            } finally {
                ctx.close();
                session.clearCurrent();
            }
        }
    }

    /** Whether item {@code i} has a clause that {@link SqlDml} runs (a syntax error in one fails the item). */
    private static boolean hasClauses(String sql, int i) {
        try {
            return DmlClauses.mayHave(sql) && DmlClauses.parse(sql) != null;
        } catch (SqlException e) {
            throw new BatchItemException(i, e);
        }
    }

    /** Runs a batch's items in {@code ctx}; {@code plans} by text (null: planned in {@code ctx}). */
    private long[] runBatch(List<SqlSession.BatchItem> items, FDBRecordContext ctx, Runnable between,
                            Map<String, SqlSession.Planned> plans) {
        long[] counts = new long[items.size()];
        String key = session.openCurrent(ctx);
        Map<String, CalciteRunner.Plan> statements = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            between.run();
            SqlSession.BatchItem item = items.get(i);
            try {
                String sql = StatementText.strip(item.sql());
                CalciteRunner.Plan ps = statements.get(sql);
                if (ps == null) {
                    SqlSession.Planned planned = plans == null ? null : plans.get(sql);
                    ps = planned != null && planned.catalogKey().equals(key) ? planned.plan()
                            : session.prepare(sql);
                    statements.put(sql, ps);
                }
                StatementResult result = session.runOnce(ps, item.params(), StatementKind.of(sql).tag(),
                        null);
                counts[i] = result instanceof StatementResult.Update ? ((StatementResult.Update) result).count() : 0;
            } catch (RuntimeException | LinkageError e) {
                SqlException error = SqlErrors.toSql(e);
                if (error.isRetryable() || SqlErrors.transactionTooOld(e)
                        || SqlException.PROGRAM_LIMIT_EXCEEDED.equals(error.sqlState())) {
                    throw error; // the batch's, not the item's
                }
                throw new BatchItemException(i, error);
            }
            if ((i + 1) % SIZE_CHECK_EVERY == 0) {
                checkSize(ctx, i + 1, items.size());
            }
        }
        return counts;
    }

    /** Fails early, as the commit would, once the transaction holds more than FoundationDB takes. */
    private static void checkSize(FDBRecordContext ctx, int done, int total) {
        long size = ctx.ensureActive().getApproximateSize().join();
        if (size > TRANSACTION_SIZE_LIMIT) {
            throw new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "the batch is larger than FoundationDB's 10 MB"
                    + " transaction limit (about " + size + " bytes after " + done + " of " + total + " items): "
                    + "nothing was written; split it into smaller batches");
        }
    }
}
