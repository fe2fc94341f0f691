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

/**
 * EXPLAIN: Calcite's (with a point statement's fast path line first), or PostgreSQL's EXPLAIN ANALYZE: the statement
 * is planned anew with a measure in each operator ({@link PlanAnalysis}), runs to its end (its rows read and dropped,
 * its writes made: in autocommit they commit, as PostgreSQL's do), and its plan comes back one line a row, each
 * operator with its actual rows, loops and time and, for those that read the store, the reads counted by the
 * transaction's {@link FDBStoreTimer}; then the whole statement's reads, its planning and its execution time.
 */
final class ExplainAnalyze {
    private static final List<ColumnMeta> COLUMNS = List.of(new ColumnMeta("QUERY PLAN",
            ColumnType.newBuilder().setKind(ColumnKind.VARCHAR).build(), false));

    private ExplainAnalyze() {
    }

    /** Runs an EXPLAIN statement of any form. */
    static StatementResult explain(SqlSession session, String sql, List<Object> params, boolean fastPath) {
        ExplainOptions options = ExplainOptions.of(sql);
        if (options != null && options.analyze()) {
            return analyze(session, options.statement(), params);
        }
        String plain = options == null ? sql : "EXPLAIN " + StatementText.strip(options.statement());
        String text = StatementText.forCalcite(plain, StatementKind.EXPLAIN);
        StatementResult result = session.runCalcite(text, params, "EXPLAIN");
        return fastPath ? FastStatements.explained(text, result, session::explained) : result;
    }

    private static StatementResult analyze(SqlSession session, String statement, List<Object> params) {
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
            CalciteRunner.Plan plan = analyzed(session, text);
            try {
                return result(run(session, plan, params, kind.tag(), null, System.nanoTime() - start));
            } finally {
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
                plan = analyzed(session, text);
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
                    plan = analyzed(session, text);
                }
                Run run = run(session, plan, params, kind.tag(), timer, planningNanos);
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

    private static CalciteRunner.Plan analyzed(SqlSession session, String text) {
        try {
            return session.analyzed(text);
        } catch (SQLException e) {
            throw SqlErrors.toSql(e);
        }
    }

    /** What one run gave: the plan's lines, the whole statement's reads (null: not counted) and its times. */
    private record Run(List<String> plan, long[] reads, long planningNanos, long executionNanos) {
        Run withCommit(long nanos) {
            return new Run(plan, reads, planningNanos, executionNanos + nanos);
        }
    }

    /** Runs {@code plan} to its end in the session's current transaction, its reads counted by {@code timer}. */
    private static Run run(SqlSession session, CalciteRunner.Plan plan, List<Object> params, String tag,
                           FDBStoreTimer timer, long planningNanos) {
        PlanAnalysis analysis = plan.analysis();
        long[] before = timer == null ? null : totals(timer);
        long start = System.nanoTime();
        long rows = 0;
        analysis.start(timer);
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
        long[] reads = null;
        if (timer != null) {
            reads = totals(timer);
            for (int i = 0; i < reads.length; i++) {
                reads[i] -= before[i];
            }
        }
        List<String> lines = AnalyzedPlanText.lines(analysis);
        if (plan.fast() != null && !analysis.ran()) {
            // the point statement ran on its fast path, not through the measured plan
            lines = List.of(plan.fast().describe() + " " + AnalyzedPlanText.actual(nanos, nanos, rows, 1)
                    + (reads == null ? "" : " " + AnalyzedPlanText.store(reads)));
        }
        return new Run(lines, reads, planningNanos, nanos);
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
        run.plan().forEach(line -> rows.add(new Object[] {line}));
        rows.add(new Object[] {run.reads() == null ? "Store: not counted inside a transaction block"
                : "Store (whole statement): " + AnalyzedPlanText.store(run.reads()).substring("store: ".length())});
        rows.add(new Object[] {"Planning Time: " + AnalyzedPlanText.millis(run.planningNanos()) + " ms"});
        rows.add(new Object[] {"Execution Time: " + AnalyzedPlanText.millis(run.executionNanos()) + " ms"});
        return new StatementResult.Query("EXPLAIN", COLUMNS, MetadataCommands.stream(rows));
    }

    private static void close(CalciteRunner.Plan plan) {
        try {
            plan.statement().close();
        } catch (SQLException | RuntimeException ignored) {
            // a plan of one run, dropped
        }
    }
}
