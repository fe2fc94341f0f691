package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.sql.calcite.ReadSegments;
import io.relationshiplayer.sql.calcite.SessionBinding;
import io.relationshiplayer.sql.calcite.StatementCancel;
import io.relationshiplayer.sql.calcite.StatementRows;
import io.relationshiplayer.sql.ddl.TruncateStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import javax.annotation.Nonnull;

/**
 * A SQL session on one database: runs statements one at a time, in autocommit (each statement one FoundationDB
 * transaction, retried on conflict; a query in continuation mode as many as it takes, {@link ReadSegments}) or in an
 * explicit transaction (BEGIN ... COMMIT / ROLLBACK), DDL included. A failed statement in a transaction aborts it, as
 * PostgreSQL does. Not thread-safe, except {@link #cancel()}.
 */
public final class SqlSession implements SessionBinding, AutoCloseable {
    static final int AUTOCOMMIT_ATTEMPTS = 10;

    private final RelationshipLayer layer;
    private final String database;
    private final FDBDatabase db;
    private final CalciteRunner calcite;
    private final RlMetrics metrics;
    private Session current;
    private FDBRecordContext transaction;
    private boolean failed;
    private volatile SessionRows open;
    /** A query run with the commit flag: its transaction commits once its rows have been read to their end. */
    private boolean pendingCommit;
    private final SessionSettings settings = new SessionSettings();
    /** The transactions of the running autocommit query in continuation mode; null for any other statement. */
    private ReadSegments reads;
    private final ReadSegments.Renewal readRenewal;
    private final CalciteRunners runners;
    private volatile StatementGate gate = StatementGate.OPEN;
    private volatile StatementBounds bounds = StatementBounds.DEFAULT;
    private boolean fastPath = true;

    /** A session using a runner of {@code runners} (lent to it until {@link #close()}). */
    SqlSession(RelationshipLayer layer, String database, RlMetrics metrics, CalciteRunners runners,
               ReadSegments.Renewal readRenewal) {
        this.layer = layer;
        this.readRenewal = readRenewal;
        this.metrics = metrics;
        this.database = database;
        this.db = layer.recordStores().database();
        this.runners = runners;
        this.calcite = runners.acquire(database);
        calcite.bindTo(this);
    }

    public String database() {
        return database;
    }

    /** Who may do what through this session: asked before DDL and before a plan writes rows. */
    public void gate(@Nonnull StatementGate gate) {
        this.gate = java.util.Objects.requireNonNull(gate, "gate is null");
    }

    @Override
    public void requireWrite() {
        gate.require(StatementAccess.WRITE);
    }

    /** The size and depth every statement's text is checked against before it is parsed (54001 past them). */
    public void bounds(@Nonnull StatementBounds bounds) {
        this.bounds = java.util.Objects.requireNonNull(bounds, "bounds is null");
    }

    /** Whether {@code sql}, in autocommit, reads on a fast path its runner cached (unless the catalog changed). */
    public boolean readsWithoutPlanning(String sql) {
        return fastPath && transaction == null && calcite.fastPathCached(sql);
    }

    /** Whether point statements may run on their fast path (the default), else always on their full plan. */
    public void fastPath(boolean enabled) {
        this.fastPath = enabled;
    }

    public boolean inTransaction() {
        return transaction != null;
    }

    /** Plans prepared and reused by the runner this session uses (the plan cache at work; it outlives sessions). */
    public long plansPrepared() {
        return calcite.plansPrepared();
    }

    public long plansReused() {
        return calcite.plansReused();
    }

    /** Keeps the rows of the statements run from now on in {@code rows} (null: nowhere), for {@link SqlDml}. */
    void statementRows(StatementRows rows) {
        calcite.statementRows(rows);
    }

    @Override
    public Session current() {
        if (reads != null) {
            return reads.current().session();
        }
        if (current == null) {
            throw new IllegalStateException("no statement is running");
        }
        return current;
    }

