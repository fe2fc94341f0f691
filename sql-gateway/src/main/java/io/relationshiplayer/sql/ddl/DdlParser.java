package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
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
import io.relationshiplayer.sql.ddl.DdlStatement.CreateTable;
import io.relationshiplayer.sql.ddl.DdlStatement.DropColumn;
import io.relationshiplayer.sql.ddl.DdlStatement.DropConstraint;
import io.relationshiplayer.sql.ddl.DdlStatement.DropIndex;
import io.relationshiplayer.sql.ddl.DdlStatement.DropTable;
import io.relationshiplayer.sql.ddl.DdlToken.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.annotation.Nonnull;

/**
 * A recursive-descent parser for the DDL the SQL gateway runs itself (Calcite's DDL grammar has no FOREIGN KEY):
 * CREATE TABLE, CREATE [UNIQUE] INDEX, CREATE MATERIALIZED JOIN, CREATE [OR REPLACE] VIEW, DROP TABLE, DROP INDEX,
 * DROP VIEW and ALTER TABLE ADD / DROP COLUMN and CONSTRAINT, in PostgreSQL's syntax. A CHECK constraint's expression is
 * kept as its text, which the SQL check compiler reads. Errors are {@link SqlException}s with PostgreSQL's SQLSTATE and
 * wording and the 1-based line and column of the offending token.
 */
public final class DdlParser {
    private final DdlCursor c;

    private DdlParser(String sql) {
        this.c = new DdlCursor(sql);
    }

    /** Parses one statement, optionally ended by {@code ;}. */
    @Nonnull
    public static DdlStatement parse(@Nonnull String sql) {
        DdlParser p = new DdlParser(sql);
        DdlStatement statement = p.statement();
        p.c.acceptSymbol(";");
        DdlToken end = p.c.peek();
        if (end.type() != Type.END) {
            throw DdlCursor.error(end, null);
        }
        return statement;
    }

    /**
     * Whether the statement is DDL this parser owns, from its leading keywords (comments and whitespace skipped):
     * CREATE TABLE / INDEX / UNIQUE INDEX / COUNT INDEX / MATERIALIZED JOIN / [OR REPLACE] VIEW, DROP TABLE / INDEX /
     * VIEW, ALTER TABLE.
     */
    public static boolean isDdl(@Nonnull String sql) {
        DdlCursor c = new DdlCursor(sql);
        try {
            if (c.accept("create")) {
                DdlToken t = c.peek();
                if (t.is("view") || (t.is("or") && c.peek(1).is("replace") && c.peek(2).is("view"))) {
                    return true;
                }
                return t.is("table") || t.is("index") || (t.is("unique") && c.peek(1).is("index"))
                        || t.is("count")
                        || (t.is("materialized") && c.peek(1).is("join"));
            }
            if (c.accept("drop")) {
                return c.peek().is("table") || c.peek().is("index") || c.peek().is("view");
            }
            return c.accept("alter") && c.peek().is("table");
        } catch (SqlException e) {
            return false;
        }
    }

    private DdlStatement statement() {
        DdlToken t = c.peek();
        if (c.accept("create")) {
            return create();
        }
        if (c.accept("drop")) {
            return drop();
        }
        if (c.accept("alter")) {
            return alter();
        }
        throw DdlCursor.error(t, "expected CREATE, DROP or ALTER");
    }

