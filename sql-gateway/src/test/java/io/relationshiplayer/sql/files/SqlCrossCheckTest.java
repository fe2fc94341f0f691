package io.relationshiplayer.sql.files;

import io.relationshiplayer.sql.files.SqlTestCase.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.opentest4j.AssertionFailedError;

/**
 * The independent-engine cross-check: each {@code sqltest/crosscheck/*.crosscheck} file (the {@code .sqltest} format,
 * queries without expected rows) runs its statements on the engine and on an in-memory H2 database, and each query on
 * both, comparing the rows: as multisets, or in order for {@code query ordered} (whose ORDER BY must determine the
 * order). Plan assertions make sure the query takes the pushdown path it is meant to check, so that a pushdown that
 * changes an answer shows up as a difference from H2.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlCrossCheckTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final List<AutoCloseable> open = new ArrayList<>();

    @TestFactory
    Stream<DynamicNode> crossCheck() throws IOException {
        Path root = SqlFileTest.root();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root.resolve("crosscheck"))) {
            files = walk.filter(p -> p.toString().endsWith(".crosscheck")).sorted().collect(Collectors.toList());
        }
        SqlTestParser parser = new SqlTestParser(root, false);
        return files.stream().map(f -> {
            List<SqlTestCase> cases = parser.parse(f);
            Pair pair = new Pair();
            return DynamicContainer.dynamicContainer(root.relativize(f).toString(), cases.stream().map(c ->
                    DynamicTest.dynamicTest(c.displayName(), () -> pair.run(c))));
        });
    }

    /** The engine's database and H2's for one file, opened by its first block. */
    private final class Pair {
        private SqlTestDatabase engine;
        private Connection h2;

        void run(SqlTestCase c) throws SQLException {
            if (engine == null) {
                engine = new SqlTestDatabase();
                open.add(engine);
                h2 = DriverManager.getConnection("jdbc:h2:mem:crosscheck" + DATABASES.incrementAndGet()
                        + ";DEFAULT_NULL_ORDERING=HIGH");
                open.add(h2);
            }
            engine.switchSession(c);
            if (c.skip() != null) {
                SqlFiles.knownDefect(c, () -> check(c));
                return;
            }
            check(c);
        }

        private void check(SqlTestCase c) throws SQLException {
            if (!(c.outcome() instanceof Outcome.Rows rows)) {
                reference(c);
                engine.run(c);
                return;
            }
            if (rows.rows() != null) {
                engine.run(c);
            } else {
                for (SqlTestCase.PlanCheck p : c.plan()) {
                    String plan = engine.explain(c);
                    if (plan.contains(p.fragment()) != p.contains()) {
                        throw new AssertionFailedError(SqlTestDatabase.where(c) + "expected the plan "
                                + (p.contains() ? "to contain" : "not to contain") + " \"" + p.fragment()
                                + "\"; the plan is:\n" + plan);
                    }
                }
            }
            List<String> expected = reference(c);
            List<String> actual = new ArrayList<>();
            for (Object[] row : engine.query(c).rows()) {
                actual.add(canonical(row));
            }
            if (rows.rowsort()) {
                expected.sort(null);
                actual.sort(null);
            }
            if (!expected.equals(actual)) {
                throw new AssertionFailedError(SqlTestDatabase.where(c) + "the engine and H2 differ ("
                        + (rows.rowsort() ? "as multisets" : "in order") + ")\nH2 (" + expected.size() + " rows):\n"
                        + lines(expected) + "engine (" + actual.size() + " rows):\n" + lines(actual),
                        lines(expected), lines(actual));
            }
        }

        /** Runs the block on H2: the rows of a query, else the statement must succeed there too. */
        private List<String> reference(SqlTestCase c) throws SQLException {
            try (PreparedStatement ps = h2.prepareStatement(c.reference() != null ? c.reference() : c.sql())) {
                for (int i = 0; i < c.params().size(); i++) {
                    ps.setObject(i + 1, c.params().get(i));
                }
                List<String> rows = new ArrayList<>();
                boolean query;
                try {
                    query = ps.execute();
                } catch (SQLException e) {
                    if (c.outcome() instanceof Outcome.Error) {
                        return rows;
                    }
                    throw new AssertionFailedError(SqlTestDatabase.where(c) + "H2 refused the statement: "
                            + e.getMessage(), e);
                }
                if (c.outcome() instanceof Outcome.Error) {
                    throw new AssertionFailedError(SqlTestDatabase.where(c) + "H2 ran a statement that should fail");
                }
                if (query) {
                    try (ResultSet rs = ps.getResultSet()) {
                        int n = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            Object[] row = new Object[n];
                            for (int i = 0; i < n; i++) {
                                row[i] = rs.getObject(i + 1);
                            }
                            rows.add(canonical(row));
                        }
                    }
                } else if (c.outcome() instanceof Outcome.Count want && ps.getLargeUpdateCount() != want.count()) {
                    throw new AssertionFailedError(SqlTestDatabase.where(c) + "H2 affected " + ps.getLargeUpdateCount()
                            + " rows, the block expects " + want.count());
                }
                return rows;
            }
        }
    }

    private static String canonical(Object[] row) {
        List<String> cells = new ArrayList<>(row.length);
        for (Object v : row) {
            cells.add(Cells.canonical(v));
        }
        return String.join(" | ", cells);
    }

    private static String lines(List<String> rows) {
        StringBuilder sb = new StringBuilder();
        rows.forEach(r -> sb.append("  ").append(r).append('\n'));
        return sb.toString();
    }

    @AfterAll
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        open.clear();
    }
}
