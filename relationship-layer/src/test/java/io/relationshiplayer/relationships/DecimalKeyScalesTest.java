package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.decimal;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A foreign key between DECIMAL keys of different scales compares the numbers, as PostgreSQL's: a referencing value
 * of more decimals than the referenced key holds (2.505 for a DECIMAL(10,2) key) has no parent (23503, where its key
 * could not be encoded: 22003), and a parent key of more decimals than its children's column has no children.
 */
class DecimalKeyScalesTest {
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
        db = TicketTracker.newDatabase(layer, "scales");
    }

    private void pair(String parent, int parentScale, String child, int childScale) {
        layer.createTable(db, TableDef.newBuilder().setName(parent).addColumns(decimal("id", 10, parentScale))
                .addPrimaryKey("id").build(), false);
        layer.createTable(db, TableDef.newBuilder().setName(child).addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(decimal("pid", 10, childScale)).addPrimaryKey("id")
                .addForeignKeys(ForeignKeyDef.newBuilder().setName(child + "_fk").addColumns("pid")
                        .setReferencedTable(parent).addReferencedColumns("id")
                        .setOnDelete(ReferentialAction.CASCADE)).build(), false);
    }

    @Test
    void aValueOfMoreDecimalsThanTheParentKeyHasNoParent() {
        pair("p", 2, "c", 3);
        layer.run(db, s -> s.insertAll("p", List.of(row("id", new BigDecimal("2.5")))));
        layer.run(db, s -> s.insertAll("c", List.of(row("id", 1L, "pid", new BigDecimal("2.500")))));
        RelationalException e = refused(() -> layer.run(db, s -> s.insertAll("c",
                List.of(row("id", 2L, "pid", new BigDecimal("2.505"))))));
        assertThat(e.kind()).isEqualTo(RelationalException.Kind.FOREIGN_KEY_VIOLATION);
        assertThat(e.detail()).isEqualTo("Key (pid)=(2.505) is not present in table \"p\".");
        e = refused(() -> layer.run(db, s -> s.update("c", key(1L), row("pid", new BigDecimal("2.501")))));
        assertThat(e.kind()).isEqualTo(RelationalException.Kind.FOREIGN_KEY_VIOLATION);
        Table p = layer.catalog(db).requireTable("p");
        Row fine = layer.run(db, s -> s.access().findByKey(p, List.of("id"), new Object[] {new BigDecimal("2.505")})
                .join());
        assertThat(fine).isNull();
        Row same = layer.run(db, s -> s.access().findByKey(p, List.of("id"), new Object[] {new BigDecimal("2.500")})
                .join());
        assertThat(same).isNotNull();
        Boolean large = layer.run(db, s -> s.access().existsByKey(p, List.of("id"),
                new Object[] {new BigDecimal("123456789")}).join());
        assertThat(large).isFalse();
    }

    @Test
    void aParentKeyOfMoreDecimalsThanTheChildrenHoldHasNoChildren() {
        pair("p3", 3, "c2", 2);
        layer.run(db, s -> s.insertAll("p3", List.of(row("id", new BigDecimal("2.505")), row("id",
                new BigDecimal("2.5")))));
        layer.run(db, s -> s.insertAll("c2", List.of(row("id", 1L, "pid", new BigDecimal("2.5")))));
        Boolean deleted = layer.run(db, s -> s.delete("p3", key(new BigDecimal("2.505"))));
        assertThat(deleted).isTrue();
        List<Row> children = layer.run(db, s -> s.scanAll("c2"));
        assertThat(children).hasSize(1);
        deleted = layer.run(db, s -> s.delete("p3", key(new BigDecimal("2.500"))));
        assertThat(deleted).isTrue();
        children = layer.run(db, s -> s.scanAll("c2"));
        assertThat(children).isEmpty();
    }

    @Test
    void fitKeyTellsWhatADecimalKeyHolds() {
        pair("q", 2, "qc", 2);
        Table q = layer.catalog(db).requireTable("q");
        int[] id = {0};
        assertThat(Values.fitKey(q, id, new Object[] {new BigDecimal("2.50000")})).isTrue();
        assertThat(Values.fitKey(q, id, new Object[] {new BigDecimal("-0.0000")})).isTrue();
        assertThat(Values.fitKey(q, id, new Object[] {new BigDecimal("2.505")})).isFalse();
        assertThat(Values.fitKey(q, id, new Object[] {new BigDecimal("99999999.99")})).isTrue();
        assertThat(Values.fitKey(q, id, new Object[] {new BigDecimal("100000000")})).isFalse();
        assertThat(Values.fitKey(q, id, new Object[] {new BigDecimal("1E+8")})).isFalse();
    }
}
