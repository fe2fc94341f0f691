package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.assertViolation;
import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.foreignKey;
import static io.relationshiplayer.relationships.TicketTracker.ids;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.lookup;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.relationships.RelationalException.Kind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Referential actions: cascades several levels deep and along self-references, SET NULL and SET DEFAULT, ON UPDATE
 * CASCADE rewriting children's keys, cycles that terminate, and failures in the middle of a cascade that leave every
 * table as it was.
 */
class ReferentialActionTest {
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

    @BeforeEach
    void seeded() {
        db = TicketTracker.newDatabase(layer, "actions");
        TicketTracker.createSchema(layer, db);
        TicketTracker.seed(layer, db);
    }

    private List<List<Object>> labelKeys() {
        List<List<Object>> out = new ArrayList<>();
        for (Row r : layer.run(db, s -> s.scanAll("ticket_labels"))) {
            out.add(List.of(r.get("ticket_id"), r.get("label_id")));
        }
        return out;
    }

    @Test
    void deletingAProjectCascadesToTicketsCommentsAndLabels() {
        assertThat(TicketTracker.delete(layer, db, "projects", 10L)).isTrue();

        assertThat(ids(layer, db, "projects")).containsExactly(20L, 30L);
        assertThat(ids(layer, db, "tickets")).containsExactly(200L);
        assertThat(ids(layer, db, "comments")).containsExactly(1003L);
        assertThat(labelKeys()).containsExactly(List.of(200L, 2));
        assertThat(ids(layer, db, "users")).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(ids(layer, db, "labels")).containsExactly(1, 2, 3);
        assertThat(TicketTracker.rowCount(layer, db, "tickets")).isEqualTo(1L);
    }

    @Test
    void deletingATicketCascadesDownItsTree() {
        assertThat(TicketTracker.delete(layer, db, "tickets", 101L)).isTrue();
        assertThat(ids(layer, db, "tickets")).containsExactly(100L, 102L, 200L);
        assertThat(ids(layer, db, "comments")).containsExactly(1000L, 1003L);
        assertThat(labelKeys()).containsExactly(List.of(100L, 1), List.of(200L, 2));

        assertThat(TicketTracker.delete(layer, db, "tickets", 100L)).isTrue();
        assertThat(ids(layer, db, "tickets")).containsExactly(200L);
        assertThat(ids(layer, db, "projects")).containsExactly(10L, 20L, 30L);
    }

    @Test
    void aLongChainOfSelfReferencesCascadesToTheEnd() {
        int depth = 120;
        layer.run(db, s -> {
            for (long i = 0; i < depth; i++) {
                s.insert("tickets", row("id", 5000L + i, "project_id", 20L, "reporter_id", 1L, "title", "chain " + i,
                        "parent_ticket_id", i == 0 ? null : 5000L + i - 1));
                s.insert("comments", row("id", 9000L + i, "ticket_id", 5000L + i, "author_id", 3L));
            }
            return null;
        });
        assertThat(TicketTracker.delete(layer, db, "tickets", 5000L)).isTrue();
        assertThat(ids(layer, db, "tickets")).containsExactly(100L, 101L, 102L, 103L, 200L);
        assertThat(ids(layer, db, "comments")).containsExactly(1000L, 1001L, 1002L, 1003L);
    }

    @Test
    void deletingAUserSetsAssigneesToNullAndAuthorsToTheDefault() {
        assertThat(TicketTracker.delete(layer, db, "users", 5L)).isTrue();
        assertThat(lookup(layer, db, "tickets", 101L).get("assignee_id")).isNull();
        assertThat(lookup(layer, db, "tickets", 200L).get("assignee_id")).isNull();
        assertThat(lookup(layer, db, "tickets", 100L).get("assignee_id")).isEqualTo(3L);
        assertThat(lookup(layer, db, "comments", 1000L).get("author_id")).isEqualTo(0L);
        assertThat(lookup(layer, db, "comments", 1003L).get("author_id")).isEqualTo(0L);
        assertThat(lookup(layer, db, "comments", 1001L).get("author_id")).isEqualTo(3L);
        // Everything else of the rewritten rows is kept.
        assertThat(lookup(layer, db, "tickets", 101L).get("title")).isEqualTo("cascades");
        assertThat(lookup(layer, db, "comments", 1003L).get("body")).isEqualTo("engine");
        // The rewritten children are found under their new parents.
        List<Row> ghostComments = layer.run(db, s -> {
            Table comments = s.catalog().requireTable("comments");
            return s.access().childrenOf(comments, foreignKey(comments, "comments_author_fkey"), key(0L), 0).join();
        });
        assertThat(ghostComments).extracting(r -> r.get("id")).containsExactly(1000L, 1003L);
    }

