package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.RecordLayerSchema;
import io.relationshiplayer.sql.calcite.SessionBinding;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import io.relationshiplayer.sql.calcite.ByteaCasts;
import io.relationshiplayer.sql.calcite.DateCasts;
import io.relationshiplayer.sql.calcite.FloatCasts;
import io.relationshiplayer.sql.calcite.BooleanCasts;
import io.relationshiplayer.sql.calcite.CancelChecks;
import io.relationshiplayer.sql.calcite.CheckedArithmetic;
import io.relationshiplayer.sql.calcite.FastPath;
import io.relationshiplayer.sql.calcite.FastPaths;
import io.relationshiplayer.sql.calcite.HeuristicJoinOrder;
import io.relationshiplayer.sql.calcite.LiteralRows;
import io.relationshiplayer.sql.calcite.PlanAnalysis;
import io.relationshiplayer.sql.calcite.StatementCancel;
import io.relationshiplayer.sql.calcite.StatementRows;
import io.relationshiplayer.sql.calcite.TimestampCasts;
import io.relationshiplayer.sql.calcite.AgeOrder;
import io.relationshiplayer.sql.calcite.NthValueFrames;
import io.relationshiplayer.sql.calcite.TimestampMicros;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;

/**
 * Runs queries and DML through Calcite: a Calcite connection on one database whose schema reads through the current
 * transaction of the SQL session it is lent to ({@link #bindTo}), and a cache of prepared plans keyed by statement text
 * and catalog version. Runners are pooled per database ({@link CalciteRunners}), so that a plan outlives the session
 * that made it: one session at a time uses a runner, and the next session on the database finds its plans.
 */
final class CalciteRunner implements AutoCloseable {
    private static final int PLAN_CACHE = 256;

    /** The plan the statement being prepared on this thread was implemented from (none for EXPLAIN). */
    private static final ThreadLocal<org.apache.calcite.rel.RelRoot> IMPLEMENTED = new ThreadLocal<>();

    static {
        // Calcite's literals default to ISO-8859-1, which cannot hold most of the world's text; the setting is read
        // once, when Calcite first loads, so it is made here before any of it does (unless the user chose one). It names
        // the byte order: Calcite reads a literal's "UTF-16" as UTF-16LE, which a type of charset "UTF-16" refuses.
        for (String[] p : new String[][] {{"calcite.default.charset", "UTF-16LE"},
                {"calcite.default.nationalcharset", "UTF-16LE"}, {"calcite.default.collation.name", "UTF-16LE$en_US"}}) {
            if (System.getProperty(p[0]) == null) {
                System.setProperty(p[0], p[1]);
            }
        }
        // Every plan may need the Record Layer rules, also one without a scan to register them (INSERT ... VALUES).
        // The planner also stops at its next rule when the statement is cancelled.
        org.apache.calcite.runtime.Hook.PLANNER.add((java.util.function.Consumer<org.apache.calcite.plan.RelOptPlanner>)
                planner -> {
                    io.relationshiplayer.sql.calcite.RecordLayerRules.RULES.forEach(planner::addRule);
                    io.relationshiplayer.sql.calcite.UnorderedWindowRule.register(planner);
                    planner.addListener(CancelChecks.LISTENER);
                });
        // Every plan's arithmetic and narrowing casts report overflow and division by zero instead of wrapping, its
        // casts to and from TIMESTAMP neither drop nor truncate digits, a TIMESTAMP is microseconds throughout, dates
        // and floating-point numbers are read and written as PostgreSQL's (DateCasts, FloatCasts), the
        // joins of a plan of many are ordered by a heuristic, the rows of a VALUES are data rather than code, a filter
        // of many terms or a CASE of many branches is split into operators of a few each (compiled in about linear
        // time), and every operator of it checks for a cancel at each row.
        org.apache.calcite.runtime.Hook.PROGRAM.add((java.util.function.Consumer<
                org.apache.calcite.util.Holder<org.apache.calcite.tools.Program>>) holder ->
                holder.set(CancelChecks.program(io.relationshiplayer.sql.calcite.WideConditions.program(
                        CheckedArithmetic.program(ByteaCasts.program(BooleanCasts.program(DateCasts.program(
                        FloatCasts.program(TimestampCasts.program(TimestampMicros.program(
                        AgeOrder.program(NthValueFrames.program(HeuristicJoinOrder.program(LiteralRows.program(
                                org.apache.calcite.tools.Programs.standard())))))))))))))));
        // A cancel stops preparation between its phases too: after parsing, conversion, and code generation.
        for (org.apache.calcite.runtime.Hook hook : new org.apache.calcite.runtime.Hook[] {
                org.apache.calcite.runtime.Hook.PARSE_TREE, org.apache.calcite.runtime.Hook.CONVERTED,
                org.apache.calcite.runtime.Hook.JAVA_PLAN}) {
            hook.add((java.util.function.Consumer<Object>) o -> StatementCancel.checkPreparing());
        }
        // As converted, before its decorrelation: a window under a correlation is refused (CorrelatedWindows)
        org.apache.calcite.runtime.Hook.CONVERTED.add((java.util.function.Consumer<org.apache.calcite.rel.RelNode>)
                io.relationshiplayer.sql.calcite.CorrelatedWindows::check);
        // The optimized plan, as Calcite is about to implement it: the fast path of a point statement is read from it.
        org.apache.calcite.runtime.Hook.PLAN_BEFORE_IMPLEMENTATION.add((java.util.function.Consumer<
                org.apache.calcite.rel.RelRoot>) root -> IMPLEMENTED.set(
                io.relationshiplayer.sql.calcite.ShapeLiterals.original(root)));
    }

