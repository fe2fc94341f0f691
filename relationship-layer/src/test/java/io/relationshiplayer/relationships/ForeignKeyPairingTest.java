package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.index;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Foreign keys pair their columns as declared, as PostgreSQL does: {@code FOREIGN KEY (x, y) REFERENCES p (b, a)} of a
 * {@code PRIMARY KEY (a, b)} (or a UNIQUE (a, b)) pairs x with b and y with a in every read (the parent checks, the
 * lookups by key, the children of a parent's delete and update), and integers of another width reference each other.
 */
class ForeignKeyPairingTest {
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
        db = TicketTracker.newDatabase(layer, "pairing");
        layer.createTable(db, TableDef.newBuilder().setName("p").addColumns(column("a", ColumnKind.INTEGER))
                .addColumns(column("b", ColumnKind.INTEGER)).addColumns(column("id", ColumnKind.BIGINT))
                .addPrimaryKey("a").addPrimaryKey("b").addUniqueConstraints(index("p_id_b", "id", "b")).build(),
                false);
        layer.run(db, s -> s.insertAll("p", List.of(row("a", 1, "b", 2, "id", 10L), row("a", 5, "b", 6, "id", 20L))));
    }

    private static ForeignKeyDef reversed(String name, ReferentialAction onDelete, ReferentialAction onUpdate) {
        return ForeignKeyDef.newBuilder().setName(name).addColumns("x").addColumns("y").setReferencedTable("p")
                .addReferencedColumns("b").addReferencedColumns("a").setOnDelete(onDelete).setOnUpdate(onUpdate)
                .build();
    }

    private void child(String name, ForeignKeyDef fk, ColumnKind kind) {
        layer.createTable(db, TableDef.newBuilder().setName(name).addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("x", kind)).addColumns(column("y", kind)).addPrimaryKey("id").addForeignKeys(fk)
                .build(), false);
    }

    private List<List<Object>> rows(String table, String... columns) {
        List<List<Object>> out = new ArrayList<>();
        for (Row r : layer.run(db, s -> s.scanAll(table))) {
            List<Object> values = new ArrayList<>();
            for (String c : columns) {
                values.add(r.get(c));
            }
            out.add(values);
        }
        return out;
    }

    @Test
    void keyOrderPutsValuesInTheKeysOrder() {
        int[] order = KeyOrder.of(List.of("a", "b"), List.of("B", "a"));
        assertThat(order).containsExactly(1, 0);
        assertThat(KeyOrder.apply(order, new Object[] {"b value", "a value"})).containsExactly("a value", "b value");
        assertThat(KeyOrder.of(List.of("a", "b"), List.of("a", "a"))).isNull();
        assertThat(KeyOrder.of(List.of("a", "b"), List.of("b"))).isNull();
        Table p = layer.catalog(db).requireTable("p");
        assertThat(p.keyOf(List.of("b", "a")).name()).isEqualTo("p_pkey");
        assertThat(p.keyOf(List.of("b", "id")).name()).isEqualTo("p_id_b");
        assertThat(p.keyOf(List.of("a"))).isNull();
    }

    @Test
    void lookupsByAKeysColumnsInAnotherOrderFindTheRow() {
        Row byPk = layer.run(db, s -> s.access().findByKey(s.catalog().requireTable("p"), List.of("b", "a"),
                new Object[] {2, 1}).join());
        assertThat(byPk.get("id")).isEqualTo(10L);
        Row byUnique = layer.run(db, s -> s.access().findByKey(s.catalog().requireTable("p"), List.of("b", "id"),
                new Object[] {6, 20L}).join());
        assertThat(byUnique.get("a")).isEqualTo(5);
        Boolean missing = layer.run(db, s -> s.access().existsByKey(s.catalog().requireTable("p"),
                List.of("b", "a"), new Object[] {1, 2}).join());
        assertThat(missing).isFalse();
        Boolean present = layer.run(db, s -> s.access().existsByKey(s.catalog().requireTable("p"),
                List.of("b", "a"), new Object[] {6, 5}).join());
        assertThat(present).isTrue();
    }

    @Test
    void parentChecksPairTheColumnsAsDeclared() {
        ReferentialAction noAction = ReferentialAction.NO_ACTION;
        child("c", reversed("c_fk", noAction, noAction), ColumnKind.INTEGER);
        // (x, y) = (2, 1) is (b, a): the parent (1, 2); (6, 5) is (5, 6). Several rows: one read of each parent key.
        layer.run(db, s -> s.insertAll("c", List.of(row("id", 1L, "x", 2, "y", 1), row("id", 2L, "x", 6, "y", 5))));
        RelationalException e = refused(() -> layer.run(db, s -> s.insertAll("c",
                List.of(row("id", 3L, "x", 2, "y", 1), row("id", 4L, "x", 5, "y", 6)))));
        assertThat(e.kind()).isEqualTo(RelationalException.Kind.FOREIGN_KEY_VIOLATION);
        assertThat(e.detail()).isEqualTo("Key (x, y)=(5, 6) is not present in table \"p\".");
        e = refused(() -> layer.run(db, s -> s.update("c", key(1L), row("x", 1, "y", 2))));
        assertThat(e.detail()).isEqualTo("Key (x, y)=(1, 2) is not present in table \"p\".");
        e = refused(() -> layer.run(db, s -> s.delete("p", key(1, 2))));
        assertThat(e.detail()).isEqualTo("Key (b, a)=(2, 1) is still referenced from table \"c\".");
    }

    @Test
    void cascadesWriteEachParentColumnIntoItsPair() {
        ReferentialAction cascade = ReferentialAction.CASCADE;
        child("c", reversed("c_fk", cascade, cascade), ColumnKind.INTEGER);
        layer.run(db, s -> s.insertAll("c", List.of(row("id", 1L, "x", 2, "y", 1), row("id", 2L, "x", 6, "y", 5))));
        layer.run(db, s -> s.update("p", key(1, 2), row("a", 100)));
        assertThat(rows("c", "id", "x", "y")).containsExactly(List.of(1L, 2, 100), List.of(2L, 6, 5));
        layer.run(db, s -> s.delete("p", key(5, 6)));
        assertThat(rows("c", "id", "x", "y")).containsExactly(List.of(1L, 2, 100));
    }

    @Test
    void anIntegerColumnReferencesABigintKeyWithinItsRange() {
        layer.createTable(db, TableDef.newBuilder().setName("big").addColumns(column("id", ColumnKind.BIGINT))
                .addPrimaryKey("id").build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("small").addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("big_id", ColumnKind.INTEGER)).addPrimaryKey("id")
                .addForeignKeys(TicketTracker.foreignKey("small_fk", "big_id", "big", ReferentialAction.CASCADE,
                        ReferentialAction.CASCADE)).build(), false);
        layer.run(db, s -> s.insertAll("big", List.of(row("id", 7L), row("id", 8L))));
        layer.run(db, s -> s.insert("small", row("id", 1L, "big_id", 7)));
        assertThat(refused(() -> layer.run(db, s -> s.insert("small", row("id", 2L, "big_id", 9)))).kind())
                .isEqualTo(RelationalException.Kind.FOREIGN_KEY_VIOLATION);
        layer.run(db, s -> s.update("big", key(7L), row("id", 2_000_000_000L)));
        assertThat(rows("small", "big_id")).containsExactly(List.of(2_000_000_000));
        RelationalException e = refused(() -> layer.run(db, s -> s.update("big", key(2_000_000_000L),
                row("id", 3_000_000_000L))));
        assertThat(e.sqlState()).isEqualTo(RelationalException.OUT_OF_RANGE);
        assertThat(rows("small", "big_id")).containsExactly(List.of(2_000_000_000));
        layer.run(db, s -> s.delete("big", key(2_000_000_000L)));
        assertThat(rows("small", "big_id")).isEmpty();
    }

    @Test
    void typesPostgresRefusesKeepItsError() {
        layer.createTable(db, TableDef.newBuilder().setName("t").addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("flag", ColumnKind.BOOLEAN)).addColumns(TicketTracker.decimal("d", 10, 0))
                .addPrimaryKey("id").build(), false);
        RelationalException e = refused(() -> layer.addForeignKey(db, "t",
                TicketTracker.foreignKey("t_flag_fk", "flag", "t", ReferentialAction.NO_ACTION,
                        ReferentialAction.NO_ACTION)));
        assertThat(e.sqlState()).isEqualTo("42804");
        assertThat(e.getMessage()).isEqualTo("foreign key constraint \"t_flag_fk\" cannot be implemented");
        assertThat(e.detail()).isEqualTo("Key columns \"flag\" and \"id\" are of incompatible types: boolean and "
                + "bigint.");
        e = refused(() -> layer.addForeignKey(db, "t", TicketTracker.foreignKey("t_d_fk", "d", "t",
                ReferentialAction.NO_ACTION, ReferentialAction.NO_ACTION)));
        assertThat(e.sqlState()).isEqualTo("42804");
    }
}
