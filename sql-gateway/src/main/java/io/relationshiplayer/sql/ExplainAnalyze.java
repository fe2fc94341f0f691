package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.sql.calcite.AnalyzedPlanText;
import io.relationshiplayer.sql.calcite.PlanAnalysis;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * EXPLAIN: Calcite's (with a point statement's fast path line first; TIMESTAMP literals shown as PostgreSQL's,
 * {@link ExplainTimestamps}), or PostgreSQL's EXPLAIN ANALYZE: the statement
 * is planned anew with a measure in each operator ({@link PlanAnalysis}), runs to its end (its rows read and dropped,
 * its writes made: in autocommit they commit, as PostgreSQL's do), and its plan comes back one line a row, each
 * operator with its actual rows, loops and time and, for those that read the store, the reads counted by the
 * transaction's {@link FDBStoreTimer}; then the whole statement's reads, its planning and its execution time.
 */
final class ExplainAnalyze {
    private static final List<ColumnMeta> COLUMNS = List.of(new ColumnMeta("QUERY PLAN",
            ColumnType.newBuilder().setKind(ColumnKind.VARCHAR).build(), false));

    /**
     * Runs an EXPLAIN statement of any form in {@code session} with its runner {@code calcite}; {@code plans} gives
     * the plan of the statement explained, to show its fast path (null: the session runs none).
     */
    static StatementResult explain(SqlSession session, CalciteRunner calcite, String sql, List<Object> params,
                                   Function<String, CalciteRunner.Plan> plans) {
        ExplainOptions options = ExplainOptions.of(sql);
        if (options != null && options.analyze()) {
            return new ExplainAnalyze(session, calcite).analyze(options.statement(), params);
        }
        String plain = options == null ? sql : "EXPLAIN " + StatementText.strip(options.statement());
        String text = StatementText.forCalcite(plain, StatementKind.EXPLAIN);
        StatementResult result = session.runCalcite(text, params, "EXPLAIN");
        return ExplainTimestamps.shown(plans != null ? FastStatements.explained(text, result, plans) : result);
    }

    private final SqlSession session;
    private final CalciteRunner calcite;

    private ExplainAnalyze(SqlSession session, CalciteRunner calcite) {
        this.session = session;
        this.calcite = calcite;
    }

    private StatementResult analyze(String statement, List<Object> params) {
        StatementKind kind = StatementKind.of(statement);
        if (kind != StatementKind.QUERY && kind != StatementKind.INSERT && kind != StatementKind.UPDATE
                && kind != StatementKind.DELETE) {
            throw new SqlException(SqlException.SYNTAX_ERROR, "EXPLAIN ANALYZE runs SELECT, VALUES, TABLE, WITH, "
                    + "INSERT, UPDATE and DELETE statements only");
        }
        String text = StatementText.leadingWords(statement, 1).equals("TABLE")
                ? StatementText.forCalcite(statement, kind) : statement;
        if (session.inTransaction()) {
            long start = System.nanoTime();
            session.openCurrent(session.transaction());
            CalciteRunner.Plan plan = analyzed(text);
            // The transaction's reads of FoundationDB are counted only by a timer it was opened with; the Record
            // Layer's counts of records and index entries go to the context's timer, which may be set now.
            FDBStoreTimer timer = new FDBStoreTimer();
            setTimer(session.transaction(), timer);
            try {
                return result(run(plan, params, kind.tag(), timer, false, System.nanoTime() - start));
            } finally {
                setTimer(session.transaction(), null);
                close(plan);
            }
        }
        for (int attempt = 1; ; attempt++) {
            long start = System.nanoTime();
            CalciteRunner.Plan plan;
            String catalogKey;
            FDBRecordContext planning = session.openContext();
            try {
                catalogKey = session.openCurrent(planning);
                plan = analyzed(text);
            } finally {
                planning.close();
                session.clearCurrent();
            }
            long planningNanos = System.nanoTime() - start;
            FDBStoreTimer timer = new FDBStoreTimer();
            session.begin(timer);
            try {
                if (!session.openCurrent(session.transaction()).equals(catalogKey)) {
                    close(plan); // the catalog changed since: planned again in the statement's transaction
                    plan = analyzed(text);
                }
                Run run = run(plan, params, kind.tag(), timer, true, planningNanos);
                long commit = System.nanoTime();
                session.execute("COMMIT", List.of());
                return result(run.withCommit(System.nanoTime() - commit));
            } catch (RuntimeException | LinkageError e) {
                session.rollback();
                SqlException error = SqlErrors.toSql(e);
                if (!error.isRetryable() || attempt >= SqlSession.AUTOCOMMIT_ATTEMPTS) {
                    throw error;
                }
                session.countAutocommitRetry();
            } finally {
                close(plan);
            }
        }
    }

    /** {@code text} prepared anew, its operators measured, in the session's current transaction; not cached. */
    private CalciteRunner.Plan analyzed(String text) {
        calcite.cancel().check();
        try {
            return calcite.analyzed(text);
        } catch (SQLException e) {
            throw SqlErrors.toSql(e);
        }
    }

    /** What one run gave: the plan's lines, the whole statement's reads and its times. */
    private record Run(List<String> plan, long[] reads, boolean allReads, long planningNanos, long executionNanos) {
        Run withCommit(long nanos) {
            return new Run(plan, reads, allReads, planningNanos, executionNanos + nanos);
        }
    }

    /**
     * Runs {@code plan} to its end in the session's current transaction, its reads counted by {@code timer}: all of
     * them if the transaction was opened with it ({@code transactionTimer}), else only records and index entries.
     */
    private Run run(CalciteRunner.Plan plan, List<Object> params, String tag, FDBStoreTimer timer,
                    boolean transactionTimer, long planningNanos) {
        PlanAnalysis analysis = plan.analysis();
        long[] before = totals(timer);
        long start = System.nanoTime();
        long rows = 0;
        analysis.start(timer, transactionTimer);
        try {
            StatementResult result = session.runOnce(plan, params, tag, null);
            if (result instanceof StatementResult.Query) {
                try (RowStream stream = ((StatementResult.Query) result).rows()) {
                    while (stream.hasNext()) {
                        stream.next();
                        rows++;
                    }
                }
                session.endOpenStream();
            } else {
                rows = ((StatementResult.Update) result).count();
            }
        } finally {
            analysis.stop();
        }
        long nanos = System.nanoTime() - start;
        long[] reads = totals(timer);
        for (int i = 0; i < reads.length; i++) {
            reads[i] -= before[i];
        }
        List<String> lines = AnalyzedPlanText.lines(analysis);
        if (plan.fast() != null && !analysis.ran()) {
            // the point statement ran on its fast path, not through the measured plan
            lines = List.of(plan.fast().describe() + " " + AnalyzedPlanText.actual(nanos, nanos, rows, 1)
                    + " " + AnalyzedPlanText.store(reads, transactionTimer));
        }
        return new Run(lines, reads, transactionTimer, planningNanos, nanos);
    }

    private static long[] totals(FDBStoreTimer timer) {
        long[] out = new long[PlanAnalysis.READS.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = timer.getCount(PlanAnalysis.READS[i]);
        }
        return out;
    }

    private static StatementResult result(Run run) {
        List<Object[]> rows = new ArrayList<>();
        run.plan().forEach(line -> rows.add(new Object[] {ExplainTimestamps.text(line)}));
        rows.add(new Object[] {"Store (whole statement): " + AnalyzedPlanText.store(run.reads(), run.allReads())
                .substring("store: ".length())});
        rows.add(new Object[] {"Planning Time: " + AnalyzedPlanText.millis(run.planningNanos()) + " ms"});
        rows.add(new Object[] {"Execution Time: " + AnalyzedPlanText.millis(run.executionNanos()) + " ms"});
        return new StatementResult.Query("EXPLAIN", COLUMNS, MetadataCommands.stream(rows));
    }

    @SuppressWarnings("deprecation") // the Record Layer would have the timer given at the transaction's opening
    private static void setTimer(FDBRecordContext tx, FDBStoreTimer timer) {
        if (tx != null) {
            tx.setTimer(timer);
        }
    }

    private static void close(CalciteRunner.Plan plan) {
        try {
            plan.statement().close();
        } catch (SQLException | RuntimeException ignored) {
            // a plan of one run, dropped
        }
    }
}
