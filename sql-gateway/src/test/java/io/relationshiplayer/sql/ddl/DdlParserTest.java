package io.relationshiplayer.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.CatalogValue;
import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.ddl.DdlStatement.AddCheck;
import io.relationshiplayer.sql.ddl.DdlStatement.AddColumn;
import io.relationshiplayer.sql.ddl.DdlStatement.CheckAt;
import io.relationshiplayer.sql.ddl.DdlStatement.AddForeignKey;
import io.relationshiplayer.sql.ddl.DdlStatement.AddUnique;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateIndex;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateMaterializedJoin;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateTable;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateView;
import io.relationshiplayer.sql.ddl.DdlStatement.DropColumn;
import io.relationshiplayer.sql.ddl.DdlStatement.DropConstraint;
import io.relationshiplayer.sql.ddl.DdlStatement.DropIndex;
import io.relationshiplayer.sql.ddl.DdlStatement.DropTable;
import io.relationshiplayer.sql.ddl.DdlStatement.DropView;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The DDL grammar: every statement form, type, constraint placement and literal, and errors with their positions. */
class DdlParserTest {

    // ---- CREATE TABLE: types ----

    @Test
    void everyTypeMapsToItsColumnKind() {
        TableDef t = createTable("""
                CREATE TABLE everything (
                    a BIGINT, b INT8, c INTEGER, d INT, e INT4, f SMALLINT, f2 INT2,
                    g DOUBLE PRECISION, h DOUBLE, i FLOAT8, j FLOAT, k REAL, k2 FLOAT4,
                    l BOOLEAN, m BOOL,
                    n VARCHAR(20), o CHARACTER VARYING(30), p TEXT, q VARCHAR, q2 CHARACTER VARYING,
                    r VARBINARY(16), s BYTEA, s2 VARBINARY,
                    t DECIMAL(12, 2), u NUMERIC(18), v NUMERIC(5,5), v2 DEC(1,0),
                    w DATE, x TIMESTAMP, y TIMESTAMP WITHOUT TIME ZONE,
                    PRIMARY KEY (a))""").spec();
        assertThat(t.getName()).isEqualTo("everything");
        assertThat(t.getPrimaryKeyList()).containsExactly("a");
        assertThat(types(t)).containsExactly(
                "a BIGINT", "b BIGINT", "c INTEGER", "d INTEGER", "e INTEGER", "f SMALLINT", "f2 SMALLINT",
                "g DOUBLE", "h DOUBLE", "i DOUBLE", "j DOUBLE", "k DOUBLE", "k2 DOUBLE",
                "l BOOLEAN", "m BOOLEAN",
                "n VARCHAR(20)", "o VARCHAR(30)", "p VARCHAR", "q VARCHAR", "q2 VARCHAR",
                "r VARBINARY(16)", "s VARBINARY", "s2 VARBINARY",
                "t DECIMAL(12,2)", "u DECIMAL(18,0)", "v DECIMAL(5,5)", "v2 DECIMAL(1,0)",
                "w DATE", "x TIMESTAMP", "y TIMESTAMP");
        assertThat(t.getColumnsList()).allSatisfy(c -> {
            assertThat(c.getNotNull()).as(c.getName()).isFalse();
            assertThat(c.hasDefaultValue()).as(c.getName()).isFalse();
        });
    }

    @Test
    void typeNamesAreCaseInsensitive() {
        TableDef t = createTable("create table t (a bigint primary key, b Double Precision, c character VARYING(3),"
                + " d Numeric(4, 1), e TimeStamp)").spec();
        assertThat(types(t)).containsExactly("a BIGINT", "b DOUBLE", "c VARCHAR(3)", "d DECIMAL(4,1)", "e TIMESTAMP");
    }

    @Test
    void aTimestampPrecisionBelowSixIsSetEvenWhenZeroAndNoneIsUnset() {
        TableDef t = createTable("CREATE TABLE t (a TIMESTAMP(0), b TIMESTAMP(3), c TIMESTAMP, d TIMESTAMP(6),"
                + " e TIMESTAMP(9) WITHOUT TIME ZONE)").spec();
        ColumnType seconds = column(t, "a").getType();
        assertThat(seconds.hasPrecision()).isTrue();
        assertThat(seconds.getPrecision()).isZero();
        assertThat(column(t, "b").getType().hasPrecision()).isTrue();
        assertThat(column(t, "b").getType().getPrecision()).isEqualTo(3);
        for (String micros : new String[] {"c", "d", "e"}) {
            assertThat(column(t, micros).getType().hasPrecision()).as(micros).isFalse();
        }
        // a DEFAULT cast to its column's own type, precision 0 and all
        assertThat(column(createTable("CREATE TABLE t (a TIMESTAMP(0) DEFAULT '2024-01-01 12:00:00'::timestamp(0))")
                .spec(), "a").getDefaultValue().getStringValue()).isEqualTo("2024-01-01 12:00:00");
    }

    @Test
    void aTimeColumnIsItsOwnKindWithAPrecisionAsATimestampHasOne() {
        TableDef t = createTable("CREATE TABLE t (a TIME(0), b Time(3) WITHOUT TIME ZONE, c TIME, d TIME(9) DEFAULT "
                + "'12:00:00.4567895', e TIME DEFAULT TIME '24:00:00', f TIME DEFAULT '07:05'::time)").spec();
        for (String c : new String[] {"a", "b", "c", "d", "e", "f"}) {
            assertThat(column(t, c).getType().getKind()).as(c).isEqualTo(ColumnKind.TIME);
        }
        assertThat(column(t, "a").getType().hasPrecision()).isTrue();
        assertThat(column(t, "a").getType().getPrecision()).isZero();
        assertThat(column(t, "b").getType().getPrecision()).isEqualTo(3);
        assertThat(column(t, "c").getType().hasPrecision()).isFalse();
        assertThat(column(t, "d").getType().hasPrecision()).isFalse();
        // a DEFAULT kept as its text in microseconds, read as PostgreSQL reads a time
        assertThat(column(t, "d").getDefaultValue().getStringValue()).isEqualTo("12:00:00.45679");
        assertThat(column(t, "e").getDefaultValue().getStringValue()).isEqualTo("24:00:00");
        assertThat(column(t, "f").getDefaultValue().getStringValue()).isEqualTo("07:05:00");
        assertError("CREATE TABLE t (a TIME WITH TIME ZONE)", "0A000", "TIME WITH TIME ZONE is not supported: use "
                + "TIME (a time of day without a zone)", 1, 24);
        assertError("CREATE TABLE t (a TIME DEFAULT '25:00')", "22008", "date/time field value out of range: \"25:00\"",
                1, 32);
        assertError("CREATE TABLE t (a TIME DEFAULT 'noon')", DdlTypes.INVALID_DATETIME, "invalid input syntax for "
                + "type time: \"noon\"", 1, 32);
    }