    /** Runs one statement with {@code params} for its {@code ?} markers. Ends the previous statement's rows. */
    @Nonnull
    public StatementResult execute(@Nonnull String written, @Nonnull List<Object> params) {
        endOpenStream();
        DollarQuotes.Text text;
        try {
            text = DollarQuotes.standard(bounds, written);
        } catch (SqlException e) {
            failed |= transaction != null;
            throw e;
        }
        String sql = text.sql();
        StatementKind kind = StatementKind.of(sql);
        switch (kind) {
            case BEGIN:
                return begin(null);
            case COMMIT:
                return commit();
            case ROLLBACK:
                return rollback();
            default:
                break;
        }
        if (failed) {
            throw new SqlException(SqlException.IN_FAILED_TRANSACTION, "current transaction is aborted, commands "
                    + "ignored until end of transaction block");
        }
        if (kind == StatementKind.EMPTY || kind == StatementKind.OTHER) {
            failed |= kind == StatementKind.OTHER && transaction != null; // SELEC, SAVEPOINT: an error, which aborts
            throw text.located(StatementKind.notAStatement(sql));
        }
        try {
            switch (kind) {
                case SET:
                    return settings.apply(sql, db);
                case SHOW:
                case DESCRIBE:
                    StatementResult metadata = MetadataCommands.run(sql, kind, layer, database, transaction);
                    return metadata != null ? metadata
                            : SessionParameters.showStatement(sql, settings);
                case DATABASE:
                case OTHER_DDL:
                case DDL:
                    return SchemaStatements.run(this, kind, sql, layer, database, transaction, gate, calcite.views());
                case TRUNCATE:
                    return SqlTruncate.run(this, TruncateStatement.parse(sql));
                case INSERT:
                case UPDATE:
                case DELETE:
                    return SqlDml.execute(this, sql, params, kind.tag());
                case EXPLAIN:
                    return ExplainAnalyze.explain(this, calcite, sql, params, !fastPath ? null
                            : q -> current != null && current.catalog().uncommitted() ? prepare(q) : plan(q).plan);
                default:
                    break;
            }
            return runCalcite(StatementText.forCalcite(sql, kind), params, kind.tag());
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            SqlException error = text.located(SqlErrors.toSql(e));
            if (transaction != null) {
                failed = true;
            }
            throw error;
        }
    }

    /**
     * Runs one statement as {@link #execute(String, List)}, with BEGIN before it ({@code beginFirst}: the session must
     * not be in a transaction, else 25001 and nothing runs) and COMMIT after it ({@code commitAfter}). With
     * {@code commitAfter}, a failed statement rolls the transaction back; a query's transaction commits when
     * {@link #completeStatement()} is called after its last row (and rolls back if its rows are closed before).
     */
    @Nonnull
    public StatementResult execute(@Nonnull String sql, @Nonnull List<Object> params, boolean beginFirst,
                                   boolean commitAfter) {
        if (!beginFirst && !commitAfter) {
            return execute(sql, params);
        }
        endOpenStream();
        if (beginFirst) {
            begin(null);
        }
        if (!commitAfter || transaction == null) {
            return execute(sql, params);
        }
        StatementResult result;
        try {
            result = execute(sql, params);
        } catch (RuntimeException | LinkageError e) {
            rollback();
            throw e;
        }
        if (result instanceof StatementResult.Query && open != null && transaction != null) {
            pendingCommit = true;
            return result;
        }
        commitFlagged();
        return result;
    }

    /** Its rows read to their end: commits a statement's transaction if it ran with the commit flag (as COMMIT). */
    public void completeStatement() {
        if (pendingCommit) {
            pendingCommit = false;
            commitFlagged();
        }
    }

    /** The commit of a statement's commit flag: an aborted transaction fails (25P02) rather than ending quietly. */
    void commitFlagged() {
        if (transaction == null) {
            return; // the statement itself ended the transaction (COMMIT, ROLLBACK)
        }
        if (failed) {
            rollback();
            throw new SqlException(SqlException.IN_FAILED_TRANSACTION, "current transaction is aborted: rolled back "
                    + "instead of committed");
        }
        commit();
    }

    /** One item of a batch: a statement text and its parameters. */
    public record BatchItem(@Nonnull String sql, @Nonnull List<Object> params) { }

