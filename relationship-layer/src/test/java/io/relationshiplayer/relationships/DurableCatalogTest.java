package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.assertViolation;
import static io.relationshiplayer.relationships.TicketTracker.index;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.refused;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static io.relationshiplayer.relationships.TicketTracker.varchar;
import static io.relationshiplayer.relationships.TicketTracker.withDefault;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.relationships.RelationalException.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog and the rows survive a restart of the durable engine, and the constraints hold after it. */
class DurableCatalogTest {
    @TempDir
    Path dir;

    @Test
    void theCatalogRowsAndConstraintsSurviveARestart() {
        String connection = "embedded:" + dir.toAbsolutePath();
        CatalogDef catalog;
        Map<String, List<Row>> rows;
        try (Backend backend = Backend.open(connection)) {
            RelationshipLayer layer = TicketTracker.layer(backend);
            layer.ensureDatabase("tracker");
            TicketTracker.createSchema(layer, "tracker");
            TicketTracker.seed(layer, "tracker");
            layer.addColumn("tracker", "labels", withDefault(varchar("scope", 12), "global").build());
            layer.createIndex("tracker", "tickets", index("tickets_title_idx", "title"), false);
            catalog = layer.catalog("tracker").def();
            rows = TicketTracker.snapshot(layer, "tracker");
        }

        try (Backend backend = Backend.open(connection)) {
            RelationshipLayer layer = TicketTracker.layer(backend);
            layer.ensureDatabase("tracker");
            assertThat(layer.catalog("tracker").def()).isEqualTo(catalog);
            assertThat(TicketTracker.snapshot(layer, "tracker")).isEqualTo(rows);
            assertThat(TicketTracker.lookup(layer, "tracker", "labels", 2).get("scope")).isEqualTo("global");

            assertViolation(refused(() -> layer.run("tracker", s -> s.insert("tickets", row("id", 500L,
                    "project_id", 99L, "reporter_id", 1L, "title", "x")))), Kind.FOREIGN_KEY_VIOLATION,
                    "tickets_project_fkey");
            assertViolation(refused(() -> layer.run("tracker", s -> s.insert("users", row("id", 9L,
                    "email", "bob@example.com")))), Kind.UNIQUE_VIOLATION, "users_email_key");
            assertViolation(refused(() -> layer.run("tracker", s -> s.delete("users", key(4L)))),
                    Kind.FOREIGN_KEY_VIOLATION, "projects_owner_fkey");
            List<Row> titled = layer.run("tracker", s -> s.access().scanIndex(s.catalog().requireTable("tickets"),
                    "tickets_title_idx", new Object[] {"cascades"}, null, null, false, null, 0).asList().join());
            assertThat(titled).extracting(r -> r.get("id")).containsExactly(101L);

            layer.run("tracker", s -> s.delete("projects", key(10L)));
            assertThat(TicketTracker.ids(layer, "tracker", "tickets")).containsExactly(200L);
            assertThat(TicketTracker.ids(layer, "tracker", "comments")).containsExactly(1003L);
            rows = TicketTracker.snapshot(layer, "tracker");
        }

        // And what was written after the first restart survives the second.
        try (Backend backend = Backend.open(connection)) {
            RelationshipLayer layer = TicketTracker.layer(backend);
            assertThat(TicketTracker.snapshot(layer, "tracker")).isEqualTo(rows);
            assertThat(layer.catalog("tracker").version()).isEqualTo(catalog.getVersion());
        }
    }
}
