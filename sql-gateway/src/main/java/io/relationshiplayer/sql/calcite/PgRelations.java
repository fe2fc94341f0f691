package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Indexes;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.InformationSchemaTable.Rows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The rows of {@code pg_class}, {@code pg_attribute} and {@code pg_index} from one catalog: schema {@code public}'s
 * tables (relkind {@code r}), views ({@code v}) and indexes ({@code i}), with the ids of {@link PgObjectIds}. A table's
 * columns are numbered from 1 as {@code information_schema.columns} numbers them: a hidden row key is no column (and
 * no index), PostgreSQL's system columns (negative numbers) are not listed, and a dropped column is gone, not kept as
 * {@code attisdropped}. The indexes are a declared primary key's ({@code <table>_pkey}), the unique constraints', the
 * indexes' and the COUNT indexes' (on their grouping columns).
 */
final class PgRelations {
    /** An index as PostgreSQL sees it: name, the table's columns it is on, unique, the primary key's. */
    record Index(String name, List<String> columns, boolean unique, boolean primary) {
    }

    private final Catalog catalog;
    private final PgObjectIds ids;

    private PgRelations(Catalog catalog) {
        this.catalog = catalog;
        this.ids = PgObjectIds.of(catalog);
    }

    /** The indexes of {@code t}: its declared primary key, unique constraints, indexes and COUNT indexes. */
    static List<Index> indexes(Table t) {
        List<Index> out = new ArrayList<>();
        if (!t.hasRowKey()) {
            out.add(new Index(t.name() + "_pkey", t.def().getPrimaryKeyList(), true, true));
        }
        for (IndexDef u : t.uniqueConstraints()) {
            out.add(new Index(u.getName(), Indexes.columnNames(u), true, false));
        }
        for (IndexDef i : t.indexes()) {
            out.add(new Index(i.getName(), Indexes.columnNames(i), i.getUnique(), false));
        }
        for (IndexDef c : t.countIndexes()) {
            out.add(new Index(c.getName(), Indexes.columnNames(c), false, false));
        }
        return out;
    }

    /**
     * The {@code pg_class} id of schema public's relation {@code name} (a table, view or index; the name exact, as
     * the catalog has it), or null if there is none.
     */
    static Long oid(Catalog catalog, String name) {
        PgObjectIds ids = PgObjectIds.of(catalog);
        Table table = catalog.table(name);
        if (table != null && table.name().equals(name)) {
            return ids.table(table);
        }
        for (ViewDef v : catalog.views()) {
            if (v.getName().equals(name)) {
                return ids.view(v);
            }
        }
        for (Table t : catalog.tables()) {
            for (Index i : indexes(t)) {
                if (i.name().equals(name)) {
                    return ids.index(t, i.name());
                }
            }
        }
        return null;
    }

    static void classes(String database, Catalog catalog, Rows out) {
        new PgRelations(catalog).classes(out);
    }

    static void attributes(String database, Catalog catalog, Rows out) {
        new PgRelations(catalog).attributes(out);
    }

    static void indexes(String database, Catalog catalog, Rows out) {
        new PgRelations(catalog).indexes(out);
    }

    /**
     * A row per table, index and view. No statistics are kept, so {@code reltuples} is -1 (PostgreSQL's "never
     * counted"); a table has indexes and triggers as {@code pg_tables} says; a view has its rule, as PostgreSQL's do.
     */
    private void classes(Rows out) {
        for (Table t : catalog.tables()) {
            List<Index> indexes = indexes(t);
            boolean triggers = !t.foreignKeys().isEmpty() || !catalog.referencing(t.name()).isEmpty();
            relation(out, ids.table(t), t.name(), "r", visibleColumns(t).size()).set("relhasindex", !indexes.isEmpty())
                    .set("relchecks", (short) t.checks().size()).set("relhastriggers", triggers)
                    .set("relreplident", "d");
            for (Index i : indexes) {
                relation(out, ids.index(t, i.name()), i.name(), "i", i.columns().size());
            }
        }
        for (ViewDef v : catalog.views()) {
            relation(out, ids.view(v), v.getName(), "v", v.getColumnsCount()).set("relhasrules", true);
        }
    }