    /**
     * Runs INSERT, UPDATE and DELETE statements in order, each text planned once, in one transaction ({@link SqlBatch}):
     * the session's explicit one, else one of their own, all or nothing. {@code between} runs before each item.
     */
    @Nonnull
    public long[] executeBatch(@Nonnull List<BatchItem> items, boolean beginFirst, boolean commitAfter,
                               @Nonnull Runnable between) {
        return new SqlBatch(this, calcite, readRenewal.clock()).execute(items, beginFirst, commitAfter, between);
    }

    /** What a batch uses of its session (SqlBatch): its bounds, failure state and transaction. */
    StatementBounds bounds() {
        return bounds;
    }

    boolean failed() {
        return failed;
    }

    void markFailed() {
        failed = true;
    }

    FDBRecordContext transaction() {
        return transaction;
    }

    /** The database as the session's transaction sees it. */
    Session transactionSession() {
        return layer.open(database, transaction);
    }

    FDBRecordContext openContext() {
        return db.openContext();
    }

    /** Opens the relationship layer's session on {@code ctx} as the current one; its catalog key. */
    String openCurrent(FDBRecordContext ctx) {
        current = layer.open(database, ctx);
        return current.catalog().cacheKey();
    }

    void clearCurrent() {
        current = null;
    }

    void countAutocommitRetry() {
        metrics.autocommitRetry();
    }

    /** What SET changed in this session: max_staleness, read_consistency, statement_timeout. */
    public SessionSettings settings() {
        return settings;
    }

    @Override
    public ReadSegments readSegments() {
        return reads;
    }

    // ---- transactions ----

    StatementResult begin(com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer readCounter) {
        if (transaction != null) {
            throw new SqlException(SqlException.ACTIVE_TRANSACTION, "there is already a transaction in progress");
        }
        transaction = readCounter == null ? db.openContext() : db.openContext(null, readCounter);
        calcite.clock.start(transaction); // now() is the transaction's start, as PostgreSQL's
        settings.transactionStarted(); // a SET in it is undone if it rolls back
        failed = false;
        return new StatementResult.Done("BEGIN");
    }

    private StatementResult commit() {
        if (transaction == null) {
            throw new SqlException(SqlException.NO_ACTIVE_TRANSACTION, "there is no transaction in progress");
        }
        FDBRecordContext tx = transaction;
        transaction = null;
        current = null;
        boolean committed = false;
        try {
            if (failed) {
                return new StatementResult.Done("ROLLBACK");
            }
            tx.commit();
            committed = true;
            return new StatementResult.Done("COMMIT");
        } catch (RuntimeException e) {
            throw SqlErrors.toSql(e);
        } finally {
            failed = false;
            tx.close();
            settings.transactionEnded(committed);
        }
    }

    StatementResult rollback() {
        if (transaction != null) {
            transaction.close();
        }
        transaction = null;
        current = null;
        failed = false;
        pendingCommit = false;
        settings.transactionEnded(false);
        return new StatementResult.Done("ROLLBACK");
    }

    // ---- queries and DML through Calcite ----

    StatementResult runCalcite(String sql, List<Object> params, String tag) {
        if (transaction != null) {
            calcite.cancel().check();
            Session s = layer.open(database, transaction);
            if (!s.catalog().uncommitted() && calcite.recent(sql) == null) {
                // A cold plan takes seconds: made in a transaction of its own, it never ages this one. A catalog this
                // transaction changed is seen in it alone: plans are made against it here, cached under its own key.
                plan(sql);
            }
            current = s;
            return runOnce(prepare(sql), params, tag, null);
        }
        for (int attempt = 1; ; attempt++) {
            calcite.cancel().check();
            Planned recent = calcite.recent(sql);
            Planned planned = recent != null ? recent : plan(sql);
            long openedNanos = readRenewal.clock().nanoTime() - settings.readVersionLagNanos();
            FDBRecordContext ctx = settings.autocommitContext(db, tag);
            try {
                current = layer.open(database, ctx);
                CalciteRunner.Plan p = current.catalog().cacheKey().equals(planned.catalogKey) ? planned.plan
                        : prepare(sql);
                boolean fast = fastPath && p.fast() != null;
                if (!fast && settings.readsInSegments(tag)) {
                    reads = new ReadSegments(current, openedNanos, db::openContext, c -> layer.open(database, c),
                            readRenewal);
                }
                StatementResult result = runOnce(p, params, tag, reads != null ? reads::close : ctx::close);
                if (result instanceof StatementResult.Query && !fast) {
                    return result;
                }
                if (!(result instanceof StatementResult.Query)) {
                    ctx.commit();
                }
                ctx.close();
                current = null;
                return result;
            } catch (RuntimeException | LinkageError | StackOverflowError e) {
                if (reads != null) {
                    reads.close(); // its segments: ctx and those after it
                    reads = null;
                }
                ctx.close();
                current = null;
                SqlException error = SqlErrors.toSql(e);
                if (!error.isRetryable() || attempt >= AUTOCOMMIT_ATTEMPTS || SqlErrors.transactionTooOld(e)) {
                    throw error; // past FoundationDB's window, another attempt would only run as long again
                }
                metrics.autocommitRetry();
            }
        }
    }

