package io.relationshiplayer.relationships;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.records.RecordStores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * The ticket tracker the relationship tests share: its schema, a small data set with every relationship populated,
 * builders for table definitions, and a snapshot of every table to prove that a refused statement changed nothing.
 *
 * <pre>
 * users(id PK, email UNIQUE NOT NULL, handle UNIQUE, active DEFAULT true, avatar VARBINARY(16), created_at)
 * projects(id PK, name, owner_id -> users NO ACTION, budget DECIMAL(12,2), started DATE)
 * tickets(id PK, project_id -> projects ON DELETE CASCADE ON UPDATE CASCADE,
 *         reporter_id -> users ON DELETE RESTRICT ON UPDATE RESTRICT, assignee_id -> users ON DELETE SET NULL,
 *         parent_ticket_id -> tickets ON DELETE CASCADE, title, status DEFAULT 'open' NOT NULL, priority DEFAULT 3,
 *         estimate DOUBLE, cost DECIMAL(10,2), due DATE, created_at TIMESTAMP, secret VARBINARY, archived BOOLEAN)
 *         index tickets_project_due_idx(project_id, due)
 * comments(id PK, ticket_id -> tickets CASCADE, author_id DEFAULT 0 -> users ON DELETE SET DEFAULT, body, posted_at)
 * labels(id INTEGER PK, name UNIQUE, color)
 * ticket_labels(ticket_id -> tickets CASCADE, label_id -> labels CASCADE / ON UPDATE CASCADE, PK(ticket_id, label_id))
 * billing_entries(id PK, ticket_id -> tickets RESTRICT, amount DECIMAL(12,2) NOT NULL, billed_on DATE)
 * </pre>
 */
final class TicketTracker {
    static final List<String> TABLES = List.of("users", "projects", "tickets", "comments", "labels", "ticket_labels",
            "billing_entries");

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private TicketTracker() {
    }

    /** A layer on an open backend; the test closes the backend. */
    static RelationshipLayer layer(Backend backend) {
        return new RelationshipLayer(new RecordStores(backend.recordDatabase()));
    }

    /** A fresh, empty database of its own for one test case. */
    static String newDatabase(RelationshipLayer layer, String prefix) {
        String name = prefix + "_" + DATABASES.incrementAndGet();
        layer.ensureDatabase(name);
        return name;
    }

    // ---- definitions ----

