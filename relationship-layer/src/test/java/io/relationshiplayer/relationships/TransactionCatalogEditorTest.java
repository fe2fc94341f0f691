package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.index;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Catalog changes in a caller's transaction: seen by it alone until it commits, undone by a rollback, conflicting
 * with another transaction's changes; new indexes built in it up to its row limit; a dropped table's rows deleted
 * once the drop commits.
 */
class TransactionCatalogEditorTest {
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
    void database() {
        db = TicketTracker.newDatabase(layer, "txddl");
        layer.createTable(db, table("items"), false);
    }

    private static TableDef table(String name) {
        return TableDef.newBuilder().setName(name).addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("grp", ColumnKind.INTEGER)).addPrimaryKey("id").build();
    }

    private FDBRecordContext transaction() {
        return layer.recordStores().database().openContext();
    }

    @Test
    void changeIsSeenByItsTransactionAloneUntilCommit() {
        Catalog before = layer.catalog(db);
        try (FDBRecordContext ctx = transaction()) {
            CatalogEditor editor = layer.editor(db, ctx);
            editor.createTable(table("notes"), false);
            Catalog inside = editor.catalog();
            assertThat(inside.table("notes")).isNotNull();
            assertThat(inside.uncommitted()).isTrue();
            assertThat(inside.version()).isEqualTo(before.version() + 1);
            layer.open(db, ctx).insert("notes", row("id", 1L, "grp", 2));

            assertThat(layer.catalog(db).table("notes")).as("another transaction").isNull();
            ctx.commit();
        }
        Catalog after = layer.catalog(db);
        assertThat(after.uncommitted()).isFalse();
        assertThat(after.table("notes")).isNotNull();
        long rows = layer.run(db, s -> s.access().rowCount(s.catalog().requireTable("notes")));
        assertThat(rows).isEqualTo(1L);
    }

    @Test
    void viewsChangeInTheTransactionUnderPostgresRules() {
        layer.createView(db, view("by_grp", "items"), false);
        try (FDBRecordContext ctx = transaction()) {
            assertThat(layer.catalogChangedIn(db, ctx)).isFalse();
            CatalogEditor editor = layer.editor(db, ctx);
            editor.createView(view("all_items", "items"), false);
            assertThat(layer.catalogChangedIn(db, ctx)).isTrue();
            Throwable dependents = catchThrowable(() -> editor.dropTable("items", false, false));
            assertThat(dependents).isInstanceOfSatisfying(RelationalException.class,
                    e -> assertThat(e.sqlState()).isEqualTo("2BP01"));
            Throwable notATable = catchThrowable(() -> editor.dropTable("by_grp", false, false));
            assertThat(notATable).isInstanceOfSatisfying(RelationalException.class,
                    e -> assertThat(e.sqlState()).isEqualTo(RelationalException.WRONG_OBJECT_TYPE));
            editor.dropViews(List.of("by_grp", "gone"), true, false);
            assertThat(editor.catalog().views()).extracting(v -> v.getName()).containsExactly("all_items");
            assertThat(layer.catalog(db).views()).as("another transaction").extracting(v -> v.getName())
                    .containsExactly("by_grp");
            ctx.commit();
        }
        assertThat(layer.catalog(db).views()).extracting(v -> v.getName()).containsExactly("all_items");
        try (FDBRecordContext ctx = transaction()) {
            layer.editor(db, ctx).dropViews(List.of("all_items"), false, false);
        }
        assertThat(layer.catalog(db).views()).as("rolled back").extracting(v -> v.getName())
                .containsExactly("all_items");
    }

    private static io.relationshiplayer.proto.v1.ViewDef view(String name, String reads) {
        return io.relationshiplayer.proto.v1.ViewDef.newBuilder().setName(name).setQuery("SELECT id FROM " + reads)
                .addReferences(reads).addColumns(io.relationshiplayer.proto.v1.ViewColumn.newBuilder().setName("id")
                        .setQueryColumn("id").setType(column("id", ColumnKind.BIGINT).getType())).build();
    }

    @Test
    void rollbackLeavesNothingAndNothingCachedForItIsFoundAgain() {
        Catalog before = layer.catalog(db);
        String rolledBack;
        try (FDBRecordContext ctx = transaction()) {
            CatalogEditor editor = layer.editor(db, ctx);
            editor.createTable(table("drafts"), false);
            editor.createIndex("items", index("items_grp", "grp"), false);
            rolledBack = editor.catalog().cacheKey();
        }
        Catalog after = layer.catalog(db);
        assertThat(after.cacheKey()).isEqualTo(before.cacheKey());
        assertThat(after.table("drafts")).isNull();
        assertThat(after.requireTable("items").indexes()).isEmpty();

        layer.createTable(db, table("other"), false);
        Catalog next = layer.catalog(db);
        assertThat(next.version()).isEqualTo(before.version() + 1);
        assertThat(next.cacheKey()).isNotEqualTo(rolledBack);
        // the store still opens on the committed meta-data: nothing of the rolled-back schema was cached
        layer.run(db, s -> s.insert("other", row("id", 1L, "grp", 1)));
    }

    @Test
    void twoTransactionsChangingTheCatalogConflict() {
        try (FDBRecordContext first = transaction(); FDBRecordContext second = transaction()) {
            layer.editor(db, first).createTable(table("first_one"), false);
            layer.editor(db, second).createTable(table("second_one"), false);
            first.commit();
            Throwable t = catchThrowable(second::commit);
            assertThat(RelationshipLayer.translate(t)).isInstanceOfSatisfying(RelationalException.class,
                    e -> assertThat(e.kind()).isEqualTo(RelationalException.Kind.CONFLICT));
        }
        assertThat(layer.catalog(db).table("first_one")).isNotNull();
        assertThat(layer.catalog(db).table("second_one")).isNull();
    }

    @Test
    void indexBuiltInTheTransactionUpToItsRowLimitAndRefusedBeyond() {
        populate(TransactionCatalogEditor.MAX_ROWS_TO_INDEX);
        try (FDBRecordContext ctx = transaction()) {
            layer.editor(db, ctx).createIndex("items", index("items_grp", "grp"), false);
            Session s = layer.open(db, ctx);
            Table items = s.catalog().requireTable("items");
            assertThat(s.store().isIndexReadable(Indexes.recordIndex("items", "items_grp"))).isTrue();
            assertThat(s.access().rowCount(items)).isEqualTo(TransactionCatalogEditor.MAX_ROWS_TO_INDEX);
        }
        layer.run(db, s -> s.insert("items", row("id", 0L, "grp", 0)));
        try (FDBRecordContext ctx = transaction()) {
            Throwable t = catchThrowable(() -> layer.editor(db, ctx).createIndex("items", index("items_grp", "grp"),
                    false));
            assertThat(t).isInstanceOfSatisfying(RelationalException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("0A000");
                assertThat(e.getMessage()).contains("\"items\"", "outside BEGIN ... COMMIT");
            });
        }
    }

    @Test
    void droppedTableRowsAreKeptByARollbackAndDeletedAfterTheCommit() {
        populate(50);
        String recordType = layer.catalog(db).requireTable("items").recordType();
        try (FDBRecordContext ctx = transaction()) {
            layer.editor(db, ctx).dropTable("items", false, false);
        }
        assertThat(layer.recordStores().count(db, recordType)).isEqualTo(50L);
        try (FDBRecordContext ctx = transaction()) {
            layer.editor(db, ctx).dropTable("items", false, false);
            ctx.commit();
        }
        assertThat(layer.catalog(db).table("items")).isNull();
        assertThat(layer.recordStores().count(db, recordType)).isZero();
    }

    /** Items 1..n, in transactions of a few hundred rows. */
    private void populate(long n) {
        for (long from = 1; from <= n; from += 250) {
            long first = from;
            layer.run(db, s -> {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (long i = first; i < Math.min(first + 250, n + 1); i++) {
                    rows.add(row("id", i, "grp", (int) (i % 30)));
                }
                return s.insertAll("items", rows);
            });
        }
    }
}
