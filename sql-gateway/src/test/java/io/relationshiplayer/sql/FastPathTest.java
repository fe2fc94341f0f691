package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fast path of point statements gives exactly what the full plan gives: the same statements run on two databases,
 * one session with the fast path and one without, and every result (values and their Java types, a BigDecimal's
 * scale included), update count and SQLSTATE must be the same.
 */
class FastPathTest {
    /** An INSERT of 400 rows of three parameters (given by {@link #manyParameters}): one statement. */
    private static final String MANY_ROWS = "INSERT INTO a (id, small, bal) VALUES "
            + String.join(", ", java.util.Collections.nCopies(400, "(?, ?, ?)"));

    private static final Object[][] STATEMENTS = {
        {"CREATE TABLE o (id BIGINT PRIMARY KEY, name VARCHAR(10) NOT NULL, email VARCHAR(20) UNIQUE)"},
        {"CREATE TABLE a (id BIGINT PRIMARY KEY, owner BIGINT REFERENCES o (id) ON DELETE SET NULL, "
                + "small INTEGER NOT NULL DEFAULT 7, bal DECIMAL(12,2) NOT NULL DEFAULT 0, rate DOUBLE, day DATE, "
                + "seen TIMESTAMP, ok BOOLEAN, data VARBINARY(8), note VARCHAR(8))"},
        {"INSERT INTO o VALUES (1, 'ann', 'ann@x')"},
        {"INSERT INTO o VALUES (?, ?, ?)", 2L, "bob", null},
        {"INSERT INTO o VALUES (?, ?, ?)", 3, "cid", "c@x"},
        {"INSERT INTO a (id, owner) VALUES (?, ?)", 10L, 1L},
        {"INSERT INTO a (id, owner, small, bal, rate, day, seen, ok, data, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            11L, 2L, 5, new BigDecimal("12.345"), 1e3, LocalDate.of(2024, 2, 29),
            LocalDateTime.of(2024, 2, 29, 13, 45, 10, 500_000_000), true, new byte[] {1, 2}, "abc"},
        {"INSERT INTO a VALUES (12, NULL, -5, -1.5, -0.5, DATE '1969-12-31', TIMESTAMP '1969-12-31 23:59:59.5', FALSE, "
                + "x'0102', '')"},
        {"SELECT * FROM a WHERE id = ?", 11L},
        {"SELECT * FROM a WHERE id = ?", 12},
        {"SELECT * FROM a WHERE id = ?", new BigDecimal("12")},
        {"SELECT * FROM a WHERE id = ?", (Object) null},
        {"SELECT small + 1, small * 2, bal * 2, bal - 0.005, bal / 3, rate * 4, -rate, note, ok, data, day, seen "
                + "FROM a WHERE id = ?", 11L},
        {"SELECT small + ?, bal + ?, rate + ?, CAST(bal AS INTEGER), CAST(rate AS BIGINT) FROM a WHERE id = 12",
            1, new BigDecimal("0.001"), 2.5},
        {"SELECT id FROM a WHERE id = ? AND small = 5", 11L},
        {"SELECT id FROM a WHERE id = ? AND small = 6", 11L},
        {"SELECT 1 + 2 FROM a WHERE id = 10"},
        {"UPDATE a SET bal = bal - ? WHERE id = ?", new BigDecimal("0.004"), 11L},
        {"SELECT bal FROM a WHERE id = 11"},
        {"UPDATE a SET bal = bal + ? WHERE id = ?", new BigDecimal("0.005"), 11L},
        {"UPDATE a SET bal = bal + ? WHERE id = ?", 1.25, 11L},
        {"UPDATE a SET bal = bal * 3, rate = rate / 3 WHERE id = 11"},
        {"SELECT bal, rate FROM a WHERE id = 11"},
        {"UPDATE a SET small = 2147483647 WHERE id = 12"},
        {"UPDATE a SET small = small + 1 WHERE id = 12"},
        {"UPDATE a SET small = small + ? WHERE id = ?", 1, 12L},
        {"UPDATE a SET small = ? WHERE id = ?", 3_000_000_000L, 10L},
        {"UPDATE a SET small = ? WHERE id = ?", 2.7, 10L},
        {"UPDATE a SET rate = 1e308 * 10 WHERE id = 11"},
        {"UPDATE a SET rate = rate / 0 WHERE id = 11"},
        {"UPDATE a SET small = small / 0 WHERE id = 12"},
        {"SELECT small * 2 FROM a WHERE id = 12"},
        {"UPDATE a SET bal = 99999999999 WHERE id = 11"},
        {"UPDATE a SET small = NULL WHERE id = 11"},
        {"UPDATE a SET bal = ? WHERE id = ?", null, 11L},
        {"UPDATE a SET note = 'too long text' WHERE id = 11"},
        {"UPDATE a SET note = ? WHERE id = ?", "too long text", 11L},
        {"UPDATE a SET id = 10 WHERE id = 11"},
        {"UPDATE a SET owner = 42 WHERE id = 11"},
        {"UPDATE a SET small = 1 WHERE id = ?", (Object) null},
        {"UPDATE a SET rate = rate + ? WHERE id = ?", null, 11L},
        {"UPDATE a SET day = ?, seen = ?, data = ? WHERE id = ?", LocalDate.of(1900, 1, 1),
            LocalDateTime.of(2000, 1, 1, 0, 0), new byte[] {9}, 10L},
        {"SELECT day, seen, data FROM a WHERE id = 10"},
        {"INSERT INTO o (id) VALUES (4)"},
        {"INSERT INTO o VALUES (1, 'dup', NULL)"},
        {"INSERT INTO o VALUES (?, ?, ?)", 4L, "dee", "ann@x"},
        {"UPDATE o SET email = 'ann@x' WHERE id = 2"},
        {"INSERT INTO a (id, owner) VALUES (20, 42)"},
        {"INSERT INTO a (id, small) VALUES (21, ?)", 3_000_000_000L},
        {"DELETE FROM o WHERE id = ?", 1L},
        {"SELECT id, owner FROM a WHERE id = 10"},
        {"DELETE FROM a WHERE id = ?", 12L},
        {"DELETE FROM a WHERE id = ?", 12L},
        {"SELECT * FROM a"},
        {"SELECT * FROM o"},
        {"BEGIN"},
        {"UPDATE a SET small = 100 WHERE id = 10"},
        {"SELECT small FROM a WHERE id = 10"},
        {"UPDATE a SET small = small / 0 WHERE id = 10"},
        {"UPDATE a SET small = 9 WHERE id = 10"},
        {"ROLLBACK"},
        {"SELECT * FROM a"},
        // several VALUES rows of parameters (a UNION ALL of one-row branches in the plan)
        {"INSERT INTO a (id, owner, small, bal, rate) VALUES (?, ?, ?, ?, ?), (?, ?, DEFAULT, ?, ?), (?, NULL, ? + 1, "
                + "0.005, ?)", 30L, 2L, 1, new BigDecimal("1.005"), 0.5, 31, 3L, 2.675, null, 32L, 41, 2.5},
        {"SELECT id, owner, small, bal, rate FROM a WHERE id >= 30"},
        {"INSERT INTO a (id, small) VALUES (?, ?), (?, ?)", 40L, 1, 41L, 3_000_000_000L},
        {"INSERT INTO a (id, small) VALUES (?, ?), (?, ? * 1000000000)", 40L, 1, 41L, 5},
        {"INSERT INTO a (id, owner) VALUES (?, ?), (?, ?)", 40L, 2L, 41L, 42L},
        {"INSERT INTO a (id) VALUES (?), (?)", 40L, 30L},
        {"INSERT INTO a (id, note) VALUES (?, ?), (?, ?)", 40L, "ok", 41L, "too long text"},
        {"INSERT INTO a (id, bal) VALUES (?, ?), (?, NULL)", 40L, 1, 41L},
        {"SELECT COUNT(*) FROM a WHERE id >= 40"},
        {MANY_ROWS},
        {"SELECT COUNT(*), SUM(small), SUM(bal) FROM a WHERE id >= 1000"},
    };

