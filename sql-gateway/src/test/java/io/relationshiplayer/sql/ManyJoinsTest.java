package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Joins of many small tables plan in seconds and keep their conditions: chains of 5 (the fewest the heuristic orders)
 * to 30 tables (each joined to the next by its key), written with JOIN ... ON or with the conditions in WHERE, with filters, and a star of 20 tables
 * (a fact table and a dimension per column). The exhaustive join search took minutes on 17 tables; the heuristic order
 * ({@code HeuristicJoinOrder}) must join every pair the query connects by its condition, never as a cartesian product.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ManyJoinsTest {
    private static final int CHAIN_TABLES = 30;
    private static final int DIMENSIONS = 19;
    private static final int ROWS = 10;
    /** Planning and running a join of 30 tables takes a few seconds on a busy machine; minutes before. */
    private static final Duration BOUND = Duration.ofSeconds(20);

    Backend backend;
    SqlSession s;

    @BeforeAll
    void load() {
        backend = Backend.open("embedded:memory");
        s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("many_joins");
        // c<k>.next_id references c<k+1>: row i of c1 reaches row (i + k - 1) % 10 of c<k>, whose v is its id * k
        for (int k = CHAIN_TABLES; k >= 1; k--) {
            s.execute("CREATE TABLE c" + k + " (id BIGINT PRIMARY KEY, next_id BIGINT"
                    + (k < CHAIN_TABLES ? " REFERENCES c" + (k + 1) : "") + ", v BIGINT)", List.of());
            int table = k;
            insert("c" + k, i -> i + ", " + ((i + 1) % ROWS) + ", " + (i * table));
        }
        for (int d = 1; d <= DIMENSIONS; d++) {
            s.execute("CREATE TABLE d" + d + " (id BIGINT PRIMARY KEY, name VARCHAR(20))", List.of());
            int dim = d;
            insert("d" + d, i -> i + ", 'd" + dim + "-" + i + "'");
        }
        s.execute("CREATE TABLE f (id BIGINT PRIMARY KEY, " + IntStream.rangeClosed(1, DIMENSIONS)
                .mapToObj(d -> "d" + d + "_id BIGINT").collect(Collectors.joining(", ")) + ")", List.of());
        insert("f", i -> i + ", " + IntStream.rangeClosed(1, DIMENSIONS)
                .mapToObj(d -> String.valueOf((i + d) % ROWS)).collect(Collectors.joining(", ")));
    }

    @AfterAll
    void close() {
        s.close();
        backend.close();
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 17, 20, 30})
    void aChainOfJoinsOnKeysPlansQuicklyAndJoinsEveryPairOnItsCondition(int tables) {
        StringBuilder sql = new StringBuilder("SELECT c1.id, c" + tables + ".v FROM c1");
        for (int k = 2; k <= tables; k++) {
            sql.append(" JOIN c").append(k).append(" ON c").append(k).append(".id = c").append(k - 1)
                    .append(".next_id");
        }
        assertChain(sql.toString(), tables, i -> true);
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 17, 30})
    void aChainWithItsConditionsInWhereAndFiltersKeepsThem(int tables) {
        String from = IntStream.rangeClosed(1, tables).mapToObj(k -> "c" + k).collect(Collectors.joining(", "));
        String on = IntStream.rangeClosed(2, tables).mapToObj(k -> "c" + k + ".id = c" + (k - 1) + ".next_id")
                .collect(Collectors.joining(" AND "));
        // c3.v = c3.id * 3 and c1.id reaches c3.id = c1.id + 2 (mod 10): c1.id in 2..5
        String sql = "SELECT c1.id, c" + tables + ".v FROM " + from + " WHERE " + on + " AND c3.v BETWEEN 12 AND 21"
                + " AND c1.id >= 2";
        assertChain(sql, tables, i -> i >= 2 && (i + 2) % ROWS * 3 >= 12 && (i + 2) % ROWS * 3 <= 21);
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 17, 30})
    void aChainOfLeftJoinsKeepsItsOrderAndItsConditions(int tables) {
        StringBuilder sql = new StringBuilder("SELECT c1.id, c" + tables + ".v FROM c1");
        for (int k = 2; k <= tables; k++) {
            sql.append(" LEFT JOIN c").append(k).append(" ON c").append(k).append(".id = c").append(k - 1)
                    .append(".next_id");
        }
        assertChain(sql.toString(), tables, i -> true);
    }

    @org.junit.jupiter.api.Test
    void aStarOfTwentyTablesWithAFilterPlansQuicklyAndJoinsEveryDimensionOnItsKey() {
        String select = IntStream.rangeClosed(1, DIMENSIONS).mapToObj(d -> "d" + d + ".name")
                .collect(Collectors.joining(", "));
        String joins = IntStream.rangeClosed(1, DIMENSIONS)
                .mapToObj(d -> " JOIN d" + d + " ON d" + d + ".id = f.d" + d + "_id").collect(Collectors.joining());
        String sql = "SELECT f.id, " + select + " FROM f" + joins + " WHERE d7.name <> 'd7-0'";
        List<List<Object>> expected = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            if ((i + 7) % ROWS == 0) {
                continue;
            }
            List<Object> row = new ArrayList<>(List.of(i));
            for (int d = 1; d <= DIMENSIONS; d++) {
                row.add("d" + d + "-" + (i + d) % ROWS);
            }
            expected.add(row);
        }
        assertJoin(sql, DIMENSIONS + 1, expected);
    }

    private void assertChain(String sql, int tables, java.util.function.LongPredicate kept) {
        List<List<Object>> expected = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            if (kept.test(i)) {
                expected.add(List.of(i, (i + tables - 1) % ROWS * tables));
            }
        }
        assertJoin(sql, tables, expected);
    }

    /** Plans and runs {@code sql} within the bound: its rows, and a plan of as many joins as inputs less one. */
    private void assertJoin(String sql, int inputs, List<List<Object>> expected) {
        long start = System.nanoTime();
        String plan = rows("EXPLAIN " + sql).get(0).get(0).toString();
        List<List<Object>> actual = rows(sql);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(took).as("planning and running %d joined tables", inputs).isLessThan(BOUND);
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
        List<String> joins = Arrays.stream(plan.split("\n")).map(String::trim).filter(l -> l.contains("Join("))
                .toList();
        assertThat(joins).as(plan).hasSize(inputs - 1);
        assertThat(joins).as(plan).allSatisfy(j -> assertThat(j).containsAnyOf("condition=[", "keys=[[")
                .doesNotContain("condition=[true]"));
        assertThat(plan).contains("RecordLayerLookupJoin");
    }

    private List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            r.forEachRemaining(row -> out.add(Arrays.asList(row)));
        }
        return out;
    }

    private void insert(String table, java.util.function.IntFunction<String> row) {
        s.execute("INSERT INTO " + table + " VALUES " + IntStream.range(0, ROWS).mapToObj(i -> "(" + row.apply(i) + ")")
                .collect(Collectors.joining(", ")), List.of());
    }
}
