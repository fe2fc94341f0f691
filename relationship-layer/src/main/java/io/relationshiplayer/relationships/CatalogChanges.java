package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Catalog changes as pure functions: each checks the change against the catalog and returns the next definition (the
 * caller bumps the version, regenerates the Record Layer schema and checks existing data).
 */
final class CatalogChanges {
    private CatalogChanges() {
    }

    static CatalogDef createTable(Catalog catalog, TableDef spec) {
        String name = spec.getName();
        if (name.isEmpty()) {
            throw RelationalException.invalid("a table needs a name");
        }
        if (catalog.table(name) != null || catalog.view(name) != null) {
            throw RelationalException.duplicateTable("relation \"" + name + "\" already exists");
        }
        if (spec.getColumnsCount() == 0) {
            throw RelationalException.invalid("table \"" + name + "\" needs at least one column");
        }
        if (spec.getPrimaryKeyCount() == 0) {
            spec = withRowKey(spec);
        }
        TableDef.Builder t = spec.toBuilder().clearColumns().clearForeignKeys().clearUniqueConstraints()
                .clearIndexes().clearMaterializedJoins().clearChecks().setRecordType(recordTypeName(catalog, name));
        Set<String> seen = new HashSet<>();
        Set<String> keyColumns = new HashSet<>();
        spec.getPrimaryKeyList().forEach(c -> keyColumns.add(Table.key(c)));
        int field = 1;
        for (ColumnDef c : spec.getColumnsList()) {
            if (!seen.add(Table.key(c.getName()))) {
                throw RelationalException.duplicateColumn("column \"" + c.getName() + "\" specified more than once");
            }
            ColumnDef.Builder col = c.toBuilder().setFieldNumber(field++);
            if (keyColumns.contains(Table.key(c.getName()))) {
                col.setNotNull(true);
            }
            t.addColumns(checkColumn(col.build()));
        }
        t.setNextFieldNumber(field);
        Table draft = new Table(t.build());
        checkDistinct(spec.getPrimaryKeyList(), "primary key of \"" + name + "\"");
        draft.positions(spec.getPrimaryKeyList());
        for (IndexDef u : spec.getUniqueConstraintsList()) {
            t.addUniqueConstraints(checkIndex(new Table(t.build()), named(u, name, "key"), true));
        }
        for (IndexDef i : spec.getIndexesList()) {
            t.addIndexes(checkIndex(new Table(t.build()), named(i, name, "idx"), false));
        }
        CatalogDef.Builder next = catalog.def().toBuilder().addTables(t.build());
        for (ForeignKeyDef fk : spec.getForeignKeysList()) {
            next = addForeignKey(new Catalog(next.build()), name, fk).toBuilder();
        }
        return next.build();
    }

    /**
     * A table without a primary key gets a hidden one, as in CockroachDB: a last BIGINT column "rowid" ("rowid_1", ...
     * when the name is taken) whose values the write path assigns ({@link RowIds}).
     */
    private static TableDef withRowKey(TableDef spec) {
        Set<String> names = new HashSet<>();
        spec.getColumnsList().forEach(c -> names.add(Table.key(c.getName())));
        String name = "rowid";
        for (int n = 1; names.contains(name); n++) {
            name = "rowid_" + n;
        }
        return spec.toBuilder().addColumns(ColumnDef.newBuilder().setName(name).setHidden(true).setNotNull(true)
                .setType(ColumnType.newBuilder().setKind(ColumnKind.BIGINT))).addPrimaryKey(name).build();
    }

