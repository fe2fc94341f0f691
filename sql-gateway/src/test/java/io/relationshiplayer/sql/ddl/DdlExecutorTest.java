package io.relationshiplayer.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Indexes;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementResult;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DDL text run against a real relationship layer on the in-memory backend: the catalog it builds and its errors. */
class DdlExecutorTest {
    /** The ticket tracker, declared with inline and table-level keys and every referential action. */
    static final List<String> TICKET_TRACKER = List.of("""
            -- people who report, own and work on tickets
            CREATE TABLE users (
                id BIGINT PRIMARY KEY,
                email VARCHAR(64) NOT NULL UNIQUE,
                handle VARCHAR(32) CONSTRAINT users_handle_key UNIQUE,
                active BOOLEAN NOT NULL DEFAULT TRUE,
                avatar VARBINARY(16),
                created_at TIMESTAMP
            );""", """
            CREATE TABLE projects (
                id BIGINT PRIMARY KEY,
                name VARCHAR(40) NOT NULL,
                owner_id BIGINT NOT NULL CONSTRAINT projects_owner_fkey REFERENCES users ON DELETE NO ACTION,
                budget DECIMAL(12, 2) DEFAULT 0.50,
                started DATE DEFAULT DATE '2024-01-01'
            )""", """
            CREATE TABLE tickets (
                id BIGINT,
                project_id BIGINT NOT NULL,
                reporter_id BIGINT NOT NULL REFERENCES users (id) ON DELETE RESTRICT ON UPDATE RESTRICT,
                assignee_id BIGINT,
                parent_ticket_id BIGINT,
                title VARCHAR(80) NOT NULL,
                status VARCHAR(16) NOT NULL DEFAULT 'open',
                priority INTEGER DEFAULT 3,
                estimate DOUBLE PRECISION DEFAULT -1.5,
                cost NUMERIC(10, 2),
                due DATE,
                created_at TIMESTAMP DEFAULT TIMESTAMP '2024-01-01 00:00:00',
                secret BYTEA,
                archived BOOL DEFAULT FALSE,
                PRIMARY KEY (id),
                CONSTRAINT tickets_project_fkey FOREIGN KEY (project_id) REFERENCES projects
                    ON DELETE CASCADE ON UPDATE CASCADE,
                CONSTRAINT tickets_assignee_fkey FOREIGN KEY (assignee_id) REFERENCES users ON DELETE SET NULL,
                FOREIGN KEY (parent_ticket_id) REFERENCES tickets (id) ON DELETE CASCADE
            )""",
            "CREATE INDEX tickets_project_due_idx ON tickets (project_id, due DESC)", """
            CREATE TABLE comments (
                id BIGINT PRIMARY KEY,
                ticket_id BIGINT NOT NULL REFERENCES tickets ON DELETE CASCADE,
                author_id BIGINT NOT NULL DEFAULT 0,
                body TEXT,
                posted_at TIMESTAMP,
                CONSTRAINT comments_author_fkey FOREIGN KEY (author_id) REFERENCES users ON DELETE SET DEFAULT
            )""",
            "CREATE TABLE labels (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL UNIQUE, color VARCHAR(7))", """
            CREATE TABLE ticket_labels (
                ticket_id BIGINT REFERENCES tickets ON DELETE CASCADE,
                label_id INTEGER,
                CONSTRAINT ticket_labels_pkey PRIMARY KEY (ticket_id, label_id),
                FOREIGN KEY (label_id) REFERENCES labels ON DELETE CASCADE ON UPDATE CASCADE
            )""");

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static Backend backend;
    private static RelationshipLayer layer;
    private final DdlExecutor executor = new DdlExecutor();
    private String db;

