package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.assertViolation;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.relationships.RelationalException.Kind;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every kind of constraint violation is refused with its kind and the constraint's name, and a refused statement
 * leaves every table as it was.
 */
class ConstraintViolationTest {
    private static Backend backend;
    private static RelationshipLayer layer;
    private String db;
    private Map<String, List<Row>> before;
    private SoftAssertions soft;

    @BeforeAll
    static void open() {
        backend = Backend.open("embedded:memory");
        layer = TicketTracker.layer(backend);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @BeforeEach
    void seeded() {
        db = TicketTracker.newDatabase(layer, "violations");
        TicketTracker.createSchema(layer, db);
        TicketTracker.seed(layer, db);
        before = TicketTracker.snapshot(layer, db);
    }

    /** Runs {@code statement} in a transaction of its own; it must be refused, and nothing of it stored. */
    private RelationalException refusedStatement(Function<Session, ?> statement) {
        RelationalException e = refused(() -> layer.run(db, statement));
        assertThat(TicketTracker.snapshot(layer, db)).as("every table after: " + e.getMessage()).isEqualTo(before);
        return e;
    }

    private static Map<String, Object> ticket(long id, Object... more) {
        Map<String, Object> m = row("id", id, "project_id", 10L, "reporter_id", 1L, "title", "t" + id);
        m.putAll(row(more));
        return m;
    }

    @Test
    void notNullColumnsRefuseNull() {
        Map<String, Object> noTitle = ticket(500);
        noTitle.remove("title");
        assertViolation(refusedStatement(s -> s.insert("tickets", noTitle)), Kind.NOT_NULL_VIOLATION,
                "tickets.title");
        // An explicit NULL is not the DEFAULT: status DEFAULT 'open' NOT NULL refuses it.
        assertViolation(refusedStatement(s -> s.insert("tickets", ticket(500, "status", null))),
                Kind.NOT_NULL_VIOLATION, "tickets.status");
        assertViolation(refusedStatement(s -> s.update("tickets", key(100L), row("title", null))),
                Kind.NOT_NULL_VIOLATION, "tickets.title");
        // A batch whose last row is bad stores none of its rows.
        assertViolation(refusedStatement(s -> s.insertAll("tickets", List.of(ticket(500), ticket(501),
                ticket(502, "reporter_id", null)))), Kind.NOT_NULL_VIOLATION, "tickets.reporter_id");

        layer.run(db, s -> s.insert("tickets", ticket(500)));
        assertThat(TicketTracker.lookup(layer, db, "tickets", 500L).get("status")).isEqualTo("open");
    }

    @Test
    void valuesThatDoNotFitTheirColumnAreDataErrors() {
        List<Map<String, Object>> bad = List.of(
                ticket(500, "priority", "high"),                          // type mismatch: INTEGER
                ticket(501, "estimate", "fast"),                          // type mismatch: DOUBLE
                ticket(502, "archived", 1),                               // type mismatch: BOOLEAN
                ticket(503, "title", 42L),                                // type mismatch: VARCHAR
                ticket(504, "priority", 1L << 40),                        // INTEGER out of range
                ticket(505, "title", "x".repeat(81)),                     // VARCHAR(80) too long
                ticket(506, "cost", new BigDecimal("123456789.00")),      // DECIMAL(10,2) overflow
                ticket(507, "cost", new BigDecimal("99999999.995")),      // rounds up into overflow
                ticket(508, "due", "2024-02-30"),                         // not a date
                ticket(509, "created_at", "yesterday"));                  // not a timestamp
        List<String> columns = List.of("priority", "estimate", "archived", "title", "priority", "title", "cost",
                "cost", "due", "created_at");
        for (int i = 0; i < bad.size(); i++) {
            Map<String, Object> r = bad.get(i);
            RelationalException e = refusedStatement(s -> s.insert("tickets", r));
            assertThat(e.kind()).as(r + ": " + e.getMessage()).isEqualTo(Kind.DATA);
            assertThat(e.getMessage()).as(r.toString()).contains(columns.get(i));
        }
        RelationalException avatar = refusedStatement(s -> s.update("users", key(1L), row("avatar", new byte[17])));
        assertThat(avatar.kind()).isEqualTo(Kind.DATA);
        assertThat(avatar.getMessage()).contains("avatar");
        RelationalException keyType = refusedStatement(s -> s.insert("users", row("id", true, "email", "k@x")));
        assertThat(keyType.kind()).isEqualTo(Kind.DATA);

        // The largest values that fit are accepted.
        layer.run(db, s -> s.insert("tickets", ticket(510, "title", "x".repeat(80),
                "cost", new BigDecimal("99999999.99"), "priority", Integer.MAX_VALUE)));
    }

    @Test
    void duplicatePrimaryKeysNameThePrimaryKey() {
        assertViolation(refusedStatement(s -> s.insert("users", row("id", 1L, "email", "alice2@example.com"))),
                Kind.UNIQUE_VIOLATION, "users_pkey");
        assertViolation(refusedStatement(s -> s.insert("ticket_labels", row("ticket_id", 103L, "label_id", 3))),
                Kind.UNIQUE_VIOLATION, "ticket_labels_pkey");
        // Two rows of one statement with one key.
        assertViolation(refusedStatement(s -> s.insertAll("users", List.of(
                row("id", 7L, "email", "g@example.com"), row("id", 7L, "email", "h@example.com")))),
                Kind.UNIQUE_VIOLATION, "users_pkey");
        // A new row and an existing key in one batch: none of it stored.
        assertViolation(refusedStatement(s -> s.insertAll("users", List.of(
                row("id", 8L, "email", "i@example.com"), row("id", 2L, "email", "j@example.com")))),
                Kind.UNIQUE_VIOLATION, "users_pkey");
        // Changing a key to one that exists (labels are referenced ON UPDATE CASCADE, so the update is allowed).
        assertViolation(refusedStatement(s -> s.update("labels", key(3), row("id", 1))), Kind.UNIQUE_VIOLATION,
                "labels_pkey");
    }

    @Test
    void uniqueConstraintsRefuseDuplicatesButNotNulls() {
        assertViolation(refusedStatement(s -> s.insert("users", row("id", 6L, "email", "bob@example.com"))),
                Kind.UNIQUE_VIOLATION, "users_email_key");
        assertViolation(refusedStatement(s -> s.insert("users", row("id", 6L, "email", "f@example.com",
                "handle", "erin"))), Kind.UNIQUE_VIOLATION, "users_handle_key");
        assertViolation(refusedStatement(s -> s.update("users", key(3L), row("email", "alice@example.com"))),
                Kind.UNIQUE_VIOLATION, "users_email_key");
        assertViolation(refusedStatement(s -> s.insertAll("labels", List.of(row("id", 7, "name", "docs"),
                row("id", 8, "name", "docs")))), Kind.UNIQUE_VIOLATION, "labels_name_key");
        RelationalException e = refusedStatement(s -> s.insert("labels", row("id", 9, "name", "bug")));
        assertViolation(e, Kind.UNIQUE_VIOLATION, "labels_name_key");
        assertThat(e.getMessage()).isEqualTo("duplicate key value violates unique constraint \"labels_name_key\"");
        assertThat(e.detail()).isEqualTo("Key (name)=(bug) already exists."); // PostgreSQL's DETAIL

        // NULLs never collide: carol and dave have none already, two more in one batch are fine too.
        layer.run(db, s -> s.insertAll("users", List.of(row("id", 6L, "email", "f@example.com", "handle", null),
                row("id", 7L, "email", "g@example.com"))));
        // A row keeps its own unique value when it is updated.
        layer.run(db, s -> s.update("users", key(2L), row("email", "bob@example.com", "handle", "bob")));
        // A value freed in the same transaction may be taken.
        layer.run(db, s -> {
            s.update("users", key(1L), row("handle", "alice_old"));
            return s.update("users", key(2L), row("handle", "alice"));
        });
        assertThat(TicketTracker.lookup(layer, db, "users", 2L).get("handle")).isEqualTo("alice");
    }

    @Test
    void foreignKeysNeedTheirParentUnlessAColumnIsNull() {
        assertViolation(refusedStatement(s -> s.insert("tickets", ticket(500, "project_id", 99L))),
                Kind.FOREIGN_KEY_VIOLATION, "tickets_project_fkey");
        assertViolation(refusedStatement(s -> s.insert("tickets", ticket(500, "assignee_id", 99L))),
                Kind.FOREIGN_KEY_VIOLATION, "tickets_assignee_fkey");
        assertViolation(refusedStatement(s -> s.insert("tickets", ticket(500, "parent_ticket_id", 999L))),
                Kind.FOREIGN_KEY_VIOLATION, "tickets_parent_fkey");
        assertViolation(refusedStatement(s -> s.insert("ticket_labels", row("ticket_id", 100L, "label_id", 99))),
                Kind.FOREIGN_KEY_VIOLATION, "ticket_labels_label_fkey");
        assertViolation(refusedStatement(s -> s.insert("comments", row("id", 2000L, "ticket_id", 100L,
                "author_id", 99L))), Kind.FOREIGN_KEY_VIOLATION, "comments_author_fkey");
        assertViolation(refusedStatement(s -> s.update("tickets", key(200L), row("assignee_id", 99L))),
                Kind.FOREIGN_KEY_VIOLATION, "tickets_assignee_fkey");
        // Batch: one bad row among good ones refuses them all.
        RelationalException e = refusedStatement(s -> s.insertAll("tickets", List.of(ticket(500), ticket(501),
                ticket(502, "project_id", 77L), ticket(503))));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "tickets_project_fkey");
        assertThat(e.getMessage()).isEqualTo("insert or update on table \"tickets\" violates foreign key constraint "
                + "\"tickets_project_fkey\"");
        assertThat(e.detail()).contains("77");

        // MATCH SIMPLE: a NULL referencing column skips the check.
        layer.run(db, s -> s.insert("tickets", ticket(500, "assignee_id", null, "parent_ticket_id", null)));
        layer.run(db, s -> s.update("tickets", key(200L), row("assignee_id", null)));
        assertThat(TicketTracker.lookup(layer, db, "tickets", 200L).get("assignee_id")).isNull();
    }

