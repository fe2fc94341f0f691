package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.MaterializedJoinDef;
import io.relationshiplayer.proto.v1.TableDef;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * ALTER TABLE ... DROP COLUMN as a catalog change, as PostgreSQL has it: the table's own indexes and constraints that
 * involve the column go with it; a foreign key of another table that references it is refused (2BP01) unless
 * CASCADE, which drops that foreign key too. The Record Layer never removes a field from a record message, so the
 * column's field stays in the table's message, marked deprecated, unread and never reused: old records keep parsing,
 * their values for it are seen by no query, and a column added later under the same name is another field. A
 * primary-key column cannot be dropped (0A000): the Record Layer's primary key of a record type is fixed.
 */
final class ColumnDrop {
    private ColumnDrop() {
    }

    static CatalogDef dropColumn(Catalog catalog, String table, String column, boolean cascade) {
        Table t = catalog.requireTable(table);
        int i = t.columnIndex(column);
        if (i < 0) {
            throw RelationalException.undefinedColumn("column \"" + column + "\" of relation \"" + t.name()
                    + "\" does not exist");
        }
        ColumnDef c = t.column(i);
        String name = c.getName();
        CatalogDef next = catalog.def();
        for (Catalog.Reference ref : catalog.referencing(t.name())) {
            ForeignKeyDef fk = ref.foreignKey();
            if (Table.key(ref.child().name()).equals(Table.key(t.name()))) {
                continue; // the table's own: goes with the column
            }
            boolean references = mentions(fk.getReferencedColumnsList(), name);
            List<String> joins = new ArrayList<>();
            for (MaterializedJoinDef j : ref.child().def().getMaterializedJoinsList()) {
                if (Table.key(j.getForeignKey()).equals(Table.key(fk.getName()))
                        && (references || mentions(j.getIndexColumnsList(), SchemaGenerator.PARENT + "." + name))) {
                    joins.add(Table.key(j.getName()));
                }
            }
            if (!references && joins.isEmpty()) {
                continue;
            }
            String dependent = references ? "constraint " + fk.getName() : "materialized join " + joins.get(0);
            if (!cascade) {
                throw RelationalException.dependents("cannot drop column " + name + " of table " + t.name()
                        + " because other objects depend on it", dependent + " on table " + ref.child().name()
                        + " depends on column " + name + " of table " + t.name(), fk.getName());
            }
            TableDef child = new Catalog(next).requireTable(ref.child().name()).def();
            TableDef.Builder b = child.toBuilder().clearForeignKeys().clearMaterializedJoins();
            child.getForeignKeysList().stream().filter(f -> !references || !Table.key(f.getName())
                    .equals(Table.key(fk.getName()))).forEach(b::addForeignKeys);
            child.getMaterializedJoinsList().stream().filter(j -> !joins.contains(Table.key(j.getName())))
                    .forEach(b::addMaterializedJoins);
            next = CatalogChanges.replace(next, b.build());
        }
        for (int k : t.primaryKey()) {
            if (k == i) {
                throw RelationalException.unsupported("cannot drop column \"" + name + "\" of table \"" + t.name()
                        + "\": it is in the table's primary key, which is fixed when the table is created");
            }
        }
        if (t.columns().stream().filter(d -> !d.getHidden()).count() == 1) {
            throw RelationalException.unsupported("cannot drop column \"" + name + "\" of table \"" + t.name()
                    + "\": it is the table's only column, and a table needs at least one");
        }
        return CatalogChanges.replace(next, withoutColumn(new Catalog(next).requireTable(t.name()).def(), c));
    }

    /** The table without the column and every index and constraint of its own that involves it. */
    private static TableDef withoutColumn(TableDef t, ColumnDef c) {
        String name = c.getName();
        List<String> droppedKeys = new ArrayList<>();
        TableDef.Builder b = t.toBuilder().clearColumns().clearUniqueConstraints().clearIndexes().clearCountIndexes()
                .clearForeignKeys().clearMaterializedJoins().clearChecks();
        t.getColumnsList().stream().filter(d -> !Table.key(d.getName()).equals(Table.key(name)))
                .forEach(b::addColumns);
        b.addDroppedColumns(c.toBuilder().setFieldName(Table.fieldName(c)).clearDefaultValue().setNotNull(false));
        Predicate<IndexDef> keeps = index -> !mentions(Indexes.columnNames(index), name);
        t.getUniqueConstraintsList().stream().filter(keeps).forEach(b::addUniqueConstraints);
        t.getIndexesList().stream().filter(keeps).forEach(b::addIndexes);
        t.getCountIndexesList().stream().filter(keeps.and(index -> !mentions(index.getSumColumnsList(), name)))
                .forEach(b::addCountIndexes);
        for (ForeignKeyDef fk : t.getForeignKeysList()) {
            boolean selfReference = Table.key(fk.getReferencedTable()).equals(Table.key(t.getName()));
            if (mentions(fk.getColumnsList(), name)
                    || selfReference && mentions(fk.getReferencedColumnsList(), name)) {
                droppedKeys.add(Table.key(fk.getName()));
            } else {
                b.addForeignKeys(fk);
            }
        }
        for (MaterializedJoinDef j : t.getMaterializedJoinsList()) {
            if (!droppedKeys.contains(Table.key(j.getForeignKey()))
                    && !mentions(j.getIndexColumnsList(), SchemaGenerator.CHILD + "." + name)) {
                b.addMaterializedJoins(j);
            }
        }
        t.getChecksList().stream().filter(check -> !mentions(check.getColumnsList(), name)).forEach(b::addChecks);
        return b.build();
    }

    /**
     * {@code column} with a field name no field of the table's message has, for a column added under the name of a
     * dropped one (whose field keeps that name).
     */
    static ColumnDef withFreeFieldName(Table t, ColumnDef column) {
        List<String> taken = new ArrayList<>();
        t.def().getDroppedColumnsList().forEach(d -> taken.add(Table.fieldName(d)));
        t.columns().forEach(d -> taken.add(Table.fieldName(d)));
        String field = Table.fieldName(column);
        if (!taken.contains(field)) {
            return column;
        }
        String free = "f" + column.getFieldNumber();
        while (taken.contains(free)) {
            free = free + "_";
        }
        return column.toBuilder().setFieldName(free).build();
    }

    private static boolean mentions(List<String> columns, String column) {
        return columns.stream().anyMatch(c -> Table.key(c).equals(Table.key(column)));
    }
}
