package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.foreignKey;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.RecordCursor;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.record.RecordCursorResult;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.relationships.AccessPaths.Bound;
import io.relationshiplayer.relationships.RelationalException.Kind;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The access paths a planner uses: point lookups, primary-key ranges (bounds, reverse, limit and continuation across
 * transactions), index scans (equality prefix and a range on the next column, NULLs never in a range), children and
 * parents along foreign keys one at a time and batched, and row counts and estimates.
 */
class AccessPathsTest {
    private static final LocalDate JAN_1 = LocalDate.of(2024, 1, 1);

    private static Backend backend;
    private static RelationshipLayer layer;
    private String db;

    @BeforeAll
    static void open() {
        backend = Backend.open("embedded:memory");
        layer = TicketTracker.layer(backend);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    /**
     * The seed, plus project 50 with tickets 1-10 due Jan 1-10 and 11-13 without a due date, project 60 with tickets
     * 21-25 due Jan 1-5, and labels 1-3 on each of tickets 1-10.
     */
    @BeforeEach
    void seeded() {
        db = TicketTracker.newDatabase(layer, "access");
        TicketTracker.createSchema(layer, db);
        TicketTracker.seed(layer, db);
        layer.run(db, s -> {
            s.insertAll("projects", List.of(row("id", 50L, "name", "p50", "owner_id", 1L),
                    row("id", 60L, "name", "p60", "owner_id", 2L)));
            List<Map<String, Object>> tickets = new ArrayList<>();
            List<Map<String, Object>> labels = new ArrayList<>();
            for (long i = 1; i <= 13; i++) {
                tickets.add(row("id", i, "project_id", 50L, "reporter_id", 1L, "title", "t" + i,
                        "due", i <= 10 ? JAN_1.plusDays(i - 1) : null));
            }
            for (long i = 21; i <= 25; i++) {
                tickets.add(row("id", i, "project_id", 60L, "reporter_id", 2L, "title", "t" + i,
                        "due", JAN_1.plusDays(i - 21)));
            }
            s.insertAll("tickets", tickets);
            for (long i = 1; i <= 10; i++) {
                for (int label = 1; label <= 3; label++) {
                    labels.add(row("ticket_id", i, "label_id", label));
                }
            }
            return s.insertAll("ticket_labels", labels);
        });
    }

    private static Bound incl(Object... values) {
        return new Bound(values, true);
    }

    private static Bound excl(Object... values) {
        return new Bound(values, false);
    }

    /** One page of a cursor: its rows and the continuation to go on from (null at the end). */
    private record Page(List<Row> rows, byte[] continuation) {
    }

    private static Page page(RecordCursor<Row> cursor) {
        List<Row> rows = new ArrayList<>();
        RecordCursorResult<Row> r;
        while ((r = cursor.getNext()).hasNext()) {
            rows.add(r.get());
        }
        return new Page(rows, r.getContinuation().isEnd() ? null : r.getContinuation().toBytes());
    }

    private <T> T read(Function<Session, T> body) {
        return layer.run(db, body);
    }

    private List<Object> ticketIds(BiFunction<Session, Table, RecordCursor<Row>> scan) {
        return read(s -> {
            List<Object> ids = new ArrayList<>();
            for (Row r : scan.apply(s, s.catalog().requireTable("tickets")).asList().join()) {
                ids.add(r.get("id"));
            }
            return ids;
        });
    }

    private List<List<Object>> labelKeys(Bound low, Bound high, boolean reverse) {
        return read(s -> {
            List<List<Object>> out = new ArrayList<>();
            for (Row r : s.access().scanPrimaryKey(s.catalog().requireTable("ticket_labels"), low, high, reverse, null,
                    0).asList().join()) {
                out.add(List.of(r.get("ticket_id"), r.get("label_id")));
            }
            return out;
        });
    }

    /** Reads every page of a scan, each page in a transaction of its own; returns the pages' ids. */
    private List<List<Object>> pages(String table, Function<byte[], Function<Session, RecordCursor<Row>>> scan) {
        List<List<Object>> pages = new ArrayList<>();
        byte[] continuation = null;
        do {
            byte[] from = continuation;
            Page p = read(s -> page(scan.apply(from).apply(s)));
            List<Object> ids = new ArrayList<>();
            p.rows().forEach(r -> ids.add(r.get(0)));
            pages.add(ids);
            continuation = p.continuation();
            assertThat(pages.size()).as("pages of " + table).isLessThan(100);
        } while (continuation != null);
        if (pages.size() > 1 && pages.get(pages.size() - 1).isEmpty()) {
            pages.remove(pages.size() - 1);
        }
        return pages;
    }

    @Test
    void pointLookups() {
        Row t5 = read(s -> s.access().lookup(s.catalog().requireTable("tickets"), key(5L)).join());
        assertThat(t5.get("title")).isEqualTo("t5");
        assertThat(t5.get("due")).isEqualTo(JAN_1.plusDays(4));
        assertThat(t5.primaryKey()).containsExactly(5L);
        assertThat(TicketTracker.lookup(layer, db, "tickets", 999L)).isNull();
        assertThat(TicketTracker.lookup(layer, db, "ticket_labels", 3L, 2)).isNotNull();
        assertThat(TicketTracker.lookup(layer, db, "ticket_labels", 3L, 4)).isNull();
        // The same key in another table is another row: ticket 5 is not a comment.
        assertThat(TicketTracker.lookup(layer, db, "comments", 5L)).isNull();
        assertThat(refused(() -> read(s -> s.lookup("ticket_labels", key(3L)))).kind()).isEqualTo(Kind.INVALID);
    }

    /**
     * A parent check reads one key, the one the row's record is stored at (so a concurrent delete of the row, which
     * clears it, conflicts with the check); the Record Layer's range read answers only when that key is absent.
     */
    @Test
    void existenceChecksReadTheKeyTheRecordIsStoredAt() {
        layer.run(db, s -> {
            Table tickets = s.catalog().requireTable("tickets");
            Tuple primaryKey = new RowCodec(s.store()).primaryKey(tickets, key(5L));
            byte[] checked = AccessPaths.unsplitRecordKey(s.store(), primaryKey);
            List<byte[]> stored = new ArrayList<>();
            Range record = TupleRange.allOf(primaryKey).toRange(s.store().recordsSubspace());
            s.store().ensureContextActive().getRange(record).asList().join().forEach(kv -> stored.add(kv.getKey()));
            assertThat(stored).hasSize(1);
            assertThat(checked).isEqualTo(stored.get(0));
            // The parent checks' own packing (the records subspace's key packed once per store) names the same key,
            // twice in a row.
            assertThat(s.access().unsplitRecordKey(primaryKey)).isEqualTo(stored.get(0));
            assertThat(s.access().unsplitRecordKey(primaryKey)).isEqualTo(stored.get(0));
            assertThat(s.access().exists(tickets, key(5L)).join()).isTrue();
            assertThat(s.access().exists(tickets, key(999L)).join()).isFalse();
            // Ticket 5's key in another table is no row of it.
            assertThat(s.access().exists(s.catalog().requireTable("comments"), key(5L)).join()).isFalse();
            return null;
        });
    }

    /** A statement's parent reads go in about their keys' order, each key once, however the rows order them. */
    @Test
    void manyExistenceChecksReadInKeyOrder() {
        java.util.Random random = new java.util.Random(7);
        byte[][] keys = new byte[300][];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = Tuple.from("records", 12L, random.nextInt(1 << 20), 0L).pack();
        }
        int[] order = AccessPaths.readOrder(keys);
        assertThat(order).hasSize(keys.length);
        assertThat(java.util.Arrays.stream(order).distinct().count()).isEqualTo(keys.length);
        for (int i = 1; i < order.length; i++) {
            assertThat(java.util.Arrays.compareUnsigned(keys[order[i - 1]], keys[order[i]])).as("at " + i)
                    .isLessThanOrEqualTo(0);
        }
        layer.run(db, s -> {
            Table tickets = s.catalog().requireTable("tickets");
            List<Boolean> found = s.access().existAll(tickets, List.of(key(9L), key(999L), key(2L), key(5L)))
                    .stream().map(java.util.concurrent.CompletableFuture::join).toList();
            assertThat(found).containsExactly(true, false, true, true);
            return null;
        });
    }