    /**
     * A statement's parent checks are judged in row order, each row's foreign keys in their order, whatever order the
     * lookups end in: the violation reported is the first row's, as PostgreSQL's row-by-row triggers report it. Rows
     * that share a parent share its lookup, and a missing parent is reported with the first row that references it.
     */
    @Test
    void aBatchReportsTheFirstRowsMissingParent() {
        // Row 501 misses a user (the third foreign key), row 502 a project (the first): 501's is reported.
        RelationalException e = refusedStatement(s -> s.insertAll("tickets", List.of(ticket(500),
                ticket(501, "assignee_id", 99L), ticket(502, "project_id", 77L), ticket(503))));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "tickets_assignee_fkey");
        assertThat(e.detail()).contains("(assignee_id)=(99)").doesNotContain("77");
        // The same foreign key's parents are read in key order, 97 before 99: still the first row's is reported.
        e = refusedStatement(s -> s.insertAll("tickets", List.of(ticket(500, "assignee_id", 99L),
                ticket(501, "assignee_id", 97L))));
        assertThat(e.detail()).contains("(assignee_id)=(99)").doesNotContain("97");
        // One row missing two parents: its first foreign key's.
        e = refusedStatement(s -> s.insertAll("tickets", List.of(ticket(500),
                ticket(501, "project_id", 77L, "assignee_id", 99L))));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "tickets_project_fkey");
        assertThat(e.detail()).contains("(project_id)=(77)");
        // The same missing user through two foreign keys: row 500's assignee, though row 501's reporter is the
        // earlier foreign key.
        e = refusedStatement(s -> s.insertAll("tickets", List.of(ticket(500, "assignee_id", 98L),
                ticket(501, "reporter_id", 98L, "assignee_id", 98L))));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "tickets_assignee_fkey");
        // A row with a NULL reference between rows with good ones: skipped, and the batch goes in.
        layer.run(db, s -> s.insertAll("tickets", List.of(ticket(510, "assignee_id", 2L),
                ticket(511, "assignee_id", null), ticket(512, "assignee_id", 2L))));
        assertThat(TicketTracker.lookup(layer, db, "tickets", 511L).get("assignee_id")).isNull();
        assertThat(TicketTracker.lookup(layer, db, "tickets", 512L).get("assignee_id")).isEqualTo(2L);
    }

    @Test
    void aStatementMayReferenceRowsItInsertsItself() {
        // SQL checks a statement's foreign keys against its result: a parent and its child in one INSERT, and a row
        // that references itself, are valid.
        layer.run(db, s -> s.insertAll("tickets", List.of(ticket(600), ticket(601, "parent_ticket_id", 600L))));
        assertThat(TicketTracker.lookup(layer, db, "tickets", 601L).get("parent_ticket_id")).isEqualTo(600L);
        layer.run(db, s -> s.insert("tickets", ticket(602, "parent_ticket_id", 602L)));
        assertThat(TicketTracker.lookup(layer, db, "tickets", 602L).get("parent_ticket_id")).isEqualTo(602L);
    }

    /** frank (6) only reports ticket 400: RESTRICT is the one constraint his row is held by. */
    private void addFrank() {
        layer.run(db, s -> {
            s.insert("users", row("id", 6L, "email", "frank@example.com"));
            return s.insert("tickets", ticket(400, "project_id", 20L, "reporter_id", 6L));
        });
        before = TicketTracker.snapshot(layer, db);
    }

    @Test
    void restrictAndNoActionRefuseDeletingAReferencedRow() {
        addFrank();
        assertViolation(refusedStatement(s -> s.delete("users", key(6L))), Kind.FOREIGN_KEY_VIOLATION,
                "tickets_reporter_fkey");
        // alice reports tickets (RESTRICT) and owns project 10 (NO ACTION): either may be reported.
        RelationalException alice = refusedStatement(s -> s.delete("users", key(1L)));
        assertThat(alice.kind()).isEqualTo(Kind.FOREIGN_KEY_VIOLATION);
        assertThat(alice.constraint()).isIn("tickets_reporter_fkey", "projects_owner_fkey");
        // dave only owns project 30: NO ACTION.
        RelationalException noAction = refusedStatement(s -> s.delete("users", key(4L)));
        assertViolation(noAction, Kind.FOREIGN_KEY_VIOLATION, "projects_owner_fkey");
        assertThat(noAction.getMessage()).contains("projects");
        // A billed ticket cannot go (RESTRICT from billing_entries).
        layer.run(db, s -> s.insert("billing_entries", row("id", 1L, "ticket_id", 200L, "amount", "10.00")));
        before = TicketTracker.snapshot(layer, db);
        assertViolation(refusedStatement(s -> s.delete("tickets", key(200L))), Kind.FOREIGN_KEY_VIOLATION,
                "billing_entries_ticket_fkey");
        // Once nothing references it, the row goes.
        layer.run(db, s -> s.delete("projects", key(30L)));
        assertThat(TicketTracker.delete(layer, db, "users", 4L)).isTrue();
        assertThat(TicketTracker.lookup(layer, db, "users", 4L)).isNull();
    }

    @Test
    void restrictAndNoActionRefuseChangingAReferencedKey() {
        addFrank();
        // frank reports ticket 400: ON UPDATE RESTRICT.
        assertViolation(refusedStatement(s -> s.update("users", key(6L), row("id", 66L))),
                Kind.FOREIGN_KEY_VIOLATION, "tickets_reporter_fkey");
        // dave owns project 30: ON UPDATE NO ACTION.
        assertViolation(refusedStatement(s -> s.update("users", key(4L), row("id", 44L))),
                Kind.FOREIGN_KEY_VIOLATION, "projects_owner_fkey");
        // Ticket 101 has a child ticket, a comment and a label, all ON UPDATE NO ACTION.
        RelationalException ticket = refusedStatement(s -> s.update("tickets", key(101L), row("id", 111L)));
        assertThat(ticket.kind()).isEqualTo(Kind.FOREIGN_KEY_VIOLATION);
        assertThat(ticket.constraint()).isIn("tickets_parent_fkey", "comments_ticket_fkey",
                "ticket_labels_ticket_fkey");
        // Changing other columns of a referenced row is fine, and so is changing an unreferenced key.
        layer.run(db, s -> s.update("users", key(4L), row("email", "david@example.com")));
        layer.run(db, s -> s.update("tickets", key(102L), row("id", 112L)));
        assertThat(TicketTracker.lookup(layer, db, "tickets", 112L).get("title")).isEqualTo("set null");
        assertThat(TicketTracker.lookup(layer, db, "tickets", 102L)).isNull();
    }

    @Test
    void aRefusedStatementInsideATransactionNeverStoresAnyPartOfIt() {
        // A caller may catch a refused statement and go on; whatever it does next, no part of the refused statement
        // may be committed (either the statement left the transaction as it was, or the transaction cannot commit).
        soft = new SoftAssertions();
        assertNoPartStored(s -> s.insertAll("users", List.of(row("id", 8L, "email", "i@example.com"),
                row("id", 9L, "email", "j@example.com"), row("id", 1L, "email", "k@example.com"))));
        assertNoPartStored(s -> s.insertAll("tickets", List.of(ticket(500), ticket(501, "project_id", 99L))));
        // The cascade deletes tickets 100-103 before it meets the billing entry of ticket 103.
        layer.run(db, s -> s.insert("billing_entries", row("id", 1L, "ticket_id", 103L, "amount", "5.00")));
        before = TicketTracker.snapshot(layer, db);
        assertNoPartStored(s -> s.delete("projects", key(10L)));
        // Without the ghost, deleting erin removes her row and sets her tickets' assignee NULL before SET DEFAULT on
        // her comments finds no author 0.
        layer.run(db, s -> s.delete("users", key(0L)));
        before = TicketTracker.snapshot(layer, db);
        assertNoPartStored(s -> s.delete("users", key(5L)));
        soft.assertAll();
    }

    private void assertNoPartStored(Function<Session, ?> statement) {
        RelationalException[] refusal = new RelationalException[1];
        Throwable commit = catchThrowable(() -> layer.run(db, s -> {
            try {
                statement.apply(s);
            } catch (RelationalException e) {
                refusal[0] = e;
            }
            return null;
        }));
        assertThat(refusal[0]).as("the statement is refused").isNotNull();
        if (commit == null) {
            Map<String, List<Row>> after = TicketTracker.snapshot(layer, db);
            for (String table : before.keySet()) {
                soft.assertThat(after.get(table)).as(table + " committed after the refusal of: "
                        + refusal[0].getMessage()).isEqualTo(before.get(table));
            }
            before = after;
        }
    }
}