    private DdlStatement create() {
        DdlToken t = c.peek();
        if (c.accept("or")) {
            c.expect("replace", "after CREATE OR");
            c.expect("view", "after CREATE OR REPLACE");
            return DdlViews.create(c, true);
        }
        if (c.accept("view")) {
            return DdlViews.create(c, false);
        }
        if (c.accept("table")) {
            return createTable();
        }
        if (c.accept("index")) {
            return createIndex(false);
        }
        if (c.accept("unique")) {
            c.expect("index", "after CREATE UNIQUE");
            return createIndex(true);
        }
        if (c.accept("count")) {
            c.expect("index", "after CREATE COUNT");
            CreateIndex index = (CreateIndex) createIndex(false);
            IndexDef.Builder def = index.index().toBuilder();
            if (c.accept("with")) {
                c.expect("sum", "after WITH in a COUNT index");
                c.expectSymbol("(", "after WITH SUM");
                do {
                    def.addSumColumns(c.identifier("a column name"));
                } while (c.acceptSymbol(","));
                c.expectSymbol(")", "or \",\" in the summed columns");
            }
            return new DdlStatement.CreateCountIndex(index.table(), def.build(), index.ifNotExists());
        }
        if (c.accept("materialized")) {
            c.expect("join", "after CREATE MATERIALIZED");
            return MaterializedJoinSyntax.parse(c);
        }
        throw DdlCursor.error(t, "expected TABLE, INDEX, UNIQUE INDEX, COUNT INDEX, MATERIALIZED JOIN or VIEW after "
                + "CREATE");
    }

    // ---- CREATE TABLE ----

    private DdlStatement createTable() {
        boolean ifNotExists = c.ifNotExists();
        String name = c.identifier("a table name");
        TableDef.Builder table = TableDef.newBuilder().setName(name);
        List<CheckAt> checks = new ArrayList<>();
        c.expectSymbol("(", "after CREATE TABLE " + name);
        if (!c.peek().isSymbol(")")) {
            do {
                if (atTableConstraint()) {
                    TableConstraint constraint = tableConstraint();
                    if (constraint.check() != null) {
                        checks.add(constraint.check());
                    } else {
                        addToTable(table, constraint);
                    }
                } else {
                    ColumnSpec column = columnDef(name);
                    addToTable(table, column);
                    checks.addAll(column.checks());
                }
            } while (c.acceptSymbol(","));
        }
        c.expectSymbol(")", "or \",\" in the column list of " + name);
        return new CreateTable(table.build(), checks, ifNotExists);
    }

    private boolean atTableConstraint() {
        DdlToken t = c.peek();
        return t.is("constraint") || t.is("primary") || t.is("unique") || t.is("foreign") || t.is("check");
    }

    private static void addToTable(TableDef.Builder table, ColumnSpec column) {
        table.addColumns(column.column());
        if (column.primaryKey() != null) {
            setPrimaryKey(table, List.of(column.column().getName()), column.primaryKey());
        }
        table.addAllUniqueConstraints(column.uniqueConstraints());
        table.addAllForeignKeys(column.foreignKeys());
    }

    private static void addToTable(TableDef.Builder table, TableConstraint constraint) {
        if (constraint.primaryKey() != null) {
            setPrimaryKey(table, constraint.primaryKey(), constraint.at());
        } else if (constraint.unique() != null) {
            table.addUniqueConstraints(constraint.unique());
        } else {
            table.addForeignKeys(constraint.foreignKey());
        }
    }

    private static void setPrimaryKey(TableDef.Builder table, List<String> columns, DdlToken at) {
        if (table.getPrimaryKeyCount() > 0) {
            throw DdlCursor.error(SqlException.INVALID_DEFINITION, at, "multiple primary keys for table \""
                    + table.getName() + "\" are not allowed");
        }
        table.addAllPrimaryKey(columns);
    }

    // ---- columns ----

    /** A column and the constraints written on it; {@code primaryKey} is the PRIMARY token if it has one. */
    private record ColumnSpec(ColumnDef column, DdlToken primaryKey, List<IndexDef> uniqueConstraints,
                              List<ForeignKeyDef> foreignKeys, List<CheckAt> checks) {
    }

