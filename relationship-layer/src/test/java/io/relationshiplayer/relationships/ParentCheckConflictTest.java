package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.fdb.Backend;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A child insert's parent check, one point read of the parent's record key, against a delete of that parent that
 * commits between the check and the insert's commit: the insert must not commit (it conflicts), whichever way the
 * parent's record was written; and a parent inserted in the same transaction, or deleted in it, is seen as such.
 */
class ParentCheckConflictTest {
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
        db = TicketTracker.newDatabase(layer, "parentcheck");
        TicketTracker.createSchema(layer, db);
        TicketTracker.seed(layer, db);
        layer.run(db, s -> s.insertAll("projects", List.of(row("id", 70L, "name", "p70", "owner_id", 1L))));
    }

    @Test
    void aDeleteOfTheParentCommittedAfterTheCheckMakesTheChildInsertConflict() {
        try (FDBRecordContext ctx = layer.recordStores().database().openContext()) {
            Session s = layer.open(db, ctx);
            s.insert("tickets", row("id", 700L, "project_id", 70L, "reporter_id", 1L, "title", "child"));
            boolean deleted = layer.run(db, other -> other.delete("projects", key(70L)));
            assertThat(deleted).isTrue();
            Throwable failed = catchThrowable(ctx::commit);
            assertThat(failed).as("the child's commit").isNotNull();
            assertThat(String.valueOf(failed)).containsIgnoringCase("conflict");
        }
        assertThat(TicketTracker.lookup(layer, db, "tickets", 700L)).isNull();
        assertThat(TicketTracker.lookup(layer, db, "projects", 70L)).isNull();
    }

    @Test
    void aParentInsertedOrDeletedEarlierInTheTransactionIsSeenAsSuch() {
        layer.run(db, s -> {
            s.insert("projects", row("id", 71L, "name", "p71", "owner_id", 1L));
            s.insert("tickets", row("id", 710L, "project_id", 71L, "reporter_id", 1L, "title", "child"));
            return null;
        });
        assertThat(TicketTracker.lookup(layer, db, "tickets", 710L)).isNotNull();
        Throwable refused = catchThrowable(() -> layer.run(db, s -> {
            s.delete("projects", key(70L));
            return s.insert("tickets", row("id", 711L, "project_id", 70L, "reporter_id", 1L, "title", "orphan"));
        }));
        assertThat(refused).isInstanceOf(RelationalException.class);
        assertThat(((RelationalException) refused).kind()).isEqualTo(RelationalException.Kind.FOREIGN_KEY_VIOLATION);
        assertThat(TicketTracker.lookup(layer, db, "projects", 70L)).isNotNull();
    }
}