    @Test
    void primaryKeyRanges() {
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, incl(5L), excl(10L), false, null, 0)))
                .containsExactly(5L, 6L, 7L, 8L, 9L);
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, excl(5L), incl(10L), false, null, 0)))
                .containsExactly(6L, 7L, 8L, 9L, 10L);
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, incl(100L), null, false, null, 0)))
                .containsExactly(100L, 101L, 102L, 103L, 200L);
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, null, excl(3L), false, null, 0)))
                .containsExactly(1L, 2L);
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, incl(5L), excl(10L), true, null, 0)))
                .containsExactly(9L, 8L, 7L, 6L, 5L);
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, excl(200L), null, false, null, 0))).isEmpty();
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, incl(14L), excl(21L), false, null, 0)))
                .isEmpty();
        assertThat(ticketIds((s, t) -> s.access().scanPrimaryKey(t, null, null, false, null, 3)))
                .containsExactly(1L, 2L, 3L);

        // Prefixes of a composite key: bounds on ticket_id take every label_id under it.
        assertThat(labelKeys(incl(3L), incl(4L), false)).containsExactly(List.of(3L, 1), List.of(3L, 2),
                List.of(3L, 3), List.of(4L, 1), List.of(4L, 2), List.of(4L, 3));
        assertThat(labelKeys(excl(3L), excl(5L), false)).containsExactly(List.of(4L, 1), List.of(4L, 2),
                List.of(4L, 3));
        assertThat(labelKeys(incl(3L, 2), excl(4L, 2), false)).containsExactly(List.of(3L, 2), List.of(3L, 3),
                List.of(4L, 1));
        assertThat(labelKeys(excl(3L, 2), incl(4L, 2), true)).containsExactly(List.of(4L, 2), List.of(4L, 1),
                List.of(3L, 3));
        assertThat(labelKeys(incl(103L), null, false)).containsExactly(List.of(103L, 1), List.of(103L, 3),
                List.of(200L, 2));
    }

    @Test
    void primaryKeyScansPageWithLimitAndContinuation() {
        List<Object> all = ticketIds((s, t) -> s.access().scanPrimaryKey(t, null, null, false, null, 0));
        assertThat(all).hasSize(23);
        List<List<Object>> forward = pages("tickets", c -> s -> s.access().scanPrimaryKey(
                s.catalog().requireTable("tickets"), null, null, false, c, 4));
        assertThat(forward).hasSize(6);
        assertThat(forward.subList(0, 5)).allSatisfy(p -> assertThat(p).hasSize(4));
        assertThat(forward.stream().flatMap(List::stream).toList()).isEqualTo(all);

        List<List<Object>> backward = pages("tickets", c -> s -> s.access().scanPrimaryKey(
                s.catalog().requireTable("tickets"), null, null, true, c, 5));
        List<Object> reversed = new ArrayList<>(all);
        java.util.Collections.reverse(reversed);
        assertThat(backward.stream().flatMap(List::stream).toList()).isEqualTo(reversed);
        assertThat(backward.get(0)).containsExactly(200L, 103L, 102L, 101L, 100L);

        List<List<Object>> bounded = pages("tickets", c -> s -> s.access().scanPrimaryKey(
                s.catalog().requireTable("tickets"), excl(2L), incl(12L), false, c, 3));
        assertThat(bounded).containsExactly(List.of(3L, 4L, 5L), List.of(6L, 7L, 8L), List.of(9L, 10L, 11L),
                List.of(12L));
    }

    private List<Object> dueScan(Object[] equal, Bound low, Bound high, boolean reverse) {
        return ticketIds((s, t) -> s.access().scanIndex(t, "tickets_project_due_idx", equal, low, high, reverse,
                null, 0));
    }

    @Test
    void indexScansTakeAnEqualityPrefixAndARangeWithoutNulls() {
        Object[] p50 = {50L};
        assertThat(dueScan(p50, null, null, false)).as("the whole prefix, NULLs first")
                .containsExactly(11L, 12L, 13L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        assertThat(dueScan(p50, incl(JAN_1.plusDays(2)), excl(JAN_1.plusDays(5)), false))
                .containsExactly(3L, 4L, 5L);
        assertThat(dueScan(p50, excl(JAN_1.plusDays(2)), incl(JAN_1.plusDays(5)), false))
                .containsExactly(4L, 5L, 6L);
        assertThat(dueScan(p50, null, incl(JAN_1.plusDays(3)), false)).as("due <= Jan 4: no NULLs")
                .containsExactly(1L, 2L, 3L, 4L);
        assertThat(dueScan(p50, null, excl(JAN_1), false)).as("due < Jan 1").isEmpty();
        assertThat(dueScan(p50, excl(JAN_1.plusDays(7)), null, false)).containsExactly(9L, 10L);
        assertThat(dueScan(p50, incl(JAN_1.plusDays(2)), excl(JAN_1.plusDays(5)), true))
                .containsExactly(5L, 4L, 3L);
        assertThat(dueScan(p50, null, incl(JAN_1.plusDays(3)), true)).as("reverse, no NULLs")
                .containsExactly(4L, 3L, 2L, 1L);
        assertThat(dueScan(new Object[] {50L, JAN_1.plusDays(1)}, null, null, false)).containsExactly(2L);
        assertThat(dueScan(new Object[] {60L}, incl(JAN_1.plusDays(3)), null, false)).containsExactly(24L, 25L);
        assertThat(dueScan(new Object[] {70L}, null, null, false)).isEmpty();
        // Ranges on the first column, without an equality prefix.
        assertThat(dueScan(new Object[0], incl(55L), incl(60L), false)).containsExactly(21L, 22L, 23L, 24L, 25L);

        List<List<Object>> paged = pages("tickets", c -> s -> s.access().scanIndex(
                s.catalog().requireTable("tickets"), "tickets_project_due_idx", new Object[] {50L},
                incl(JAN_1.plusDays(1)), null, false, c, 4));
        assertThat(paged).containsExactly(List.of(2L, 3L, 4L, 5L), List.of(6L, 7L, 8L, 9L), List.of(10L));

        // A unique constraint scans like an index.
        Row bob = read(s -> s.access().scanIndex(s.catalog().requireTable("users"), "users_email_key",
                new Object[] {"bob@example.com"}, null, null, false, null, 0).asList().join()).get(0);
        assertThat(bob.get("id")).isEqualTo(2L);
        assertThat(refused(() -> read(s -> s.access().scanIndex(s.catalog().requireTable("tickets"), "no_such_idx",
                new Object[0], null, null, false, null, 0))).kind()).isEqualTo(Kind.UNDEFINED_OBJECT);
    }

    @Test
    void childrenAndParentsAlongForeignKeys() {
        read(s -> {
            Table tickets = s.catalog().requireTable("tickets");
            Table labels = s.catalog().requireTable("ticket_labels");
            AccessPaths a = s.access();
            var project = foreignKey(tickets, "tickets_project_fkey");
            // in the order of the index the foreign key reads, tickets_project_due_idx (project_id, due), which
            // begins with its column: NULL due first, then by due; within a due, by primary key
            assertThat(a.childrenOf(tickets, project, key(50L), 0).join()).extracting(r -> r.get("id"))
                    .containsExactly(11L, 12L, 13L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
            assertThat(a.childrenOf(tickets, project, key(50L), 5).join()).hasSize(5);
            assertThat(a.childrenOf(tickets, project, key(999L), 0).join()).isEmpty();
            List<List<Row>> many = a.childrenOfMany(tickets, project, List.of(key(60L), key(999L), key(10L),
                    key(50L))).join();
            assertThat(many).extracting(List::size).containsExactly(5, 0, 4, 13);
            assertThat(many.get(2)).extracting(r -> r.get("id")).containsExactly(100L, 101L, 102L, 103L);
            assertThat(a.childrenOf(tickets, foreignKey(tickets, "tickets_parent_fkey"), key(100L), 0).join())
                    .extracting(r -> r.get("id")).containsExactly(101L, 102L);
            assertThat(a.childrenOf(labels, foreignKey(labels, "ticket_labels_label_fkey"), key(3), 0).join())
                    .extracting(r -> List.of(r.get("ticket_id"), r.get("label_id")))
                    .containsExactly(List.of(1L, 3), List.of(2L, 3), List.of(3L, 3), List.of(4L, 3), List.of(5L, 3),
                            List.of(6L, 3), List.of(7L, 3), List.of(8L, 3), List.of(9L, 3), List.of(10L, 3),
                            List.of(103L, 3));

            Row t101 = s.lookup("tickets", key(101L));
            Row t102 = s.lookup("tickets", key(102L));
            Row t100 = s.lookup("tickets", key(100L));
            assertThat(a.parentOf(tickets, foreignKey(tickets, "tickets_reporter_fkey"), t101).join().get("email"))
                    .isEqualTo("bob@example.com");
            assertThat(a.parentOf(tickets, foreignKey(tickets, "tickets_assignee_fkey"), t102).join())
                    .as("NULL assignee").isNull();
            assertThat(a.parentOf(tickets, foreignKey(tickets, "tickets_parent_fkey"), t101).join())
                    .isEqualTo(t100);
            List<Row> assignees = a.parentsOfMany(tickets, foreignKey(tickets, "tickets_assignee_fkey"),
                    List.of(t100, t101, t102)).join();
            assertThat(assignees).extracting(r -> r == null ? null : r.get("id")).containsExactly(3L, 5L, null);
            Row label = s.lookup("ticket_labels", key(7L, 2));
            assertThat(a.parentOf(labels, foreignKey(labels, "ticket_labels_label_fkey"), label).join().get("name"))
                    .isEqualTo("feature");

            Row erin = a.findByKey(s.catalog().requireTable("users"), List.of("email"),
                    new Object[] {"erin@example.com"}).join();
            assertThat(erin.get("id")).isEqualTo(5L);
            assertThat(a.findByKey(s.catalog().requireTable("users"), List.of("email"),
                    new Object[] {"nobody@example.com"}).join()).isNull();
            assertThat(refused(() -> a.findByKey(tickets, List.of("title"), new Object[] {"t1"})).kind())
                    .isEqualTo(Kind.INVALID);
            return null;
        });
    }

    @Test
    void rowCountsAreExactAndEstimatesGrowWithTheData() {
        layer.run(db, s -> s.insert("projects", row("id", 70L, "name", "p70", "owner_id", 1L)));
        long base = read(s -> s.access().rowCount(s.catalog().requireTable("tickets")));
        assertThat(base).isEqualTo(23L);
        long p60 = read(s -> s.access().estimateRows(s.catalog().requireTable("tickets"), "tickets_project_due_idx",
                key(60L)));
        assertThat(p60).isBetween(1L, 20L);
        long p70 = read(s -> s.access().estimateRows(s.catalog().requireTable("tickets"), "tickets_project_due_idx",
                key(70L)));
        assertThat(p70).isZero();

        long previous = 0;
        long inserted = 0;
        long nextId = 10_000;
        for (int round : new int[] {40, 120, 240}) {
            long first = nextId;
            layer.run(db, s -> {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (long i = first; i < first + round; i++) {
                    rows.add(row("id", i, "project_id", 70L, "reporter_id", 1L, "title", "bulk",
                            "due", JAN_1.plusDays(i % 30)));
                }
                return s.insertAll("tickets", rows);
            });
            nextId += round;
            inserted += round;
            long count = read(s -> s.access().rowCount(s.catalog().requireTable("tickets")));
            assertThat(count).isEqualTo(base + inserted);
            long all = read(s -> s.access().estimateRows(s.catalog().requireTable("tickets"),
                    "tickets_project_due_idx", new Object[0]));
            assertThat(all).as("no prefix: every row").isEqualTo(count);
            long estimate = read(s -> s.access().estimateRows(s.catalog().requireTable("tickets"),
                    "tickets_project_due_idx", key(70L)));
            assertThat(estimate).as("estimate after " + inserted + " rows").isGreaterThanOrEqualTo(previous)
                    .isBetween(inserted / 2, inserted * 2);
            previous = estimate;
        }
        assertThat(previous).isGreaterThan(p60);

        layer.run(db, s -> s.delete("projects", key(70L)));
        assertThat(TicketTracker.rowCount(layer, db, "tickets")).isEqualTo(base);
    }
}
