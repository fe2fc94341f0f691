package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.assertViolation;
import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.index;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.relationships.RelationalException.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A foreign key and a secondary index (or unique constraint) of exactly the same columns keep one Record Layer index,
 * whichever was declared first, and it stays, with its entries, while either remains.
 */
class SharedIndexTest {
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
    void parents() {
        db = TicketTracker.newDatabase(layer, "shared");
        layer.createTable(db, TableDef.newBuilder().setName("p").addColumns(column("id", ColumnKind.BIGINT))
                .addPrimaryKey("id").build(), false);
        layer.run(db, s -> s.insertAll("p", List.of(row("id", 1L), row("id", 2L))));
    }

    private static TableDef.Builder child() {
        return TableDef.newBuilder().setName("c").addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("pid", ColumnKind.BIGINT)).addColumns(column("other", ColumnKind.BIGINT))
                .addPrimaryKey("id");
    }

    private static ForeignKeyDef fk(String name, String column) {
        return ForeignKeyDef.newBuilder().setName(name).addColumns(column).setReferencedTable("p")
                .setOnDelete(ReferentialAction.NO_ACTION).build();
    }

    /** The Record Layer indexes of table c: name to indexed fields. */
    private Map<String, String> recordIndexes() {
        Map<String, String> out = new TreeMap<>();
        for (Index i : layer.recordStores().schemaInfo(db).metaData().getAllIndexes()) {
            if (i.getName().startsWith("c$")) {
                out.put(i.getName(), i.getRootExpression().toString());
            }
        }
        return out;
    }

    private void insertChildren() {
        layer.run(db, s -> s.insertAll("c", List.of(row("id", 10L, "pid", 1L, "other", 5L),
                row("id", 11L, "pid", 1L, "other", 6L), row("id", 12L, "pid", 2L, "other", 7L))));
    }

    /** The ids of the children of parent {@code pid}, read through the foreign key's index. */
    private List<Object> childrenOf(long pid) {
        return layer.run(db, s -> {
            Table c = s.catalog().requireTable("c");
            List<Object> ids = new ArrayList<>();
            ForeignKeyDef fk = c.foreignKeys().get(0);
            for (Row r : s.access().childrenOf(c, fk, new Object[] {pid}, 0).join()) {
                ids.add(r.get("id"));
            }
            return ids;
        });
    }

    /** The ids of the rows of c whose {@code index} columns equal {@code value}, read through that index. */
    private List<Object> byIndex(String index, long value) {
        return layer.run(db, s -> {
            List<Object> ids = new ArrayList<>();
            for (Row r : s.access().scanIndex(s.catalog().requireTable("c"), index, new Object[] {value}, null, null,
                    false, null, 0).asList().join()) {
                ids.add(r.get("id"));
            }
            return ids;
        });
    }

    private void assertParentDeleteRefused() {
        RelationalException e = refused(() -> TicketTracker.delete(layer, db, "p", 1L));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "c_pid_fkey");
        assertThat(TicketTracker.lookup(layer, db, "p", 1L)).isNotNull();
    }

    @Test
    void anIndexCreatedOnAForeignKeysColumnsIsItsIndex() {
        layer.createTable(db, child().addForeignKeys(fk("c_pid_fkey", "pid")).build(), false);
        insertChildren();
        Map<String, String> before = recordIndexes();
        assertThat(before).containsOnlyKeys("c$fk$c_pid_fkey");

        layer.createIndex(db, "c", index("c_pid_idx", "pid"), false);

        assertThat(recordIndexes()).isEqualTo(before);
        assertThat(byIndex("c_pid_idx", 1L)).containsExactly(10L, 11L); // entries there at once, no build
        // The foreign key goes; its index stays the secondary index's, entries and all.
        layer.dropConstraint(db, "c", "c_pid_fkey");
        assertThat(recordIndexes()).isEqualTo(before);
        layer.run(db, s -> s.insert("c", row("id", 13L, "pid", 9L, "other", 8L)));
        assertThat(byIndex("c_pid_idx", 9L)).containsExactly(13L);
        layer.dropIndex(db, "c", "c_pid_idx");
        assertThat(recordIndexes()).isEmpty();
    }

    @Test
    void aForeignKeyAddedOverAnIndexOfItsColumnsReadsThatIndex() {
        layer.createTable(db, child().addIndexes(index("c_pid_idx", "pid")).build(), false);
        insertChildren();
        Map<String, String> before = recordIndexes();
        assertThat(before).containsOnlyKeys("c$c_pid_idx");

        layer.addForeignKey(db, "c", fk("c_pid_fkey", "pid"));

        assertThat(recordIndexes()).isEqualTo(before);
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);
        assertParentDeleteRefused();
        // Dropping the secondary index leaves the foreign key its index, entries and all.
        layer.dropIndex(db, "c", "c_pid_idx");
        assertThat(recordIndexes()).isEqualTo(before);
        assertThat(childrenOf(2L)).containsExactly(12L);
        assertParentDeleteRefused();
        layer.run(db, s -> s.delete("c", new Object[] {12L}));
        assertThat(TicketTracker.delete(layer, db, "p", 2L)).isTrue();
    }

    @Test
    void aForeignKeyDeclaredWithAUniqueConstraintOfItsColumnsSharesItsIndex() {
        layer.createTable(db, child().addUniqueConstraints(index("c_pid_key", "pid"))
                .addForeignKeys(fk("c_pid_fkey", "pid")).build(), false);
        assertThat(recordIndexes()).containsOnlyKeys("c$c_pid_key");
        layer.run(db, s -> s.insert("c", row("id", 10L, "pid", 1L)));
        RelationalException duplicate = refused(() -> layer.run(db, s -> s.insert("c", row("id", 11L, "pid", 1L))));
        assertViolation(duplicate, Kind.UNIQUE_VIOLATION, "c_pid_key");
        assertParentDeleteRefused();
    }

    @Test
    void aUniqueConstraintAddedOnAForeignKeysColumnsSharesItsIndex() {
        layer.createTable(db, child().addForeignKeys(fk("c_pid_fkey", "pid")).build(), false);
        insertChildren();
        Map<String, String> before = recordIndexes();
        assertThat(before).containsOnlyKeys("c$fk$c_pid_fkey");
        // parent 1 has two children: the constraint is refused and undone, the foreign key's index stays
        RelationalException duplicated = refused(() -> layer.createIndex(db, "c", index("c_pid_key", "pid"), true));
        assertViolation(duplicated, Kind.UNIQUE_VIOLATION, "c_pid_key");
        assertThat(recordIndexes()).isEqualTo(before);
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);

        layer.run(db, s -> s.delete("c", new Object[] {11L}));
        layer.createIndex(db, "c", index("c_pid_key", "pid"), true);
        assertThat(recordIndexes()).isEqualTo(before);
        RelationalException duplicate = refused(() -> layer.run(db, s -> s.insert("c", row("id", 13L, "pid", 1L))));
        assertViolation(duplicate, Kind.UNIQUE_VIOLATION, "c_pid_key");
        assertParentDeleteRefused();
        // The foreign key goes: the unique constraint keeps the index, entries and all.
        layer.dropConstraint(db, "c", "c_pid_fkey");
        assertThat(recordIndexes()).isEqualTo(before);
        duplicate = refused(() -> layer.run(db, s -> s.insert("c", row("id", 13L, "pid", 2L))));
        assertViolation(duplicate, Kind.UNIQUE_VIOLATION, "c_pid_key");
        layer.run(db, s -> s.insert("c", row("id", 13L, "pid", 9L)));
        assertThat(byIndex("c_pid_key", 9L)).containsExactly(13L);
    }

    @Test
    void aForeignKeyReadsAnIndexThatBeginsWithItsColumnsUntilThatIndexGoes() {
        layer.createTable(db, child().addIndexes(index("c_pid_other_idx", "pid", "other")).build(), false);
        layer.addForeignKey(db, "c", fk("c_pid_fkey", "pid"));
        assertThat(recordIndexes()).containsOnlyKeys("c$c_pid_other_idx");
        insertChildren();
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);
        assertParentDeleteRefused();
        // an index of exactly the key's columns is not the longer one
        layer.createIndex(db, "c", index("c_pid_idx", "pid"), false);
        assertThat(recordIndexes()).containsOnlyKeys("c$c_pid_other_idx", "c$c_pid_idx");
        assertThat(byIndex("c_pid_idx", 1L)).containsExactly(10L, 11L);
        layer.dropIndex(db, "c", "c_pid_idx");
        // the longer index goes: the foreign key gets one of its own, built over the rows there
        layer.dropIndex(db, "c", "c_pid_other_idx");
        assertThat(recordIndexes()).containsOnlyKeys("c$fk$c_pid_fkey");
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);
        assertParentDeleteRefused();
    }

    @Test
    void aForeignKeyWhoseLongerIndexLosesAColumnGetsItsOwnIndex() {
        layer.createTable(db, child().addIndexes(index("c_pid_other_idx", "pid", "other")).build(), false);
        layer.addForeignKey(db, "c", fk("c_pid_fkey", "pid"));
        insertChildren();
        layer.dropColumn(db, "c", "other", false);
        assertThat(recordIndexes()).containsOnlyKeys("c$fk$c_pid_fkey");
        assertThat(childrenOf(2L)).containsExactly(12L);
        RelationalException e = refused(() -> TicketTracker.delete(layer, db, "p", 2L));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "c_pid_fkey");
    }

    @Test
    void aForeignKeyWhoseUsualIndexNameIsTakenGetsAnotherName() {
        layer.createTable(db, child().addForeignKeys(fk("c_pid_fkey", "pid")).build(), false);
        layer.createIndex(db, "c", index("c_pid_idx", "pid"), false);
        layer.dropConstraint(db, "c", "c_pid_fkey");
        // A new foreign key of that name, on another column: "c$fk$c_pid_fkey" holds the index of pid.
        layer.addForeignKey(db, "c", fk("c_pid_fkey", "other"));
        assertThat(recordIndexes()).containsOnlyKeys("c$fk$c_pid_fkey", "c$fk$c_pid_fkey$2");
        layer.run(db, s -> s.insert("c", row("id", 10L, "pid", 7L, "other", 1L)));
        assertThat(byIndex("c_pid_idx", 7L)).containsExactly(10L);
        assertThat(childrenOf(1L)).containsExactly(10L);
        assertParentDeleteRefused();
    }

    @Test
    void anIndexCreatedUnderTheNameOfADroppedIndexAForeignKeyStillReadsGetsOneOfItsOwn() {
        layer.createTable(db, child().addIndexes(index("c_x", "pid")).build(), false);
        insertChildren();
        layer.addForeignKey(db, "c", fk("c_pid_fkey", "pid"));
        layer.dropIndex(db, "c", "c_x");
        Map<String, String> kept = recordIndexes();
        assertThat(kept).containsOnlyKeys("c$c_x"); // the foreign key's now, on pid

        // "c$c_x" holds the entries of pid, which the foreign key reads: an index of other columns named c_x
        // (a secondary index, a unique constraint, a COUNT index) gets another Record Layer index.
        layer.createIndex(db, "c", index("c_x", "other"), false);
        assertThat(recordIndexes()).containsEntry("c$c_x", kept.get("c$c_x")).containsOnlyKeys("c$c_x", "c$c_x$2");
        assertThat(byIndex("c_x", 6L)).containsExactly(11L);
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);
        assertParentDeleteRefused();

        layer.dropIndex(db, "c", "c_x");
        layer.createIndex(db, "c", index("c_x", "other"), true);
        assertThat(recordIndexes()).containsEntry("c$c_x", kept.get("c$c_x")).containsOnlyKeys("c$c_x", "c$c_x$2");
        RelationalException duplicate = refused(() -> layer.run(db, s -> s.insert("c", row("id", 13L, "other", 6L))));
        assertViolation(duplicate, Kind.UNIQUE_VIOLATION, "c_x");
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);

        layer.dropConstraint(db, "c", "c_x");
        layer.createCountIndex(db, "c", index("c_x", "other"));
        assertThat(recordIndexes()).containsEntry("c$c_x", kept.get("c$c_x")).containsOnlyKeys("c$c_x", "c$c_x$2");
        List<Object[]> groups = layer.run(db, s -> s.access().countGroups(s.catalog().requireTable("c"), "c_x"));
        assertThat(groups.stream().map(g -> List.of(g[0], g[1])).toList())
                .containsExactly(List.of(5L, 1L), List.of(6L, 1L), List.of(7L, 1L));
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);
        assertParentDeleteRefused();
    }

    @Test
    void aForeignKeyLeadingThePrimaryKeyReadsThePrimaryKey() {
        layer.createTable(db, TableDef.newBuilder().setName("c").addColumns(column("pid", ColumnKind.BIGINT))
                .addColumns(column("id", ColumnKind.BIGINT)).addPrimaryKey("pid").addPrimaryKey("id")
                .addForeignKeys(fk("c_pid_fkey", "pid").toBuilder().setOnDelete(ReferentialAction.CASCADE))
                .build(), false);
        assertThat(recordIndexes()).isEmpty();
        layer.run(db, s -> s.insertAll("c", List.of(row("pid", 1L, "id", 10L), row("pid", 1L, "id", 11L),
                row("pid", 2L, "id", 10L))));
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);
        assertThat(childrenOf(2L)).containsExactly(10L);
        RelationalException missing = refused(() -> layer.run(db, s -> s.insert("c", row("pid", 3L, "id", 1L))));
        assertViolation(missing, Kind.FOREIGN_KEY_VIOLATION, "c_pid_fkey");
        // the cascade finds parent 1's children by the primary key's prefix, and only those
        assertThat(TicketTracker.delete(layer, db, "p", 1L)).isTrue();
        List<Object> left = new ArrayList<>();
        for (Row r : TicketTracker.scanAll(layer, db, "c")) {
            left.add(List.of(r.get("pid"), r.get("id")));
        }
        assertThat(left).containsExactly(List.of(2L, 10L));
        // an index of those columns is an index of its own
        layer.createIndex(db, "c", index("c_pid_idx", "pid"), false);
        assertThat(recordIndexes()).containsOnlyKeys("c$c_pid_idx");
        assertThat(byIndex("c_pid_idx", 2L)).containsExactly(10L);
    }

    /**
     * A parent's delete that found no children, against a child of that parent inserted and committed before the
     * delete commits: the delete must not commit, whichever index found (no) children.
     */
    private void assertConcurrentChildMakesTheDeleteConflict(java.util.Map<String, Object> child) {
        try (FDBRecordContext ctx = layer.recordStores().database().openContext()) {
            Session s = layer.open(db, ctx);
            assertThat(s.delete("p", new Object[] {2L})).isTrue();
            layer.run(db, other -> other.insert("c", child));
            Throwable failed = catchThrowable(ctx::commit);
            assertThat(failed).as("the delete's commit").isNotNull();
            assertThat(String.valueOf(failed)).containsIgnoringCase("conflict");
        }
        assertThat(TicketTracker.lookup(layer, db, "p", 2L)).isNotNull();
    }

    @Test
    void aChildInsertedConcurrentlyThroughASharedIndexMakesTheParentsDeleteConflict() {
        layer.createTable(db, child().addIndexes(index("c_pid_idx", "pid")).build(), false);
        layer.addForeignKey(db, "c", fk("c_pid_fkey", "pid"));
        assertThat(recordIndexes()).containsOnlyKeys("c$c_pid_idx");
        assertConcurrentChildMakesTheDeleteConflict(row("id", 20L, "pid", 2L, "other", 1L));
    }

    @Test
    void aChildInsertedConcurrentlyUnderThePrimaryKeyMakesTheParentsDeleteConflict() {
        layer.createTable(db, TableDef.newBuilder().setName("c").addColumns(column("pid", ColumnKind.BIGINT))
                .addColumns(column("id", ColumnKind.BIGINT)).addPrimaryKey("pid").addPrimaryKey("id")
                .addForeignKeys(fk("c_pid_fkey", "pid")).build(), false);
        layer.run(db, s -> s.insert("c", row("pid", 1L, "id", 1L)));
        assertThat(recordIndexes()).isEmpty();
        assertConcurrentChildMakesTheDeleteConflict(row("pid", 2L, "id", 5L));
    }

    @Test
    void aClientCannotChooseTheRecordLayerIndex() {
        IndexDef claimed = index("c_other_idx", "other").toBuilder().setRecordIndex("c$fk$c_pid_fkey").build();
        layer.createTable(db, child().addForeignKeys(fk("c_pid_fkey", "pid").toBuilder()
                .setRecordIndex("c$c_other_idx")).addIndexes(claimed).build(), false);
        assertThat(recordIndexes()).containsOnlyKeys("c$c_other_idx", "c$fk$c_pid_fkey");
        insertChildren();
        assertThat(byIndex("c_other_idx", 5L)).containsExactly(10L);
        assertThat(childrenOf(1L)).containsExactly(10L, 11L);
    }
}
