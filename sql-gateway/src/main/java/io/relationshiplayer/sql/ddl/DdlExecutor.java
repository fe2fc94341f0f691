package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.CatalogEditor;
import io.relationshiplayer.relationships.RelationalException;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.SqlCheckCompiler;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementResult;
import io.relationshiplayer.sql.ddl.DdlStatement.AddCheck;
import io.relationshiplayer.sql.ddl.DdlStatement.AddColumn;
import io.relationshiplayer.sql.ddl.DdlStatement.CheckAt;
import io.relationshiplayer.sql.ddl.DdlStatement.AddForeignKey;
import io.relationshiplayer.sql.ddl.DdlStatement.AddUnique;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateIndex;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateMaterializedJoin;
import io.relationshiplayer.sql.ddl.DdlStatement.CreateTable;
import io.relationshiplayer.sql.ddl.DdlStatement.DropColumn;
import io.relationshiplayer.sql.ddl.DdlStatement.DropConstraint;
import io.relationshiplayer.sql.ddl.DdlStatement.DropIndex;
import io.relationshiplayer.sql.ddl.DdlStatement.DropTable;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.Nonnull;

import static java.util.Objects.requireNonNull;

/**
 * Runs a parsed DDL statement as relationship-layer catalog changes through a {@link CatalogEditor}: each in a
 * transaction of its own outside a transaction block, all in the session's transaction inside one. Failures become
 * {@link SqlException}s through {@link RelationalErrors}.
 */
public final class DdlExecutor {
    /** PostgreSQL has no code for an ambiguous object name; this is its ambiguous_alias, the nearest. */
    public static final String AMBIGUOUS_NAME = "42P09";

    @Nonnull
    public StatementResult.Done execute(@Nonnull DdlStatement statement, @Nonnull CatalogEditor editor) {
        requireNonNull(statement, "statement is null");
        requireNonNull(editor, "editor is null");
        try {
            run(statement, editor);
        } catch (RuntimeException e) {
            throw RelationalErrors.toSql(e);
        }
        return new StatementResult.Done(statement.command());
    }

    /**
     * As {@link #execute(DdlStatement, CatalogEditor)}, with CREATE VIEW and DROP VIEW run by {@code views} (a view's
     * query is analyzed by the SQL engine).
     */
    @Nonnull
    public StatementResult.Done execute(@Nonnull DdlStatement statement, @Nonnull CatalogEditor editor,
                                        @Nonnull java.util.function.Function<DdlStatement, StatementResult.Done> views) {
        return statement instanceof DdlStatement.CreateView || statement instanceof DdlStatement.DropView
                ? views.apply(statement) : execute(statement, editor);
    }