    /** Makes this class's settings of Calcite (above) for a caller about to load Calcite before any runner exists. */
    static void settings() {
    }

    /**
     * A prepared statement, with the fast path that runs it instead when it is a point statement ({@link FastPath},
     * null otherwise), its result columns when it is a query, its measures when prepared for EXPLAIN ANALYZE, and its
     * parameters' JDBC types. A fast path taken from another runner ({@link SharedPlans}) comes without a prepared
     * statement ({@link #fastOnly}); {@link #statement(Plan)} prepares one if it is needed after all.
     */
    record Plan(PreparedStatement statement, FastPath fast, List<ColumnMeta> columns, PlanAnalysis analysis,
                int[] parameterTypes, String sql, String catalogKey) {
        static Plan fastOnly(String sql, String catalogKey, FastPath fast, List<ColumnMeta> columns,
                             int[] parameterTypes) {
            return new Plan(null, fast, columns, null, parameterTypes, sql, catalogKey);
        }
    }

    /**
     * Statements are prepared (parsed, validated, planned, compiled) on threads of this stack size: Calcite recurses
     * on the depth of an expression at every phase, and a thread's default stack overflows at a few hundred nested
     * operators. {@link StatementBounds} keeps statements well within it.
     */
    static final long PREPARE_STACK_BYTES = 64L << 20;
    private static final java.util.concurrent.ExecutorService PREPARERS = java.util.concurrent.Executors
            .newCachedThreadPool(r -> {
                Thread t = new Thread(null, r, "rl-sql-prepare", PREPARE_STACK_BYTES);
                t.setDaemon(true);
                return t;
            });