    static CatalogDef dropTable(Catalog catalog, String name, boolean cascade) {
        Table t = catalog.requireTable(name);
        CatalogDef.Builder next = catalog.def().toBuilder();
        if (!cascade) {
            refuseDependents(catalog, t);
        }
        for (Catalog.Reference ref : catalog.referencing(t.name())) {
            if (Table.key(ref.child().name()).equals(Table.key(t.name()))) {
                continue;
            }
            // The child as already changed by earlier passes: it may reference the dropped table more than once.
            TableDef child = new Catalog(next.build()).requireTable(ref.child().name()).def();
            // The foreign key goes, and with it every materialized join built on it.
            String dropped = Table.key(ref.foreignKey().getName());
            TableDef.Builder b = child.toBuilder().clearForeignKeys().clearMaterializedJoins();
            child.getForeignKeysList().stream().filter(fk -> !Table.key(fk.getName()).equals(dropped))
                    .forEach(b::addForeignKeys);
            child.getMaterializedJoinsList().stream().filter(j -> !Table.key(j.getForeignKey()).equals(dropped))
                    .forEach(b::addMaterializedJoins);
            next = replace(next.build(), b.build()).toBuilder();
        }
        List<TableDef> tables = new ArrayList<>(next.getTablesList());
        tables.removeIf(d -> Table.key(d.getName()).equals(Table.key(t.name())));
        next = ViewChanges.without(catalog, next.build(), java.util.Set.of(Table.key(t.name())), "table", cascade)
                .toBuilder();
        return next.clearTables().addAllTables(tables).addRetiredTables(t.def().toBuilder().clearIndexes()
                .clearCountIndexes().clearUniqueConstraints().clearForeignKeys().clearMaterializedJoins().clearChecks()
                .build()).build();
    }

    /**
     * 2BP01 if anything depends on {@code t}: PostgreSQL's DETAIL has one line per dependent object, the foreign keys
     * of other tables that reference it ({@code constraint c_pid_fkey on table c depends on table p}), then the views
     * that read it and the views that read those ({@code view v depends on table p}).
     */
    private static void refuseDependents(Catalog catalog, Table t) {
        List<String> why = new ArrayList<>();
        String first = null;
        for (Catalog.Reference ref : catalog.referencing(t.name())) {
            if (!Table.key(ref.child().name()).equals(Table.key(t.name()))) {
                why.add("constraint " + ref.foreignKey().getName() + " on table " + ref.child().name()
                        + " depends on table " + t.name());
                first = first != null ? first : ref.foreignKey().getName();
            }
        }
        ViewChanges.Dependents views = ViewChanges.dependents(catalog, java.util.Set.of(Table.key(t.name())));
        why.addAll(views.why());
        if (first == null && !views.views().isEmpty()) {
            first = views.views().get(0).getName();
        }
        if (!why.isEmpty()) {
            throw RelationalException.dependents("cannot drop table " + t.name() + " because other objects "
                    + "depend on it", String.join("\n", why), first);
        }
    }

    static CatalogDef addColumn(Catalog catalog, String table, ColumnDef column) {
        Table t = catalog.requireTable(table);
        if (t.columnIndex(column.getName()) >= 0) {
            throw RelationalException.duplicateColumn("column \"" + column.getName() + "\" of relation \"" + t.name()
                    + "\" already exists");
        }
        int field = Math.max(t.def().getNextFieldNumber(), t.columnCount() + 1);
        ColumnDef c = checkColumn(ColumnDrop.withFreeFieldName(t, column.toBuilder().setFieldNumber(field).build()));
        return replace(catalog.def(), t.def().toBuilder().addColumns(c).setNextFieldNumber(field + 1).build());
    }

    static CatalogDef addIndex(Catalog catalog, String table, IndexDef index, boolean unique) {
        Table t = catalog.requireTable(table);
        IndexDef named = named(index, t.name(), unique ? "key" : "idx");
        IndexDef checked = checkIndex(t, named, unique);
        TableDef.Builder b = t.def().toBuilder();
        if (unique) {
            b.addUniqueConstraints(SharedIndexes.forIndex(t.def(), checked));
        } else {
            b.addIndexes(SharedIndexes.forIndex(t.def(), checked));
        }
        return replace(catalog.def(), b.build());
    }

    /** A COUNT index: rows per distinct value of its columns, in ascending order. */
    static CatalogDef addCountIndex(Catalog catalog, String table, IndexDef index) {
        Table t = catalog.requireTable(table);
        IndexDef named = named(index, t.name(), "count");
        for (var c : named.getColumnsList()) {
            if (c.getDescending()) {
                throw RelationalException.invalid("COUNT index \"" + named.getName() + "\" cannot order column \""
                        + c.getColumn() + "\" DESC: it counts rows per value, in no order");
            }
        }
        IndexDef checked = checkIndex(t, named, false);
        IndexDef.Builder b = checked.toBuilder().clearSumColumns();
        checkDistinct(named.getSumColumnsList(), "the sums of COUNT index \"" + named.getName() + "\"");
        for (String column : named.getSumColumnsList()) {
            ColumnDef c = t.column(t.requireColumn(column));
            ColumnKind kind = c.getType().getKind();
            // The index keeps 64-bit totals by atomic addition, which wraps around unseen: INTEGER values need four
            // billion rows at their limit to get there, BIGINT values two.
            if (!c.getNotNull() || kind != ColumnKind.INTEGER && kind != ColumnKind.SMALLINT) {
                throw RelationalException.invalid("COUNT index \"" + named.getName() + "\" can only sum NOT NULL "
                        + "INTEGER columns (a total of BIGINTs could pass the index's 64 bits), and \"" + c.getName()
                        + "\" is " + Values.typeName(c.getType()) + (c.getNotNull() ? " NOT NULL" : ""));
            }
            b.addSumColumns(c.getName());
        }
        return replace(catalog.def(), t.def().toBuilder().addCountIndexes(SharedIndexes.own(t.def(), b.build()))
                .build());
    }

