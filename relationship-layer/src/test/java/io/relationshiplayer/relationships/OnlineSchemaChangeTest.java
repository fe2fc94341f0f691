package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.assertViolation;
import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.decimal;
import static io.relationshiplayer.relationships.TicketTracker.foreignKey;
import static io.relationshiplayer.relationships.TicketTracker.index;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static io.relationshiplayer.relationships.TicketTracker.varchar;
import static io.relationshiplayer.relationships.TicketTracker.withDefault;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.IndexState;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.relationships.RelationalException.Kind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Catalog changes on populated tables (more than the Record Layer's 200 records, so new indexes are built online):
 * indexes, unique constraints and foreign keys checked against the existing rows, columns backfilled, tables dropped
 * and created again.
 */
class OnlineSchemaChangeTest {
    private static final int ROWS = 320;
    private static final String[] REGIONS = {"eu", "us", "apac", "latam"};

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
    void schema() {
        db = TicketTracker.newDatabase(layer, "online");
        layer.createTable(db, TableDef.newBuilder().setName("customers")
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(varchar("email", 64))
                .addColumns(varchar("region", 8).setNotNull(true))
                .addColumns(column("score", ColumnKind.INTEGER))
                .addPrimaryKey("id").build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("orders")
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("customer_id", ColumnKind.BIGINT))
                .addColumns(decimal("amount", 10, 2))
                .addPrimaryKey("id").build(), false);
    }

    private static Map<String, Object> customer(long id) {
        return row("id", id, "email", "c" + id + "@example.com", "region", REGIONS[(int) (id % REGIONS.length)],
                "score", (int) (id % 50));
    }

    /** Customers 1..n, and orders 1..n of customer (i % n) + 1, a hundred rows per transaction. */
    private void populate(int n, boolean orders) {
        for (int from = 1; from <= n; from += 100) {
            int first = from;
            layer.run(db, s -> {
                List<Map<String, Object>> cs = new ArrayList<>();
                List<Map<String, Object>> os = new ArrayList<>();
                for (long i = first; i < Math.min(first + 100, n + 1); i++) {
                    cs.add(customer(i));
                    os.add(row("id", i, "customer_id", i % n + 1, "amount", BigDecimal.valueOf(i, 2)));
                }
                s.insertAll("customers", cs);
                if (orders) {
                    s.insertAll("orders", os);
                }
                return null;
            });
        }
    }

    private List<String> recordIndexes() {
        List<String> names = new ArrayList<>();
        for (var state : layer.recordStores().schemaInfo(db).indexes()) {
            names.add(state.getName());
        }
        return names;
    }

    private IndexState.State state(String recordIndex) {
        for (var state : layer.recordStores().schemaInfo(db).indexes()) {
            if (state.getName().equals(recordIndex)) {
                return state.getState();
            }
        }
        throw new AssertionError("no index " + recordIndex + " in " + recordIndexes());
    }

    private long count(String table) {
        return layer.run(db, s -> s.access().rowCount(s.catalog().requireTable(table)));
    }

    @Test
    void anIndexAddedToAPopulatedTableIsBuiltAndScanned() {
        populate(ROWS, false);
        layer.createIndex(db, "customers", index("customers_region_score_idx", "region", "score"), false);
        assertThat(state(Indexes.recordIndex("customers", "customers_region_score_idx")))
                .isEqualTo(IndexState.State.READABLE);

        List<Row> found = layer.run(db, s -> s.access().scanIndex(s.catalog().requireTable("customers"),
                "customers_region_score_idx", new Object[] {"eu"}, new AccessPaths.Bound(new Object[] {10}, true),
                new AccessPaths.Bound(new Object[] {20}, false), false, null, 0).asList().join());
        List<Long> expected = new ArrayList<>();
        for (int score = 10; score < 20; score++) {
            for (long id = 1; id <= ROWS; id++) {
                if (id % 4 == 0 && id % 50 == score) {
                    expected.add(id);
                }
            }
        }
        assertThat(found).extracting(r -> r.get("id")).containsExactlyElementsOf(expected);

        // Rows written after the build are in the index: eu customers with score 16 are 16, 116, 216, 316.
        layer.run(db, s -> s.insert("customers", row("id", 5000L, "region", "eu", "score", 16)));
        List<Row> after = layer.run(db, s -> s.access().scanIndex(s.catalog().requireTable("customers"),
                "customers_region_score_idx", new Object[] {"eu", 16}, null, null, false, null, 0).asList().join());
        assertThat(after).extracting(r -> r.get("id")).containsExactly(16L, 116L, 216L, 316L, 5000L);

        layer.dropIndex(db, "customers", "customers_region_score_idx");
        assertThat(recordIndexes()).doesNotContain(Indexes.recordIndex("customers", "customers_region_score_idx"));
        RelationalException gone = refused(() -> layer.run(db, s -> s.access().scanIndex(
                s.catalog().requireTable("customers"), "customers_region_score_idx", new Object[] {"eu"}, null, null,
                false, null, 0)));
        assertThat(gone.kind()).isEqualTo(Kind.UNDEFINED_OBJECT);
    }

    @Test
    void aDroppedIndexOrConstraintNameCanBeUsedAgain() {
        populate(ROWS, true);
        layer.createIndex(db, "customers", index("customers_score_idx", "score"), false);
        layer.dropIndex(db, "customers", "customers_score_idx");
        layer.createIndex(db, "customers", index("customers_score_idx", "region", "score"), false);
        List<Row> eu10 = layer.run(db, s -> s.access().scanIndex(s.catalog().requireTable("customers"),
                "customers_score_idx", new Object[] {"eu", 10}, null, null, false, null, 0).asList().join());
        assertThat(eu10).extracting(r -> r.get("id")).containsExactly(60L, 160L, 260L);

        layer.createIndex(db, "customers", index("customers_email_key", "email"), true);
        layer.dropConstraint(db, "customers", "customers_email_key");
        layer.createIndex(db, "customers", index("customers_email_key", "email"), true);
        assertViolation(refused(() -> layer.run(db, s -> s.insert("customers",
                row("id", 5001L, "email", "c7@example.com", "region", "us")))), Kind.UNIQUE_VIOLATION,
                "customers_email_key");

        var fk = foreignKey("orders_customer_fkey", "customer_id", "customers", ReferentialAction.CASCADE,
                ReferentialAction.NO_ACTION);
        layer.addForeignKey(db, "orders", fk);
        layer.dropConstraint(db, "orders", "orders_customer_fkey");
        layer.addForeignKey(db, "orders", fk);
        assertViolation(refused(() -> layer.run(db, s -> s.insert("orders", row("id", 9004L, "customer_id", 7004L)))),
                Kind.FOREIGN_KEY_VIOLATION, "orders_customer_fkey");
        List<Row> ofCustomer5 = layer.run(db, s -> {
            Table orders = s.catalog().requireTable("orders");
            return s.access().childrenOf(orders, foreignKey(orders, "orders_customer_fkey"), key(5L), 0).join();
        });
        assertThat(ofCustomer5).extracting(r -> r.get("id")).containsExactly(4L);
    }

    @Test
    void aUniqueConstraintOverDuplicatesFailsNamingThemAndIsNotKept() {
        populate(ROWS, false);
        layer.run(db, s -> {
            s.update("customers", key(150L), row("email", "dup@example.com"));
            s.update("customers", key(250L), row("email", "dup@example.com"));
            s.update("customers", key(10L), row("email", null));
            return s.update("customers", key(20L), row("email", null));
        });
        RelationalException e = refused(() -> layer.createIndex(db, "customers",
                index("customers_email_key", "email"), true));
        assertViolation(e, Kind.UNIQUE_VIOLATION, "customers_email_key");
        assertThat(e.getMessage()).isEqualTo("could not create unique index \"customers_email_key\""); // PostgreSQL's
        assertThat(e.detail()).isEqualTo("Key (email)=(dup@example.com) is duplicated.");
        assertThat(layer.catalog(db).requireTable("customers").uniqueConstraints()).isEmpty();
        assertThat(recordIndexes()).doesNotContain(Indexes.recordIndex("customers", "customers_email_key"));
        // Not enforced: a third duplicate is accepted.
        layer.run(db, s -> s.insert("customers", row("id", 5000L, "email", "dup@example.com", "region", "eu")));

        // Without the duplicates (the NULLs stay) the same constraint is created, and enforced.
        layer.run(db, s -> {
            s.update("customers", key(250L), row("email", "c250@example.com"));
            return s.delete("customers", key(5000L));
        });
        layer.createIndex(db, "customers", index("customers_email_key", "email"), true);
        assertThat(layer.catalog(db).requireTable("customers").uniqueConstraints())
                .extracting(u -> u.getName()).containsExactly("customers_email_key");
        assertViolation(refused(() -> layer.run(db, s -> s.insert("customers",
                row("id", 5001L, "email", "c7@example.com", "region", "us")))), Kind.UNIQUE_VIOLATION,
                "customers_email_key");
        layer.run(db, s -> s.insert("customers", row("id", 5002L, "email", null, "region", "us")));
        assertThat(count("customers")).isEqualTo(ROWS + 1L);
    }

    @Test
    void aUniqueConstraintOverDuplicatesOfASmallTableFailsToo() {
        populate(12, false);
        layer.run(db, s -> s.update("customers", key(3L), row("email", "c4@example.com")));
        RelationalException e = refused(() -> layer.createIndex(db, "customers",
                index("customers_email_key", "email"), true));
        assertViolation(e, Kind.UNIQUE_VIOLATION, "customers_email_key");
        assertThat(e.detail()).isEqualTo("Key (email)=(c4@example.com) is duplicated.");
        assertThat(layer.catalog(db).requireTable("customers").uniqueConstraints()).isEmpty();
    }

    @Test
    void aForeignKeyOverRowsWithMissingParentsFailsNamingThem() {
        populate(ROWS, true);
        layer.run(db, s -> s.insertAll("orders", List.of(row("id", 9001L, "customer_id", 7001L),
                row("id", 9002L, "customer_id", 7002L), row("id", 9003L, "customer_id", null))));
        RelationalException e = refused(() -> layer.addForeignKey(db, "orders", foreignKey("orders_customer_fkey",
                "customer_id", "customers", ReferentialAction.CASCADE, ReferentialAction.NO_ACTION)));
        assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "orders_customer_fkey");
        // PostgreSQL's message, and its DETAIL names the first row without a parent (7002's is not named, as there)
        assertThat(e.getMessage()).isEqualTo("insert or update on table \"orders\" violates foreign key constraint "
                + "\"orders_customer_fkey\"");
        assertThat(e.detail()).isEqualTo("Key (customer_id)=(7001) is not present in table \"customers\".");
        assertThat(layer.catalog(db).requireTable("orders").foreignKeys()).isEmpty();
        assertThat(layer.catalog(db).referencing("customers")).isEmpty();
        assertThat(recordIndexes()).noneMatch(n -> n.contains("orders_customer_fkey"));
        // Not enforced.
        layer.run(db, s -> s.insert("orders", row("id", 9004L, "customer_id", 7004L)));
        assertThat(count("orders")).isEqualTo(ROWS + 4L);
    }

    @Test
    void aForeignKeyOverGoodRowsIsAddedAndEnforced() {
        populate(ROWS, true);
        layer.run(db, s -> s.insert("orders", row("id", 9003L, "customer_id", null)));
        layer.addForeignKey(db, "orders", foreignKey("orders_customer_fkey", "customer_id", "customers",
                ReferentialAction.CASCADE, ReferentialAction.NO_ACTION));
        assertThat(state(Indexes.recordIndex("orders", "fk$orders_customer_fkey"))).isEqualTo(IndexState.State.READABLE);

        List<Row> ofCustomer5 = layer.run(db, s -> {
            Table orders = s.catalog().requireTable("orders");
            return s.access().childrenOf(orders, foreignKey(orders, "orders_customer_fkey"), key(5L), 0).join();
        });
        assertThat(ofCustomer5).extracting(r -> r.get("id")).containsExactly(4L);

        assertViolation(refused(() -> layer.run(db, s -> s.insert("orders", row("id", 9004L, "customer_id", 7004L)))),
                Kind.FOREIGN_KEY_VIOLATION, "orders_customer_fkey");
        layer.run(db, s -> s.delete("customers", key(5L)));
        assertThat(TicketTracker.lookup(layer, db, "orders", 4L)).as("cascaded").isNull();
        assertThat(count("orders")).isEqualTo(ROWS);
        ConcurrentIntegrityTest.assertNoOrphans(layer, db);
    }

    @Test
    void aColumnWithADefaultIsBackfilled() {
        populate(ROWS, false);
        layer.addColumn(db, "customers", withDefault(varchar("tier", 8).setNotNull(true), "basic").build());
        layer.addColumn(db, "customers", column("note", ColumnKind.VARCHAR).build());
        List<Row> all = layer.run(db, s -> s.scanAll("customers"));
        assertThat(all).hasSize(ROWS);
        assertThat(all).allSatisfy(r -> {
            assertThat(r.get("tier")).as("tier of " + r).isEqualTo("basic");
            assertThat(r.get("note")).isNull();
            assertThat(r.get("email")).isEqualTo("c" + r.get("id") + "@example.com");
        });
        layer.run(db, s -> s.insertAll("customers", List.of(row("id", 5000L, "region", "eu"),
                row("id", 5001L, "region", "eu", "tier", "gold"))));
        assertThat(TicketTracker.lookup(layer, db, "customers", 5000L).get("tier")).isEqualTo("basic");
        assertThat(TicketTracker.lookup(layer, db, "customers", 5001L).get("tier")).isEqualTo("gold");
        // The backfilled values are indexed like any other.
        layer.createIndex(db, "customers", index("customers_tier_idx", "tier"), false);
        long basic = layer.run(db, s -> (long) s.access().scanIndex(s.catalog().requireTable("customers"),
                "customers_tier_idx", new Object[] {"basic"}, null, null, false, null, 0).asList().join().size());
        assertThat(basic).isEqualTo(ROWS + 1L);
    }

    @Test
    void aNotNullColumnWithoutDefaultIsRefusedOnAPopulatedTable() {
        populate(ROWS, false);
        long version = layer.catalog(db).version();
        RelationalException e = refused(() -> layer.addColumn(db, "customers",
                column("vip", ColumnKind.BOOLEAN).setNotNull(true).build()));
        assertThat(e.kind()).isEqualTo(Kind.NOT_NULL_VIOLATION);
        assertThat(e.getMessage()).contains("vip");
        assertThat(layer.catalog(db).requireTable("customers").columnIndex("vip")).isEqualTo(-1);
        assertThat(layer.catalog(db).version()).isEqualTo(version);
        // On an empty table it is fine.
        layer.addColumn(db, "orders", column("paid", ColumnKind.BOOLEAN).setNotNull(true).build());
        assertViolation(refused(() -> layer.run(db, s -> s.insert("orders", row("id", 1L)))),
                Kind.NOT_NULL_VIOLATION, "orders.paid");
    }

    @Test
    void aReferencedTableIsDroppedOnlyWithCascadeAndItsNameCanBeUsedAgain() {
        populate(ROWS, true);
        layer.addForeignKey(db, "orders", foreignKey("orders_customer_fkey", "customer_id", "customers",
                ReferentialAction.NO_ACTION, ReferentialAction.NO_ACTION));
        RelationalException e = refused(() -> layer.dropTable(db, "customers", false, false));
        assertThat(e.kind()).isEqualTo(Kind.DEPENDENT_OBJECTS);
        assertThat(e.constraint()).isEqualTo("orders_customer_fkey");
        assertThat(layer.catalog(db).table("customers")).isNotNull();
        assertThat(count("customers")).isEqualTo(ROWS);

        layer.dropTable(db, "customers", false, true);
        assertThat(layer.catalog(db).table("customers")).isNull();
        assertThat(layer.catalog(db).requireTable("orders").foreignKeys()).isEmpty();
        assertThat(count("orders")).isEqualTo(ROWS);
        layer.run(db, s -> s.insert("orders", row("id", 9001L, "customer_id", 123456L)));
        assertThat(refused(() -> layer.run(db, s -> s.scanAll("customers"))).kind()).isEqualTo(Kind.UNDEFINED_OBJECT);

        // The same name, other columns: a new, empty table.
        layer.createTable(db, TableDef.newBuilder().setName("customers")
                .addColumns(column("id", ColumnKind.BIGINT)).addColumns(varchar("name", 20))
                .addPrimaryKey("id").build(), false);
        assertThat(count("customers")).isZero();
        assertThat(TicketTracker.scanAll(layer, db, "customers")).isEmpty();
        assertThat(TicketTracker.lookup(layer, db, "customers", 1L)).isNull();
        layer.run(db, s -> s.insert("customers", row("id", 1L, "name", "again")));
        assertThat(TicketTracker.scanAll(layer, db, "customers")).extracting(r -> r.get("name"))
                .containsExactly("again");
        assertThat(count("customers")).isEqualTo(1L);

        // An unreferenced table drops without cascade, and comes back empty as well.
        layer.dropTable(db, "orders", false, false);
        layer.createTable(db, TableDef.newBuilder().setName("orders")
                .addColumns(column("id", ColumnKind.BIGINT)).addColumns(column("customer_id", ColumnKind.BIGINT))
                .addPrimaryKey("id").addForeignKeys(foreignKey("orders_customer_fkey", "customer_id", "customers",
                        ReferentialAction.CASCADE, ReferentialAction.NO_ACTION)).build(), false);
        assertThat(count("orders")).isZero();
        layer.run(db, s -> s.insert("orders", row("id", 1L, "customer_id", 1L)));
        assertViolation(refused(() -> layer.run(db, s -> s.insert("orders", row("id", 2L, "customer_id", 2L)))),
                Kind.FOREIGN_KEY_VIOLATION, "orders_customer_fkey");
    }
}
