package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * EXPLAIN ANALYZE: the statement runs and each operator of its plan shows the rows it passed on, its loops and time,
 * and each Record Layer read what it read of the store; then the whole statement's reads, planning and execution time.
 * Five projects of eight tickets each; 10 of the 40 tickets are 'open'; ticket i has i % 4 + 1 points.
 */
class ExplainAnalyzeTest {
    private static final Pattern ACTUAL = Pattern.compile(
            "\\(actual time=(\\d+\\.\\d{3})\\.\\.(\\d+\\.\\d{3}) ms rows=(\\d+) loops=(\\d+)\\)");
    private static final Pattern STORE = Pattern.compile(
            "store: reads=(\\d+|n/a) range_reads=(\\d+|n/a) records=(\\d+) index_entries=(\\d+) bytes=(\\d+|n/a)");
    private static final Pattern LOOKUPS = Pattern.compile("lookups=(\\d+) batches=(\\d+)");

    private static Backend backend;
    private static SqlSession s;

    @BeforeAll
    static void data() {
        backend = Backend.open("embedded:memory");
        s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase()))).open("analyze");
        s.execute("CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(10))", List.of());
        s.execute("CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects, "
                + "status VARCHAR(10) NOT NULL, points INTEGER NOT NULL)", List.of());
        s.execute("CREATE INDEX tickets_status ON tickets (status)", List.of());
        s.execute("INSERT INTO projects VALUES " + IntStream.rangeClosed(1, 5).mapToObj(i -> "(" + i + ", 'p" + i
                + "')").collect(Collectors.joining(", ")), List.of());
        s.execute("INSERT INTO tickets VALUES " + IntStream.range(0, 40).mapToObj(i -> "(" + i + ", " + (i % 5 + 1)
                + ", '" + (i % 4 == 0 ? "open" : "closed") + "', " + (i % 4 + 1) + ")")
                .collect(Collectors.joining(", ")), List.of());
    }

    @AfterAll
    static void close() {
        s.close();
        backend.close();
    }

    /** One operator's line: its measures. */
    record Op(String line, double first, double total, long rows, long loops) {
        /** The store's counts on the line; -1 for one not counted (n/a). */
        long[] store() {
            Matcher m = STORE.matcher(line);
            assertThat(m.find()).as("store reads on %s", line).isTrue();
            long[] out = new long[5];
            for (int i = 0; i < out.length; i++) {
                out[i] = m.group(i + 1).equals("n/a") ? -1 : Long.parseLong(m.group(i + 1));
            }
            return out;
        }

        long reads() {
            return store()[0];
        }

        long records() {
            return store()[2];
        }

        long indexEntries() {
            return store()[3];
        }
    }

    private static List<String> analyze(String sql, Object... params) {
        StatementResult r = s.execute(sql, List.of(params));
        assertThat(r.command()).isEqualTo("EXPLAIN");
        StatementResult.Query q = (StatementResult.Query) r;
        assertThat(q.columns()).extracting(ColumnMeta::name).containsExactly("QUERY PLAN");
        List<String> lines = new ArrayList<>();
        try (RowStream rows = q.rows()) {
            rows.forEachRemaining(row -> lines.add((String) row[0]));
        }
        assertPlausible(lines);
        return lines;
    }

    /** The operator whose line contains {@code fragment} (the first one). */
    private static Op op(List<String> lines, String fragment) {
        String line = lines.stream().filter(l -> l.contains(fragment)).findFirst()
                .orElseThrow(() -> new AssertionError("no line with " + fragment + " in\n" + String.join("\n", lines)));
        Matcher m = ACTUAL.matcher(line);
        assertThat(m.find()).as("measures on %s", line).isTrue();
        return new Op(line, Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)));
    }

    /** Every operator's time is non-negative, its first row no later than its end; the summary lines end it. */
    private static void assertPlausible(List<String> lines) {
        int n = lines.size();
        assertThat(n).isGreaterThanOrEqualTo(4);
        assertThat(lines.get(n - 3)).matches("Store \\(whole statement\\): reads=(\\d+|n/a) range_reads=(\\d+|n/a) "
                + "records=\\d+ index_entries=\\d+ bytes=(\\d+|n/a)");
        assertThat(lines.get(n - 2)).matches("Planning Time: \\d+\\.\\d{3} ms");
        assertThat(lines.get(n - 1)).matches("Execution Time: \\d+\\.\\d{3} ms");
        for (String line : lines.subList(0, n - 3)) {
            Matcher m = ACTUAL.matcher(line);
            if (m.find()) {
                double first = Double.parseDouble(m.group(1));
                double total = Double.parseDouble(m.group(2));
                assertThat(first).as(line).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(total);
                assertThat(Long.parseLong(m.group(4))).as("loops of %s", line).isGreaterThanOrEqualTo(1);
            }
            assertThat(line).doesNotContain("=-");
        }
    }

    private static long count(String sql) {
        try (RowStream rows = ((StatementResult.Query) s.execute(sql, List.of())).rows()) {
            return ((Number) rows.next()[0]).longValue();
        }
    }

    @Test
    void aLookupJoinShowsItsLookupsAndEachSideItsRows() {
        List<String> lines = analyze("EXPLAIN ANALYZE SELECT p.name, t.id FROM projects p JOIN tickets t "
                + "ON t.project_id = p.id WHERE p.id IN (1, 2)");
        Op outer = op(lines, "RecordLayerToEnumerableConverter");
        assertThat(outer.rows()).isEqualTo(2);
        assertThat(lines.get(lines.indexOf(outer.line()) + 1)).contains("PK_IN");
        Op join = op(lines, "RecordLayerLookupJoin");
        assertThat(join.rows()).isEqualTo(16);
        Matcher lookups = LOOKUPS.matcher(join.line());
        assertThat(lookups.find()).isTrue();
        assertThat(lookups.group(1)).as("one lookup per distinct project").isEqualTo("2");
        assertThat(lookups.group(2)).as("both in one batch").isEqualTo("1");
        assertThat(join.indexEntries()).as("the foreign key index's entries of both projects").isEqualTo(16);
        assertThat(join.records()).isEqualTo(16);
        assertThat(join.reads()).isGreaterThanOrEqualTo(2);
        assertThat(join.total()).isGreaterThanOrEqualTo(outer.total());
        assertThat(outer.reads()).isGreaterThan(0);
        assertThat(op(lines, "EnumerableCalc").rows()).isEqualTo(16);
    }

    @Test
    void aHashJoinShowsTheRowsOfBothInputsAndOfTheJoin() {
        // a name is no key of projects: a hash join of two full scans
        List<String> lines = analyze("EXPLAIN ANALYZE SELECT t.id, p.name FROM tickets t JOIN projects p "
                + "ON p.name = 'p' || CAST(t.points AS VARCHAR(2))");
        Op join = op(lines, "Join");
        assertThat(join.line()).doesNotContain("RecordLayerLookupJoin");
        assertThat(join.rows()).isEqualTo(40);
        List<Op> scans = lines.stream().filter(l -> l.contains("RecordLayerToEnumerableConverter"))
                .map(l -> op(List.of(l), l)).toList();
        assertThat(scans).extracting(Op::rows).containsExactlyInAnyOrder(40L, 5L);
        assertThat(scans).extracting(Op::records).containsExactlyInAnyOrder(40L, 5L);
    }

    @Test
    void aFilterPushedIntoAnIndexRangeReadsOnlyItsRows() {
        List<String> lines = analyze("EXPLAIN ANALYZE SELECT id FROM tickets WHERE status = 'open'");
        Op scan = op(lines, "RecordLayerToEnumerableConverter");
        assertThat(String.join("\n", lines)).contains("INDEX_RANGE(index tickets_status").doesNotContain(
                "EnumerableFilter");
        assertThat(scan.rows()).isEqualTo(10);
        assertThat(scan.indexEntries()).isEqualTo(10);
        assertThat(scan.records()).isEqualTo(10);
        assertThat(scan.reads()).isGreaterThan(0);
    }

    @Test
    void aLimitStopsTheScanEarly() {
        List<String> lines = analyze("EXPLAIN ANALYZE SELECT id FROM tickets ORDER BY id LIMIT 3");
        Op scan = op(lines, "RecordLayerToEnumerableConverter");
        assertThat(scan.rows()).isEqualTo(3);
        assertThat(scan.records()).as("records read of the 40").isEqualTo(3);
        assertThat(scan.reads()).isGreaterThan(0);
    }

    @Test
    void aCountIsOneReadOfTheCountIndex() {
        List<String> lines = analyze("EXPLAIN ANALYZE SELECT COUNT(*) FROM tickets");
        Op count = op(lines, "RecordLayerCount");
        assertThat(count.line()).contains("COUNT_INDEX");
        assertThat(count.rows()).isEqualTo(1);
        assertThat(count.records()).as("no record read").isZero();
        assertThat(count.indexEntries()).isEqualTo(1);
        assertThat(count.reads()).isEqualTo(1);
    }

    @Test
    void aPointStatementShowsItsFastPath() {
        List<String> lines = analyze("EXPLAIN ANALYZE SELECT name FROM projects WHERE id = ?", 3L);
        Op fast = op(lines, "FastPath(PK_POINT SELECT projects)");
        assertThat(fast.rows()).isEqualTo(1);
        assertThat(fast.records()).isEqualTo(1);
        assertThat(fast.reads()).isGreaterThan(0);
        assertThat(lines).hasSize(4);
    }

    @Test
    void theParenthesizedOptionsAndAPlainExplain() {
        assertThat(op(analyze("EXPLAIN (ANALYZE) SELECT id FROM tickets WHERE id < 5"),
                "RecordLayerToEnumerableConverter").rows()).isEqualTo(5);
        assertThat(op(analyze("EXPLAIN ( analyze true , format text ) SELECT id FROM tickets WHERE id < 5;"),
                "RecordLayerToEnumerableConverter").rows()).isEqualTo(5);
        List<String> values = analyze("EXPLAIN ANALYSE VALUES (1), (2), (3)");
        assertThat(values.get(0)).contains("rows=3 loops=1");
        assertThat(values.get(values.size() - 3)).contains("reads=0");
        for (String plain : List.of("EXPLAIN (ANALYZE false) SELECT id FROM tickets", "EXPLAIN (FORMAT TEXT) "
                + "SELECT id FROM tickets")) {
            try (RowStream rows = ((StatementResult.Query) s.execute(plain, List.of())).rows()) {
                String plan = (String) rows.next()[0];
                assertThat(plan).contains("RecordLayerTableScan").doesNotContain("actual");
            }
        }
    }

    @Test
    void anUnknownOptionIsASyntaxErrorAtItsPlace() {
        SqlException e = catchThrowableOfType(SqlException.class,
                () -> s.execute("EXPLAIN (ANALYZE, FOO) SELECT 1", List.of()));
        assertThat(e.sqlState()).isEqualTo("42601");
        assertThat(e.getMessage()).contains("unrecognized EXPLAIN option \"foo\"");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(19);
        SqlException json = catchThrowableOfType(SqlException.class,
                () -> s.execute("EXPLAIN (ANALYZE,\n FORMAT JSON) SELECT 1", List.of()));
        assertThat(json.sqlState()).isEqualTo("0A000");
        assertThat(json.line()).isEqualTo(2);
        assertThat(json.column()).isEqualTo(9);
        assertThat(catchThrowableOfType(SqlException.class, () -> s.execute("EXPLAIN (ANALYZE maybe) SELECT 1",
                List.of())).sqlState()).isEqualTo("22023");
        assertThat(catchThrowableOfType(SqlException.class, () -> s.execute("EXPLAIN (ANALYZE SELECT 1",
                List.of())).sqlState()).isEqualTo("42601");
        assertThat(catchThrowableOfType(SqlException.class, () -> s.execute("EXPLAIN ANALYZE", List.of()))
                .sqlState()).isEqualTo("42601");
        assertThat(catchThrowableOfType(SqlException.class, () -> s.execute(
                "EXPLAIN ANALYZE CREATE TABLE x (id BIGINT PRIMARY KEY)", List.of())).sqlState()).isEqualTo("42601");
    }

    @Test
    void anErrorInTheStatementHasItsPlaceInTheWholeText() {
        SqlException e = catchThrowableOfType(SqlException.class,
                () -> s.execute("EXPLAIN ANALYZE SELECT nosuch FROM tickets", List.of()));
        assertThat(e.sqlState()).isEqualTo("42703");
        assertThat(e.line()).isEqualTo(1);
        assertThat(e.column()).isEqualTo(24);
    }

    @Test
    void aDeleteDeletesInAutocommitAndNotAfterRollback() {
        s.execute("CREATE TABLE scratch (id BIGINT PRIMARY KEY, n INTEGER)", List.of());
        s.execute("INSERT INTO scratch VALUES (1, 1), (2, 2), (3, 3), (4, 4)", List.of());
        s.execute("BEGIN", List.of());
        try {
            List<String> inBlock = analyze("EXPLAIN ANALYZE DELETE FROM scratch WHERE n > 2");
            Op modify = op(inBlock, "RecordLayerTableModify");
            assertThat(modify.line()).contains("reads=n/a").contains("records=2");
            assertThat(op(inBlock, "RecordLayerToEnumerableConverter").records()).isEqualTo(4);
            assertThat(count("SELECT COUNT(*) FROM scratch")).as("deleted in the transaction").isEqualTo(2);
        } finally {
            s.execute("ROLLBACK", List.of());
        }
        assertThat(count("SELECT COUNT(*) FROM scratch")).as("rolled back").isEqualTo(4);

        List<String> lines = analyze("EXPLAIN ANALYZE DELETE FROM scratch WHERE n > 2");
        assertThat(op(lines, "RecordLayerTableModify").reads()).isGreaterThan(0);
        assertThat(op(lines, "EnumerableCalc").rows()).isEqualTo(2);
        assertThat(count("SELECT COUNT(*) FROM scratch")).as("committed").isEqualTo(2);
    }

    @Test
    void aCancelStopsIt() {
        String hundred = "(VALUES " + IntStream.rangeClosed(1, 100).mapToObj(Integer::toString)
                .collect(Collectors.joining(", ")) + ")";
        String runaway = "EXPLAIN ANALYZE SELECT SUM(a.x * b.x + c.x - d.x) FROM " + hundred + " AS a(x), " + hundred
                + " AS b(x), " + hundred + " AS c(x), " + hundred + " AS d(x)";
        CompletableFuture<Throwable> ended = CompletableFuture.supplyAsync(() -> catchThrowableOfType(
                SqlException.class, () -> s.execute(runaway, List.of())));
        long start = System.nanoTime();
        // still running, well into its work
        org.awaitility.Awaitility.await().during(java.time.Duration.ofMillis(1500))
                .atMost(java.time.Duration.ofSeconds(10)).until(() -> !ended.isDone());
        s.cancel();
        Throwable t = ended.join();
        s.clearCancel();
        assertThat(t).isInstanceOf(SqlException.class);
        assertThat(((SqlException) t).sqlState()).isEqualTo("57014");
        assertThat((System.nanoTime() - start) / 1_000_000).as("stopped soon after the cancel").isLessThan(5_000);
        assertThat(count("SELECT COUNT(*) FROM projects")).isEqualTo(5);
    }
}