    static CatalogDef dropIndex(Catalog catalog, String table, String index) {
        Table t = catalog.requireTable(table);
        for (int i = 0; i < t.countIndexes().size(); i++) {
            if (Table.key(t.countIndexes().get(i).getName()).equals(Table.key(index))) {
                return replace(catalog.def(), t.def().toBuilder().removeCountIndexes(i).build());
            }
        }
        for (int i = 0; i < t.indexes().size(); i++) {
            if (Table.key(t.indexes().get(i).getName()).equals(Table.key(index))) {
                return replace(catalog.def(), t.def().toBuilder().removeIndexes(i).build());
            }
        }
        for (IndexDef u : t.uniqueConstraints()) {
            if (Table.key(u.getName()).equals(Table.key(index))) {
                return dropConstraint(catalog, table, index);
            }
        }
        throw RelationalException.undefined("index \"" + index + "\" on table \"" + t.name() + "\" does not exist");
    }

    static CatalogDef addForeignKey(Catalog catalog, String table, ForeignKeyDef spec) {
        Table t = catalog.requireTable(table);
        ForeignKeyDef fk = spec.getName().isEmpty()
                ? spec.toBuilder().setName(t.name() + "_" + String.join("_", spec.getColumnsList()) + "_fkey").build()
                : spec;
        checkNameFree(t, fk.getName());
        Table parent = catalog.requireTable(fk.getReferencedTable());
        List<String> refColumns = fk.getReferencedColumnsCount() == 0 ? parent.def().getPrimaryKeyList()
                : fk.getReferencedColumnsList();
        parent.positions(refColumns);
        t.positions(fk.getColumnsList());
        for (String c : refColumns) {
            if (parent.column(parent.requireColumn(c)).getHidden()) {
                throw RelationalException.invalidForeignKey("there is no primary key for referenced table \""
                        + parent.name() + "\": a foreign key can "
                        + "reference only its unique constraints");
            }
        }
        if (refColumns.size() != fk.getColumnsCount()) {
            throw RelationalException.invalidForeignKey("number of referencing and referenced columns for foreign key "
                    + "disagree");
        }
        checkDistinct(fk.getColumnsList(), "foreign key \"" + fk.getName() + "\"");
        if (!isUniqueKey(parent, refColumns)) {
            throw RelationalException.invalidForeignKey("there is no unique constraint matching given keys for "
                    + "referenced table \"" + parent.name() + "\"");
        }
        for (int i = 0; i < refColumns.size(); i++) {
            ColumnDef c = t.column(t.requireColumn(fk.getColumns(i)));
            ColumnDef p = parent.column(parent.requireColumn(refColumns.get(i)));
            ForeignKeyTypes.check(fk.getName(), c, p);
            boolean setsNull = fk.getOnDelete() == ReferentialAction.SET_NULL
                    || fk.getOnUpdate() == ReferentialAction.SET_NULL;
            if (setsNull && c.getNotNull()) {
                throw RelationalException.invalid("foreign key \"" + fk.getName() + "\" sets column \""
                        + c.getName() + "\" to NULL, but the column is NOT NULL");
            }
        }
        ForeignKeyDef stored = SharedIndexes.forForeignKey(t.def(), fk.toBuilder().setReferencedTable(parent.name())
                .clearReferencedColumns().addAllReferencedColumns(refColumns).build());
        return replace(catalog.def(), t.def().toBuilder().addForeignKeys(stored).build());
    }

