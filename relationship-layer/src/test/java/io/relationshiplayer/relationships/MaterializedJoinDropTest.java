package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.RelationshipSmokeTest.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.records.RecordStores;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A materialized join goes with its table or its foreign key; a join of the same name later starts empty. */
class MaterializedJoinDropTest {
    private Backend backend;
    private RelationshipLayer layer;

    @BeforeEach
    void open() {
        backend = Backend.open("embedded:memory");
        layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
        layer.ensureDatabase("j");
        layer.createTable("j", TableDef.newBuilder().setName("customers")
                .addColumns(col("id", ColumnKind.BIGINT, true)).addColumns(col("region", ColumnKind.VARCHAR, true))
                .addPrimaryKey("id").build(), false);
        createOrders();
        layer.run("j", s -> {
            s.insert("customers", Map.of("id", 1L, "region", "north"));
            s.insert("orders", Map.of("id", 10L, "customer_id", 1L));
            s.insert("orders", Map.of("id", 11L, "customer_id", 1L));
            return null;
        });
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private void createOrders() {
        layer.createTable("j", TableDef.newBuilder().setName("orders")
                .addColumns(col("id", ColumnKind.BIGINT, true)).addColumns(col("customer_id", ColumnKind.BIGINT, false))
                .addPrimaryKey("id").addForeignKeys(ForeignKeyDef.newBuilder().setName("orders_customer_fk")
                        .addColumns("customer_id").setReferencedTable("customers")).build(), false);
        layer.materializeJoin("j", "orders", MaterializedJoinDef.newBuilder().setName("by_region")
                .setForeignKey("orders_customer_fk").addIndexColumns("parent.region").addIndexColumns("child.id")
                .build());
    }

    private List<Object> ordersInRegion(String region) {
        return layer.run("j", s -> s.access().scanJoin(s.catalog().requireTable("orders"), "by_region",
                new Object[] {region}, null, null, false, null, 0).map(j -> j.child().get("id")).asList().join());
    }

    @Test
    void droppingTheTableDropsItsJoinAndARecreatedJoinStartsEmpty() {
        assertThat(ordersInRegion("north")).containsExactly(10L, 11L);
        layer.dropTable("j", "orders", false, false);
        Catalog catalog = layer.run("j", Session::catalog);
        assertThat(catalog.table("orders")).isNull();
        createOrders();
        layer.run("j", s -> s.insert("orders", Map.of("id", 12L, "customer_id", 1L)));
        // The old table's join entries (10, 11) were in the dropped index's subspace: none of them comes back.
        assertThat(ordersInRegion("north")).containsExactly(12L);
    }

    @Test
    void droppingTheParentWithCascadeDropsTheJoinBuiltOnItsForeignKey() {
        layer.dropTable("j", "customers", false, true);
        Table orders = layer.run("j", Session::catalog).requireTable("orders");
        assertThat(orders.foreignKeys()).isEmpty();
        assertThat(orders.def().getMaterializedJoinsList()).isEmpty();
        layer.run("j", s -> s.insert("orders", Map.of("id", 13L, "customer_id", 42L)));
        List<Row> rows = layer.run("j", s -> s.scanAll("orders"));
        assertThat(rows).extracting(r -> r.get("id"))
                .containsExactly(10L, 11L, 13L);
        assertThatThrownBy(() -> ordersInRegion("north")).isInstanceOf(RelationalException.class)
                .hasMessageContaining("by_region");
    }

    @Test
    void theForeignKeyOfAJoinIsNotDroppedAlone() {
        assertThatThrownBy(() -> layer.dropConstraint("j", "orders", "orders_customer_fk"))
                .isInstanceOf(RelationalException.class)
                .hasMessage("cannot drop constraint \"orders_customer_fk\": materialized join \"by_region\" "
                        + "depends on it");
        assertThat(ordersInRegion("north")).containsExactly(10L, 11L);
    }
}