    @BeforeAll
    static void open() {
        backend = Backend.open("embedded:memory");
        layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @BeforeEach
    void database() {
        db = "d" + DATABASES.incrementAndGet();
        layer.ensureDatabase(db);
    }

    // ---- CREATE TABLE, CREATE INDEX ----

    @Test
    void ticketTrackerSchemaThroughDdl() {
        List<String> tags = TICKET_TRACKER.stream().map(s -> sql(s).command()).collect(Collectors.toList());
        assertThat(tags).containsExactly("CREATE TABLE", "CREATE TABLE", "CREATE TABLE", "CREATE INDEX",
                "CREATE TABLE", "CREATE TABLE", "CREATE TABLE");

        Catalog catalog = layer.catalog(db);
        assertThat(catalog.version()).isEqualTo(TICKET_TRACKER.size());
        assertThat(catalog.tables()).extracting(Table::name).containsExactly("users", "projects", "tickets",
                "comments", "labels", "ticket_labels");

        Table users = catalog.requireTable("users");
        assertThat(users.def().getPrimaryKeyList()).containsExactly("id");
        assertThat(users.uniqueConstraints()).extracting(IndexDef::getName)
                .containsExactly("users_email_key", "users_handle_key");
        assertThat(column(users, "email").getNotNull()).isTrue();
        assertThat(column(users, "email").getType().getLength()).isEqualTo(64);
        assertThat(column(users, "active").getDefaultValue().getBoolValue()).isTrue();
        assertThat(column(users, "avatar").getType().getKind()).isEqualTo(ColumnKind.VARBINARY);
        assertThat(column(users, "id").getNotNull()).as("primary-key columns are NOT NULL").isTrue();

        Table projects = catalog.requireTable("projects");
        assertThat(column(projects, "budget").getType().getPrecision()).isEqualTo(12);
        assertThat(column(projects, "budget").getDefaultValue().getStringValue()).isEqualTo("0.50");
        assertThat(column(projects, "started").getDefaultValue().getStringValue()).isEqualTo("2024-01-01");
        assertThat(fk(projects, "projects_owner_fkey")).isEqualTo(fk("projects_owner_fkey", "owner_id", "users", "id",
                ReferentialAction.NO_ACTION, ReferentialAction.NO_ACTION));

        Table tickets = catalog.requireTable("tickets");
        assertThat(tickets.columns()).extracting(ColumnDef::getName).containsExactly("id", "project_id",
                "reporter_id", "assignee_id", "parent_ticket_id", "title", "status", "priority", "estimate", "cost",
                "due", "created_at", "secret", "archived");
        assertThat(tickets.foreignKeys()).containsExactly(
                fk("tickets_reporter_id_fkey", "reporter_id", "users", "id", ReferentialAction.RESTRICT,
                        ReferentialAction.RESTRICT),
                fk("tickets_project_fkey", "project_id", "projects", "id", ReferentialAction.CASCADE,
                        ReferentialAction.CASCADE),
                fk("tickets_assignee_fkey", "assignee_id", "users", "id", ReferentialAction.SET_NULL,
                        ReferentialAction.NO_ACTION),
                fk("tickets_parent_ticket_id_fkey", "parent_ticket_id", "tickets", "id", ReferentialAction.CASCADE,
                        ReferentialAction.NO_ACTION));
        assertThat(column(tickets, "status").getDefaultValue().getStringValue()).isEqualTo("open");
        assertThat(column(tickets, "priority").getDefaultValue().getInt64Value()).isEqualTo(3);
        assertThat(column(tickets, "estimate").getDefaultValue().getDoubleValue()).isEqualTo(-1.5);
        assertThat(column(tickets, "archived").getDefaultValue().getBoolValue()).isFalse();
        assertThat(column(tickets, "cost").getType().getScale()).isEqualTo(2);
        assertThat(tickets.indexes()).containsExactly(IndexDef.newBuilder().setName("tickets_project_due_idx")
                .addColumns(IndexColumn.newBuilder().setColumn("project_id"))
                .addColumns(IndexColumn.newBuilder().setColumn("due").setDescending(true)).build());

        Table comments = catalog.requireTable("comments");
        assertThat(fk(comments, "comments_ticket_id_fkey").getOnDelete()).isEqualTo(ReferentialAction.CASCADE);
        assertThat(fk(comments, "comments_author_fkey").getOnDelete()).isEqualTo(ReferentialAction.SET_DEFAULT);
        assertThat(column(comments, "author_id").getDefaultValue().getInt64Value()).isZero();

        assertThat(catalog.requireTable("labels").uniqueConstraints()).extracting(IndexDef::getName)
                .containsExactly("labels_name_key");
        Table ticketLabels = catalog.requireTable("ticket_labels");
        assertThat(ticketLabels.def().getPrimaryKeyList()).containsExactly("ticket_id", "label_id");
        assertThat(ticketLabels.foreignKeys()).containsExactly(
                // its column leads the primary key, which finds the children: no index of its own
                fk("ticket_labels_ticket_id_fkey", "ticket_id", "tickets", "id", ReferentialAction.CASCADE,
                        ReferentialAction.NO_ACTION).toBuilder().setRecordIndex(Indexes.PRIMARY_KEY).build(),
                fk("ticket_labels_label_id_fkey", "label_id", "labels", "id", ReferentialAction.CASCADE,
                        ReferentialAction.CASCADE));

        assertThat(catalog.referencing("users")).extracting(r -> r.foreignKey().getName())
                .containsExactlyInAnyOrder("projects_owner_fkey", "tickets_reporter_id_fkey", "tickets_assignee_fkey",
                        "comments_author_fkey");
    }

    @Test
    void tablesMadeByDdlTakeRowsWithDefaultsAndKeys() {
        createTicketTracker();
        layer.run(db, s -> {
            s.insert("users", row("id", 1L, "email", "alice@example.com"));
            s.insert("projects", row("id", 10L, "name", "rl", "owner_id", 1L));
            s.insert("tickets", row("id", 100L, "project_id", 10L, "reporter_id", 1L, "title", "ddl"));
            return null;
        });
        assertThat(lookup("users", 1L).get("active")).isEqualTo(true);
        assertThat(lookup("projects", 10L).get("budget")).isEqualTo(new BigDecimal("0.50"));
        assertThat(lookup("projects", 10L).get("started")).isEqualTo(LocalDate.of(2024, 1, 1));
        Row ticket = lookup("tickets", 100L);
        assertThat(ticket.get("status")).isEqualTo("open");
        assertThat(ticket.get("priority")).isEqualTo(3);
        assertThat(ticket.get("estimate")).isEqualTo(-1.5);
        assertThat(ticket.get("archived")).isEqualTo(false);
    }

    @Test
    void createTableIfNotExistsAndDuplicates() {
        createTicketTracker();
        long version = layer.catalog(db).version();
        assertThat(sql("CREATE TABLE IF NOT EXISTS users (id BIGINT PRIMARY KEY)").command())
                .isEqualTo("CREATE TABLE");
        assertThat(layer.catalog(db).version()).isEqualTo(version);
        assertThat(column(layer.catalog(db).requireTable("users"), "email")).isNotNull();

        assertRefused("CREATE TABLE users (id BIGINT PRIMARY KEY)", SqlException.DUPLICATE_TABLE,
                "relation \"users\" already exists");
        assertRefused("CREATE TABLE USERS (id BIGINT PRIMARY KEY)", SqlException.DUPLICATE_TABLE,
                "relation \"users\" already exists");
        assertRefused("CREATE TABLE t (a INT PRIMARY KEY, A INT)", SqlException.DUPLICATE_COLUMN,
                "column \"a\" specified more than once");
        assertRefused("CREATE TABLE t ()", SqlException.INVALID_DEFINITION, "table \"t\" needs at least one column");
        assertThat(layer.catalog(db).version()).isEqualTo(version);
    }

    @Test
    void tableWithoutPrimaryKeyGetsHiddenRowKey() {
        sql("CREATE TABLE t (a INT, rowid INT)");
        io.relationshiplayer.relationships.Table t = layer.catalog(db).requireTable("t");
        assertThat(t.hasRowKey()).isTrue();
        assertThat(t.def().getPrimaryKeyList()).containsExactly("rowid_1");
        assertThat(t.column(t.requireColumn("rowid_1")).getHidden()).isTrue();
        assertThat(t.column(t.requireColumn("rowid")).getHidden()).isFalse();
        Row first = layer.run(db, s -> s.insert("t", row("a", 1)));
        Row second = layer.run(db, s -> s.insert("t", row("a", 1)));
        assertThat((Long) first.get("rowid_1")).isNotEqualTo(second.get("rowid_1"));
    }

    @Test
    void unknownTablesAndColumnsInDefinitions() {
        createTicketTracker();
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, p BIGINT REFERENCES nowhere)", SqlException.UNDEFINED_TABLE,
                "relation \"nowhere\" does not exist"); // PostgreSQL's words, no position
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, UNIQUE (nope))", SqlException.UNDEFINED_COLUMN,
                "column \"nope\" of table \"t\" does not exist");
        assertRefused("CREATE TABLE t (id INT, PRIMARY KEY (nope))", SqlException.UNDEFINED_COLUMN,
                "column \"nope\" of table \"t\" does not exist");
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, FOREIGN KEY (nope) REFERENCES users)",
                SqlException.UNDEFINED_COLUMN, "column \"nope\" of table \"t\" does not exist");
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, u BIGINT REFERENCES users (nope))",
                SqlException.UNDEFINED_COLUMN, "column \"nope\" of table \"users\" does not exist");
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, u BIGINT REFERENCES users (handle))",
                SqlException.DATATYPE_MISMATCH, "foreign key constraint \"t_u_fkey\" cannot be implemented");
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, u BIGINT NOT NULL REFERENCES users ON DELETE SET NULL)",
                SqlException.INVALID_DEFINITION, "foreign key \"t_u_fkey\" sets column \"u\" to NULL, but the column "
                        + "is NOT NULL");
        SqlException index = assertRefused("CREATE INDEX i ON nowhere (a)", SqlException.UNDEFINED_TABLE,
                "relation \"nowhere\" does not exist");
        assertThat(index.line()).isZero();
        assertThat(index.column()).isZero();
        assertRefused("CREATE INDEX i ON users (nope)", SqlException.UNDEFINED_COLUMN,
                "column \"nope\" of table \"users\" does not exist");
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, n VARCHAR(2) DEFAULT 'abc')", SqlException.STRING_TOO_LONG,
                "value too long for type varchar(2) of column \"n\"");
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, n INTEGER DEFAULT 3000000000)",
                SqlException.NUMERIC_OUT_OF_RANGE, "integer out of range for column \"n\": 3000000000");
        assertRefused("CREATE TABLE t (id INT PRIMARY KEY, n INTEGER DEFAULT 'x')", SqlException.INVALID_TEXT,
                "invalid input \"x\" for column \"n\" of type integer");
        assertThat(layer.catalog(db).table("t")).isNull();
    }

    @Test
    void createIndexVariants() {
        createTicketTracker();
        assertThat(sql("CREATE UNIQUE INDEX users_email_handle ON users (email, handle)").command())
                .isEqualTo("CREATE INDEX");
        assertThat(sql("CREATE INDEX ON comments (posted_at DESC)").command()).isEqualTo("CREATE INDEX");
        Catalog catalog = layer.catalog(db);
        assertThat(catalog.requireTable("users").uniqueConstraints()).extracting(IndexDef::getName)
                .containsExactly("users_email_key", "users_handle_key", "users_email_handle");
        assertThat(catalog.requireTable("comments").indexes()).extracting(IndexDef::getName)
                .containsExactly("comments_posted_at_idx");

        long version = catalog.version();
        sql("CREATE INDEX IF NOT EXISTS tickets_project_due_idx ON tickets (due)");
        sql("CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (handle)");
        assertThat(layer.catalog(db).version()).isEqualTo(version);
        assertRefused("CREATE INDEX tickets_project_due_idx ON tickets (due)", SqlException.DUPLICATE_TABLE,
                "relation or constraint \"tickets_project_due_idx\" already exists on table \"tickets\"");
        assertRefused("CREATE INDEX tickets_pkey ON tickets (due)", SqlException.DUPLICATE_TABLE,
                "relation or constraint \"tickets_pkey\" already exists on table \"tickets\"");

        layer.run(db, s -> {
            s.insert("users", row("id", 1L, "email", "a@example.com"));
            s.insert("users", row("id", 2L, "email", "b@example.com"));
            return null;
        });
        SqlException e = assertRefused("CREATE UNIQUE INDEX users_active_key ON users (active)",
                SqlException.UNIQUE_VIOLATION, null);
        assertThat(e.getMessage()).isEqualTo("could not create unique index \"users_active_key\"");
        assertThat(e.detail()).matches("Key \\(active\\)=\\(.*\\) is duplicated\\.");
        assertThat(layer.catalog(db).requireTable("users").uniqueConstraints()).extracting(IndexDef::getName)
                .doesNotContain("users_active_key");
    }

    // ---- ALTER TABLE ----

    @Test
    void alterTableAddColumn() {
        createTicketTracker();
        layer.run(db, s -> s.insert("users", row("id", 1L, "email", "a@example.com")));

        assertThat(sql("ALTER TABLE users ADD COLUMN karma INTEGER NOT NULL DEFAULT 7").command())
                .isEqualTo("ALTER TABLE");
        assertThat(lookup("users", 1L).get("karma")).as("backfilled").isEqualTo(7);
        sql("ALTER TABLE users ADD nickname VARCHAR(10)");
        assertThat(lookup("users", 1L).get("nickname")).isNull();
        sql("ALTER TABLE users ADD COLUMN code VARCHAR(8) CONSTRAINT users_code_key UNIQUE");
        sql("ALTER TABLE users ADD COLUMN mentor_id BIGINT REFERENCES users ON DELETE SET NULL");

        Table users = layer.catalog(db).requireTable("users");
        assertThat(users.columns()).extracting(ColumnDef::getName).endsWith("karma", "nickname", "code", "mentor_id");
        assertThat(column(users, "karma").getNotNull()).isTrue();
        assertThat(users.uniqueConstraints()).extracting(IndexDef::getName).contains("users_code_key");
        assertThat(fk(users, "users_mentor_id_fkey")).isEqualTo(fk("users_mentor_id_fkey", "mentor_id", "users", "id",
                ReferentialAction.SET_NULL, ReferentialAction.NO_ACTION));

        assertRefused("ALTER TABLE users ADD COLUMN required INTEGER NOT NULL", SqlException.NOT_NULL_VIOLATION,
                "column \"required\" of relation \"users\" contains null values: give it a DEFAULT or add it as "
                        + "nullable");
        assertRefused("ALTER TABLE users ADD COLUMN Karma INTEGER", SqlException.DUPLICATE_COLUMN,
                "column \"karma\" of relation \"users\" already exists");
        assertRefused("ALTER TABLE nowhere ADD COLUMN x INTEGER", SqlException.UNDEFINED_TABLE,
                "relation \"nowhere\" does not exist");
        assertRefused("ALTER TABLE users ADD COLUMN team_id BIGINT REFERENCES teams", SqlException.UNDEFINED_TABLE,
                "relation \"teams\" does not exist");
        assertRefused("ALTER TABLE users ADD COLUMN project_id BIGINT REFERENCES projects (nope)",
                SqlException.UNDEFINED_COLUMN, "column \"nope\" of table \"projects\" does not exist");
        assertThat(layer.catalog(db).requireTable("users").columnIndex("team_id")).isNegative();
        assertThat(layer.catalog(db).requireTable("users").columnIndex("project_id")).isNegative();
    }

    @Test
    void alterTableConstraints() {
        createTicketTracker();
        sql("ALTER TABLE projects ADD CONSTRAINT projects_name_key UNIQUE (name)");
        sql("ALTER TABLE labels ADD UNIQUE (color, name)");
        sql("ALTER TABLE projects ADD COLUMN lead_id BIGINT");
        sql("ALTER TABLE projects ADD CONSTRAINT projects_lead_fkey FOREIGN KEY (lead_id) REFERENCES users (id) "
                + "ON DELETE SET NULL ON UPDATE CASCADE");
        sql("ALTER TABLE comments ADD FOREIGN KEY (author_id) REFERENCES users");
        Catalog catalog = layer.catalog(db);
        assertThat(catalog.requireTable("projects").uniqueConstraints()).extracting(IndexDef::getName)
                .containsExactly("projects_name_key");
        assertThat(catalog.requireTable("labels").uniqueConstraints()).extracting(IndexDef::getName)
                .containsExactly("labels_name_key", "labels_color_name_key");
        assertThat(fk(catalog.requireTable("projects"), "projects_lead_fkey")).isEqualTo(fk("projects_lead_fkey",
                "lead_id", "users", "id", ReferentialAction.SET_NULL, ReferentialAction.CASCADE));
        assertThat(fk(catalog.requireTable("comments"), "comments_author_id_fkey").getReferencedTable())
                .isEqualTo("users");

        assertRefused("ALTER TABLE projects ADD CONSTRAINT projects_name_key UNIQUE (owner_id)",
                SqlException.DUPLICATE_OBJECT,
                "relation or constraint \"projects_name_key\" already exists on table \"projects\"");
        assertRefused("ALTER TABLE projects ADD UNIQUE (nope)", SqlException.UNDEFINED_COLUMN,
                "column \"nope\" of table \"projects\" does not exist");
        assertRefused("ALTER TABLE projects ADD FOREIGN KEY (nope) REFERENCES users", SqlException.UNDEFINED_COLUMN,
                "column \"nope\" of table \"projects\" does not exist");
        assertRefused("ALTER TABLE projects ADD FOREIGN KEY (lead_id) REFERENCES nowhere",
                SqlException.UNDEFINED_TABLE, "relation \"nowhere\" does not exist");

        assertThat(sql("ALTER TABLE projects DROP CONSTRAINT projects_lead_fkey").command()).isEqualTo("ALTER TABLE");
        sql("ALTER TABLE projects DROP CONSTRAINT PROJECTS_NAME_KEY");
        sql("ALTER TABLE projects DROP CONSTRAINT IF EXISTS projects_lead_fkey");
        catalog = layer.catalog(db);
        assertThat(catalog.requireTable("projects").foreignKeys()).extracting(ForeignKeyDef::getName)
                .containsExactly("projects_owner_fkey");
        assertThat(catalog.requireTable("projects").uniqueConstraints()).isEmpty();
        assertRefused("ALTER TABLE projects DROP CONSTRAINT projects_lead_fkey", SqlException.UNDEFINED_OBJECT,
                "constraint \"projects_lead_fkey\" of relation \"projects\" does not exist");
        assertRefused("ALTER TABLE labels DROP CONSTRAINT labels_pkey", SqlException.INVALID_DEFINITION,
                "the primary key of \"labels\" cannot be dropped");
        assertRefused("ALTER TABLE users DROP CONSTRAINT users_pkey", SqlException.INVALID_DEFINITION,
                "the primary key of \"users\" cannot be dropped");
        assertRefused("ALTER TABLE nowhere DROP CONSTRAINT IF EXISTS c", SqlException.UNDEFINED_TABLE,
                "relation \"nowhere\" does not exist");
    }

    @Test
    void addingAForeignKeyChecksExistingRows() {
        createTicketTracker();
        sql("ALTER TABLE projects ADD COLUMN lead_id BIGINT");
        layer.run(db, s -> {
            s.insert("users", row("id", 1L, "email", "a@example.com"));
            s.insert("projects", row("id", 10L, "name", "rl", "owner_id", 1L, "lead_id", 99L));
            return null;
        });
        SqlException e = assertRefused("ALTER TABLE projects ADD CONSTRAINT projects_lead_fkey FOREIGN KEY (lead_id) "
                + "REFERENCES users", SqlException.FOREIGN_KEY_VIOLATION, null);
        assertThat(e.getMessage()).isEqualTo("insert or update on table \"projects\" violates foreign key constraint "
                + "\"projects_lead_fkey\"");
        assertThat(e.detail()).isEqualTo("Key (lead_id)=(99) is not present in table \"users\".");
        assertThat(layer.catalog(db).requireTable("projects").foreignKeys()).extracting(ForeignKeyDef::getName)
                .containsExactly("projects_owner_fkey");
    }

    // ---- DROP ----

    @Test
    void dropTableRefusedWhileReferencedUnlessCascade() {
        createTicketTracker();
        assertRefused("DROP TABLE users", SqlException.DEPENDENT_OBJECTS, null);
        SqlException labels = assertRefused("DROP TABLE labels RESTRICT", SqlException.DEPENDENT_OBJECTS,
                "cannot drop table labels because other objects depend on it");
        assertThat(labels.detail()).isEqualTo("constraint ticket_labels_label_id_fkey on table ticket_labels depends "
                + "on table labels");
        assertThat(labels.hint()).isEqualTo("Use DROP ... CASCADE to drop the dependent objects too.");
        assertThat(layer.catalog(db).table("labels")).isNotNull();

        assertThat(sql("DROP TABLE labels CASCADE").command()).isEqualTo("DROP TABLE");
        sql("DROP TABLE projects CASCADE");
        Catalog catalog = layer.catalog(db);
        assertThat(catalog.table("labels")).isNull();
        assertThat(catalog.table("projects")).isNull();
        assertThat(catalog.referencing("labels")).isEmpty();
        assertThat(catalog.referencing("projects")).isEmpty();
        assertThat(catalog.requireTable("ticket_labels").foreignKeys()).extracting(ForeignKeyDef::getName)
                .containsExactly("ticket_labels_ticket_id_fkey");
        assertThat(catalog.requireTable("tickets").foreignKeys()).extracting(ForeignKeyDef::getName)
                .containsExactly("tickets_reporter_id_fkey", "tickets_assignee_fkey", "tickets_parent_ticket_id_fkey");

        sql("DROP TABLE ticket_labels");
        sql("DROP TABLE IF EXISTS labels");
        assertRefused("DROP TABLE labels", SqlException.UNDEFINED_TABLE, "table \"labels\" does not exist");
        assertThat(layer.catalog(db).tables()).extracting(Table::name).containsExactly("users", "tickets",
                "comments");

        sql("CREATE TABLE labels (id BIGINT PRIMARY KEY, name TEXT)");
        assertThat(column(layer.catalog(db).requireTable("labels"), "id").getType().getKind())
                .isEqualTo(ColumnKind.BIGINT);
    }

    @Test
    void dropTableCascadeRemovesEveryForeignKeyOfAChildTable() {
        createTicketTracker();
        // tickets references users twice (reporter, assignee), projects and comments once each.
        sql("DROP TABLE users CASCADE");
        Catalog catalog = layer.catalog(db);
        assertThat(catalog.table("users")).isNull();
        assertThat(catalog.requireTable("projects").foreignKeys()).isEmpty();
        assertThat(catalog.requireTable("comments").foreignKeys()).extracting(ForeignKeyDef::getName)
                .containsExactly("comments_ticket_id_fkey");
        assertThat(catalog.requireTable("tickets").foreignKeys()).extracting(ForeignKeyDef::getName)
                .as("no foreign key of tickets may still reference the dropped users")
                .containsExactly("tickets_project_fkey", "tickets_parent_ticket_id_fkey");
        assertThat(catalog.referencing("users")).isEmpty();
    }

    @Test
    void dropIndexFindsItsTable() {
        createTicketTracker();
        sql("CREATE INDEX by_created ON users (created_at)");
        sql("CREATE INDEX by_created ON tickets (created_at)");
        sql("CREATE INDEX comments_by_posted ON comments (posted_at)");

        assertThat(sql("DROP INDEX comments_by_posted").command()).isEqualTo("DROP INDEX");
        assertThat(layer.catalog(db).requireTable("comments").indexes()).isEmpty();

        assertRefused("DROP INDEX by_created", DdlExecutor.AMBIGUOUS_NAME, "index \"by_created\" exists on tables "
                + "\"users\", \"tickets\": name the table with DROP INDEX by_created ON <table>");
        sql("DROP INDEX by_created ON tickets");
        assertThat(layer.catalog(db).requireTable("tickets").indexes()).extracting(IndexDef::getName)
                .containsExactly("tickets_project_due_idx");
        sql("DROP INDEX BY_CREATED");
        assertThat(layer.catalog(db).requireTable("users").indexes()).isEmpty();

        sql("DROP INDEX users_handle_key");
        assertThat(layer.catalog(db).requireTable("users").uniqueConstraints()).extracting(IndexDef::getName)
                .containsExactly("users_email_key");

        long version = layer.catalog(db).version();
        sql("DROP INDEX IF EXISTS by_created");
        sql("DROP INDEX IF EXISTS by_created ON users");
        assertThat(layer.catalog(db).version()).isEqualTo(version);
        assertRefused("DROP INDEX by_created", SqlException.UNDEFINED_OBJECT, "index \"by_created\" does not exist");
        assertRefused("DROP INDEX by_created ON users", SqlException.UNDEFINED_OBJECT,
                "index \"by_created\" on table \"users\" does not exist");
        assertRefused("DROP INDEX i ON nowhere", SqlException.UNDEFINED_TABLE, "table \"nowhere\" does not exist");
        sql("CREATE TABLE invites (id BIGINT PRIMARY KEY, email VARCHAR(64) REFERENCES users (email))");
        SqlException email = assertRefused("DROP INDEX users_email_key", SqlException.DEPENDENT_OBJECTS,
                "cannot drop constraint users_email_key on table users because other objects depend on it");
        assertThat(email.detail()).isEqualTo("constraint invites_email_fkey on table invites depends on index "
                + "users_email_key");
    }

    // ---- CREATE MATERIALIZED JOIN ----

    @Test
    void createMaterializedJoinIsNotSupportedAndChangesNothing() {
        createTicketTracker();
        long version = layer.catalog(db).version();
        for (String statement : List.of(
                "CREATE MATERIALIZED JOIN tickets_by_project_name ON tickets USING tickets_project_fkey "
                        + "(parent.name, child.due)",
                "CREATE MATERIALIZED JOIN j ON nowhere USING f (parent.name)")) {
            assertRefused(statement, SqlException.FEATURE_NOT_SUPPORTED, "CREATE MATERIALIZED JOIN is not supported: "
                    + "no query reads a materialized join; a join along a foreign key reads the foreign key's index");
        }
        assertThat(layer.catalog(db).requireTable("tickets").def().getMaterializedJoinsList()).isEmpty();
        assertThat(layer.catalog(db).version()).isEqualTo(version);
        sql("ALTER TABLE tickets DROP CONSTRAINT tickets_project_fkey");
        assertThat(layer.catalog(db).requireTable("tickets").foreignKeys()).extracting(fk -> fk.getName())
                .doesNotContain("tickets_project_fkey");
    }

    @Test
    void unknownDatabase() {
        Throwable t = catchThrowable(() -> executor.execute(DdlParser.parse("CREATE TABLE t (id INT PRIMARY KEY)"),
                layer.editor("no_such_database")));
        assertThat(t).isInstanceOf(SqlException.class);
        assertThat(((SqlException) t).sqlState()).isEqualTo(RelationalErrors.INVALID_CATALOG_NAME);
    }

    // ---- helpers ----

    private void createTicketTracker() {
        TICKET_TRACKER.forEach(this::sql);
    }

    private StatementResult.Done sql(String text) {
        return executor.execute(DdlParser.parse(text), layer.editor(db));
    }

    /** Runs {@code text}, expecting the SQLSTATE and (unless null) the exact message. */
    private SqlException assertRefused(String text, String sqlState, String message) {
        Throwable t = catchThrowable(() -> sql(text));
        assertThat(t).as("error of: " + text).isInstanceOf(SqlException.class);
        SqlException e = (SqlException) t;
        assertThat(e.sqlState()).as("SQLSTATE of: " + text + " (" + e.getMessage() + ")").isEqualTo(sqlState);
        if (message != null) {
            assertThat(e.getMessage()).as("message of: " + text).isEqualTo(message);
        }
        return e;
    }

    private Row lookup(String table, Object... key) {
        return layer.run(db, s -> s.lookup(table, key));
    }

    private static Map<String, Object> row(Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return m;
    }

    private static ColumnDef column(Table t, String name) {
        return t.column(t.requireColumn(name));
    }

    private static ForeignKeyDef fk(Table t, String name) {
        return t.foreignKeys().stream().filter(f -> f.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no foreign key " + name + " on " + t.name() + ": "
                        + t.foreignKeys()));
    }

    private static ForeignKeyDef fk(String name, String column, String table, String referenced,
                                    ReferentialAction onDelete, ReferentialAction onUpdate) {
        return ForeignKeyDef.newBuilder().setName(name).addColumns(column).setReferencedTable(table)
                .addReferencedColumns(referenced).setOnDelete(onDelete).setOnUpdate(onUpdate).build();
    }
}