    static CatalogDef materializeJoin(Catalog catalog, String table, MaterializedJoinDef join) {
        Table t = catalog.requireTable(table);
        if (join.getName().isEmpty()) {
            throw RelationalException.invalid("a materialized join needs a name");
        }
        checkNameFree(t, join.getName());
        for (MaterializedJoinDef j : t.def().getMaterializedJoinsList()) {
            if (Table.key(j.getName()).equals(Table.key(join.getName()))) {
                throw RelationalException.duplicate("materialized join \"" + join.getName() + "\" already exists");
            }
        }
        ForeignKeyDef fk = SchemaGenerator.foreignKey(t, join.getForeignKey());
        Table parent = catalog.requireTable(fk.getReferencedTable());
        if (join.getIndexColumnsCount() == 0) {
            throw RelationalException.invalid("materialized join \"" + join.getName() + "\" needs index columns");
        }
        for (String path : join.getIndexColumnsList()) {
            SchemaGenerator.joinField(t, parent, path);
        }
        return replace(catalog.def(), t.def().toBuilder().addMaterializedJoins(join.toBuilder()
                .setForeignKey(fk.getName())).build());
    }

    static CatalogDef dropConstraint(Catalog catalog, String table, String name) {
        Table t = catalog.requireTable(table);
        for (int i = 0; i < t.foreignKeys().size(); i++) {
            if (Table.key(t.foreignKeys().get(i).getName()).equals(Table.key(name))) {
                for (MaterializedJoinDef j : t.def().getMaterializedJoinsList()) {
                    if (Table.key(j.getForeignKey()).equals(Table.key(name))) {
                        throw new RelationalException(RelationalException.Kind.DEPENDENT_OBJECTS, "cannot drop "
                                + "constraint \"" + name + "\": materialized join \"" + j.getName()
                                + "\" depends on it", name, null);
                    }
                }
                return replace(catalog.def(), t.def().toBuilder().removeForeignKeys(i).build());
            }
        }
        for (int i = 0; i < t.uniqueConstraints().size(); i++) {
            IndexDef u = t.uniqueConstraints().get(i);
            if (Table.key(u.getName()).equals(Table.key(name))) {
                List<String> cols = Indexes.columnNames(u);
                for (Catalog.Reference ref : catalog.referencing(t.name())) {
                    // the key the foreign key reads, whatever the order it names the columns in
                    Table.KeyColumns read = t.keyOf(ref.foreignKey().getReferencedColumnsList());
                    if (SharedIndexes.sameColumns(ref.foreignKey().getReferencedColumnsList(), cols) || read != null
                            && !read.primary() && Table.key(read.name()).equals(Table.key(u.getName()))) {
                        throw RelationalException.dependents("cannot drop constraint " + u.getName() + " on table "
                                + t.name() + " because other objects depend on it", "constraint "
                                + ref.foreignKey().getName() + " on table " + ref.child().name()
                                + " depends on index " + u.getName(), ref.foreignKey().getName());
                    }
                }
                return replace(catalog.def(), t.def().toBuilder().removeUniqueConstraints(i).build());
            }
        }
        for (int i = 0; i < t.checks().size(); i++) {
            if (Table.key(t.checks().get(i).getName()).equals(Table.key(name))) {
                return replace(catalog.def(), t.def().toBuilder().removeChecks(i).build());
            }
        }
        if (Table.key(name).equals(Table.key(t.name() + "_pkey"))) {
            throw RelationalException.invalid("the primary key of \"" + t.name() + "\" cannot be dropped");
        }
        throw RelationalException.undefined("constraint \"" + name + "\" of relation \"" + t.name()
                + "\" does not exist");
    }

    // ---- checks ----

    private static ColumnDef checkColumn(ColumnDef c) {
        if (c.getName().isEmpty()) {
            throw RelationalException.invalid("a column needs a name");
        }
        ColumnType type = c.getType();
        if (type.getKind() == ColumnKind.COLUMN_KIND_UNSPECIFIED) {
            throw RelationalException.invalid("column \"" + c.getName() + "\" has no type");
        }
        if (type.getLength() < 0) {
            throw RelationalException.invalid("length of column \"" + c.getName() + "\" must be positive");
        }
        if (type.getKind() == ColumnKind.DECIMAL) {
            if (type.getPrecision() < 1 || type.getPrecision() > Values.MAX_DECIMAL_PRECISION) {
                throw RelationalException.invalid("DECIMAL precision of column \"" + c.getName() + "\" must be "
                        + "between 1 and " + Values.MAX_DECIMAL_PRECISION + ", got " + type.getPrecision());
            }
            if (type.getScale() < 0 || type.getScale() > type.getPrecision()) {
                throw RelationalException.invalid("DECIMAL scale of column \"" + c.getName() + "\" must be between 0"
                        + " and its precision, got " + type.getScale());
            }
        }
        if (c.hasDefaultValue() && !c.getDefaultValue().hasNullValue()) {
            Values.defaultValue(c);
        }
        return c;
    }