    private static void run(DdlStatement statement, CatalogEditor editor) {
        MissingRelations.check(statement, editor.catalog());
        if (statement instanceof CreateTable s) {
            TableDef.Builder spec = s.spec().toBuilder();
            Table draft = draft(s.spec().getName(), s.spec().getColumnsList());
            for (CheckAt check : s.checks()) {
                validate(draft, check);
                spec.addChecks(check.check());
            }
            editor.createTable(spec.build(), s.ifNotExists());
        } else if (statement instanceof CreateIndex s) {
            createIndex(editor, s, false);
        } else if (statement instanceof DropTable s) {
            editor.dropTable(s.table(), s.ifExists(), s.cascade());
        } else if (statement instanceof DropIndex s) {
            dropIndex(editor, s);
        } else if (statement instanceof AddColumn s) {
            // Outside a transaction block each change commits on its own: the column first, then each of its
            // constraints. Referenced tables are checked first, so that the commonest mistake leaves nothing behind.
            Catalog catalog = editor.catalog();
            for (ForeignKeyDef fk : s.foreignKeys()) {
                Table parent = catalog.requireTable(fk.getReferencedTable());
                fk.getReferencedColumnsList().forEach(parent::requireColumn);
            }
            if (!s.checks().isEmpty()) {
                Table t = catalog.requireTable(s.table());
                List<ColumnDef> columns = new java.util.ArrayList<>(t.columns());
                columns.add(s.column());
                Table draft = draft(t.name(), columns);
                s.checks().forEach(check -> validate(draft, check));
            }
            editor.addColumn(s.table(), s.column());
            addChecksOfNewColumn(editor, s);
            for (IndexDef unique : s.uniqueConstraints()) {
                editor.createIndex(s.table(), unique, true);
            }
            for (ForeignKeyDef fk : s.foreignKeys()) {
                editor.addForeignKey(s.table(), fk);
            }
        } else if (statement instanceof AddUnique s) {
            editor.createIndex(s.table(), s.constraint(), true);
        } else if (statement instanceof AddCheck s) {
            validate(editor.catalog().requireTable(s.table()), s.check());
            editor.addCheck(s.table(), s.check().check());
        } else if (statement instanceof DropColumn s) {
            Table t = editor.catalog().requireTable(s.table());
            if (!s.ifExists() || t.columnIndex(s.column()) >= 0) {
                editor.dropColumn(t.name(), s.column(), s.cascade());
            }
        } else if (statement instanceof AddForeignKey s) {
            editor.addForeignKey(s.table(), s.foreignKey());
        } else if (statement instanceof DropConstraint s) {
            Table t = s.ifExists() ? editor.catalog().requireTable(s.table()) : null;
            if (t == null || constraintNames(t).contains(key(s.constraint()))) {
                editor.dropConstraint(s.table(), s.constraint());
            }
        } else if (statement instanceof DdlStatement.CreateCountIndex s) {
            createIndex(editor, new CreateIndex(s.table(), s.index(), false, s.ifNotExists()), true);
        } else if (statement instanceof CreateMaterializedJoin) {
            // No SQL plan reads a joined record type's index, so creating one would only slow every write.
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "CREATE MATERIALIZED JOIN is not supported: "
                    + "no query reads a materialized join; a join along a foreign key reads the foreign key's index");
        } else {
            // CREATE VIEW reads its query through the SQL engine: the session runs it (SqlViews).
            throw new IllegalArgumentException("unknown DDL statement " + statement);
        }
    }

    /**
     * The CHECK constraints of a column just added: existing rows must pass them (its DEFAULT filled in), else the
     * column goes again, so that the refused statement changes nothing.
     */
    private static void addChecksOfNewColumn(CatalogEditor editor, AddColumn s) {
        try {
            for (CheckAt check : s.checks()) {
                editor.addCheck(s.table(), check.check());
            }
        } catch (RuntimeException e) {
            editor.dropColumn(s.table(), s.column().getName(), false);
            throw e;
        }
    }

    /** A table of the given columns, for checking expressions over them before the catalog has it. */
    private static Table draft(String name, List<ColumnDef> columns) {
        return new Catalog(CatalogDef.newBuilder().addTables(TableDef.newBuilder().setName(name)
                .addAllColumns(columns)).build()).requireTable(name);
    }

    /** Refuses an expression that is no valid check, the error placed in the statement's text. */
    private static void validate(Table table, CheckAt check) {
        try {
            SqlCheckCompiler.INSTANCE.validate(table, check.check().getExpression());
        } catch (SqlException e) {
            if (e.line() <= 0) {
                throw e;
            }
            int line = check.line() + e.line() - 1;
            int column = e.line() == 1 ? check.column() + e.column() - 1 : e.column();
            throw new SqlException(e.sqlState(), e.getMessage(), e.detail(), e.hint(), line, column, e);
        }
    }

    private static void createIndex(CatalogEditor editor, CreateIndex s, boolean count) {
        if (s.ifNotExists() && !s.index().getName().isEmpty()) {
            Table t = editor.catalog().table(s.table());
            if (t != null && (constraintNames(t).contains(key(s.index().getName()))
                    || key(t.name() + "_pkey").equals(key(s.index().getName())))) {
                return;
            }
        }
        try {
            if (count) {
                editor.createCountIndex(s.table(), s.index());
            } else {
                editor.createIndex(s.table(), s.index(), s.unique());
            }
        } catch (RelationalException e) {
            if (e.sqlState().equals(SqlException.DUPLICATE_OBJECT)) {
                // The name is taken; an index's name is a relation's name in PostgreSQL: duplicate_table.
                throw new SqlException(SqlException.DUPLICATE_TABLE, e.getMessage(), 0, 0, e);
            }
            throw e;
        }
    }

    /** Without ON table, the index is looked up in every table; a name several tables use must be qualified. */
    private static void dropIndex(CatalogEditor editor, DropIndex s) {
        Catalog catalog = editor.catalog();
        if (s.table().isPresent()) {
            Table t = catalog.requireTable(s.table().get());
            if (!s.ifExists() || indexNames(t).contains(key(s.index()))) {
                editor.dropIndex(t.name(), s.index());
            }
            return;
        }
        List<Table> owners = catalog.tables().stream().filter(t -> indexNames(t).contains(key(s.index())))
                .collect(Collectors.toList());
        if (owners.isEmpty()) {
            if (s.ifExists()) {
                return;
            }
            throw new SqlException(SqlException.UNDEFINED_OBJECT, "index \"" + s.index() + "\" does not exist");
        }
        if (owners.size() > 1) {
            throw new SqlException(AMBIGUOUS_NAME, "index \"" + s.index() + "\" exists on tables "
                    + owners.stream().map(t -> "\"" + t.name() + "\"").collect(Collectors.joining(", "))
                    + ": name the table with DROP INDEX " + s.index() + " ON <table>");
        }
        editor.dropIndex(owners.get(0).name(), s.index());
    }

    /** Names DROP INDEX accepts: secondary indexes and unique constraints (each is a Record Layer index). */
    private static List<String> indexNames(Table t) {
        return Stream.of(t.indexes(), t.uniqueConstraints(), t.countIndexes()).flatMap(List::stream)
                .map(i -> key(i.getName())).collect(Collectors.toList());
    }

    /** Names of a table's indexes and constraints, which share one name space per table. */
    private static List<String> constraintNames(Table t) {
        return Stream.of(indexNames(t).stream(), t.foreignKeys().stream().map(f -> key(f.getName())),
                t.checks().stream().map(c -> key(c.getName()))).flatMap(x -> x).collect(Collectors.toList());
    }

    /** The catalog compares names case-insensitively. */
    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
