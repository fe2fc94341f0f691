package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.InformationSchemaTable.Rows;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The rows of each {@code information_schema} view from one catalog, with PostgreSQL's values: tables are
 * {@code BASE TABLE}s and views {@code VIEW}s of schema {@code public}; a table's hidden row key is no column and no primary key; constraints
 * carry the names the catalog stores (a primary key is always {@code <table>_pkey}). PostgreSQL also lists each NOT
 * NULL column as a CHECK constraint named after object ids; the catalog has no such ids, so those rows are left out.
 */
final class InformationSchemaRows {
    private static final String PRIMARY_KEY = "PRIMARY KEY";
    private static final String UNIQUE = "UNIQUE";
    private static final String FOREIGN_KEY = "FOREIGN KEY";

    private final String database;
    private final Catalog catalog;

    /** A constraint of a table: its columns, and for a foreign key its definition. */
    private record Constraint(Table table, String name, String type, List<String> columns, ForeignKeyDef foreignKey) {
    }

    InformationSchemaRows(String database, Catalog catalog) {
        this.database = database;
        this.catalog = catalog;
    }

    void schemata(Rows out) {
        for (String schema : List.of(InformationSchema.NAME, PgCatalog.NAME, RecordLayerSchema.PUBLIC)) {
            out.add().set("catalog_name", database).set("schema_name", schema);
        }
    }

    /** The tables, then the views (read-only here, so not insertable into). */
    void tables(Rows out) {
        for (Table t : catalog.tables()) {
            out.add().set("table_catalog", database).set("table_schema", RecordLayerSchema.PUBLIC)
                    .set("table_name", t.name()).set("table_type", "BASE TABLE").set("is_insertable_into", "YES")
                    .set("is_typed", "NO");
        }
        for (ViewDef v : catalog.views()) {
            out.add().set("table_catalog", database).set("table_schema", RecordLayerSchema.PUBLIC)
                    .set("table_name", v.getName()).set("table_type", "VIEW").set("is_insertable_into", "NO")
                    .set("is_typed", "NO");
        }
    }

    /** The columns of the tables (a hidden row key left out), then of the views: nullable, no default, read-only. */
    void columns(Rows out) {
        for (Table t : catalog.tables()) {
            int position = 0;
            for (ColumnDef c : t.columns()) {
                if (c.getHidden()) {
                    continue;
                }
                position++;
                column(out, t.name(), c.getName(), position, c.getType())
                        .set("column_default", PostgresColumnTypes.columnDefault(c))
                        .set("is_nullable", c.getNotNull() ? "NO" : "YES").set("is_updatable", "YES");
            }
        }
        for (ViewDef v : catalog.views()) {
            int position = 0;
            for (ViewColumn c : v.getColumnsList()) {
                column(out, v.getName(), c.getName(), ++position, c.getType()).set("is_nullable", "YES")
                        .set("is_updatable", "NO");
            }
        }
    }

    /** A row of {@code columns}: what a table's column and a view's have alike. */
    private Rows.Row column(Rows out, String relation, String name, int position, ColumnType type) {
        return out.add().set("table_catalog", database).set("table_schema", RecordLayerSchema.PUBLIC)
                .set("table_name", relation).set("column_name", name).set("ordinal_position", position)
                .set("data_type", PostgresColumnTypes.dataType(type))
                .set("character_maximum_length", PostgresColumnTypes.characterMaximumLength(type))
                .set("character_octet_length", PostgresColumnTypes.characterOctetLength(type))
                .set("numeric_precision", PostgresColumnTypes.numericPrecision(type))
                .set("numeric_precision_radix", PostgresColumnTypes.numericPrecisionRadix(type))
                .set("numeric_scale", PostgresColumnTypes.numericScale(type))
                .set("datetime_precision", PostgresColumnTypes.datetimePrecision(type))
                .set("udt_catalog", database).set("udt_schema", "pg_catalog")
                .set("udt_name", PostgresColumnTypes.udtName(type))
                .set("dtd_identifier", Integer.toString(position)).set("is_self_referencing", "NO")
                .set("is_identity", "NO").set("identity_cycle", "NO").set("is_generated", "NEVER");
    }

    /**
     * The views, their queries as written (PostgreSQL shows its own deparsing of the query); read-only here, so none
     * is updatable or insertable into, and there are no triggers.
     */
    void views(Rows out) {
        for (ViewDef v : catalog.views()) {
            out.add().set("table_catalog", database).set("table_schema", RecordLayerSchema.PUBLIC)
                    .set("table_name", v.getName()).set("view_definition", v.getQuery()).set("check_option", "NONE")
                    .set("is_updatable", "NO").set("is_insertable_into", "NO").set("is_trigger_updatable", "NO")
                    .set("is_trigger_deletable", "NO").set("is_trigger_insertable_into", "NO");
        }
    }

