package io.relationshiplayer.sql;

import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.RelationalException;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.relationships.Values;
import io.relationshiplayer.sql.ddl.ShowCreateSyntax;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** SHOW TABLES, SHOW CREATE and DESCRIBE: the catalog as query results. */
final class MetadataCommands {
    private static final ColumnType TEXT = ColumnType.newBuilder().setKind(ColumnKind.VARCHAR).build();

    private MetadataCommands() {
    }

    /**
     * Runs SHOW TABLES, SHOW CREATE, SHOW DATABASES or DESCRIBE t ({@code kind} SHOW or DESCRIBE) in
     * {@code transaction}, or in a short transaction of its own when that is null; null for another SHOW, which is
     * left to Calcite.
     */
    static StatementResult run(String sql, StatementKind kind, RelationshipLayer layer, String database,
                               FDBRecordContext transaction) {
        Function<Catalog, StatementResult> body;
        if (kind == StatementKind.DESCRIBE) {
            String table = StatementText.strip(StatementText.afterFirstWord(sql)).replace("\"", "");
            body = catalog -> describe(catalog, table);
        } else if (StatementText.leadingWords(sql, 2).equals("SHOW CREATE")) {
            ShowCreateSyntax.Target target = ShowCreateSyntax.parse(sql);
            body = catalog -> showCreate(catalog, target);
        } else if (StatementText.leadingWords(sql, 2).equals("SHOW TABLES")) {
            body = MetadataCommands::showTables;
        } else if (StatementText.leadingWords(sql, 2).equals("SHOW DATABASES")) {
            return DatabaseCommands.show(layer.recordStores());
        } else {
            return null;
        }
        return transaction != null ? body.apply(layer.open(database, transaction).catalog())
                : layer.run(database, s -> body.apply(s.catalog()));
    }

    /**
     * SHOW CREATE TABLE / VIEW: one row, the name and the DDL that recreates it ({@link CreateStatements}). A view
     * named by SHOW CREATE TABLE gives its CREATE VIEW, as in MySQL and CockroachDB; a table named by SHOW CREATE VIEW
     * is 42809.
     */
    static StatementResult.Query showCreate(Catalog catalog, ShowCreateSyntax.Target target) {
        Table t = catalog.table(target.name());
        ViewDef v = catalog.view(target.name());
        String name;
        String ddl;
        if (v != null) {
            name = v.getName();
            ddl = CreateStatements.view(v);
        } else if (t != null && !target.view()) {
            name = t.name();
            ddl = CreateStatements.table(t);
        } else if (t != null) {
            throw new SqlException(RelationalException.WRONG_OBJECT_TYPE, "\"" + t.name() + "\" is not a view");
        } else {
            throw new SqlException(SqlException.UNDEFINED_TABLE, "relation \"" + target.name()
                    + "\" does not exist");
        }
        return new StatementResult.Query("SHOW", List.of(new ColumnMeta("table_name", TEXT, false),
                new ColumnMeta("create_statement", TEXT, false)), stream(List.<Object[]>of(new Object[] {name, ddl})));
    }

    /** The tables, then the views (as PostgreSQL's \\d lists relations): name, column count, kind. */
    static StatementResult.Query showTables(Catalog catalog) {
        List<Object[]> rows = new ArrayList<>();
        for (Table t : catalog.tables()) {
            rows.add(new Object[] {t.name(), t.columns().stream().filter(c -> !c.getHidden()).count(), "table"});
        }
        for (ViewDef v : catalog.views()) {
            rows.add(new Object[] {v.getName(), (long) v.getColumnsCount(), "view"});
        }
        return new StatementResult.Query("SHOW", List.of(new ColumnMeta("table_name", TEXT, false),
                new ColumnMeta("columns", ColumnType.newBuilder().setKind(ColumnKind.BIGINT).build(), false),
                new ColumnMeta("kind", TEXT, false)), stream(rows));
    }