    /**
     * name type [NOT NULL | NULL | DEFAULT literal | PRIMARY KEY | UNIQUE | REFERENCES ... | CHECK (...) |
     * CONSTRAINT name ...].
     */
    private ColumnSpec columnDef(String table) {
        String name = c.identifier("a column name or a table constraint");
        ColumnType type = DdlTypes.type(c);
        ColumnDef.Builder column = ColumnDef.newBuilder().setName(name).setType(type);
        Boolean notNull = null;
        DdlToken primaryKey = null;
        List<IndexDef> uniques = new ArrayList<>();
        List<ForeignKeyDef> foreignKeys = new ArrayList<>();
        List<CheckAt> checks = new ArrayList<>();
        while (true) {
            String constraintName = c.accept("constraint") ? c.identifier("a constraint name") : null;
            DdlToken t = c.peek();
            if (c.accept("not")) {
                c.expect("null", "after NOT");
                notNull = nullability(notNull, true, primaryKey, name, table, t);
            } else if (c.accept("null")) {
                notNull = nullability(notNull, false, primaryKey, name, table, t);
            } else if (c.accept("default")) {
                if (column.hasDefaultValue()) {
                    throw DdlCursor.error(SqlException.SYNTAX_ERROR, t, "multiple default values specified for "
                            + "column \"" + name + "\" of table \"" + table + "\"");
                }
                column.setDefaultValue(DdlTypes.literal(c, type));
            } else if (c.accept("primary")) {
                c.expect("key", "after PRIMARY");
                if (Boolean.FALSE.equals(notNull)) {
                    throw conflictingNulls(name, table, t);
                }
                primaryKey = primaryKey == null ? t : primaryKey;
            } else if (c.accept("unique")) {
                uniques.add(index(constraintName, List.of(name)));
            } else if (c.accept("references")) {
                foreignKeys.add(references(constraintName, List.of(name)));
            } else if (c.accept("check")) {
                checks.add(check(constraintName));
            } else if (constraintName != null) {
                throw DdlCursor.error(t, "expected NOT NULL, NULL, DEFAULT, PRIMARY KEY, UNIQUE, REFERENCES or CHECK "
                        + "after CONSTRAINT " + constraintName);
            } else {
                break;
            }
        }
        column.setNotNull(Boolean.TRUE.equals(notNull));
        return new ColumnSpec(column.build(), primaryKey, uniques, foreignKeys, checks);
    }

    private static Boolean nullability(Boolean current, boolean notNull, DdlToken primaryKey, String column,
                                       String table, DdlToken at) {
        if ((current != null && current != notNull) || (!notNull && primaryKey != null)) {
            throw conflictingNulls(column, table, at);
        }
        return notNull;
    }

    private static SqlException conflictingNulls(String column, String table, DdlToken at) {
        return DdlCursor.error(SqlException.SYNTAX_ERROR, at, "conflicting NULL/NOT NULL declarations for column \""
                + column + "\" of table \"" + table + "\"");
    }

    // ---- constraints ----

    /** A table constraint: exactly one of primary key columns, unique constraint, foreign key or check is set. */
    private record TableConstraint(DdlToken at, List<String> primaryKey, IndexDef unique, ForeignKeyDef foreignKey,
                                   CheckAt check) {
    }

    /** [CONSTRAINT name] PRIMARY KEY (cols) | UNIQUE (cols) | FOREIGN KEY (cols) REFERENCES ... | CHECK (...) */
    private TableConstraint tableConstraint() {
        // The catalog always names a primary key "<table>_pkey", so a CONSTRAINT name on one is not kept.
        String name = c.accept("constraint") ? c.identifier("a constraint name") : null;
        DdlToken t = c.peek();
        if (c.accept("primary")) {
            c.expect("key", "after PRIMARY");
            return new TableConstraint(t, columnList("after PRIMARY KEY"), null, null, null);
        }
        if (c.accept("unique")) {
            return new TableConstraint(t, null, index(name, columnList("after UNIQUE")), null, null);
        }
        if (c.accept("foreign")) {
            c.expect("key", "after FOREIGN");
            List<String> columns = columnList("after FOREIGN KEY");
            c.expect("references", "after FOREIGN KEY (...)");
            return new TableConstraint(t, null, null, references(name, columns), null);
        }
        if (c.accept("check")) {
            return new TableConstraint(t, null, null, null, check(name));
        }
        throw DdlCursor.error(t, "expected PRIMARY KEY, UNIQUE, FOREIGN KEY or CHECK"
                + (name == null ? "" : " after CONSTRAINT " + name));
    }

