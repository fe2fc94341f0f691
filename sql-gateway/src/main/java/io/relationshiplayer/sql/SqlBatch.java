package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.fdb.TimeSource;
import io.relationshiplayer.sql.ddl.DmlClauses;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nonnull;

/**
 * One ExecuteBatch on a session: INSERT, UPDATE and DELETE statements (each text checked against the session's bounds
 * and planned once) run in order in one FoundationDB transaction, checked against its size as they go. An INSERT ...
 * ON CONFLICT runs through {@link SqlDml} as on its own; RETURNING is refused (0A000): the reply has no rows.
 */
final class SqlBatch {
    private final SqlSession session;
    private final CalciteRunner calcite;
    /** The clock of FoundationDB's window that an attempt's time is measured by ({@link TimeSource#of}). */
    private final TimeSource clock;
    /** Whether an attempt of this batch already ran past FoundationDB's window. */
    private boolean tooOld;
    /** An attempt too old in less than this ran too briefly to be too large: its read version was stale. */
    static final long STALE_READ_VERSION_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(100);

    SqlBatch(SqlSession session, CalciteRunner calcite, TimeSource clock) {
        this.session = session;
        this.calcite = calcite;
        this.clock = clock;
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
    long[] execute(@Nonnull List<SqlSession.BatchItem> written, boolean beginFirst, boolean commitAfter,
                   @Nonnull Runnable between) {
        session.endOpenStream();
        List<DollarQuotes.Text> texts = new ArrayList<>(written.size());
        List<SqlSession.BatchItem> items = new ArrayList<>(written.size());
        Map<String, DollarQuotes.Text> standard = new HashMap<>(); // a text is checked and converted once per batch
        for (int i = 0; i < written.size(); i++) {
            DollarQuotes.Text text = standard.get(written.get(i).sql());
            if (text == null) {
                try {
                    text = DollarQuotes.standard(session.bounds(), written.get(i).sql());
                } catch (SqlException e) {
                    throw new BatchItemException(i, e);
                }
                standard.put(written.get(i).sql(), text);
            }
            texts.add(text);
            items.add(new SqlSession.BatchItem(texts.get(i).sql(), written.get(i).params()));
        }
        try {
            return run(items, beginFirst, commitAfter, between);
        } catch (BatchItemException e) {
            throw texts.get(e.index()).located(e);
        }
    }

    /** {@link #execute} of the items as Calcite and the DDL parser read them (their dollar quotes standard literals). */
    private long[] run(List<SqlSession.BatchItem> items, boolean beginFirst, boolean commitAfter, Runnable between) {
        boolean[] onConflict = new boolean[items.size()];
        boolean anyOnConflict = false;
        Map<String, Boolean> checked = new HashMap<>(); // text -> has ON CONFLICT: a text is checked once per batch
        for (int i = 0; i < items.size(); i++) {
            Boolean known = checked.get(items.get(i).sql());
            if (known != null) {
                onConflict[i] = known;
                continue;
            }
            StatementKind kind = StatementKind.of(items.get(i).sql());
            if (kind != StatementKind.INSERT && kind != StatementKind.UPDATE && kind != StatementKind.DELETE) {
                throw new BatchItemException(i, new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a batch "
                        + "runs INSERT, UPDATE and DELETE statements only, not " + kind.name()));
            }
            DmlClauses clauses = clauses(items.get(i).sql(), i);
            if (clauses != null && clauses.returning() != null) {
                throw new BatchItemException(i, new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a batch cannot "
                        + "run RETURNING: its reply carries each statement's count of rows, not rows; run the "
                        + "statement on its own"));
            }
            onConflict[i] = clauses != null;
            anyOnConflict |= onConflict[i];
            checked.put(items.get(i).sql(), onConflict[i]);
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
                counts = runBatch(items, session.transaction(), between, null, onConflict);
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
        if (anyOnConflict) {
            return inSessionTransaction(items, between, onConflict);
        }
        for (int attempt = 1; ; attempt++) {
            long started = clock.nanoTime();
            Map<String, SqlSession.Planned> plans = recentPlans(items);
            if (plans == null) {
                plans = planned(items);
            }
            FDBRecordContext ctx = session.openContext();
            try {
                long[] counts = runBatch(items, ctx, between, plans, onConflict);
                ctx.commit();
                return counts;
            } catch (RuntimeException | LinkageError e) {
                retryOrThrow(e, attempt, items.size(), started);
            } finally {
                ctx.close();
                session.clearCurrent();
            }
        }
    }

    /**
     * The plans of the items' texts when the runner has them all for its latest catalog (a batch it ran before), else
     * null: a batch whose plans are cached needs no transaction to plan in (it runs them if that catalog is current).
     */
    private Map<String, SqlSession.Planned> recentPlans(List<SqlSession.BatchItem> items) {
        Map<String, SqlSession.Planned> plans = new HashMap<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (SqlSession.BatchItem item : items) {
            if (!seen.add(item.sql())) {
                continue;
            }
            String sql = StatementText.strip(item.sql());
            if (!plans.containsKey(sql)) {
                SqlSession.Planned p = calcite.recent(sql);
                if (p == null) {
                    return null;
                }
                plans.put(sql, p);
            }
        }
        return plans;
    }