    record Planned(CalciteRunner.Plan plan, String catalogKey) { }

    /** Plans in a short transaction of its own, so that planning time never counts against the statement's. */
    private Planned plan(String sql) {
        FDBRecordContext ctx = db.openContext();
        try {
            current = layer.open(database, ctx);
            return new Planned(prepare(sql), current.catalog().cacheKey());
        } finally {
            ctx.close();
            current = null;
        }
    }

    CalciteRunner.Plan prepare(String sql) {
        try {
            return calcite.plan(sql, current.catalog().cacheKey());
        } catch (SQLException e) {
            throw SqlErrors.toSql(e);
        }
    }

    /** Runs a planned statement; a query's rows own, and close, the autocommit transaction of {@code endAutocommit}. */
    StatementResult runOnce(CalciteRunner.Plan plan, List<Object> params, String tag, Runnable endAutocommit) {
        if (fastPath && plan.fast() != null) {
            return FastStatements.run(calcite, plan, params, tag, current, this::requireWrite);
        }
        try {
            PreparedStatement ps = calcite.statement(plan);
            calcite.bind(ps, params, plan.sql());
            if (ps.execute()) {
                ResultSet rs = ps.getResultSet();
                List<ColumnMeta> columns = CalciteRunner.columns(rs.getMetaData());
                open = new SessionRows(rs, columns, endAutocommit, () -> failed |= transaction != null, // aborts it
                        this::rowsClosed);
                return new StatementResult.Query(tag, columns, open);
            }
            return new StatementResult.Update(tag, ps.getLargeUpdateCount());
        } catch (SQLException e) {
            throw SqlErrors.toSql(e);
        }
    }

    /** Stops the running statement (from any thread) in whatever phase it is (57014); holds until clearCancel. */
    public void cancel() {
        cancel("user request");
    }

    /** As {@link #cancel()}, for {@code why} (the statement timeout's aborts an explicit transaction). */
    public void cancel(String why) {
        calcite.cancel().cancel(why);
        SessionRows s = open;
        if (s != null) {
            s.cancel();
        }
    }

    /** Forgets a cancel request, before the session's next statement. */
    public void clearCancel() {
        calcite.cancel().reset();
    }

    void endOpenStream() {
        if (open != null) {
            open.close();
            open = null;
        }
    }

    @Override
    public void close() {
        endOpenStream();
        rollback();
        runners.release(calcite);
    }

    /**
     * Rows closed before their end roll a commit flag's transaction back; stopped by the statement timeout, they abort
     * an explicit one, as in PostgreSQL (a client's cancel cannot be told from closing a result early, which must not).
     */
    private void rowsClosed(SessionRows rows, boolean autocommitted, boolean exhausted) {
        failed |= !exhausted && transaction != null && calcite.cancel().cancelledFor(StatementCancel.STATEMENT_TIMEOUT);
        if (autocommitted && open == rows) {
            current = null;
            reads = null;
        }
        if (pendingCommit && !exhausted) {
            pendingCommit = false;
            rollback();
        }
    }
}