    /** After CHECK: ( expression ), kept as written (between the parentheses), with where it starts. */
    private CheckAt check(String name) {
        c.expectSymbol("(", "after CHECK");
        DdlToken first = c.peek();
        DdlToken t;
        for (int depth = 1; ; ) {
            t = c.next();
            if (t.type() == Type.END) {
                throw DdlCursor.error(t, "expected \")\" to end the CHECK expression");
            }
            depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
            if (depth == 0) {
                break;
            }
        }
        if (t == first) {
            throw DdlCursor.error(t, "expected an expression in CHECK ( )");
        }
        String expression = c.text(first.offset(), t.offset()).strip();
        return new CheckAt(CheckDef.newBuilder().setName(name == null ? "" : name).setExpression(expression).build(),
                first.line(), first.column());
    }

    private static IndexDef index(String name, List<String> columns) {
        IndexDef.Builder b = IndexDef.newBuilder().setName(name == null ? "" : name);
        columns.forEach(col -> b.addColumns(IndexColumn.newBuilder().setColumn(col)));
        return b.build();
    }

    /** After REFERENCES: table [(cols)] [ON DELETE action] [ON UPDATE action], the ON clauses in either order. */
    private ForeignKeyDef references(String name, List<String> columns) {
        ForeignKeyDef.Builder fk = ForeignKeyDef.newBuilder().setName(name == null ? "" : name).addAllColumns(columns);
        fk.setReferencedTable(c.identifier("a table name after REFERENCES"));
        if (c.peek().isSymbol("(")) {
            fk.addAllReferencedColumns(columnList("after REFERENCES " + fk.getReferencedTable()));
        }
        boolean onDelete = false;
        boolean onUpdate = false;
        while (c.accept("on")) {
            DdlToken t = c.next();
            if (t.is("delete") && !onDelete) {
                onDelete = true;
                fk.setOnDelete(action("DELETE"));
            } else if (t.is("update") && !onUpdate) {
                onUpdate = true;
                fk.setOnUpdate(action("UPDATE"));
            } else if (t.is("delete") || t.is("update")) {
                throw DdlCursor.error(t, "ON " + t.value().toUpperCase(Locale.ROOT) + " given twice");
            } else {
                throw DdlCursor.error(t, "expected DELETE or UPDATE after ON");
            }
        }
        return fk.build();
    }

    /** RESTRICT | NO ACTION | CASCADE | SET NULL | SET DEFAULT */
    private ReferentialAction action(String event) {
        DdlToken t = c.peek();
        if (c.accept("restrict")) {
            return ReferentialAction.RESTRICT;
        }
        if (c.accept("cascade")) {
            return ReferentialAction.CASCADE;
        }
        if (c.accept("no")) {
            c.expect("action", "after NO");
            return ReferentialAction.NO_ACTION;
        }
        if (c.accept("set")) {
            if (c.accept("null")) {
                return ReferentialAction.SET_NULL;
            }
            if (c.accept("default")) {
                return ReferentialAction.SET_DEFAULT;
            }
            throw DdlCursor.error(c.peek(), "expected NULL or DEFAULT after SET");
        }
        throw DdlCursor.error(t, "expected RESTRICT, NO ACTION, CASCADE, SET NULL or SET DEFAULT after ON " + event);
    }

    /** ( name [, ...] ) */
    private List<String> columnList(String context) {
        c.expectSymbol("(", context);
        List<String> columns = new ArrayList<>();
        do {
            columns.add(c.identifier("a column name"));
        } while (c.acceptSymbol(","));
        c.expectSymbol(")", "or \",\" in the column list");
        return columns;
    }

    // ---- CREATE INDEX, CREATE MATERIALIZED JOIN ----

