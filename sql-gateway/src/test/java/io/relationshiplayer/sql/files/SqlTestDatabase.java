package io.relationshiplayer.sql.files;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.ColumnMeta;
import io.relationshiplayer.sql.RowStream;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.SqlSession;
import io.relationshiplayer.sql.StatementResult;
import io.relationshiplayer.sql.files.SqlTestCase.Outcome;
import io.relationshiplayer.sql.files.SqlTestCase.PlanCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opentest4j.AssertionFailedError;

/**
 * A fresh database for one {@code .sqltest} file with the file's named sessions, and the execution of its blocks
 * against them. By default the database is "db" on an in-memory backend of its own; on a shared backend (a real
 * cluster) it has a name of its own and is dropped on {@link #close()}.
 */
final class SqlTestDatabase implements AutoCloseable {
    static final String FIRST_SESSION = "A";

    private final Backend backend;
    private final RecordStores stores;
    private final SqlEngine engine;
    private final String database;
    private final boolean dropOnClose;
    private final Map<String, SqlSession> sessions = new LinkedHashMap<>();
    private String current = FIRST_SESSION;

    SqlTestDatabase() {
        this(Backend.open("embedded:memory"), "db", false);
    }

    /**
     * The database {@code database} on {@code backend}, which this object closes; {@code dropOnClose} drops the
     * database first, for a backend that outlives the test.
     */
    SqlTestDatabase(Backend backend, String database, boolean dropOnClose) {
        this.backend = backend;
        this.stores = new RecordStores(backend.recordDatabase());
        this.engine = new SqlEngine(new RelationshipLayer(stores));
        this.database = database;
        this.dropOnClose = dropOnClose;
    }

    /** The session blocks run in now (opened on first use, all on the same database). */
    SqlSession session() {
        return sessions.computeIfAbsent(current, name -> engine.open(database));
    }

    /** Switches to the block's session, if it names one: it stays current for the following blocks. */
    void switchSession(SqlTestCase c) {
        if (c.session() != null) {
            current = c.session();
        }
    }

    /** Runs one block and asserts its outcome; assertion failures name the block's file and line. */
    void run(SqlTestCase c) {
        Outcome o = c.outcome();
        if (o instanceof Outcome.SwitchSession) {
            return;
        }
        if (o instanceof Outcome.Error e) {
            expectError(c, e);
            return;
        }
        for (PlanCheck p : c.plan()) {
            checkPlan(c, p, explain(c));
        }
        if (o instanceof Outcome.Rows r) {
            Result actual = query(c);
            checkRows(c, r, actual.columns, actual.rows);
            return;
        }
        StatementResult result = execute(c);
        if (o instanceof Outcome.Count want) {
            if (!(result instanceof StatementResult.Update u)) {
                throw fail(c, "expected an update count of " + want.count() + " but the statement returned "
                        + result.command());
            }
            if (u.count() != want.count()) {
                throw new AssertionFailedError(where(c) + "expected " + want.count() + " affected row(s) but got "
                        + u.count(), want.count(), u.count());
            }
        }
    }

    /** Rows of a query (and its column names). */
    record Result(List<String> columns, List<Object[]> rows) {
    }

    Result query(SqlTestCase c) {
        StatementResult result = execute(c);
        if (!(result instanceof StatementResult.Query q)) {
            throw fail(c, "expected rows but the statement returned " + result);
        }
        List<String> columns = new ArrayList<>();
        for (ColumnMeta m : q.columns()) {
            columns.add(m.name());
        }
        return new Result(columns, drain(c, q));
    }

    private StatementResult execute(SqlTestCase c) {
        StatementResult result;
        try {
            result = session().execute(c.sql(), c.params());
        } catch (SqlException e) {
            throw unexpected(c, e);
        } catch (RuntimeException | Error e) {
            throw new AssertionFailedError(where(c) + "unexpected " + e + " (not a SqlException)", e);
        }
        if (result instanceof StatementResult.Query q && !(c.outcome() instanceof Outcome.Rows)) {
            drain(c, q);
        }
        return result;
    }

    private List<Object[]> drain(SqlTestCase c, StatementResult.Query q) {
        List<Object[]> rows = new ArrayList<>();
        try (RowStream s = q.rows()) {
            while (s.hasNext()) {
                rows.add(s.next());
            }
        } catch (SqlException e) {
            throw unexpected(c, e);
        } catch (RuntimeException | Error e) {
            throw new AssertionFailedError(where(c) + "unexpected " + e + " (not a SqlException)", e);
        }
        return rows;
    }

