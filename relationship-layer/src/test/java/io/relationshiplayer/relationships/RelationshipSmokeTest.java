package io.relationshiplayer.relationships;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.records.RecordStores;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RelationshipSmokeTest {
    static ColumnDef col(String name, ColumnKind kind, boolean notNull) {
        return ColumnDef.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(kind)).setNotNull(notNull)
                .build();
    }

    @Test
    void foreignKeysAreEnforcedAndCascade() {
        try (Backend backend = Backend.open("embedded:memory")) {
            RelationshipLayer layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
            layer.ensureDatabase("t");
            layer.createTable("t", TableDef.newBuilder().setName("projects")
                    .addColumns(col("id", ColumnKind.BIGINT, true)).addColumns(col("name", ColumnKind.VARCHAR, true))
                    .addPrimaryKey("id").build(), false);
            layer.createTable("t", TableDef.newBuilder().setName("tickets")
                    .addColumns(col("id", ColumnKind.BIGINT, true)).addColumns(col("project_id", ColumnKind.BIGINT, false))
                    .addPrimaryKey("id").addForeignKeys(ForeignKeyDef.newBuilder().setName("tickets_project_fk")
                            .addColumns("project_id").setReferencedTable("projects")
                            .setOnDelete(ReferentialAction.CASCADE)).build(), false);
            layer.run("t", s -> {
                s.insert("projects", Map.of("id", 1L, "name", "rl"));
                s.insert("tickets", Map.of("id", 10L, "project_id", 1L));
                s.insert("tickets", Map.of("id", 11L, "project_id", 1L));
                return null;
            });
            assertThatThrownBy(() -> layer.run("t", s -> s.insert("tickets", Map.of("id", 12L, "project_id", 2L))))
                    .isInstanceOfSatisfying(RelationalException.class, e -> {
                        assertThat(e.kind()).isEqualTo(RelationalException.Kind.FOREIGN_KEY_VIOLATION);
                        assertThat(e.constraint()).isEqualTo("tickets_project_fk");
                    });
            java.util.List<Row> tickets = layer.run("t", s -> s.scanAll("tickets"));
            assertThat(tickets).hasSize(2);
            layer.materializeJoin("t", "tickets", io.relationshiplayer.proto.v1.MaterializedJoinDef.newBuilder()
                    .setName("by_project_name").setForeignKey("tickets_project_fk")
                    .addIndexColumns("parent.name").addIndexColumns("child.id").build());
            layer.run("t", s -> {
                s.insert("projects", Map.of("id", 2L, "name", "fdb"));
                s.insert("tickets", Map.of("id", 20L, "project_id", 2L));
                return null;
            });
            java.util.List<AccessPaths.JoinedRow> joined = layer.run("t", s -> s.access().scanJoin(
                    s.catalog().requireTable("tickets"), "by_project_name", new Object[] {"rl"}, null, null, false,
                    null, 0).asList().join());
            assertThat(joined).extracting(j -> j.child().get("id")).containsExactly(10L, 11L);
            assertThat(joined).extracting(j -> j.parent().get("name")).containsOnly("rl");
            layer.run("t", s -> s.delete("projects", new Object[] {1L}));
            java.util.List<Row> left = layer.run("t", s -> s.scanAll("tickets"));
            assertThat(left).extracting(r -> r.get("id")).containsExactly(20L);
        }
    }
}
