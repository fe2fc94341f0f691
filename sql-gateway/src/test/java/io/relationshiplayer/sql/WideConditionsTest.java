package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A filter of many OR'ed or AND'ed terms runs as a chain of operators of a few dozen terms each (Janino compiles each
 * small method in linear time) and gives the rows one operator would: three-valued logic over NULLs included, under NOT
 * too, with the columns the query asked for.
 */
class WideConditionsTest {
    private static final int ROWS = 600;
    private Backend backend;
    private SqlSession s;

    @BeforeEach
    void open() {
        backend = Backend.open("embedded:memory");
        s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("wide");
        s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT, w VARCHAR(10))", List.of());
        s.execute("INSERT INTO t VALUES " + IntStream.range(0, ROWS).mapToObj(i -> "(" + i + ", "
                + (i % 7 == 0 ? "NULL" : Integer.toString(i % 150)) + ", 'w" + (i % 3) + "')")
                .collect(Collectors.joining(", ")), List.of());
    }

    @AfterEach
    void close() {
        s.close();
        backend.close();
    }

    /** v as stored: NULL for every seventh row. */
    private static Integer v(int id) {
        return id % 7 == 0 ? null : id % 150;
    }

    private static String joined(int n, IntFunction<String> term, String op) {
        return IntStream.range(0, n).mapToObj(term).collect(Collectors.joining(op));
    }

    private List<Integer> ids(String where) {
        List<Integer> out = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute("SELECT id, w FROM t WHERE " + where + " ORDER BY id",
                List.of())).rows()) {
            r.forEachRemaining(row -> {
                assertThat(row).hasSize(2);
                assertThat((String) row[1]).startsWith("w");
                out.add((Integer) row[0]);
            });
        }
        return out;
    }

    private static List<Integer> expected(IntPredicate kept) {
        return IntStream.range(0, ROWS).filter(kept).boxed().toList();
    }

    private int operators(String where) {
        String plan = ((StatementResult.Query) s.execute("EXPLAIN SELECT id, w FROM t WHERE " + where, List.of()))
                .rows().next()[0].toString();
        assertThat(plan).as("an EXPLAIN's plan is never run: it has no cancel checks").doesNotContain("Check");
        return plan.split("EnumerableCalc", -1).length - 1;
    }

    @Test
    void anOrOfManyEqualitiesGivesTheRowsOfOneFilterInSeveralOperators() {
        String where = joined(100, i -> "v = " + (i * 3), " OR ");
        assertThat(ids(where)).isEqualTo(expected(id -> v(id) != null && v(id) % 3 == 0 && v(id) < 300));
        assertThat(operators(where)).isGreaterThanOrEqualTo(100 / 32 + 1);
    }

    @Test
    void anOrOfConjunctionsKeepsItsLogic() {
        String where = joined(90, i -> "(v = " + i + " AND id > " + (i * 4) + ")", " OR ");
        assertThat(ids(where)).isEqualTo(expected(id -> v(id) != null && v(id) < 90 && id > v(id) * 4));
        assertThat(operators(where)).isGreaterThanOrEqualTo(3);
    }

    @Test
    void notOfAWideOrDropsTheRowsWhoseTermsAreAllNullOrFalse() {
        // NOT (v = 0 OR ... OR v = 79): true only where v is known and not one of them; NULL v is not kept
        String where = "NOT (" + joined(80, i -> "v = " + i, " OR ") + ")";
        assertThat(ids(where)).isEqualTo(expected(id -> v(id) != null && v(id) >= 80));
    }

    @Test
    void anAndOfManyTermsFiltersStepByStep() {
        String where = joined(120, i -> "v <> " + (i + 10), " AND ") + " AND w <> 'w1'";
        assertThat(ids(where)).isEqualTo(expected(id -> v(id) != null && (v(id) < 10 || v(id) >= 130)
                && id % 3 != 1));
        assertThat(operators(where)).isGreaterThanOrEqualTo(120 / 32 + 1);
    }

    @Test
    void anOrWithNullableTermsInAProjectionlessCountAgrees() {
        String where = joined(70, i -> "v = " + i, " OR ") + " OR w = 'w2'";
        long expected = IntStream.range(0, ROWS).filter(id -> (v(id) != null && v(id) < 70) || id % 3 == 2).count();
        assertThat(s.execute("SELECT COUNT(*), MIN(id) FROM t WHERE " + where, List.of()) instanceof
                StatementResult.Query q ? q.rows().next()[0] : null).isEqualTo(expected);
    }

    private List<Object> column(String sql) {
        List<Object> out = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            r.forEachRemaining(row -> out.add(row[0]));
        }
        return out;
    }

    @Test
    void aCaseOfManyBranchesGivesTheFirstMatchingValueInSeveralOperators() {
        // branches for v = 0, 2, 4, ... 198 (100 of them), in order; the first true one wins, no ELSE: NULL
        String sql = "SELECT CASE " + joined(100, i -> "WHEN v = " + (2 * i) + " THEN 'even" + i + "' WHEN v < "
                + (2 * i) + " THEN 'below" + i + "'", " ") + " END FROM t ORDER BY id";
        List<Object> expected = new ArrayList<>();
        for (int id = 0; id < ROWS; id++) {
            Integer v = v(id);
            String out = null;
            for (int i = 0; i < 100 && v != null && out == null; i++) {
                out = v == 2 * i ? "even" + i : v < 2 * i ? "below" + i : null;
            }
            expected.add(out);
        }
        assertThat(column(sql)).isEqualTo(expected);
        String plan = ((StatementResult.Query) s.execute("EXPLAIN " + sql, List.of())).rows().next()[0].toString();
        assertThat(plan.split("EnumerableCalc", -1).length - 1).isGreaterThanOrEqualTo(200 / 32);
    }

    @Test
    void aBranchAfterTheMatchingOneIsNeverEvaluatedEvenInALaterOperator() {
        // for v = 1 the first branch matches; 100 / (v - 1) in a branch after 40 others would divide by zero
        String sql = "SELECT id, CASE WHEN v = 1 THEN 'one' " + joined(40, i -> "WHEN v = " + (1000 + i) + " THEN 'x'",
                " ") + " WHEN 100 / (v - 1) > 0 THEN 'more' END FROM t WHERE id < 20 AND v IS NOT NULL ORDER BY id";
        List<Object> labels = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            r.forEachRemaining(row -> labels.add(row[1]));
        }
        List<Object> expected = new ArrayList<>();
        for (int id = 0; id < 20; id++) {
            if (v(id) != null) {
                expected.add(v(id) == 1 ? "one" : 100 / (v(id) - 1) > 0 ? "more" : null);
            }
        }
        assertThat(labels).isEqualTo(expected);
    }
}