    @Test
    void pointStatementsGiveWhatTheirFullPlansGive() {
        try (Backend fastBackend = Backend.open("embedded:memory"); Backend fullBackend = Backend.open("embedded:memory");
             SqlSession fast = new SqlEngine(new RelationshipLayer(new RecordStores(fastBackend.recordDatabase())))
                     .open("fp");
             SqlSession full = new SqlEngine(new RelationshipLayer(new RecordStores(fullBackend.recordDatabase())))
                     .open("fp")) {
            full.fastPath(false);
            for (Object[] s : STATEMENTS) {
                String sql = (String) s[0];
                List<Object> params = sql.equals(MANY_ROWS) ? manyParameters()
                        : Arrays.asList(Arrays.copyOfRange(s, 1, s.length));
                assertThat(outcome(fast, sql, params)).as(sql).isEqualTo(outcome(full, sql, params));
            }
        }
    }

    private static List<Object> manyParameters() {
        List<Object> params = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            params.add(1000L + i);
            params.add(i);
            params.add(new BigDecimal(i).movePointLeft(2));
        }
        return params;
    }

    /**
     * What a statement gave: its tag and count or rows (values with their classes), or its SQLSTATE. (A fast-path
     * query reads its row before it returns, so an error in a projection comes from the statement rather than from
     * reading its first row.)
     */
    private static List<String> outcome(SqlSession s, String sql, List<Object> params) {
        List<String> out = new ArrayList<>();
        try {
            StatementResult r = s.execute(sql, params);
            out.add(r.command());
            if (r instanceof StatementResult.Update u) {
                out.add(Long.toString(u.count()));
            } else if (r instanceof StatementResult.Query q) {
                out.add(q.columns().toString());
                try (RowStream rows = q.rows()) {
                    while (rows.hasNext()) {
                        StringBuilder row = new StringBuilder();
                        for (Object v : rows.next()) {
                            row.append(v == null ? "null" : v.getClass().getSimpleName() + ":"
                                    + (v instanceof byte[] ? Arrays.toString((byte[]) v) : v)).append(" | ");
                        }
                        out.add(row.toString());
                    }
                }
            }
        } catch (SqlException e) {
            out.clear(); // a query's error counts the same whether its first row or the statement raised it
            out.add("error " + e.sqlState());
        }
        return out;
    }
}