    /**
     * One row per column, key, foreign key, check, index and materialized join: kind, name, definition. A view has its
     * columns (any may be NULL, as PostgreSQL describes a view's) and a row of kind "view" with its query.
     */
    static StatementResult.Query describe(Catalog catalog, String name) {
        Table t = catalog.table(name);
        if (t == null && catalog.view(name) != null) {
            return describe(catalog.view(name));
        }
        if (t == null) {
            throw new SqlException(SqlException.UNDEFINED_TABLE, "relation \"" + name + "\" does not exist");
        }
        List<Object[]> rows = new ArrayList<>();
        for (ColumnDef c : t.columns()) {
            if (c.getHidden()) {
                continue; // the hidden row key of a table without a primary key
            }
            StringBuilder def = new StringBuilder(CreateStatements.typeName(c.getType()));
            if (c.getNotNull()) {
                def.append(" NOT NULL");
            }
            Object dflt = Values.defaultValue(c);
            if (dflt != null) {
                def.append(" DEFAULT ").append(Values.show(dflt));
            }
            rows.add(new Object[] {"column", c.getName(), def.toString()});
        }
        if (!t.hasRowKey()) {
            rows.add(new Object[] {"primary key", t.name() + "_pkey", "(" + String.join(", ",
                    t.def().getPrimaryKeyList()) + ")"});
        }
        for (IndexDef u : t.uniqueConstraints()) {
            rows.add(new Object[] {"unique", u.getName(), columns(u)});
        }
        for (ForeignKeyDef fk : t.foreignKeys()) {
            rows.add(new Object[] {"foreign key", fk.getName(), "(" + String.join(", ", fk.getColumnsList())
                    + ") REFERENCES " + fk.getReferencedTable() + " (" + String.join(", ",
                    fk.getReferencedColumnsList()) + ") ON DELETE " + action(fk.getOnDelete()) + " ON UPDATE "
                    + action(fk.getOnUpdate())});
        }
        for (CheckDef c : t.checks()) {
            rows.add(new Object[] {"check", c.getName(), "CHECK (" + c.getExpression() + ")"});
        }
        for (IndexDef i : t.indexes()) {
            rows.add(new Object[] {"index", i.getName(), columns(i)});
        }
        for (IndexDef i : t.countIndexes()) {
            rows.add(new Object[] {"count index", i.getName(), columns(i) + (i.getSumColumnsCount() == 0 ? ""
                    : " WITH SUM (" + String.join(", ", i.getSumColumnsList()) + ")")});
        }
        for (MaterializedJoinDef j : t.def().getMaterializedJoinsList()) {
            rows.add(new Object[] {"materialized join", j.getName(), "USING " + j.getForeignKey() + " ("
                    + String.join(", ", j.getIndexColumnsList()) + ")"});
        }
        return new StatementResult.Query("DESCRIBE", List.of(new ColumnMeta("kind", TEXT, false),
                new ColumnMeta("name", TEXT, false), new ColumnMeta("definition", TEXT, false)), stream(rows));
    }

    private static StatementResult.Query describe(ViewDef view) {
        List<Object[]> rows = new ArrayList<>();
        for (ViewColumn c : view.getColumnsList()) {
            rows.add(new Object[] {"column", c.getName(), Values.typeName(c.getType()).toUpperCase(Locale.ROOT)});
        }
        rows.add(new Object[] {"view", view.getName(), view.getQuery()});
        return new StatementResult.Query("DESCRIBE", List.of(new ColumnMeta("kind", TEXT, false),
                new ColumnMeta("name", TEXT, false), new ColumnMeta("definition", TEXT, false)), stream(rows));
    }

    private static String columns(IndexDef i) {
        List<String> parts = new ArrayList<>();
        for (IndexColumn c : i.getColumnsList()) {
            parts.add(c.getColumn() + (c.getDescending() ? " DESC" : ""));
        }
        return "(" + String.join(", ", parts) + ")";
    }

    private static String action(io.relationshiplayer.proto.v1.ReferentialAction a) {
        return a.name().replace('_', ' ');
    }

    static RowStream stream(List<Object[]> rows) {
        Iterator<Object[]> it = rows.iterator();
        return new RowStream() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Object[] next() {
                return it.next();
            }

            @Override
            public void close() {
            }
        };
    }
}