    /** [IF NOT EXISTS] [name] ON table (col [ASC | DESC], ...); a missing name lets the layer choose one. */
    private DdlStatement createIndex(boolean unique) {
        boolean ifNotExists = c.ifNotExists();
        String name = !ifNotExists && c.peek().is("on") ? "" : c.identifier("an index name");
        c.expect("on", "after the index name");
        String table = c.identifier("a table name");
        c.expectSymbol("(", "after CREATE INDEX ... ON " + table);
        IndexDef.Builder index = IndexDef.newBuilder().setName(name).setUnique(unique);
        do {
            String column = c.identifier("a column name");
            boolean descending = c.accept("desc");
            if (!descending) {
                c.accept("asc");
            }
            index.addColumns(IndexColumn.newBuilder().setColumn(column).setDescending(descending));
        } while (c.acceptSymbol(","));
        c.expectSymbol(")", "or \",\" in the index's column list");
        return new CreateIndex(table, index.build(), unique, ifNotExists);
    }

    // ---- DROP, ALTER ----

    private DdlStatement drop() {
        DdlToken t = c.peek();
        if (c.accept("table")) {
            boolean ifExists = c.ifExists();
            String table = c.identifier("a table name");
            boolean cascade = c.accept("cascade");
            if (!cascade) {
                c.accept("restrict");
            }
            return new DropTable(table, ifExists, cascade);
        }
        if (c.accept("index")) {
            boolean ifExists = c.ifExists();
            String index = c.identifier("an index name");
            Optional<String> table = c.accept("on") ? Optional.of(c.identifier("a table name")) : Optional.empty();
            return new DropIndex(index, table, ifExists);
        }
        if (c.accept("view")) {
            return DdlViews.drop(c);
        }
        throw DdlCursor.error(t, "expected TABLE, INDEX or VIEW after DROP");
    }

    private DdlStatement alter() {
        c.expect("table", "after ALTER");
        String table = c.identifier("a table name");
        DdlToken t = c.peek();
        if (c.accept("add")) {
            if (c.accept("column") || !atTableConstraint()) {
                ColumnSpec column = columnDef(table);
                if (column.primaryKey() != null) {
                    throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, column.primaryKey(), "a primary key "
                            + "cannot be added to an existing table: it is fixed by CREATE TABLE");
                }
                return new AddColumn(table, column.column(), column.uniqueConstraints(), column.foreignKeys(),
                        column.checks());
            }
            TableConstraint constraint = tableConstraint();
            if (constraint.primaryKey() != null) {
                throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, constraint.at(), "a primary key cannot be "
                        + "added to an existing table: it is fixed by CREATE TABLE");
            }
            if (constraint.check() != null) {
                return new AddCheck(table, constraint.check());
            }
            return constraint.unique() != null ? new AddUnique(table, constraint.unique())
                    : new AddForeignKey(table, constraint.foreignKey());
        }
        if (c.accept("drop")) {
            DdlToken what = c.peek();
            if (c.accept("constraint")) {
                boolean ifExists = c.ifExists();
                return new DropConstraint(table, c.identifier("a constraint name"), ifExists);
            }
            if (c.accept("column") || c.atIdentifier()) {
                boolean ifExists = c.ifExists();
                String column = c.identifier("a column name");
                boolean cascade = c.accept("cascade");
                if (!cascade) {
                    c.accept("restrict");
                }
                return new DropColumn(table, column, ifExists, cascade);
            }
            throw DdlCursor.error(what, "expected COLUMN or CONSTRAINT after DROP");
        }
        if (t.type() == DdlToken.Type.WORD && POSTGRES_ALTER_ACTIONS.contains(t.value())) {
            throw DdlCursor.error(SqlException.FEATURE_NOT_SUPPORTED, t, "ALTER TABLE ... " + t.value().toUpperCase(
                    java.util.Locale.ROOT) + " is not supported: ALTER TABLE adds or drops a column or a constraint");
        }
        throw DdlCursor.error(t, "expected ADD or DROP after ALTER TABLE " + table);
    }

    /** The other actions of PostgreSQL's ALTER TABLE: valid statements the engine lacks (0A000), not syntax errors. */
    private static final java.util.Set<String> POSTGRES_ALTER_ACTIONS = java.util.Set.of("rename", "alter", "set",
            "reset", "owner", "enable", "disable", "attach", "detach", "inherit", "no", "cluster", "validate",
            "replica", "of", "not", "force", "row");
}
