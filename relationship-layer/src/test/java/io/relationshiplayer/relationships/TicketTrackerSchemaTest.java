package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.foreignKey;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The ticket tracker's catalog as declared, and every column type stored and read back exactly. */
class TicketTrackerSchemaTest {
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
        db = TicketTracker.newDatabase(layer, "schema");
        TicketTracker.createSchema(layer, db);
    }

    @Test
    void catalogHoldsTablesKeysAndReferentialActionsAsDeclared() {
        Catalog catalog = layer.catalog(db);
        assertThat(catalog.tables()).extracting(Table::name).containsExactlyElementsOf(TicketTracker.TABLES);
        assertThat(catalog.version()).isEqualTo(TicketTracker.TABLES.size());

        Table tickets = catalog.requireTable("TICKETS");
        assertThat(tickets.name()).isEqualTo("tickets");
        ForeignKeyDef project = foreignKey(tickets, "tickets_project_fkey");
        assertThat(project.getReferencedTable()).isEqualTo("projects");
        assertThat(project.getReferencedColumnsList()).containsExactly("id");
        assertThat(project.getOnDelete()).isEqualTo(ReferentialAction.CASCADE);
        assertThat(project.getOnUpdate()).isEqualTo(ReferentialAction.CASCADE);
        assertThat(foreignKey(tickets, "tickets_reporter_fkey").getOnDelete()).isEqualTo(ReferentialAction.RESTRICT);
        assertThat(foreignKey(tickets, "tickets_assignee_fkey").getOnDelete()).isEqualTo(ReferentialAction.SET_NULL);
        assertThat(foreignKey(tickets, "tickets_parent_fkey").getReferencedTable()).isEqualTo("tickets");
        assertThat(foreignKey(catalog.requireTable("comments"), "comments_author_fkey").getOnDelete())
                .isEqualTo(ReferentialAction.SET_DEFAULT);
        assertThat(foreignKey(catalog.requireTable("projects"), "projects_owner_fkey").getOnDelete())
                .isEqualTo(ReferentialAction.NO_ACTION);

        ColumnDef status = tickets.column(tickets.requireColumn("status"));
        assertThat(status.getNotNull()).isTrue();
        assertThat(status.getDefaultValue().getStringValue()).isEqualTo("open");
        assertThat(tickets.column(tickets.requireColumn("id")).getNotNull()).as("primary-key columns are NOT NULL")
                .isTrue();

        Table ticketLabels = catalog.requireTable("ticket_labels");
        assertThat(ticketLabels.def().getPrimaryKeyList()).containsExactly("ticket_id", "label_id");
        assertThat(ticketLabels.uniqueKeys().get(0).name()).isEqualTo("ticket_labels_pkey");

        assertThat(catalog.referencing("users")).extracting(r -> r.foreignKey().getName())
                .containsExactlyInAnyOrder("projects_owner_fkey", "tickets_reporter_fkey", "tickets_assignee_fkey",
                        "comments_author_fkey");
        assertThat(catalog.referencing("tickets")).extracting(r -> r.foreignKey().getName())
                .containsExactlyInAnyOrder("tickets_parent_fkey", "comments_ticket_fkey", "ticket_labels_ticket_fkey",
                        "billing_entries_ticket_fkey");
    }

    @Test
    void everyColumnTypeRoundTripsExactly() {
        TicketTracker.seed(layer, db);
        byte[] secret = {0, 1, (byte) 0x7f, (byte) 0x80, (byte) 0xff, 0};
        byte[] avatar = {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef};
        LocalDateTime created = LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_000);
        LocalDateTime beforeEpoch = LocalDateTime.of(1969, 7, 20, 20, 17, 40, 1_000);
        layer.run(db, s -> {
            s.insert("users", row("id", Long.MAX_VALUE, "email", "Ünïcødé ✓ 𝄞 max@example.com", "handle", "𝄞𝄞𝄞",
                    "active", false, "avatar", avatar, "created_at", beforeEpoch));
            s.insert("users", row("id", Long.MIN_VALUE, "email", "", "created_at", created));
            s.insert("projects", row("id", 40L, "name", "x".repeat(40), "owner_id", Long.MAX_VALUE,
                    "budget", new BigDecimal("-9999999999.99"), "started", LocalDate.of(1900, 1, 1)));
            s.insert("tickets", row("id", 300L, "project_id", 40L, "reporter_id", Long.MIN_VALUE,
                    "title", "types", "status", "in progress", "priority", Integer.MIN_VALUE,
                    "estimate", -2.25e-300, "cost", new BigDecimal("12345678.90"), "due", LocalDate.of(2100, 12, 31),
                    "created_at", created, "secret", secret, "archived", true));
            s.insert("tickets", row("id", 301L, "project_id", 40L, "reporter_id", 1L, "title", "extremes",
                    "priority", Integer.MAX_VALUE, "estimate", Double.MAX_VALUE, "cost", new BigDecimal("-0.01"),
                    "due", LocalDate.of(1969, 12, 31), "created_at", beforeEpoch, "secret", new byte[0]));
            return null;
        });

        Row max = TicketTracker.lookup(layer, db, "users", Long.MAX_VALUE);
        assertThat(max.get("email")).isEqualTo("Ünïcødé ✓ 𝄞 max@example.com");
        assertThat(max.get("handle")).isEqualTo("𝄞𝄞𝄞");
        assertThat(max.get("active")).isEqualTo(false);
        assertThat((byte[]) max.get("avatar")).containsExactly(avatar);
        assertThat(max.get("created_at")).isEqualTo(beforeEpoch);
        Row min = TicketTracker.lookup(layer, db, "users", Long.MIN_VALUE);
        assertThat(min.get("email")).isEqualTo("");
        assertThat(min.get("handle")).isNull();
        assertThat(min.get("active")).as("DEFAULT true").isEqualTo(true);
        assertThat(min.get("avatar")).isNull();

        Row project = TicketTracker.lookup(layer, db, "projects", 40L);
        assertThat(project.get("budget")).isEqualTo(new BigDecimal("-9999999999.99"));
        assertThat(project.get("started")).isEqualTo(LocalDate.of(1900, 1, 1));

        Row t300 = TicketTracker.lookup(layer, db, "tickets", 300L);
        assertThat(t300.get("status")).isEqualTo("in progress");
        assertThat(t300.get("priority")).isEqualTo(Integer.MIN_VALUE);
        assertThat(t300.get("estimate")).isEqualTo(-2.25e-300);
        assertThat(t300.get("cost")).isEqualTo(new BigDecimal("12345678.90"));
        assertThat(t300.get("due")).isEqualTo(LocalDate.of(2100, 12, 31));
        assertThat(t300.get("created_at")).isEqualTo(created);
        assertThat((byte[]) t300.get("secret")).containsExactly(secret);
        assertThat(t300.get("archived")).isEqualTo(true);
        assertThat(t300.get("assignee_id")).isNull();

        Row t301 = TicketTracker.lookup(layer, db, "tickets", 301L);
        assertThat(t301.get("status")).as("DEFAULT 'open'").isEqualTo("open");
        assertThat(t301.get("archived")).as("DEFAULT false").isEqualTo(false);
        assertThat(t301.get("priority")).isEqualTo(Integer.MAX_VALUE);
        assertThat(t301.get("estimate")).isEqualTo(Double.MAX_VALUE);
        assertThat(t301.get("cost")).isEqualTo(new BigDecimal("-0.01"));
        assertThat(t301.get("due")).isEqualTo(LocalDate.of(1969, 12, 31));
        assertThat(t301.get("created_at")).isEqualTo(beforeEpoch);
        assertThat((byte[]) t301.get("secret")).isEmpty();

        // The same values through a scan and an index, not only a point read.
        List<Row> scanned = layer.run(db, s -> s.scanAll("tickets"));
        assertThat(scanned).contains(t300, t301);
        List<Row> viaIndex = layer.run(db, s -> s.access().scanIndex(s.catalog().requireTable("tickets"),
                "tickets_project_due_idx", new Object[] {40L}, null, null, false, null, 0).asList().join());
        assertThat(viaIndex).containsExactly(t301, t300);
    }

    @Test
    void valuesAreCoercedToTheColumnTypes() {
        TicketTracker.seed(layer, db);
        layer.run(db, s -> s.insert("tickets", row("id", 310, "project_id", 10, "reporter_id", 1,
                "title", "coerced", "priority", 7L, "estimate", 3, "cost", "12.3", "due", "2024-03-01",
                "created_at", "2024-03-01 10:15:30.1234567")));
        Row r = TicketTracker.lookup(layer, db, "tickets", 310L);
        Map<String, Object> m = r.asMap();
        assertThat(m.get("id")).isEqualTo(310L);
        assertThat(m.get("project_id")).isEqualTo(10L);
        assertThat(m.get("priority")).isEqualTo(7);
        assertThat(m.get("estimate")).isEqualTo(3.0);
        assertThat(m.get("cost")).as("scaled to DECIMAL(10,2)").isEqualTo(new BigDecimal("12.30"));
        assertThat(m.get("due")).isEqualTo(LocalDate.of(2024, 3, 1));
        assertThat(m.get("created_at")).as("TIMESTAMP keeps microseconds")
                .isEqualTo(LocalDateTime.of(2024, 3, 1, 10, 15, 30, 123_456_000));
        assertThat(layer.catalog(db).requireTable("tickets").column(
                layer.catalog(db).requireTable("tickets").requireColumn("cost")).getType().getKind())
                .isEqualTo(ColumnKind.DECIMAL);
    }
}