    /** A row of pg_class with what every relation has alike: permanent, populated, no rules, triggers or checks. */
    private static Rows.Row relation(Rows out, long oid, String name, String kind, int columns) {
        return out.add().set("oid", oid).set("relname", name).set("relnamespace", PgCatalog.PUBLIC_OID)
                .set("reltuples", -1.0f).set("relhasindex", false).set("relisshared", false)
                .set("relpersistence", "p").set("relkind", kind).set("relnatts", (short) columns)
                .set("relchecks", (short) 0).set("relhasrules", false).set("relhastriggers", false)
                .set("relhassubclass", false).set("relrowsecurity", false).set("relforcerowsecurity", false)
                .set("relispopulated", true).set("relreplident", "n").set("relispartition", false);
    }

    /**
     * A row per column of each table (NOT NULL and default as declared), view and index (an index's columns are
     * named and typed after the table's, never NOT NULL and without default, as PostgreSQL makes them).
     */
    private void attributes(Rows out) {
        for (Table t : catalog.tables()) {
            long oid = ids.table(t);
            List<ColumnDef> columns = visibleColumns(t);
            for (int i = 0; i < columns.size(); i++) {
                ColumnDef c = columns.get(i);
                attribute(out, oid, c.getName(), c.getType(), i + 1).set("attnotnull", c.getNotNull())
                        .set("atthasdef", PostgresColumnTypes.columnDefault(c) != null);
            }
            Map<String, ColumnDef> byName = columns.stream()
                    .collect(Collectors.toMap(c -> c.getName().toLowerCase(Locale.ROOT), c -> c, (a, b) -> a));
            for (Index index : indexes(t)) {
                long indexOid = ids.index(t, index.name());
                for (int i = 0; i < index.columns().size(); i++) {
                    ColumnDef c = byName.get(index.columns().get(i).toLowerCase(Locale.ROOT));
                    if (c != null) {
                        attribute(out, indexOid, c.getName(), c.getType(), i + 1);
                    }
                }
            }
        }
        for (ViewDef v : catalog.views()) {
            long oid = ids.view(v);
            for (int i = 0; i < v.getColumnsCount(); i++) {
                ViewColumn c = v.getColumns(i);
                attribute(out, oid, c.getName(), c.getType(), i + 1);
            }
        }
    }

    /** A row of pg_attribute: a local column, not dropped, neither NOT NULL nor with a default (set by the caller). */
    private static Rows.Row attribute(Rows out, long relation, String name, ColumnType type, int number) {
        PgTypes.PgType t = PgTypes.of(type);
        return out.add().set("attrelid", relation).set("attname", name).set("atttypid", t.oid())
                .set("attlen", t.length()).set("attnum", (short) number).set("attndims", 0)
                .set("atttypmod", PgTypes.typeModifier(type)).set("attbyval", t.byValue())
                .set("attnotnull", false).set("atthasdef", false).set("attidentity", "").set("attgenerated", "")
                .set("attisdropped", false).set("attislocal", true).set("attinhcount", 0);
    }

    /**
     * A row per index: valid, ready and checked at once (none deferrable); {@code indkey} is the table's column
     * numbers in index order as PostgreSQL prints an {@code int2vector} ({@code 1 3}), text since there are no arrays.
     */
    private void indexes(Rows out) {
        for (Table t : catalog.tables()) {
            Map<String, Integer> numbers = new HashMap<>();
            List<ColumnDef> columns = visibleColumns(t);
            for (int i = 0; i < columns.size(); i++) {
                numbers.put(columns.get(i).getName().toLowerCase(Locale.ROOT), i + 1);
            }
            for (Index i : indexes(t)) {
                String key = i.columns().stream()
                        .map(c -> Integer.toString(numbers.getOrDefault(c.toLowerCase(Locale.ROOT), 0)))
                        .collect(Collectors.joining(" "));
                out.add().set("indexrelid", ids.index(t, i.name())).set("indrelid", ids.table(t))
                        .set("indnatts", (short) i.columns().size()).set("indnkeyatts", (short) i.columns().size())
                        .set("indisunique", i.unique()).set("indnullsnotdistinct", false)
                        .set("indisprimary", i.primary()).set("indisexclusion", false).set("indimmediate", true)
                        .set("indisclustered", false).set("indisvalid", true).set("indcheckxmin", false)
                        .set("indisready", true).set("indislive", true).set("indisreplident", false)
                        .set("indkey", key);
            }
        }
    }

    /** The columns SQL sees, in order: all but a hidden row key. */
    private static List<ColumnDef> visibleColumns(Table t) {
        return t.columns().stream().filter(c -> !c.getHidden()).toList();
    }
}