    /** The items' plans, made in a short transaction of their own (planning time never counts against the batch's). */
    private Map<String, SqlSession.Planned> planned(List<SqlSession.BatchItem> items) {
        Map<String, SqlSession.Planned> plans = new HashMap<>();
        FDBRecordContext plan = session.openContext();
        try {
            String key = session.openCurrent(plan);
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (int i = 0; i < items.size(); i++) {
                if (!seen.add(items.get(i).sql())) {
                    continue;
                }
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
        return plans;
    }

    /**
     * A batch with ON CONFLICT outside a transaction block: in a transaction of the session's own, as {@link SqlDml}
     * runs such a statement on its own (it runs statements of its own in the transaction), committed at the end and
     * retried whole on a conflict.
     */
    private long[] inSessionTransaction(List<SqlSession.BatchItem> items, Runnable between, boolean[] onConflict) {
        for (int attempt = 1; ; attempt++) {
            long started = clock.nanoTime();
            session.begin(null);
            try {
                long[] counts = runBatch(items, session.transaction(), between, null, onConflict);
                session.commitFlagged();
                return counts;
            } catch (RuntimeException | LinkageError e) {
                session.rollback();
                retryOrThrow(e, attempt, items.size(), started);
            }
        }
    }

    /**
     * After a failed attempt of a batch of its own, begun at {@code started}: returns to retry it, else throws what the
     * caller is told. A transaction too old is retried once as a conflict, since the time may not have been the batch's
     * (a process stopped or paused by its collector, a stale read version); too old twice, and the second time after
     * running a while, the batch is too large for FoundationDB's window (54000: another attempt would run as long).
     */
    private void retryOrThrow(Throwable e, int attempt, int items, long started) {
        // an attempt too old within moments of its start was given a stale read version (the engine holds readers
        // below a commit batch in flight, and a stop can leave one in flight for seconds), not too much work: it is
        // retried as a conflict, however many came before
        boolean again = SqlErrors.transactionTooOld(e) && tooOld
                && clock.nanoTime() - started >= STALE_READ_VERSION_NANOS;
        tooOld |= SqlErrors.transactionTooOld(e);
        if (again) {
            throw new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "the batch ran past FoundationDB's 5 "
                    + "second transaction limit (" + items + " items, "
                    + java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - started)
                    + " ms): nothing was written; split it into smaller batches", 0, 0, e);
        }
        SqlException error = e instanceof SqlException ? (SqlException) e : SqlErrors.toSql(e);
        if (!error.isRetryable() || attempt >= SqlSession.AUTOCOMMIT_ATTEMPTS) {
            throw error;
        }
        session.countAutocommitRetry();
    }

    /** Item {@code i}'s clauses that {@link SqlDml} runs, or null (a syntax error in one fails the item). */
    private static DmlClauses clauses(String sql, int i) {
        try {
            return DmlClauses.mayHave(sql) ? DmlClauses.parse(sql) : null;
        } catch (SqlException e) {
            throw new BatchItemException(i, e);
        }
    }

    /**
     * Runs a batch's items in {@code ctx}; {@code plans} by text (null: planned in {@code ctx}); an item with ON
     * CONFLICT ({@code onConflict}) through {@link SqlDml}, which needs {@code ctx} to be the session's transaction.
     */
    private long[] runBatch(List<SqlSession.BatchItem> items, FDBRecordContext ctx, Runnable between,
                            Map<String, SqlSession.Planned> plans, boolean[] onConflict) {
        long[] counts = new long[items.size()];
        String key = session.openCurrent(ctx);
        Map<String, CalciteRunner.Plan> statements = new HashMap<>();
        Map<String, String[]> texts = new HashMap<>(); // an item's text -> {stripped text, command tag}
        for (int i = 0; i < items.size(); i++) {
            between.run();
            SqlSession.BatchItem item = items.get(i);
            try {
                String[] text = texts.computeIfAbsent(item.sql(), t -> {
                    String stripped = StatementText.strip(t);
                    return new String[] {stripped, StatementKind.of(stripped).tag()};
                });
                String sql = text[0];
                StatementResult result;
                if (onConflict[i]) {
                    result = SqlDml.execute(session, sql, item.params(), text[1]);
                } else {
                    CalciteRunner.Plan ps = statements.get(sql);
                    if (ps == null) {
                        SqlSession.Planned planned = plans == null ? null : plans.get(sql);
                        ps = planned != null && planned.catalogKey().equals(key) ? planned.plan()
                                : session.prepare(sql);
                        statements.put(sql, ps);
                    }
                    result = session.runOnce(ps, item.params(), text[1], null);
                }
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