    @Test
    void setDefaultFailsWhenTheDefaultHasNoParent() {
        layer.run(db, s -> s.delete("users", key(0L)));
        Map<String, List<Row>> before = TicketTracker.snapshot(layer, db);
        RelationalException e = refused(() -> layer.run(db, s -> s.delete("users", key(5L))));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "comments_author_fkey");
        assertThat(TicketTracker.snapshot(layer, db)).isEqualTo(before);
    }

    @Test
    void setDefaultToTheRowBeingDeletedIsRefused() {
        // The ghost author is the default: deleting the ghost would point its comments at itself, which is gone.
        layer.run(db, s -> s.insert("comments", row("id", 1004L, "ticket_id", 200L, "author_id", 0L)));
        Map<String, List<Row>> before = TicketTracker.snapshot(layer, db);
        RelationalException e = refused(() -> layer.run(db, s -> s.delete("users", key(0L))));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "comments_author_fkey");
        assertThat(TicketTracker.snapshot(layer, db)).isEqualTo(before);
        assertThat(lookup(layer, db, "users", 0L)).isNotNull();
    }

    @Test
    void onUpdateCascadeRewritesChildren() {
        layer.run(db, s -> s.update("projects", key(10L), row("id", 11L)));
        assertThat(lookup(layer, db, "projects", 10L)).isNull();
        assertThat(lookup(layer, db, "projects", 11L).get("name")).isEqualTo("relationships");
        for (long t : new long[] {100L, 101L, 102L, 103L}) {
            assertThat(lookup(layer, db, "tickets", t).get("project_id")).as("ticket " + t).isEqualTo(11L);
        }
        assertThat(lookup(layer, db, "tickets", 200L).get("project_id")).isEqualTo(20L);
        List<Row> children = layer.run(db, s -> {
            Table tickets = s.catalog().requireTable("tickets");
            return s.access().childrenOf(tickets, foreignKey(tickets, "tickets_project_fkey"), key(10L), 0).join();
        });
        assertThat(children).as("nothing left under the old key").isEmpty();
    }

    @Test
    void onUpdateCascadeRewritesChildrensPrimaryKeys() {
        // ticket_labels' primary key (ticket_id, label_id) includes the referencing column.
        layer.run(db, s -> s.update("labels", key(1), row("id", 9)));
        assertThat(labelKeys()).containsExactly(List.of(100L, 9), List.of(101L, 2), List.of(103L, 3),
                List.of(103L, 9), List.of(200L, 2));
        assertThat(lookup(layer, db, "ticket_labels", 100L, 1)).isNull();
        assertThat(lookup(layer, db, "ticket_labels", 100L, 9)).isNotNull();
        assertThat(lookup(layer, db, "labels", 9).get("name")).isEqualTo("bug");
        // The rewritten rows still cascade from their new parent.
        layer.run(db, s -> s.delete("labels", key(9)));
        assertThat(labelKeys()).containsExactly(List.of(101L, 2), List.of(103L, 3), List.of(200L, 2));
    }

    @Test
    void keysRewrittenTwiceInOneTransactionCascadeEachTime() {
        // Label 1 moves to 5, then label 3 takes the freed 1: ticket 103 ends with labels 5 and 1.
        layer.run(db, s -> {
            s.update("labels", key(1), row("id", 5));
            return s.update("labels", key(3), row("id", 1));
        });
        assertThat(labelKeys()).containsExactly(List.of(100L, 5), List.of(101L, 2), List.of(103L, 1),
                List.of(103L, 5), List.of(200L, 2));
        assertThat(lookup(layer, db, "labels", 1).get("name")).isEqualTo("urgent");
        assertThat(lookup(layer, db, "labels", 5).get("name")).isEqualTo("bug");
        // A parent key that collides is refused, children and all.
        Map<String, List<Row>> before = TicketTracker.snapshot(layer, db);
        assertViolation(refused(() -> layer.run(db, s -> s.update("labels", key(5), row("id", 2)))),
                Kind.UNIQUE_VIOLATION, "labels_pkey");
        assertThat(TicketTracker.snapshot(layer, db)).isEqualTo(before);
    }

    @Test
    void aCascadeCycleBetweenTwoTablesTerminates() {
        ReferentialAction cascade = ReferentialAction.CASCADE;
        layer.createTable(db, TableDef.newBuilder().setName("alpha")
                .addColumns(column("id", ColumnKind.BIGINT)).addColumns(column("beta_id", ColumnKind.BIGINT))
                .addPrimaryKey("id").build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("beta")
                .addColumns(column("id", ColumnKind.BIGINT)).addColumns(column("alpha_id", ColumnKind.BIGINT))
                .addPrimaryKey("id")
                .addForeignKeys(foreignKey("beta_alpha_fkey", "alpha_id", "alpha", cascade, cascade)).build(), false);
        layer.addForeignKey(db, "alpha", foreignKey("alpha_beta_fkey", "beta_id", "beta", cascade, cascade));
        // A ring a1 -> b1 -> a2 -> b2 -> a1 (each row referencing the next's parent), and a separate pair a3 <-> b3.
        layer.run(db, s -> {
            s.insertAll("alpha", List.of(row("id", 1L), row("id", 2L), row("id", 3L)));
            s.insertAll("beta", List.of(row("id", 1L, "alpha_id", 1L), row("id", 2L, "alpha_id", 2L),
                    row("id", 3L, "alpha_id", 3L)));
            s.update("alpha", key(2L), row("beta_id", 1L));
            s.update("alpha", key(1L), row("beta_id", 2L));
            return s.update("alpha", key(3L), row("beta_id", 3L));
        });
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> layer.run(db, s -> s.delete("alpha", key(1L))));
        assertThat(ids(layer, db, "alpha")).containsExactly(3L);
        assertThat(ids(layer, db, "beta")).containsExactly(3L);

        // ON UPDATE CASCADE around the pair terminates too: a3's key change rewrites b3, which is unchanged beyond.
        assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> layer.run(db, s -> s.update("alpha", key(3L), row("id", 33L))));
        assertThat(lookup(layer, db, "beta", 3L).get("alpha_id")).isEqualTo(33L);
        assertThat(lookup(layer, db, "alpha", 33L).get("beta_id")).isEqualTo(3L);
        // Deleting either end of the pair takes both.
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> layer.run(db, s -> s.delete("beta", key(3L))));
        assertThat(ids(layer, db, "alpha")).isEmpty();
        assertThat(ids(layer, db, "beta")).isEmpty();
    }

    @Test
    void aRestrictDeepInACascadeLeavesEveryTableAsItWas() {
        // Ticket 103 is a grandchild of ticket 100 in project 10; billing it holds the whole tree.
        layer.run(db, s -> s.insert("billing_entries", row("id", 1L, "ticket_id", 103L, "amount", "99.50")));
        Map<String, List<Row>> before = TicketTracker.snapshot(layer, db);

        assertViolation(refused(() -> layer.run(db, s -> s.delete("projects", key(10L)))),
                Kind.FOREIGN_KEY_VIOLATION, "billing_entries_ticket_fkey");
        assertThat(TicketTracker.snapshot(layer, db)).isEqualTo(before);

        assertViolation(refused(() -> layer.run(db, s -> s.delete("tickets", key(100L)))),
                Kind.FOREIGN_KEY_VIOLATION, "billing_entries_ticket_fkey");
        assertThat(TicketTracker.snapshot(layer, db)).isEqualTo(before);

        // Removing the billing entry frees the tree.
        layer.run(db, s -> s.delete("billing_entries", key(1L)));
        layer.run(db, s -> s.delete("projects", key(10L)));
        assertThat(ids(layer, db, "tickets")).containsExactly(200L);
    }

    @Test
    void aFailureAfterACascadeInsideTheTransactionLeavesEveryTableAsItWas() {
        Map<String, List<Row>> before = TicketTracker.snapshot(layer, db);
        IllegalStateException boom = new IllegalStateException("boom after the cascade");
        Throwable thrown = catchThrowable(() -> layer.run(db, s -> {
            s.delete("projects", key(10L));
            s.delete("users", key(5L));
            assertThat(s.scanAll("tickets")).extracting(r -> r.get("id")).containsExactly(200L);
            assertThat(s.lookup("tickets", key(200L)).get("assignee_id")).isNull();
            throw boom;
        }));
        assertThat(thrown).isNotNull();
        boolean carriesBoom = false;
        for (Throwable c = thrown; c != null && !carriesBoom; c = c.getCause()) {
            carriesBoom = c == boom;
        }
        assertThat(carriesBoom).as("the body's exception reaches the caller: " + thrown).isTrue();
        assertThat(TicketTracker.snapshot(layer, db)).isEqualTo(before);
    }
}