    private static IndexDef named(IndexDef index, String table, String suffix) {
        if (!index.getName().isEmpty()) {
            return index;
        }
        return index.toBuilder().setName(table + "_" + String.join("_", Indexes.columnNames(index)) + "_" + suffix)
                .build();
    }

    private static IndexDef checkIndex(Table t, IndexDef index, boolean unique) {
        if (index.getColumnsCount() == 0) {
            throw RelationalException.invalid("index \"" + index.getName() + "\" needs at least one column");
        }
        checkNameFree(t, index.getName());
        checkDistinct(Indexes.columnNames(index), "index \"" + index.getName() + "\"");
        IndexDef.Builder b = index.toBuilder().clearColumns().setUnique(unique).clearRecordIndex();
        for (IndexColumn c : index.getColumnsList()) {
            b.addColumns(c.toBuilder().setColumn(t.column(t.requireColumn(c.getColumn())).getName()));
        }
        return b.build();
    }

    /** Whether {@code name} is the name of one of the table's indexes or constraints (one name space per table). */
    static boolean nameTaken(Table t, String name) {
        String k = Table.key(name);
        return t.indexes().stream().anyMatch(i -> Table.key(i.getName()).equals(k))
                || t.countIndexes().stream().anyMatch(i -> Table.key(i.getName()).equals(k))
                || t.uniqueConstraints().stream().anyMatch(i -> Table.key(i.getName()).equals(k))
                || t.foreignKeys().stream().anyMatch(f -> Table.key(f.getName()).equals(k))
                || t.checks().stream().anyMatch(c -> Table.key(c.getName()).equals(k))
                || k.equals(Table.key(t.name() + "_pkey"));
    }

    private static void checkNameFree(Table t, String name) {
        if (nameTaken(t, name)) {
            throw RelationalException.duplicate("relation or constraint \"" + name + "\" already exists on table \""
                    + t.name() + "\"");
        }
    }

    private static void checkDistinct(List<String> columns, String what) {
        Set<String> seen = new HashSet<>();
        for (String c : columns) {
            if (!seen.add(Table.key(c))) {
                throw RelationalException.duplicateColumn("column \"" + c + "\" appears twice in " + what);
            }
        }
    }

    /** Whether {@code columns}, in any order (as PostgreSQL takes a foreign key's), are a unique key of the table. */
    static boolean isUniqueKey(Table parent, List<String> columns) {
        return parent.keyOf(columns) != null;
    }

    private static String recordTypeName(Catalog catalog, String table) {
        String base = table.replaceAll("[^A-Za-z0-9_]", "_");
        if (base.isEmpty() || !Character.isLetter(base.charAt(0))) {
            base = "T_" + base;
        }
        Set<String> used = new HashSet<>();
        catalog.def().getTablesList().forEach(t -> used.add(t.getRecordType().toLowerCase(Locale.ROOT)));
        catalog.def().getRetiredTablesList().forEach(t -> used.add(t.getRecordType().toLowerCase(Locale.ROOT)));
        used.add("recordtypeunion");
        String name = base;
        for (int n = 2; used.contains(name.toLowerCase(Locale.ROOT)); n++) {
            name = base + "_" + n;
        }
        return name;
    }

    static CatalogDef replace(CatalogDef def, TableDef table) {
        CatalogDef.Builder b = def.toBuilder();
        for (int i = 0; i < b.getTablesCount(); i++) {
            if (Table.key(b.getTables(i).getName()).equals(Table.key(table.getName()))) {
                b.setTables(i, SharedIndexes.afterChange(b.getTables(i), table));
                return b.build();
            }
        }
        throw RelationalException.undefinedTable("table \"" + table.getName() + "\" does not exist");
    }
}
