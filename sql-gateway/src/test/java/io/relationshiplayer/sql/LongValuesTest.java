package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A VALUES list of any length runs: its rows are data, not generated code, which passed the JVM's 64 KB method limit
 * (54001) at about 2,500 rows of three columns. The longest lists that fit the default 512 KiB statement bound (and
 * FoundationDB's 10 MB transaction, for an INSERT), and 100,000 rows under a raised bound, with the coercions and range
 * checks of a short list.
 */
class LongValuesTest {
    private Backend backend;
    private SqlSession s;

    @BeforeEach
    void open() {
        backend = Backend.open("embedded:memory");
        s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("values");
        s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, n INTEGER, s VARCHAR(9), d DECIMAL(8, 2))", List.of());
    }

    @AfterEach
    void close() {
        s.close();
        backend.close();
    }

    @Test
    void anInsertOfTenThousandRowsStoresThemAllWithTheirColumnsTypes() {
        String sql = values("INSERT INTO t VALUES ", 10_000, i -> i + ", " + (i % 7) + ", 'v" + (i % 3) + "', " + i + ".125");
        assertThat(sql.length()).isLessThan(StatementBounds.DEFAULT.maxBytes());
        assertThat(s.execute(sql, List.of())).isEqualTo(new StatementResult.Update("INSERT", 10_000));
        // 7 * (0 + ... + 6) per 7 rows: 21 per full block of 7, plus the tail 0..(10,000 mod 7 - 1)
        long sumN = 10_000 / 7 * 21L + IntStream.range(0, 10_000 % 7).sum();
        assertThat(rows("SELECT COUNT(*), SUM(n), COUNT(DISTINCT s), MAX(d) FROM t"))
                .containsExactly(List.of(10_000L, sumN, 3L, new BigDecimal("9999.13")));
        assertThat(rows("SELECT n, s, d FROM t WHERE id = 4321")).containsExactly(List.of(4321 % 7, "v1",
                new BigDecimal("4321.13")));
    }

    @Test
    void aValueOutOfItsColumnsRangeInTheLastOfTenThousandRowsIs22003AndNothingIsWritten() {
        String sql = values("INSERT INTO t (id, n) VALUES ", 10_000, i -> i + ", " + (i < 9_999 ? "1" : "3000000000"));
        assertThatThrownBy(() -> s.execute(sql, List.of())).isInstanceOfSatisfying(SqlException.class,
                e -> assertThat(e.sqlState()).isEqualTo("22003"));
        assertThat(rows("SELECT COUNT(*) FROM t")).containsExactly(List.of(0L));
    }

    @Test
    void aSelectFromTheLongestValuesListTheStatementBoundAllowsAnswers() {
        int rows = 32_000;
        String sql = values("SELECT COUNT(*), SUM(a), MIN(b), MAX(b) FROM (", rows, i -> i + ", 'w" + (i % 10) + "'")
                + ") AS v(a, b)";
        assertThat(sql.length()).isLessThan(StatementBounds.DEFAULT.maxBytes());
        assertThat(rows(sql)).containsExactly(List.of((long) rows, (long) rows * (rows - 1) / 2, "w0", "w9"));
    }

    @Test
    void aHundredThousandRowsRunUnderARaisedStatementBound() {
        int rows = 100_000;
        String sql = values("SELECT COUNT(*), SUM(column1) FROM (", rows, i -> i + ", " + (i % 5)) + ") AS v";
        assertThat(sql.length()).isGreaterThan(StatementBounds.DEFAULT.maxBytes());
        s.bounds(new StatementBounds(4 << 20, StatementBounds.DEFAULT.maxDepth()));
        assertThat(rows(sql)).containsExactly(List.of((long) rows, (long) rows * (rows - 1) / 2));
    }

    /** {@code prefix} and VALUES of {@code rows} rows, row i being {@code row.apply(i)} in parentheses. */
    private static String values(String prefix, int rows, IntFunction<String> row) {
        return (prefix.startsWith("SELECT") ? prefix + "VALUES " : prefix)
                + IntStream.range(0, rows).mapToObj(i -> "(" + row.apply(i) + ")").collect(Collectors.joining(", "));
    }

    private List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (RowStream r = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            r.forEachRemaining(row -> out.add(Arrays.asList(row)));
        }
        return out;
    }
}