    private void expectError(SqlTestCase c, Outcome.Error want) {
        StatementResult result;
        try {
            result = session().execute(c.sql(), c.params());
            if (result instanceof StatementResult.Query q) {
                try (RowStream s = q.rows()) {
                    while (s.hasNext()) {
                        s.next();
                    }
                }
            }
        } catch (SqlException e) {
            if (!e.sqlState().equals(want.sqlState())) {
                throw new AssertionFailedError(where(c) + "expected SQLSTATE " + want.sqlState() + " but got "
                        + e.sqlState() + ": " + e.getMessage(), want.sqlState(), e.sqlState(), e);
            }
            if (!want.fragment().isEmpty() && !e.getMessage().toLowerCase(java.util.Locale.ROOT)
                    .contains(want.fragment().toLowerCase(java.util.Locale.ROOT))) {
                throw new AssertionFailedError(where(c) + "expected the message to contain \"" + want.fragment()
                        + "\" but it was: " + e.getMessage(), want.fragment(), e.getMessage(), e);
            }
            if (want.detail() != null && !want.detail().equals(e.detail() == null ? "" : e.detail())) {
                throw new AssertionFailedError(where(c) + "expected the DETAIL \"" + want.detail() + "\" but it was: "
                        + e.detail() + " (message: " + e.getMessage() + ")", want.detail(), e.detail(), e);
            }
            if (want.hint() != null && !want.hint().equals(e.hint() == null ? "" : e.hint())) {
                throw new AssertionFailedError(where(c) + "expected the HINT \"" + want.hint() + "\" but it was: "
                        + e.hint() + " (message: " + e.getMessage() + ")", want.hint(), e.hint(), e);
            }
            if (want.line() >= 0 && (e.line() != want.line() || e.column() != want.column())) {
                throw new AssertionFailedError(where(c) + "expected the error at " + want.line() + ":" + want.column()
                        + " but it was at " + e.line() + ":" + e.column() + ": " + e.getMessage(),
                        want.line() + ":" + want.column(), e.line() + ":" + e.column(), e);
            }
            return;
        } catch (RuntimeException | Error e) {
            throw new AssertionFailedError(where(c) + "expected SQLSTATE " + want.sqlState()
                    + " but got " + e + " (not a SqlException)", e);
        }
        throw fail(c, "expected error " + want.sqlState() + " but the statement succeeded: " + describe(result));
    }

    /** The EXPLAIN text of the block's query. */
    String explain(SqlTestCase c) {
        StatementResult result;
        try {
            result = session().execute("EXPLAIN " + c.sql(), c.params());
        } catch (SqlException e) {
            throw new AssertionFailedError(where(c) + "EXPLAIN failed with " + e.sqlState() + ": " + e.getMessage(),
                    e);
        }
        StringBuilder plan = new StringBuilder();
        for (Object[] row : drain(c, (StatementResult.Query) result)) {
            plan.append(row[0]).append('\n');
        }
        return plan.toString();
    }

    private static void checkPlan(SqlTestCase c, PlanCheck p, String plan) {
        if (plan.contains(p.fragment()) != p.contains()) {
            throw new AssertionFailedError(where(c) + "expected the plan " + (p.contains() ? "to contain" : "not to "
                    + "contain") + " \"" + p.fragment() + "\"; the plan is:\n" + plan);
        }
    }

    private static void checkRows(SqlTestCase c, Outcome.Rows want, List<String> columns, List<Object[]> rows) {
        if (want.text()) {
            List<String> lines = new ArrayList<>();
            rows.forEach(r -> lines.addAll(List.of(String.join("|", Cells.render(r)).split("\n", -1))));
            if (!lines.equals(want.rows())) {
                throw new AssertionFailedError(where(c) + "text differs\nexpected:\n" + String.join("\n",
                        want.rows()) + "\nactual:\n" + String.join("\n", lines), String.join("\n", want.rows()),
                        String.join("\n", lines));
            }
            return;
        }
        if (want.columns() != null && !want.columns().equals(columns)) {
            throw new AssertionFailedError(where(c) + "expected columns " + want.columns() + " but got " + columns,
                    want.columns(), columns);
        }
        List<List<String>> expected = new ArrayList<>();
        for (String line : want.rows()) {
            expected.add(Cells.split(line));
        }
        List<Object[]> actual = new ArrayList<>(rows);
        if (want.rowsort()) {
            expected.sort(Cells.ROW_ORDER);
            actual.sort((a, b) -> Cells.ROW_ORDER.compare(Cells.render(a), Cells.render(b)));
        }
        boolean same = expected.size() == actual.size();
        for (int i = 0; same && i < expected.size(); i++) {
            same = rowMatches(actual.get(i), expected.get(i));
        }
        if (!same) {
            String e = table(expected);
            List<List<String>> shown = new ArrayList<>();
            actual.forEach(r -> shown.add(Cells.render(r)));
            String a = table(shown);
            throw new AssertionFailedError(where(c) + "rows differ (" + (want.rowsort() ? "sorted" : "in order")
                    + ")\nexpected " + expected.size() + " row(s):\n" + e + "actual " + actual.size() + " row(s):\n"
                    + a, e, a);
        }
    }

    private static boolean rowMatches(Object[] actual, List<String> expected) {
        if (actual.length != expected.size()) {
            return false;
        }
        for (int i = 0; i < actual.length; i++) {
            if (!Cells.matches(actual[i], expected.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static String table(List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        for (List<String> r : rows) {
            sb.append("  ").append(String.join(" | ", r)).append('\n');
        }
        return sb.toString();
    }

    private static String describe(StatementResult r) {
        return r instanceof StatementResult.Update u ? u.command() + " " + u.count() : r.command();
    }

    static String where(SqlTestCase c) {
        return c.file() + ":" + c.line() + ": ";
    }

    private static AssertionFailedError unexpected(SqlTestCase c, SqlException e) {
        return new AssertionFailedError(where(c) + "unexpected error " + e.sqlState() + ": " + e.getMessage(), e);
    }

    private static AssertionFailedError fail(SqlTestCase c, String message) {
        return new AssertionFailedError(where(c) + message);
    }

    @Override
    public void close() {
        for (SqlSession s : sessions.values()) {
            try {
                s.close();
            } catch (RuntimeException ignored) {
                // the database is being dropped with the backend
            }
        }
        sessions.clear();
        try {
            if (dropOnClose) {
                stores.dropDatabase(database, true);
            }
        } finally {
            backend.close();
        }
    }
}