    // ---- CREATE TABLE: constraints on columns ----

    @Test
    void columnConstraintsInAnyOrder() {
        TableDef t = createTable("""
                CREATE TABLE tickets (
                    id BIGINT PRIMARY KEY,
                    project_id BIGINT NOT NULL REFERENCES projects ON DELETE CASCADE ON UPDATE CASCADE,
                    reporter_id BIGINT CONSTRAINT tickets_reporter_fkey REFERENCES users (id)
                        ON UPDATE RESTRICT ON DELETE RESTRICT NOT NULL,
                    assignee_id BIGINT NULL REFERENCES users ON DELETE SET NULL,
                    code VARCHAR(10) UNIQUE NOT NULL DEFAULT 'x',
                    slug VARCHAR(10) DEFAULT 'y' CONSTRAINT tickets_slug_uq UNIQUE NULL,
                    twice BIGINT UNIQUE CONSTRAINT twice_fkey REFERENCES other (k) UNIQUE
                )""").spec();
        assertThat(t.getPrimaryKeyList()).containsExactly("id");
        assertThat(column(t, "id").getNotNull()).as("the layer makes key columns NOT NULL").isFalse();
        assertThat(column(t, "project_id").getNotNull()).isTrue();
        assertThat(column(t, "reporter_id").getNotNull()).isTrue();
        assertThat(column(t, "assignee_id").getNotNull()).isFalse();
        ColumnDef code = column(t, "code");
        assertThat(code.getNotNull()).isTrue();
        assertThat(code.getDefaultValue()).isEqualTo(string("x"));
        assertThat(column(t, "slug").getDefaultValue()).isEqualTo(string("y"));

        assertThat(t.getForeignKeysList()).containsExactly(
                fk("", List.of("project_id"), "projects", List.of(), ReferentialAction.CASCADE,
                        ReferentialAction.CASCADE),
                fk("tickets_reporter_fkey", List.of("reporter_id"), "users", List.of("id"),
                        ReferentialAction.RESTRICT, ReferentialAction.RESTRICT),
                fk("", List.of("assignee_id"), "users", List.of(), ReferentialAction.SET_NULL,
                        ReferentialAction.NO_ACTION),
                fk("twice_fkey", List.of("twice"), "other", List.of("k"), ReferentialAction.NO_ACTION,
                        ReferentialAction.NO_ACTION));
        assertThat(t.getUniqueConstraintsList()).containsExactly(index("", "code"), index("tickets_slug_uq", "slug"),
                index("", "twice"), index("", "twice"));
        assertThat(t.getIndexesList()).isEmpty();
    }

    @Test
    void constraintNameAppliesToTheConstraintAfterIt() {
        TableDef t = createTable("CREATE TABLE t (id INT CONSTRAINT t_pk PRIMARY KEY, a INT CONSTRAINT nn NOT NULL "
                + "CONSTRAINT d DEFAULT 4 CONSTRAINT u UNIQUE)").spec();
        assertThat(t.getPrimaryKeyList()).containsExactly("id");
        assertThat(column(t, "a").getNotNull()).isTrue();
        assertThat(column(t, "a").getDefaultValue()).isEqualTo(int64(4));
        assertThat(t.getUniqueConstraintsList()).containsExactly(index("u", "a"));
    }

    // ---- CREATE TABLE: table constraints ----

    @Test
    void tableConstraintsAnywhereAmongTheColumns() {
        TableDef t = createTable("""
                CREATE TABLE ticket_labels (
                    CONSTRAINT ticket_labels_pkey PRIMARY KEY (ticket_id, label_id),
                    ticket_id BIGINT,
                    UNIQUE (label_id, ticket_id),
                    label_id INTEGER,
                    CONSTRAINT tl_note_key UNIQUE (note),
                    FOREIGN KEY (ticket_id) REFERENCES tickets (id) ON DELETE NO ACTION ON UPDATE SET DEFAULT,
                    note TEXT,
                    CONSTRAINT tl_label_fkey FOREIGN KEY (label_id, note) REFERENCES labels
                )""").spec();
        assertThat(t.getColumnsList()).extracting(ColumnDef::getName).containsExactly("ticket_id", "label_id", "note");
        assertThat(t.getPrimaryKeyList()).containsExactly("ticket_id", "label_id");
        assertThat(t.getUniqueConstraintsList()).containsExactly(index("", "label_id", "ticket_id"),
                index("tl_note_key", "note"));
        assertThat(t.getForeignKeysList()).containsExactly(
                fk("", List.of("ticket_id"), "tickets", List.of("id"), ReferentialAction.NO_ACTION,
                        ReferentialAction.SET_DEFAULT),
                fk("tl_label_fkey", List.of("label_id", "note"), "labels", List.of(), ReferentialAction.NO_ACTION,
                        ReferentialAction.NO_ACTION));
    }

    @ParameterizedTest
    @CsvSource({
            "RESTRICT, RESTRICT",
            "NO ACTION, NO_ACTION",
            "CASCADE, CASCADE",
            "SET NULL, SET_NULL",
            "SET DEFAULT, SET_DEFAULT",
            "restrict, RESTRICT",
            "no   action, NO_ACTION",
            "set null, SET_NULL",
            "Set Default, SET_DEFAULT"})
    void everyReferentialActionOnDeleteAndOnUpdate(String action, ReferentialAction expected) {
        ForeignKeyDef inline = createTable("CREATE TABLE c (id INT PRIMARY KEY, p INT REFERENCES p ON DELETE "
                + action + " ON UPDATE " + action + ")").spec().getForeignKeys(0);
        assertThat(inline.getOnDelete()).isEqualTo(expected);
        assertThat(inline.getOnUpdate()).isEqualTo(expected);
        ForeignKeyDef table = createTable("CREATE TABLE c (id INT PRIMARY KEY, p INT, FOREIGN KEY (p) REFERENCES p "
                + "ON UPDATE " + action + ")").spec().getForeignKeys(0);
        assertThat(table.getOnDelete()).isEqualTo(ReferentialAction.NO_ACTION);
        assertThat(table.getOnUpdate()).isEqualTo(expected);
        AddForeignKey altered = (AddForeignKey) DdlParser.parse("ALTER TABLE c ADD FOREIGN KEY (p) REFERENCES p "
                + "ON DELETE " + action);
        assertThat(altered.foreignKey().getOnDelete()).isEqualTo(expected);
        assertThat(altered.foreignKey().getOnUpdate()).isEqualTo(ReferentialAction.NO_ACTION);
    }