    private final Connection connection;
    /** The engine's fast paths, shared by its runners (null: this runner shares none). */
    private final SharedPlans shared;
    private final Map<String, Plan> plans = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Plan> eldest) {
            if (size() > PLAN_CACHE) {
                closeQuietly(eldest.getValue().statement());
                return true;
            }
            return false;
        }
    };
    private long planned;
    private long reused;
    /** The catalog version the latest statement was planned against (null: none yet). */
    private String latestCatalog;
    private final String database;
    private volatile SessionBinding session;
    private final StatementCancel cancel = new StatementCancel();
    private final ViewAnalyzer views;
    /** The rows the running statement keeps besides the store (RETURNING, ON CONFLICT), or null. */
    private volatile StatementRows statementRows;
    /** now() of the statements it runs: their transaction's start (BEGIN starts an explicit one's, SqlSession). */
    final io.relationshiplayer.sql.calcite.TransactionClock clock = new io.relationshiplayer.sql.calcite.TransactionClock();

    CalciteRunner(String database, SharedPlans shared) {
        this.database = database;
        this.shared = shared;
        SessionBinding binding = new SessionBinding() {
            @Override
            public io.relationshiplayer.relationships.Session current() {
                return lentTo().current();
            }

            @Override
            public void requireWrite() {
                lentTo().requireWrite();
            }

            @Override
            public io.relationshiplayer.sql.calcite.ReadSegments readSegments() {
                return lentTo().readSegments();
            }

            @Override
            public StatementRows statementRows() {
                return statementRows;
            }
        };
        try {
            Properties p = new Properties();
            p.setProperty("caseSensitive", "false");
            p.setProperty("unquotedCasing", "TO_LOWER");
            p.setProperty("quotedCasing", "UNCHANGED");
            p.setProperty("conformance", "LENIENT");
            p.setProperty("timeZone", "UTC");
            p.setProperty("fun", "standard,postgresql");
            // No schema here defines a Calcite materialization or lattice: its planner neither looks for them in
            // every plan nor runs the rules that would use them.
            p.setProperty("materializationsEnabled", "false");
            p.setProperty("typeSystem", io.relationshiplayer.sql.calcite.RlTypeSystem.class.getName() + "#INSTANCE");
            connection = new org.apache.calcite.jdbc.Driver().withPrepareFactory(() -> new SqlPrepare(this::now, cancel))
                    .connect("jdbc:calcite:", p);
            CalciteConnection calcite = connection.unwrap(CalciteConnection.class);
            views = new ViewAnalyzer(calcite, database, binding);
            io.relationshiplayer.sql.calcite.PostgresTypeNames.addTo(calcite.getRootSchema());
            io.relationshiplayer.sql.calcite.GenerateSeries.addTo(calcite.getRootSchema());
            SchemaPlus schema = calcite.getRootSchema().add(database, new RecordLayerSchema(binding, database, views));
            schema.setCacheEnabled(false);
            calcite.setSchema(database);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot start Calcite: " + e.getMessage(), e);
        }
    }

    String database() {
        return database;
    }

    /** Views' queries validated against the catalog of the session the runner is lent to. */
    ViewAnalyzer views() {
        return views;
    }

    /**
     * Plans and runs a few statements that read no table (VALUES with a parameter, a join, an aggregate, a sort), so
     * that Calcite's classes are loaded and its planner and code generator have run once before a user's first
     * statement: that first time costs seconds in a new JVM. Returns the milliseconds it took, -1 if it failed.
     */
    static long warmUp() {
        long start = System.nanoTime();
        try (CalciteRunner r = new CalciteRunner("rl_warm_up", null)) {
            for (String sql : new String[] {
                    "SELECT x + 1, UPPER(CAST(x AS VARCHAR(5))) FROM (VALUES (1), (2)) AS t(x) WHERE x > ? ORDER BY 1 DESC",
                    "SELECT a.x, COUNT(*), SUM(b.y) FROM (VALUES (1), (2)) AS a(x) "
                            + "JOIN (VALUES (1, 10), (2, 20)) AS b(x, y) ON a.x = b.x GROUP BY a.x HAVING COUNT(*) > 0"}) {
                PreparedStatement ps = r.prepare(sql, "");
                if (ps.getParameterMetaData().getParameterCount() == 1) {
                    ps.setObject(1, 0);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rs.getObject(1);
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            return -1; // only a warm-up: the first real statement pays what it did not
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private SessionBinding lentTo() {
        SessionBinding s = session;
        if (s == null) {
            throw new IllegalStateException("this Calcite runner is not lent to a session");
        }
        return s;
    }

    /** Lends the runner to {@code session} (null: back to the pool); its plans then read through that session. */
    void bindTo(SessionBinding session) {
        this.session = session;
        this.statementRows = null;
        cancel.reset();
    }

    StatementRows statementRows() {
        return statementRows;
    }

    /** now() of a statement's run starting: the start of the transaction of the session it is lent to (if any). */
    long now() {
        SessionBinding s = session;
        return clock.start(s == null ? null : s.current().context());
    }

    void statementRows(StatementRows rows) {
        this.statementRows = rows;
    }

    /** The cancel request of the statement this runner runs: every phase of it checks it. */
    StatementCancel cancel() {
        return cancel;
    }

    /** The prepared statement for {@code sql} against the catalog {@code catalogKey}: {@link #plan}'s. */
    PreparedStatement prepare(String sql, String catalogKey) throws SQLException {
        return statement(plan(sql, catalogKey));
    }

    /**
     * {@code p}'s prepared statement, prepared now (and cached in its place) for a fast path taken from another runner:
     * a session that runs every statement on its full plan needs it.
     */
    PreparedStatement statement(Plan p) throws SQLException {
        if (p.statement() != null) {
            return p.statement();
        }
        String key = p.catalogKey() + "\u0000" + p.sql();
        Plan cached = plans.get(key);
        if (cached != null && cached.statement() != null) {
            return cached.statement(); // prepared by an earlier call for the same fast-only plan
        }
        Plan full = prepareNow(p.sql(), p.catalogKey(), null);
        planned++;
        plans.put(key, full);
        return full.statement();
    }

    /**
     * The cached plan for {@code sql} against the catalog of the runner's latest statement, or null: an autocommit
     * statement whose plan is cached then needs no transaction to plan in (it runs it if its catalog is still that).
     */
    /** Whether the plan of {@code sql} against the latest catalog seen is cached and has a fast path that reads. */
    boolean fastPathCached(String sql) {
        String catalogKey = latestCatalog;
        Plan p = catalogKey == null ? null : plans.get(catalogKey + "\u0000" + sql);
        return p != null && p.fast() != null && !p.fast().writes();
    }

    SqlSession.Planned recent(String sql) {
        String catalogKey = latestCatalog;
        Plan p = catalogKey == null ? null : plans.get(catalogKey + "\u0000" + sql);
        if (p == null) {
            return null;
        }
        reused++;
        try {
            clearParameters(p);
        } catch (SQLException e) {
            throw SqlErrors.toSql(e);
        }
        return new SqlSession.Planned(p, catalogKey);
    }

    /** The plan for {@code sql} against the catalog {@code catalogKey}: cached, else prepared now (in a transaction). */
    Plan plan(String sql, String catalogKey) throws SQLException {
        latestCatalog = catalogKey;
        String key = catalogKey + "\u0000" + sql;
        Plan p = plans.get(key);
        if (p != null) {
            reused++;
            clearParameters(p);
            return p;
        }
        PlanningElsewhere.check(); // not cached: planning takes milliseconds to seconds, not on a transport thread
        if (shared != null && SharedPlans.shareable(catalogKey)) {
            p = shared.plan(database + "\u0000" + key, sql, catalogKey, cancel, () -> prepareNow(sql, catalogKey, null));
        } else {
            p = prepareNow(sql, catalogKey, null);
        }
        if (p.statement() != null) {
            planned++;
        } else {
            reused++;
        }
        plans.put(key, p);
        return p;
    }

    private static void clearParameters(Plan p) throws SQLException {
        if (p.statement() != null) {
            p.statement().clearParameters();
        }
    }

    /** Prepares {@code sql} anew with a measure in every operator (EXPLAIN ANALYZE); not cached: the caller closes it. */
    Plan analyzed(String sql) throws SQLException {
        return prepareNow(sql, "", new PlanAnalysis());
    }

    /** Prepares {@code sql}, then looks for its fast path in the plan Calcite implemented (on the same thread). */
    private Plan prepareWithFastPath(String sql, String catalogKey, PlanAnalysis analysis) throws SQLException {
        IMPLEMENTED.remove();
        try {
            PreparedStatement ps = connection.prepareStatement(sql);
            org.apache.calcite.rel.RelRoot root = IMPLEMENTED.get();
            FastPath fast = FastPaths.of(analysis == null || root == null ? root : root.withRel(analysis.original()));
            List<ColumnMeta> columns = fast != null && !fast.writes() ? columns(ps.getMetaData()) : List.of();
            java.sql.ParameterMetaData pm = ps.getParameterMetaData();
            int[] parameterTypes = new int[pm.getParameterCount()];
            for (int i = 0; i < parameterTypes.length; i++) {
                parameterTypes[i] = pm.getParameterType(i + 1);
            }
            return new Plan(ps, fast, columns, analysis, parameterTypes, sql, catalogKey);
        } finally {
            IMPLEMENTED.remove();
        }
    }

    /**
     * Prepares on a thread of {@link #PREPARE_STACK_BYTES} stack, waiting for it: the statement's cancel stops it at its
     * next check, or frees this caller at once during code generation and compilation ({@link StatementCancel#prepare});
     * an interrupt of the waiting thread cancels it and is kept.
     */
    private Plan prepareNow(String sql, String catalogKey, PlanAnalysis analysis) throws SQLException {
        return cancel.prepare(PREPARERS,
                () -> PlanAnalysis.preparing(analysis, () -> prepareWithFastPath(sql, catalogKey, analysis)));
    }

    void bind(PreparedStatement ps, List<Object> params, String sql) throws SQLException {
        ParameterBinding.bind(ps, params, sql);
    }

    long plansPrepared() {
        return planned;
    }

    long plansReused() {
        return reused;
    }

    /** Result columns of a query. */
    static List<ColumnMeta> columns(ResultSetMetaData md) throws SQLException {
        List<ColumnMeta> out = new ArrayList<>(md.getColumnCount());
        for (int i = 1; i <= md.getColumnCount(); i++) {
            io.relationshiplayer.proto.v1.ColumnType.Builder t = io.relationshiplayer.proto.v1.ColumnType.newBuilder();
            switch (md.getColumnType(i)) {
                case Types.BIGINT:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.BIGINT);
                    break;
                case Types.INTEGER:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.INTEGER);
                    break;
                case Types.SMALLINT:
                case Types.TINYINT:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.SMALLINT);
                    break;
                case Types.DOUBLE:
                case Types.FLOAT:
                case Types.REAL:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.DOUBLE);
                    break;
                case Types.BOOLEAN:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.BOOLEAN);
                    break;
                case Types.DECIMAL:
                case Types.NUMERIC:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.DECIMAL).setPrecision(md.getPrecision(i))
                            .setScale(md.getScale(i));
                    break;
                case Types.DATE:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.DATE);
                    break;
                case Types.TIME:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.TIME);
                    break;
                case Types.TIMESTAMP:
                case Types.TIMESTAMP_WITH_TIMEZONE:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.TIMESTAMP);
                    break;
                case Types.VARBINARY:
                case Types.BINARY:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.VARBINARY);
                    break;
                default:
                    t.setKind(io.relationshiplayer.proto.v1.ColumnKind.VARCHAR);
                    break;
            }
            out.add(new ColumnMeta(md.getColumnLabel(i), t.build(),
                    md.isNullable(i) != ResultSetMetaData.columnNoNulls));
        }
        return out;
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // a cached plan being dropped
        }
    }

    @Override
    public void close() {
        plans.values().forEach(p -> closeQuietly(p.statement()));
        plans.clear();
        closeQuietly(connection);
    }
}
