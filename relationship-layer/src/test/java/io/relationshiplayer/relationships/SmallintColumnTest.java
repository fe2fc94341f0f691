package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A SMALLINT column holds -32768 to 32767 on every write of the layer, not only SQL's: an insert, an update and an ON
 * UPDATE CASCADE into it past that range are 22003 ("smallint out of range ..."), and nothing is stored.
 */
class SmallintColumnTest {
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
        db = TicketTracker.newDatabase(layer, "smallint");
        layer.createTable(db, TableDef.newBuilder().setName("p").addColumns(column("id", ColumnKind.INTEGER))
                .addPrimaryKey("id").build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("s").addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("v", ColumnKind.SMALLINT)).addColumns(column("p_id", ColumnKind.SMALLINT))
                .addPrimaryKey("id").addForeignKeys(TicketTracker.foreignKey("s_fk", "p_id", "p",
                        ReferentialAction.NO_ACTION, ReferentialAction.CASCADE)).build(), false);
        layer.run(db, s -> s.insert("p", row("id", 1)));
        layer.run(db, s -> s.insert("s", row("id", 1L, "v", 32767, "p_id", 1)));
    }

    private List<List<Object>> rows() {
        List<List<Object>> out = new ArrayList<>();
        for (Row r : layer.run(db, s -> s.scanAll("s"))) {
            out.add(java.util.Arrays.asList(r.get("id"), r.get("v"), r.get("p_id")));
        }
        return out;
    }

    private static void outOfRange(RelationalException e) {
        assertThat(e.sqlState()).isEqualTo(RelationalException.OUT_OF_RANGE);
        assertThat(e.getMessage()).contains("smallint out of range");
    }

    @Test
    void anInsertPastTheRangeIsRefused() {
        outOfRange(refused(() -> layer.run(db, s -> s.insert("s", row("id", 2L, "v", 32768)))));
        outOfRange(refused(() -> layer.run(db, s -> s.insert("s", row("id", 2L, "v", -32769L)))));
        layer.run(db, s -> s.insert("s", row("id", 3L, "v", -32768)));
        assertThat(rows()).containsExactly(List.of(1L, 32767, 1), java.util.Arrays.asList(3L, -32768, null));
    }

    @Test
    void anUpdatePastTheRangeIsRefused() {
        outOfRange(refused(() -> layer.run(db, s -> s.update("s", key(1L), row("v", 32768)))));
        assertThat(rows()).containsExactly(List.of(1L, 32767, 1));
    }

    @Test
    void aCascadeIntoASmallintColumnPastItsRangeIsRefused() {
        outOfRange(refused(() -> layer.run(db, s -> s.update("p", key(1), row("id", 40_000)))));
        assertThat(rows()).containsExactly(List.of(1L, 32767, 1));
        layer.run(db, s -> s.update("p", key(1), row("id", 300)));
        assertThat(rows()).containsExactly(List.of(1L, 32767, 300));
    }
}