    static ColumnDef.Builder column(String name, ColumnKind kind) {
        return ColumnDef.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(kind));
    }

    static ColumnDef.Builder varchar(String name, int length) {
        return ColumnDef.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(ColumnKind.VARCHAR)
                .setLength(length));
    }

    static ColumnDef.Builder varbinary(String name, int length) {
        return ColumnDef.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(ColumnKind.VARBINARY)
                .setLength(length));
    }

    static ColumnDef.Builder decimal(String name, int precision, int scale) {
        return ColumnDef.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(ColumnKind.DECIMAL)
                .setPrecision(precision).setScale(scale));
    }

    static ColumnDef.Builder withDefault(ColumnDef.Builder c, Object value) {
        return c.setDefaultValue(Values.catalogValue(value));
    }

    static IndexDef index(String name, String... columns) {
        IndexDef.Builder b = IndexDef.newBuilder().setName(name);
        for (String c : columns) {
            b.addColumns(IndexColumn.newBuilder().setColumn(c));
        }
        return b.build();
    }

    /** A foreign key to the referenced table's primary key. */
    static ForeignKeyDef foreignKey(String name, String column, String table, ReferentialAction onDelete,
                                    ReferentialAction onUpdate) {
        return ForeignKeyDef.newBuilder().setName(name).addColumns(column).setReferencedTable(table)
                .setOnDelete(onDelete).setOnUpdate(onUpdate).build();
    }

    static ForeignKeyDef foreignKey(Table t, String name) {
        return t.foreignKeys().stream().filter(f -> f.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no foreign key " + name + " on " + t.name()));
    }

    /** Column name, value, column name, value ...; values may be null (unlike {@code Map.of}). */
    static Map<String, Object> row(Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return m;
    }

    static Object[] key(Object... values) {
        return values;
    }

    // ---- the schema ----

    static void createSchema(RelationshipLayer layer, String db) {
        ReferentialAction noAction = ReferentialAction.NO_ACTION;
        layer.createTable(db, TableDef.newBuilder().setName("users")
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(varchar("email", 64).setNotNull(true))
                .addColumns(varchar("handle", 32))
                .addColumns(withDefault(column("active", ColumnKind.BOOLEAN).setNotNull(true), true))
                .addColumns(varbinary("avatar", 16))
                .addColumns(column("created_at", ColumnKind.TIMESTAMP))
                .addPrimaryKey("id")
                .addUniqueConstraints(index("users_email_key", "email"))
                .addUniqueConstraints(index("users_handle_key", "handle"))
                .build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("projects")
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(varchar("name", 40).setNotNull(true))
                .addColumns(column("owner_id", ColumnKind.BIGINT).setNotNull(true))
                .addColumns(decimal("budget", 12, 2))
                .addColumns(column("started", ColumnKind.DATE))
                .addPrimaryKey("id")
                .addForeignKeys(foreignKey("projects_owner_fkey", "owner_id", "users", noAction, noAction))
                .build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("tickets")
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("project_id", ColumnKind.BIGINT).setNotNull(true))
                .addColumns(column("reporter_id", ColumnKind.BIGINT).setNotNull(true))
                .addColumns(column("assignee_id", ColumnKind.BIGINT))
                .addColumns(column("parent_ticket_id", ColumnKind.BIGINT))
                .addColumns(varchar("title", 80).setNotNull(true))
                .addColumns(withDefault(varchar("status", 16).setNotNull(true), "open"))
                .addColumns(withDefault(column("priority", ColumnKind.INTEGER), 3))
                .addColumns(column("estimate", ColumnKind.DOUBLE))
                .addColumns(decimal("cost", 10, 2))
                .addColumns(column("due", ColumnKind.DATE))
                .addColumns(column("created_at", ColumnKind.TIMESTAMP))
                .addColumns(column("secret", ColumnKind.VARBINARY))
                .addColumns(withDefault(column("archived", ColumnKind.BOOLEAN), false))
                .addPrimaryKey("id")
                .addIndexes(index("tickets_project_due_idx", "project_id", "due"))
                .addForeignKeys(foreignKey("tickets_project_fkey", "project_id", "projects",
                        ReferentialAction.CASCADE, ReferentialAction.CASCADE))
                .addForeignKeys(foreignKey("tickets_reporter_fkey", "reporter_id", "users",
                        ReferentialAction.RESTRICT, ReferentialAction.RESTRICT))
                .addForeignKeys(foreignKey("tickets_assignee_fkey", "assignee_id", "users",
                        ReferentialAction.SET_NULL, noAction))
                .addForeignKeys(foreignKey("tickets_parent_fkey", "parent_ticket_id", "tickets",
                        ReferentialAction.CASCADE, noAction))
                .build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("comments")
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("ticket_id", ColumnKind.BIGINT).setNotNull(true))
                .addColumns(withDefault(column("author_id", ColumnKind.BIGINT).setNotNull(true), 0L))
                .addColumns(varchar("body", 200))
                .addColumns(column("posted_at", ColumnKind.TIMESTAMP))
                .addPrimaryKey("id")
                .addForeignKeys(foreignKey("comments_ticket_fkey", "ticket_id", "tickets",
                        ReferentialAction.CASCADE, noAction))
                .addForeignKeys(foreignKey("comments_author_fkey", "author_id", "users",
                        ReferentialAction.SET_DEFAULT, noAction))
                .build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("labels")
                .addColumns(column("id", ColumnKind.INTEGER))
                .addColumns(varchar("name", 24).setNotNull(true))
                .addColumns(varchar("color", 7))
                .addPrimaryKey("id")
                .addUniqueConstraints(index("labels_name_key", "name"))
                .build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("ticket_labels")
                .addColumns(column("ticket_id", ColumnKind.BIGINT))
                .addColumns(column("label_id", ColumnKind.INTEGER))
                .addColumns(column("added_at", ColumnKind.TIMESTAMP))
                .addPrimaryKey("ticket_id").addPrimaryKey("label_id")
                .addForeignKeys(foreignKey("ticket_labels_ticket_fkey", "ticket_id", "tickets",
                        ReferentialAction.CASCADE, noAction))
                .addForeignKeys(foreignKey("ticket_labels_label_fkey", "label_id", "labels",
                        ReferentialAction.CASCADE, ReferentialAction.CASCADE))
                .build(), false);
        layer.createTable(db, TableDef.newBuilder().setName("billing_entries")
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("ticket_id", ColumnKind.BIGINT).setNotNull(true))
                .addColumns(decimal("amount", 12, 2).setNotNull(true))
                .addColumns(column("billed_on", ColumnKind.DATE))
                .addPrimaryKey("id")
                .addForeignKeys(foreignKey("billing_entries_ticket_fkey", "ticket_id", "tickets",
                        ReferentialAction.RESTRICT, noAction))
                .build(), false);
    }

    /**
     * The small data set: users 0 (ghost, the comments' default author) to 5; projects 10 (alice), 20 (bob), 30
     * (dave, no tickets); the ticket tree 100 <- {101 <- 103, 102} in project 10 and ticket 200 in project 20;
     * reporters only alice and bob, assignees carol and erin; comments by bob, carol and erin; labels 1-3.
     */
    static void seed(RelationshipLayer layer, String db) {
        layer.run(db, s -> {
            s.insertAll("users", List.of(
                    row("id", 0L, "email", "ghost@example.com", "handle", "ghost"),
                    row("id", 1L, "email", "alice@example.com", "handle", "alice"),
                    row("id", 2L, "email", "bob@example.com", "handle", "bob"),
                    row("id", 3L, "email", "carol@example.com", "handle", null),
                    row("id", 4L, "email", "dave@example.com", "handle", null),
                    row("id", 5L, "email", "erin@example.com", "handle", "erin")));
            s.insertAll("projects", List.of(
                    row("id", 10L, "name", "relationships", "owner_id", 1L),
                    row("id", 20L, "name", "engine", "owner_id", 2L),
                    row("id", 30L, "name", "docs", "owner_id", 4L)));
            s.insert("tickets", row("id", 100L, "project_id", 10L, "reporter_id", 1L, "assignee_id", 3L,
                    "title", "foreign keys"));
            s.insertAll("tickets", List.of(
                    row("id", 101L, "project_id", 10L, "reporter_id", 2L, "assignee_id", 5L, "parent_ticket_id", 100L,
                            "title", "cascades"),
                    row("id", 102L, "project_id", 10L, "reporter_id", 1L, "parent_ticket_id", 100L,
                            "title", "set null")));
            s.insert("tickets", row("id", 103L, "project_id", 10L, "reporter_id", 2L, "assignee_id", 3L,
                    "parent_ticket_id", 101L, "title", "deep cascade"));
            s.insert("tickets", row("id", 200L, "project_id", 20L, "reporter_id", 2L, "assignee_id", 5L,
                    "title", "group commit"));
            s.insertAll("comments", List.of(
                    row("id", 1000L, "ticket_id", 100L, "author_id", 5L, "body", "on it"),
                    row("id", 1001L, "ticket_id", 103L, "author_id", 3L, "body", "deep"),
                    row("id", 1002L, "ticket_id", 101L, "author_id", 2L, "body", "cascade me"),
                    row("id", 1003L, "ticket_id", 200L, "author_id", 5L, "body", "engine")));
            s.insertAll("labels", List.of(
                    row("id", 1, "name", "bug", "color", "#ff0000"),
                    row("id", 2, "name", "feature", "color", "#00ff00"),
                    row("id", 3, "name", "urgent", "color", null)));
            s.insertAll("ticket_labels", List.of(
                    row("ticket_id", 100L, "label_id", 1),
                    row("ticket_id", 101L, "label_id", 2),
                    row("ticket_id", 103L, "label_id", 1),
                    row("ticket_id", 103L, "label_id", 3),
                    row("ticket_id", 200L, "label_id", 2)));
            return null;
        });
    }

    // ---- observation ----

    /** Every table's rows in primary-key order, read in one transaction. */
    static Map<String, List<Row>> snapshot(RelationshipLayer layer, String db) {
        return layer.run(db, s -> {
            Map<String, List<Row>> all = new LinkedHashMap<>();
            for (Table t : s.catalog().tables()) {
                all.put(t.name(), s.scanAll(t.name()));
            }
            return all;
        });
    }

    /** The primary keys (first key column) of a table's rows, in key order. */
    static List<Object> ids(RelationshipLayer layer, String db, String table) {
        List<Object> out = new ArrayList<>();
        for (Row r : layer.run(db, s -> s.scanAll(table))) {
            out.add(r.get(0));
        }
        return out;
    }

    static Row lookup(RelationshipLayer layer, String db, String table, Object... key) {
        return layer.run(db, s -> s.lookup(table, key));
    }

    static boolean delete(RelationshipLayer layer, String db, String table, Object... key) {
        return layer.run(db, s -> s.delete(table, key));
    }

    static List<Row> scanAll(RelationshipLayer layer, String db, String table) {
        return layer.run(db, s -> s.scanAll(table));
    }

    static long rowCount(RelationshipLayer layer, String db, String table) {
        return layer.run(db, s -> s.access().rowCount(s.catalog().requireTable(table)));
    }

    /** The RelationalException {@code call} throws; fails the test when it throws nothing or something else. */
    static RelationalException refused(ThrowingCallable call) {
        Throwable t = catchThrowable(call);
        assertThat(t).as("expected a RelationalException").isInstanceOf(RelationalException.class);
        return (RelationalException) t;
    }

    /** Asserts {@code e} is a violation of {@code kind} naming {@code constraint}. */
    static void assertViolation(RelationalException e, RelationalException.Kind kind, String constraint) {
        assertThat(e.kind()).as("kind of: " + e.getMessage()).isEqualTo(kind);
        assertThat(e.constraint()).as("constraint of: " + e.getMessage()).isEqualTo(constraint);
    }
}