    void tableConstraints(Rows out) {
        for (Constraint k : constraints()) {
            out.add().set("constraint_catalog", database).set("constraint_schema", RecordLayerSchema.PUBLIC)
                    .set("constraint_name", k.name()).set("table_catalog", database)
                    .set("table_schema", RecordLayerSchema.PUBLIC).set("table_name", k.table().name())
                    .set("constraint_type", k.type()).set("is_deferrable", "NO").set("initially_deferred", "NO")
                    .set("enforced", "YES").set("nulls_distinct", k.type().equals(UNIQUE) ? "YES" : null);
        }
    }

    void keyColumnUsage(Rows out) {
        for (Constraint k : constraints()) {
            Table.KeyColumns referenced = k.foreignKey() == null ? null : referencedKey(k.foreignKey());
            for (int i = 0; i < k.columns().size(); i++) {
                Integer inUnique = referenced == null ? null
                        : position(referenced.columns(), k.foreignKey().getReferencedColumns(i));
                out.add().set("constraint_catalog", database).set("constraint_schema", RecordLayerSchema.PUBLIC)
                        .set("constraint_name", k.name()).set("table_catalog", database)
                        .set("table_schema", RecordLayerSchema.PUBLIC).set("table_name", k.table().name())
                        .set("column_name", k.columns().get(i)).set("ordinal_position", i + 1)
                        .set("position_in_unique_constraint", inUnique);
            }
        }
    }

    void referentialConstraints(Rows out) {
        for (Constraint k : constraints()) {
            if (k.foreignKey() == null) {
                continue;
            }
            Table.KeyColumns referenced = referencedKey(k.foreignKey());
            out.add().set("constraint_catalog", database).set("constraint_schema", RecordLayerSchema.PUBLIC)
                    .set("constraint_name", k.name()).set("unique_constraint_catalog", database)
                    .set("unique_constraint_schema", RecordLayerSchema.PUBLIC)
                    .set("unique_constraint_name", referenced == null ? null : referenced.name())
                    .set("match_option", "NONE").set("update_rule", rule(k.foreignKey().getOnUpdate()))
                    .set("delete_rule", rule(k.foreignKey().getOnDelete()));
        }
    }

    /** The columns each constraint uses: a key its own, a foreign key those it references (each once). */
    void constraintColumnUsage(Rows out) {
        for (Constraint k : constraints()) {
            Table table = k.table();
            List<String> used = k.columns();
            if (k.foreignKey() != null) {
                table = catalog.requireTable(k.foreignKey().getReferencedTable());
                used = columnNames(table, k.foreignKey().getReferencedColumnsList());
            }
            for (String column : new LinkedHashSet<>(used)) {
                out.add().set("table_catalog", database).set("table_schema", RecordLayerSchema.PUBLIC)
                        .set("table_name", table.name()).set("column_name", column)
                        .set("constraint_catalog", database).set("constraint_schema", RecordLayerSchema.PUBLIC)
                        .set("constraint_name", k.name());
            }
        }
    }

    /** Every table's primary key (none for a hidden row key), unique constraints and foreign keys. */
    private List<Constraint> constraints() {
        List<Constraint> out = new ArrayList<>();
        for (Table t : catalog.tables()) {
            for (Table.KeyColumns k : keys(t)) {
                out.add(new Constraint(t, k.name(), k.primary() ? PRIMARY_KEY : UNIQUE, columnNames(t, k.columns()),
                        null));
            }
            for (ForeignKeyDef fk : t.foreignKeys()) {
                out.add(new Constraint(t, fk.getName(), FOREIGN_KEY, columnNames(t, fk.getColumnsList()), fk));
            }
        }
        return out;
    }

    /** The unique keys of {@code t} that are constraints to SQL: a hidden row key is not. */
    private static List<Table.KeyColumns> keys(Table t) {
        return t.uniqueKeys().stream().filter(k -> !(k.primary() && t.hasRowKey())).toList();
    }

    /** The key of the referenced table whose columns a foreign key references (the primary key first). */
    private Table.KeyColumns referencedKey(ForeignKeyDef fk) {
        Table parent = catalog.requireTable(fk.getReferencedTable());
        Table.KeyColumns k = parent.keyOf(fk.getReferencedColumnsList()); // in any order of the key's
        return k == null || k.primary() && parent.hasRowKey() ? null : k;
    }

    /** 1-based position of {@code column} in {@code key} (names compare case-insensitively), null if absent. */
    private static Integer position(List<String> key, String column) {
        for (int i = 0; i < key.size(); i++) {
            if (key.get(i).equalsIgnoreCase(column)) {
                return i + 1;
            }
        }
        return null;
    }

    /** The columns as the table names them (a key may have been declared with other letter case). */
    private static List<String> columnNames(Table t, List<String> columns) {
        List<String> out = new ArrayList<>(columns.size());
        for (String c : columns) {
            out.add(t.column(t.requireColumn(c)).getName());
        }
        return out;
    }

    /** A referential action as PostgreSQL writes it: NO ACTION, RESTRICT, CASCADE, SET NULL, SET DEFAULT. */
    private static String rule(ReferentialAction a) {
        return a.name().replace('_', ' ');
    }
}