    @Test
    void ifNotExistsAndAnEmptyColumnList() {
        CreateTable s = createTable("CREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY)");
        assertThat(s.ifNotExists()).isTrue();
        assertThat(createTable("CREATE TABLE t (id INT PRIMARY KEY)").ifNotExists()).isFalse();
        assertThat(createTable("CREATE TABLE t ()").spec().getColumnsCount()).as("the layer refuses it").isZero();
        assertThat(s.command()).isEqualTo("CREATE TABLE");
    }

    // ---- DEFAULT literals ----

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "BIGINT           | 42                             | int64:42",
            "BIGINT           | -42                            | int64:-42",
            "BIGINT           | +7                             | int64:7",
            "BIGINT           | 9223372036854775807            | int64:9223372036854775807",
            "BIGINT           | -9223372036854775808           | int64:-9223372036854775808",
            "INTEGER          | 0                              | int64:0",
            "DOUBLE PRECISION | 2.5                            | double:2.5",
            "DOUBLE PRECISION | -2.5                           | double:-2.5",
            "DOUBLE PRECISION | 1e3                            | double:1000.0",
            "DOUBLE PRECISION | .5                             | double:0.5",
            "DOUBLE PRECISION | 3                              | int64:3",
            "DECIMAL(10,2)    | 12.34                          | string:12.34",
            "DECIMAL(10,2)    | -0.01                          | string:-0.01",
            "DECIMAL(10,2)    | 5                              | int64:5",
            "VARCHAR(10)      | 'open'                         | string:open",
            "VARCHAR(10)      | 'it''s'                        | string:it's",
            "VARCHAR(10)      | ''                             | string:",
            "VARCHAR(10)      | 12.5                           | string:12.5",
            "VARCHAR(10)      | -3                             | string:-3",
            "TEXT             | '-- not a comment /* */'       | string:-- not a comment /* */",
            "BOOLEAN          | TRUE                           | bool:true",
            "BOOLEAN          | false                          | bool:false",
            "BOOLEAN          | 'yes'                          | bool:true",
            "BOOLEAN          | ' OFF '                        | bool:false",
            "BIGINT           | NULL                           | null",
            "DATE             | DATE '2024-02-29'              | string:2024-02-29",
            "TIMESTAMP        | TIMESTAMP '2024-02-29 13:45:00' | string:2024-02-29 13:45:00",
            "TIMESTAMP        | timestamp '2024-02-29T13:45:00.123000' | string:2024-02-29T13:45:00.123000",
            "DATE             | '2024-01-01'                   | string:2024-01-01"})
    void defaultLiterals(String type, String literal, String expected) {
        ColumnDef c = createTable("CREATE TABLE t (id INT PRIMARY KEY, c " + type + " DEFAULT " + literal + ")")
                .spec().getColumns(1);
        assertThat(describe(c.getDefaultValue())).isEqualTo(expected);
    }

    @Test
    void varbinaryDefaultsAreHexOrUtf8() {
        TableDef t = createTable("CREATE TABLE t (id INT PRIMARY KEY, a BYTEA DEFAULT '\\x0aFF', b VARBINARY(4) "
                + "DEFAULT 'ab')").spec();
        assertThat(column(t, "a").getDefaultValue().getBytesValue()).isEqualTo(ByteString.copyFrom(new byte[] {
                0x0a, (byte) 0xff}));
        assertThat(column(t, "b").getDefaultValue().getBytesValue()).isEqualTo(ByteString.copyFromUtf8("ab"));
    }

    // ---- names, comments, statement ends ----

    @Test
    void unquotedNamesFoldToLowerCaseAndQuotedOnesStayExact() {
        TableDef t = createTable("CREATE TABLE \"Mixed Case\" (\"Id\" BIGINT PRIMARY KEY, UPPER_Name VARCHAR(5), "
                + "\"quote\"\"d\" INT, \"select\" INT, ÉtÉ INT, \"UNIQUE\" INT UNIQUE "
                + "REFERENCES \"Other\" (\"Key\"))")
                .spec();
        assertThat(t.getName()).isEqualTo("Mixed Case");
        assertThat(t.getColumnsList()).extracting(ColumnDef::getName)
                .containsExactly("Id", "upper_name", "quote\"d", "select", "ÉtÉ", "UNIQUE");
        assertThat(t.getPrimaryKeyList()).containsExactly("Id");
        assertThat(t.getForeignKeys(0).getReferencedTable()).isEqualTo("Other");
        assertThat(t.getForeignKeys(0).getReferencedColumnsList()).containsExactly("Key");
    }

    @Test
    void keywordsAreCaseInsensitiveAndNonReservedOnesAreNames() {
        TableDef t = createTable("cReAtE TaBlE Key (key INT pRiMaRy KeY, date DATE, text TEXT, name VARCHAR(4), "
                + "action INT, timestamp TIMESTAMP, index INT, cascade INT, materialized INT, view INT, if INT)")
                .spec();
        assertThat(t.getName()).isEqualTo("key");
        assertThat(t.getColumnsList()).extracting(ColumnDef::getName).containsExactly("key", "date", "text", "name",
                "action", "timestamp", "index", "cascade", "materialized", "view", "if");
        assertThat(((DropTable) DdlParser.parse("DROP TABLE if")).table()).isEqualTo("if");
        assertThat(((DropTable) DdlParser.parse("DROP TABLE IF EXISTS if")).table()).isEqualTo("if");
    }

    @Test
    void commentsAndWhitespaceAnywhere() {
        TableDef t = createTable("""
                -- the ticket's labels
                CREATE /* a /* nested */ comment */ TABLE
                  labels ( -- one line
                    id INTEGER PRIMARY KEY, /* inline */ name
                    VARCHAR(20)--no space
                  )   ;   -- done
                /* trailing */
                """).spec();
        assertThat(t.getName()).isEqualTo("labels");
        assertThat(types(t)).containsExactly("id INTEGER", "name VARCHAR(20)");
        assertThat(DdlParser.parse("\t\r\nDROP\tTABLE\r\nt;")).isEqualTo(new DropTable("t", false, false));
    }

    // ---- CREATE INDEX ----

    @Test
    void createIndexForms() {
        CreateIndex plain = (CreateIndex) DdlParser.parse("CREATE INDEX tickets_due ON tickets (due)");
        assertThat(plain).isEqualTo(new CreateIndex("tickets", IndexDef.newBuilder().setName("tickets_due")
                .addColumns(IndexColumn.newBuilder().setColumn("due")).build(), false, false));
        assertThat(plain.command()).isEqualTo("CREATE INDEX");

        CreateIndex unique = (CreateIndex) DdlParser.parse(
                "create unique index if not exists \"By Email\" on Users (Email asc, handle DESC, x);");
        assertThat(unique.table()).isEqualTo("users");
        assertThat(unique.unique()).isTrue();
        assertThat(unique.ifNotExists()).isTrue();
        assertThat(unique.index()).isEqualTo(IndexDef.newBuilder().setName("By Email").setUnique(true)
                .addColumns(IndexColumn.newBuilder().setColumn("email"))
                .addColumns(IndexColumn.newBuilder().setColumn("handle").setDescending(true))
                .addColumns(IndexColumn.newBuilder().setColumn("x")).build());
        assertThat(unique.command()).isEqualTo("CREATE INDEX");

        CreateIndex nameless = (CreateIndex) DdlParser.parse("CREATE INDEX ON t (a)");
        assertThat(nameless.index().getName()).isEmpty();
        assertThat(nameless.table()).isEqualTo("t");
    }

    // ---- DROP ----

    @Test
    void dropForms() {
        assertThat(DdlParser.parse("DROP TABLE t")).isEqualTo(new DropTable("t", false, false));
        assertThat(DdlParser.parse("drop table if exists T cascade;")).isEqualTo(new DropTable("t", true, true));
        assertThat(DdlParser.parse("DROP TABLE \"T\" RESTRICT")).isEqualTo(new DropTable("T", false, false));
        assertThat(DdlParser.parse("DROP TABLE t").command()).isEqualTo("DROP TABLE");
        assertThat(DdlParser.parse("DROP INDEX i")).isEqualTo(new DropIndex("i", Optional.empty(), false));
        assertThat(DdlParser.parse("DROP INDEX IF EXISTS i ON T")).isEqualTo(new DropIndex("i", Optional.of("t"),
                true));
        assertThat(DdlParser.parse("DROP INDEX i").command()).isEqualTo("DROP INDEX");
    }

    // ---- ALTER TABLE ----

    @Test
    void alterTableAddColumn() {
        AddColumn plain = (AddColumn) DdlParser.parse("ALTER TABLE tickets ADD COLUMN weight INTEGER NOT NULL "
                + "DEFAULT 1");
        assertThat(plain.table()).isEqualTo("tickets");
        assertThat(plain.column()).isEqualTo(ColumnDef.newBuilder().setName("weight").setType(kind(ColumnKind.INTEGER))
                .setNotNull(true).setDefaultValue(int64(1)).build());
        assertThat(plain.uniqueConstraints()).isEmpty();
        assertThat(plain.foreignKeys()).isEmpty();
        assertThat(plain.command()).isEqualTo("ALTER TABLE");

        AddColumn constrained = (AddColumn) DdlParser.parse("ALTER TABLE tickets ADD reviewer_id BIGINT "
                + "CONSTRAINT tickets_reviewer_fkey REFERENCES users ON DELETE SET NULL UNIQUE");
        assertThat(constrained.column().getName()).isEqualTo("reviewer_id");
        assertThat(constrained.foreignKeys()).containsExactly(fk("tickets_reviewer_fkey", List.of("reviewer_id"),
                "users", List.of(), ReferentialAction.SET_NULL, ReferentialAction.NO_ACTION));
        assertThat(constrained.uniqueConstraints()).containsExactly(index("", "reviewer_id"));
    }

    @Test
    void alterTableConstraints() {
        assertThat(DdlParser.parse("ALTER TABLE users ADD CONSTRAINT users_handle_key UNIQUE (handle, email)"))
                .isEqualTo(new AddUnique("users", index("users_handle_key", "handle", "email")));
        assertThat(DdlParser.parse("ALTER TABLE users ADD UNIQUE (handle)"))
                .isEqualTo(new AddUnique("users", index("", "handle")));
        assertThat(DdlParser.parse("ALTER TABLE t ADD CONSTRAINT f FOREIGN KEY (a, b) REFERENCES p (x, y) "
                + "ON UPDATE CASCADE ON DELETE SET NULL"))
                .isEqualTo(new AddForeignKey("t", fk("f", List.of("a", "b"), "p", List.of("x", "y"),
                        ReferentialAction.SET_NULL, ReferentialAction.CASCADE)));
        assertThat(DdlParser.parse("ALTER TABLE t DROP CONSTRAINT f"))
                .isEqualTo(new DropConstraint("t", "f", false));
        assertThat(DdlParser.parse("alter table T drop constraint if exists \"F\";"))
                .isEqualTo(new DropConstraint("t", "F", true));
        assertThat(DdlParser.parse("ALTER TABLE t DROP CONSTRAINT f").command()).isEqualTo("ALTER TABLE");
    }

    @Test
    void checkConstraintsKeepTheirTextAndWhereItStarts() {
        CreateTable t = createTable("CREATE TABLE t (a INT CHECK ( a > (0) ) CONSTRAINT small CHECK (a < 10),\n"
                + "  b VARCHAR(5), CHECK (b <> ')' -- a ) in a comment\n), CONSTRAINT ab CHECK ((a))) ");
        assertThat(t.spec().getChecksCount()).as("kept apart from the spec").isZero();
        assertThat(t.checks()).containsExactly(
                new CheckAt(check("", "a > (0)"), 1, 31),
                new CheckAt(check("small", "a < 10"), 1, 65),
                new CheckAt(check("", "b <> ')' -- a ) in a comment"), 2, 24),
                new CheckAt(check("ab", "(a)"), 3, 25));
        assertThat(DdlParser.parse("ALTER TABLE t ADD CHECK (a > 0)"))
                .isEqualTo(new AddCheck("t", new CheckAt(check("", "a > 0"), 1, 26)));
        assertThat(DdlParser.parse("ALTER TABLE t ADD CONSTRAINT c CHECK (a > 0)"))
                .isEqualTo(new AddCheck("t", new CheckAt(check("c", "a > 0"), 1, 39)));
        AddColumn column = (AddColumn) DdlParser.parse("ALTER TABLE t ADD COLUMN c INT CHECK (c > 0)");
        assertThat(column.checks()).containsExactly(new CheckAt(check("", "c > 0"), 1, 39));
    }

    @Test
    void dropColumnForms() {
        assertThat(DdlParser.parse("ALTER TABLE t DROP COLUMN c")).isEqualTo(new DropColumn("t", "c", false, false));
        assertThat(DdlParser.parse("ALTER TABLE t DROP c RESTRICT")).isEqualTo(new DropColumn("t", "c", false, false));
        assertThat(DdlParser.parse("alter table T drop column if exists \"C\" cascade;"))
                .isEqualTo(new DropColumn("t", "C", true, true));
        assertThat(DdlParser.parse("ALTER TABLE t DROP c").command()).isEqualTo("ALTER TABLE");
    }

    private static CheckDef check(String name, String expression) {
        return CheckDef.newBuilder().setName(name).setExpression(expression).build();
    }

    // ---- CREATE MATERIALIZED JOIN ----

    @Test
    void createMaterializedJoin() {
        CreateMaterializedJoin s = (CreateMaterializedJoin) DdlParser.parse(
                "CREATE MATERIALIZED JOIN tickets_by_project ON Tickets USING tickets_project_fkey "
                        + "(parent.name, CHILD.Due, child.\"Id\")");
        assertThat(s.table()).isEqualTo("tickets");
        assertThat(s.join().getName()).isEqualTo("tickets_by_project");
        assertThat(s.join().getForeignKey()).isEqualTo("tickets_project_fkey");
        assertThat(s.join().getIndexColumnsList()).containsExactly("parent.name", "child.due", "child.Id");
        assertThat(s.command()).isEqualTo("CREATE MATERIALIZED JOIN");
    }

    @Test
    void countIndex() {
        assertThat(DdlParser.parse("CREATE COUNT INDEX IF NOT EXISTS per_status ON tickets (status, priority)"))
                .isEqualTo(new DdlStatement.CreateCountIndex("tickets", IndexDef.newBuilder().setName("per_status")
                        .addColumns(IndexColumn.newBuilder().setColumn("status"))
                        .addColumns(IndexColumn.newBuilder().setColumn("priority")).build(), true));
        assertError("CREATE COUNT UNIQUE INDEX i ON t (a)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"UNIQUE\": expected INDEX after CREATE COUNT", 1, 14);
    }

    // ---- isDdl ----

    @ParameterizedTest
    @ValueSource(strings = {
            "CREATE TABLE t (a INT)", "create index i on t (a)", "CREATE UNIQUE INDEX i ON t (a)",
            "CREATE MATERIALIZED JOIN j ON t USING f (child.a)", "DROP TABLE t", "drop index i",
            "ALTER TABLE t ADD x INT", "CREATE COUNT INDEX c ON t (a)", "create count", "CREATE VIEW v AS SELECT 1",
            "create or replace view v as select 1", "DROP VIEW v",
            "  -- comment\n /* block /* nested */ */ CREATE\nTABLE", "create table", "CREATE TABLE 'unterminated"})
    void isDdl(String sql) {
        assertThat(DdlParser.isDdl(sql)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT * FROM t", "INSERT INTO t VALUES (1)", "CREATE TEMP VIEW v AS SELECT 1", "CREATE UNIQUE t",
            "CREATE MATERIALIZED VIEW v AS SELECT 1", "CREATE OR REPLACE FUNCTION f", "ALTER INDEX i RENAME TO j",
            "EXPLAIN DROP TABLE t",
            "", "   ", "-- only a comment", "/* unterminated", "\"CREATE\" TABLE t (a INT)", "CREATE"})
    void isNotDdl(String sql) {
        assertThat(DdlParser.isDdl(sql)).isFalse();
    }

    // ---- errors ----

    @Test
    void syntaxErrorsNameTheTokenAndItsPosition() {
        assertError("CREATE TABLE t (id BIGINT PRIMARY KEY", SqlException.SYNTAX_ERROR,
                "syntax error at end of input: expected \")\" or \",\" in the column list of t", 1, 38);
        assertError("CREATE TABLE t (a INT b INT)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"b\": expected \")\" or \",\" in the column list of t", 1, 23);
        assertError("CREATE TABEL t (a INT)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"TABEL\": expected TABLE, INDEX, UNIQUE INDEX, COUNT INDEX, MATERIALIZED "
                        + "JOIN or VIEW after CREATE", 1, 8);
        assertError("CREATE TABLE select (a INT)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"select\": expected a table name", 1, 14);
        assertError("CREATE TABLE t a INT", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"a\": expected \"(\" after CREATE TABLE t", 1, 16);
        assertError("CREATE TABLE t (id INT PRIMARY KEY, FOREIGN KEY REFERENCES p)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"REFERENCES\": expected \"(\" after FOREIGN KEY", 1, 49);
        assertError("CREATE TABLE t (id INT PRIMARY KEY, FOREIGN KEY (a) p)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"p\": expected REFERENCES after FOREIGN KEY (...)", 1, 53);
        assertError("CREATE TABLE t (id INT PRIMARY KEY, a INT REFERENCES p (x ON DELETE CASCADE)",
                SqlException.SYNTAX_ERROR,
                "syntax error at or near \"ON\": expected \")\" or \",\" in the column list", 1, 59);
        assertError("CREATE TABLE t (id INT PRIMARY KEY, a INT REFERENCES p ON INSERT CASCADE)",
                SqlException.SYNTAX_ERROR, "syntax error at or near \"INSERT\": expected DELETE or UPDATE after ON", 1,
                59);
        assertError("CREATE TABLE t (id INT PRIMARY KEY, a INT REFERENCES p ON DELETE CASCADE ON DELETE SET NULL)",
                SqlException.SYNTAX_ERROR, "syntax error at or near \"DELETE\": ON DELETE given twice", 1, 77);
        assertError("CREATE TABLE t (id INT PRIMARY KEY, a INT REFERENCES p ON UPDATE SET ZERO)",
                SqlException.SYNTAX_ERROR, "syntax error at or near \"ZERO\": expected NULL or DEFAULT after SET", 1,
                70);
        assertError("CREATE TABLE t (id INT PRIMARY KEY CONSTRAINT c, a INT)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \",\": expected NOT NULL, NULL, DEFAULT, PRIMARY KEY, UNIQUE, "
                        + "REFERENCES or CHECK after CONSTRAINT c", 1, 48);
        assertError("CREATE TABLE t (id INT PRIMARY KEY, CONSTRAINT c (a))", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"(\": expected PRIMARY KEY, UNIQUE, FOREIGN KEY or CHECK after "
                + "CONSTRAINT c", 1, 50);
        assertError("CREATE TABLE t (id INT NOT 5)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"5\": expected NULL after NOT", 1, 28);
        assertError("CREATE TABLE t (id INT DEFAULT now())", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"now\": expected a literal after DEFAULT (a number, 'string', TRUE, FALSE, "
                        + "NULL, DATE '...', TIME '...' or TIMESTAMP '...')", 1, 32);
        assertError("CREATE TABLE t (id INT DEFAULT - 'x')", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"'x'\": expected a number after \"-\"", 1, 34);
        assertError("CREATE TABLE t (id VARCHAR(x))", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"x\": expected a length", 1, 28);
        assertError("CREATE TABLE t (id INT, )", SqlException.SYNTAX_ERROR,
                "syntax error at or near \")\": expected a column name or a table constraint", 1, 25);
        assertError("CREATE TABLE t (id , a INT)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \",\": expected a column type", 1, 20);
    }

    // ---- CREATE VIEW, DROP VIEW ----

    @Test
    void aViewKeepsItsQueryAsWrittenAndWhereItStarts() {
        assertThat(DdlParser.parse("CREATE VIEW v AS SELECT * FROM t WHERE a = 'x;y' -- note\n;"))
                .isEqualTo(new CreateView("v", List.of(), "SELECT * FROM t WHERE a = 'x;y' -- note", 1, 18, false));
        assertThat(DdlParser.parse("create or replace view \"V\" (a, \"B\")\nAS\n  (SELECT 1, 2)"))
                .isEqualTo(new CreateView("V", List.of("a", "B"), "(SELECT 1, 2)", 3, 3, true));
        assertThat(DdlParser.parse("CREATE VIEW w AS WITH x AS (SELECT 1) SELECT * FROM x;"))
                .isEqualTo(new CreateView("w", List.of(), "WITH x AS (SELECT 1) SELECT * FROM x", 1, 18, false));
    }

    @Test
    void dropViewNamesOneOrMore() {
        assertThat(DdlParser.parse("DROP VIEW v")).isEqualTo(new DropView(List.of("v"), false, false));
        assertThat(DdlParser.parse("DROP VIEW IF EXISTS a, \"B\" CASCADE;"))
                .isEqualTo(new DropView(List.of("a", "B"), true, true));
        assertThat(DdlParser.parse("drop view a restrict")).isEqualTo(new DropView(List.of("a"), false, false));
    }

    @Test
    void viewStatementErrors() {
        assertError("CREATE VIEW v SELECT 1", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"SELECT\": expected AS and the view's query after CREATE VIEW v", 1, 15);
        assertError("CREATE VIEW v AS", SqlException.SYNTAX_ERROR,
                "syntax error at end of input: expected the view's query after AS", 1, 17);
        assertError("CREATE VIEW v (a b) AS SELECT 1", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"b\": expected \")\" or \",\" in the column list of view v", 1, 18);
        assertError("CREATE OR VIEW v AS SELECT 1", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"VIEW\": expected REPLACE after CREATE OR", 1, 11);
        assertError("CREATE VIEW v AS SELECT * FROM t WITH CASCADED CHECK OPTION", SqlException.FEATURE_NOT_SUPPORTED,
                "WITH CHECK OPTION is not supported: views are read-only", 1, 34);
        assertError("DROP VIEW a,", SqlException.SYNTAX_ERROR, "syntax error at end of input: expected a view name",
                1, 13);
        assertError("DROP VIEW a b", SqlException.SYNTAX_ERROR, "syntax error at or near \"b\"", 1, 13);
    }

    @Test
    void errorsInOtherStatements() {
        assertError("", SqlException.SYNTAX_ERROR, "syntax error at end of input: expected CREATE, DROP or ALTER", 1,
                1);
        assertError("  -- nothing\n", SqlException.SYNTAX_ERROR,
                "syntax error at end of input: expected CREATE, DROP or ALTER", 2, 1);
        assertError("SELECT 1", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"SELECT\": expected CREATE, DROP or ALTER", 1, 1);
        assertError("DROP TABLE t CASCADE x", SqlException.SYNTAX_ERROR, "syntax error at or near \"x\"", 1, 22);
        assertError("DROP TABLE t; DROP TABLE u", SqlException.SYNTAX_ERROR, "syntax error at or near \"DROP\"", 1,
                15);
        assertError("DROP TABLE t;;", SqlException.SYNTAX_ERROR, "syntax error at or near \";\"", 1, 14);
        assertError("DROP SEQUENCE s", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"SEQUENCE\": expected TABLE, INDEX or VIEW after DROP", 1, 6);
        assertError("DROP TABLE IF t", SqlException.SYNTAX_ERROR, "syntax error at or near \"t\"", 1, 15);
        assertError("CREATE UNIQUE TABLE t (a INT)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"TABLE\": expected INDEX after CREATE UNIQUE", 1, 15);
        assertError("CREATE INDEX i t (a)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"t\": expected ON after the index name", 1, 16);
        assertError("CREATE INDEX i ON t (a DESC b)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"b\": expected \")\" or \",\" in the index's column list", 1, 29);
        assertError("CREATE INDEX IF NOT EXISTS ON t (a)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"ON\": expected an index name", 1, 28);
        assertError("CREATE INDEX IF EXISTS i ON t (a)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"EXISTS\": expected ON after the index name", 1, 17);
        // PostgreSQL's other ALTER TABLE actions are features the engine lacks (0A000); a word none of them is, 42601
        assertError("ALTER TABLE t RENAME TO u", SqlException.FEATURE_NOT_SUPPORTED,
                "ALTER TABLE ... RENAME is not supported: ALTER TABLE adds or drops a column or a constraint", 1, 15);
        assertError("ALTER TABLE t ALTER COLUMN a SET DEFAULT 3", SqlException.FEATURE_NOT_SUPPORTED,
                "ALTER TABLE ... ALTER is not supported: ALTER TABLE adds or drops a column or a constraint", 1, 15);
        assertError("ALTER TABLE t FROB", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"FROB\": expected ADD or DROP after ALTER TABLE t", 1, 15);
        // As in PostgreSQL: INDEX is read as the name of a column to drop (COLUMN is optional).
        assertError("ALTER TABLE t DROP INDEX i", SqlException.SYNTAX_ERROR, "syntax error at or near \"i\"", 1,
                26);
        assertError("ALTER INDEX i", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"INDEX\": expected TABLE after ALTER", 1, 7);
        assertError("ALTER TABLE t ADD CONSTRAINT c NOT NULL", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"NOT\": expected PRIMARY KEY, UNIQUE, FOREIGN KEY or CHECK after "
                        + "CONSTRAINT c", 1,
                32);
        assertError("CREATE MATERIALIZED VIEW v", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"VIEW\": expected JOIN after CREATE MATERIALIZED", 1, 21);
        assertError("CREATE MATERIALIZED JOIN j ON t (child.a)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"(\": expected USING and a foreign key name after the table of a "
                        + "materialized join", 1, 33);
        assertError("CREATE MATERIALIZED JOIN j ON t USING f (other.a)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"other\": expected child.<column> or parent.<column>", 1, 42);
        assertError("CREATE MATERIALIZED JOIN j ON t USING f (child a)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"a\": expected \".\" after child", 1, 48);
    }

    @Test
    void errorsInMultiLineStatementsHaveTheirLineAndColumn() {
        assertError("""
                CREATE TABLE tickets (
                    id BIGINT PRIMARY KEY,
                    project_id BIGINT REFERENCES projects ON DELETE EXPLODE
                )""", SqlException.SYNTAX_ERROR, "syntax error at or near \"EXPLODE\": expected RESTRICT, NO ACTION, "
                + "CASCADE, SET NULL or SET DEFAULT after ON DELETE", 3, 53);
        assertError("""
                -- header
                CREATE TABLE t (
                  /* a comment
                     over lines */ id BIGINT PRIMARY KEY,
                  name VARCHAR(10) DEFAULT 'x' 'y'
                )""", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"'y'\": expected \")\" or \",\" in the column list of t", 5, 32);
        assertError("CREATE TABLE t (\r\n  id INT PRIMARY KEY,\r\n  a INT REFERENCES\r\n)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \")\": expected a table name after REFERENCES", 4, 1);
        assertError("CREATE TABLE t (\r  id INT PRIMARY KEY,\r\tb BOGUS)", SqlException.UNDEFINED_OBJECT,
                "type \"bogus\" does not exist", 3, 4);
        assertError("CREATE TABLE t (\n  id INT PRIMARY KEY,\n  a INT\n", SqlException.SYNTAX_ERROR,
                "syntax error at end of input: expected \")\" or \",\" in the column list of t", 4, 1);
        assertError("CREATE TABLE été (\n  \"ça\" INT PRIMARY KEY, é FOO)", SqlException.UNDEFINED_OBJECT,
                "type \"foo\" does not exist", 2, 27);
    }

    @Test
    void lexicalErrors() {
        assertError("CREATE TABLE t (\n  a VARCHAR(5) DEFAULT 'open\n)", SqlException.SYNTAX_ERROR,
                "unterminated quoted string at or near \"'open\n)\"", 2, 24);
        assertError("CREATE TABLE t (\n  \"a INT)", SqlException.SYNTAX_ERROR,
                "unterminated quoted identifier at or near \"\"a INT)\"", 2, 3);
        assertError("CREATE TABLE t (a INT) /* never /* closed */", SqlException.SYNTAX_ERROR,
                "unterminated /* comment at or near \"/* never /* closed */\"", 1, 24);
        assertError("CREATE TABLE \"\" (a INT)", SqlException.SYNTAX_ERROR,
                "zero-length delimited identifier at or near \"\"\"\"", 1, 14);
        assertError("CREATE TABLE t (a INT @)", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"@\": expected \")\" or \",\" in the column list of t", 1, 23);
    }

    @Test
    void definitionErrorsWithTheirSqlStates() {
        assertError("CREATE TABLE t (a DECIMAL(19, 2) PRIMARY KEY)", SqlException.FEATURE_NOT_SUPPORTED,
                "DECIMAL precision 19 is not supported: at most 18 digits (values are stored as 64-bit integers)", 1,
                27);
        assertError("CREATE TABLE t (a NUMERIC)", SqlException.FEATURE_NOT_SUPPORTED,
                "NUMERIC without a precision is not supported: give DECIMAL(p, s) with p up to 18", 1, 19);
        assertError("CREATE TABLE t (a DECIMAL(0))", SqlException.INVALID_DEFINITION,
                "DECIMAL precision must be between 1 and 18", 1, 27);
        assertError("CREATE TABLE t (a DECIMAL(4, 5))", SqlException.INVALID_DEFINITION,
                "DECIMAL scale 5 must be between 0 and precision 4", 1, 30);
        assertError("CREATE TABLE t (a VARCHAR(0))", SqlException.INVALID_DEFINITION,
                "length for type varchar must be at least 1", 1, 27);
        assertError("CREATE TABLE t (a VARBINARY(12345678901))", SqlException.INVALID_DEFINITION,
                "length 12345678901 is too large", 1, 29);
        assertError("CREATE TABLE t (a TIMESTAMP WITH TIME ZONE)", SqlException.FEATURE_NOT_SUPPORTED,
                "TIMESTAMP WITH TIME ZONE is not supported: use TIMESTAMP (values are UTC)", 1, 29);
        assertError("CREATE TABLE t (a CHAR(3))", SqlException.FEATURE_NOT_SUPPORTED,
                "type CHAR (fixed length, blank-padded) is not supported: use VARCHAR(n)", 1, 19);
        assertError("CREATE TABLE t (a INT PRIMARY KEY, b INT PRIMARY KEY)", SqlException.INVALID_DEFINITION,
                "multiple primary keys for table \"t\" are not allowed", 1, 42);
        assertError("CREATE TABLE t (a INT PRIMARY KEY, b INT, PRIMARY KEY (b))", SqlException.INVALID_DEFINITION,
                "multiple primary keys for table \"t\" are not allowed", 1, 43);
        assertError("CREATE TABLE t (a INT NOT NULL NULL)", SqlException.SYNTAX_ERROR,
                "conflicting NULL/NOT NULL declarations for column \"a\" of table \"t\"", 1, 32);
        assertError("CREATE TABLE t (a INT NULL PRIMARY KEY)", SqlException.SYNTAX_ERROR,
                "conflicting NULL/NOT NULL declarations for column \"a\" of table \"t\"", 1, 28);
        assertError("CREATE TABLE t (a INT DEFAULT 1 DEFAULT 2)", SqlException.SYNTAX_ERROR,
                "multiple default values specified for column \"a\" of table \"t\"", 1, 33);
        assertError("CREATE TABLE t (a INT CHECK (a > 0)", SqlException.SYNTAX_ERROR,
                "syntax error at end of input: expected \")\" or \",\" in the column list of t", 1, 36);
        assertError("CREATE TABLE t (a INT, CONSTRAINT pos CHECK ())", SqlException.SYNTAX_ERROR,
                "syntax error at or near \")\": expected an expression in CHECK ( )", 1, 46);
        assertError("CREATE TABLE t (a BIGINT DEFAULT 9223372036854775808)", SqlException.NUMERIC_OUT_OF_RANGE,
                "value \"9223372036854775808\" is out of range for type bigint", 1, 34);
        assertError("CREATE TABLE t (a DATE DEFAULT DATE '2023-02-29')", DdlTypes.INVALID_DATETIME,
                "invalid input syntax for type date: \"2023-02-29\"", 1, 37);
        assertError("CREATE TABLE t (a TIMESTAMP DEFAULT TIMESTAMP 'yesterday')", DdlTypes.INVALID_DATETIME,
                "invalid input syntax for type timestamp: \"yesterday\"", 1, 47);
        assertError("CREATE TABLE t (a BOOLEAN DEFAULT 'maybe')", SqlException.INVALID_TEXT,
                "invalid input syntax for type boolean: \"maybe\"", 1, 35);
        assertError("CREATE TABLE t (a BYTEA DEFAULT '\\xabc')", SqlException.INVALID_TEXT,
                "invalid hexadecimal data in '\\xabc'", 1, 33);
        assertError("ALTER TABLE t ADD PRIMARY KEY (a)", SqlException.FEATURE_NOT_SUPPORTED,
                "a primary key cannot be added to an existing table: it is fixed by CREATE TABLE", 1, 19);
        assertError("ALTER TABLE t ADD COLUMN b INT PRIMARY KEY", SqlException.FEATURE_NOT_SUPPORTED,
                "a primary key cannot be added to an existing table: it is fixed by CREATE TABLE", 1, 32);
        assertError("ALTER TABLE t DROP COLUMN", SqlException.SYNTAX_ERROR, "syntax error at end of input: expected a column name",
                1, 26);
        assertError("ALTER TABLE t DROP 1", SqlException.SYNTAX_ERROR,
                "syntax error at or near \"1\": expected COLUMN or CONSTRAINT after DROP", 1, 20);
    }

    // ---- helpers ----

    private static CreateTable createTable(String sql) {
        DdlStatement s = DdlParser.parse(sql);
        assertThat(s).isInstanceOf(CreateTable.class);
        return (CreateTable) s;
    }

    private static void assertError(String sql, String sqlState, String message, int line, int column) {
        Throwable t = catchThrowable(() -> DdlParser.parse(sql));
        assertThat(t).as("error of: " + sql).isInstanceOf(SqlException.class);
        SqlException e = (SqlException) t;
        assertThat(e.getMessage()).as("message of: " + sql).isEqualTo(message);
        assertThat(e.sqlState()).as("SQLSTATE of: " + sql).isEqualTo(sqlState);
        assertThat(List.of(e.line(), e.column())).as("line and column of: " + sql).containsExactly(line, column);
    }

    private static List<String> types(TableDef t) {
        return t.getColumnsList().stream().map(c -> c.getName() + " " + typeName(c.getType()))
                .collect(Collectors.toList());
    }

    private static String typeName(ColumnType t) {
        switch (t.getKind()) {
            case VARCHAR:
            case VARBINARY:
                return t.getKind() + (t.getLength() > 0 ? "(" + t.getLength() + ")" : "");
            case DECIMAL:
                return "DECIMAL(" + t.getPrecision() + "," + t.getScale() + ")";
            default:
                return t.getKind().name();
        }
    }

    private static ColumnDef column(TableDef t, String name) {
        return t.getColumnsList().stream().filter(c -> c.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no column " + name));
    }

    private static ColumnType kind(ColumnKind kind) {
        return ColumnType.newBuilder().setKind(kind).build();
    }

    private static CatalogValue string(String s) {
        return CatalogValue.newBuilder().setStringValue(s).build();
    }

    private static CatalogValue int64(long v) {
        return CatalogValue.newBuilder().setInt64Value(v).build();
    }

    private static String describe(CatalogValue v) {
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return "int64:" + v.getInt64Value();
            case DOUBLE_VALUE:
                return "double:" + v.getDoubleValue();
            case STRING_VALUE:
                return "string:" + v.getStringValue();
            case BOOL_VALUE:
                return "bool:" + v.getBoolValue();
            case NULL_VALUE:
                return "null";
            default:
                return v.toString();
        }
    }

    private static IndexDef index(String name, String... columns) {
        IndexDef.Builder b = IndexDef.newBuilder().setName(name);
        for (String c : columns) {
            b.addColumns(IndexColumn.newBuilder().setColumn(c));
        }
        return b.build();
    }

    private static ForeignKeyDef fk(String name, List<String> columns, String table, List<String> referenced,
                                    ReferentialAction onDelete, ReferentialAction onUpdate) {
        return ForeignKeyDef.newBuilder().setName(name).addAllColumns(columns).setReferencedTable(table)
                .addAllReferencedColumns(referenced).setOnDelete(onDelete).setOnUpdate(onUpdate).build();
    }
}
