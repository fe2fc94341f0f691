package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.CheckDef;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.InformationSchemaTable.Rows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The rows of {@code pg_constraint} from one catalog: each table's declared primary key ({@code p}, named
 * {@code <table>_pkey}; a hidden row key is none), unique constraints ({@code u}), foreign keys ({@code f}) and CHECK
 * constraints ({@code c}), with the ids of {@link PgObjectIds} ({@code conrelid} and {@code confrelid} are
 * {@code pg_class}'s, {@code conindid} the index of a key or of the key a foreign key references). None is deferrable
 * or inherited, all are validated. {@code conkey} and {@code confkey} are text, PostgreSQL's output of an
 * {@code int2[]} ({@code {1,2}}), as there are no arrays: a key's columns in its order, a CHECK's the columns its
 * expression reads, ascending, as PostgreSQL records them. PostgreSQL's NOT NULL constraints are no rows there either.
 */
final class PgConstraints {
    private final Catalog catalog;
    private final PgObjectIds ids;

    private PgConstraints(Catalog catalog) {
        this.catalog = catalog;
        this.ids = PgObjectIds.of(catalog);
    }

    static void rows(String database, Catalog catalog, Rows out) {
        new PgConstraints(catalog).rows(out);
    }

    /** The names of {@code t}'s constraints, in the order of its rows. */
    static List<String> names(Table t) {
        List<String> out = new ArrayList<>();
        for (Table.KeyColumns k : keys(t)) {
            out.add(k.name());
        }
        for (ForeignKeyDef fk : t.foreignKeys()) {
            out.add(fk.getName());
        }
        for (CheckDef c : t.checks()) {
            out.add(c.getName());
        }
        return out;
    }

    private void rows(Rows out) {
        for (Table t : catalog.tables()) {
            Map<String, Integer> numbers = numbers(t);
            long table = ids.table(t);
            for (Table.KeyColumns k : keys(t)) {
                constraint(out, t, k.name(), k.primary() ? "p" : "u", table).set("conindid", ids.index(t, k.name()))
                        .set("conkey", array(k.columns(), numbers, false));
            }
            for (ForeignKeyDef fk : t.foreignKeys()) {
                Table parent = catalog.requireTable(fk.getReferencedTable());
                Table.KeyColumns key = referencedKey(parent, fk);
                constraint(out, t, fk.getName(), "f", table)
                        .set("conindid", key == null ? 0L : ids.index(parent, key.name()))
                        .set("confrelid", ids.table(parent)).set("confupdtype", action(fk.getOnUpdate()))
                        .set("confdeltype", action(fk.getOnDelete())).set("confmatchtype", "s")
                        .set("conkey", array(fk.getColumnsList(), numbers, false))
                        .set("confkey", array(fk.getReferencedColumnsList(), numbers(parent), false));
            }
            for (CheckDef c : t.checks()) {
                constraint(out, t, c.getName(), "c", table).set("conkey", array(c.getColumnsList(), numbers, true));
            }
        }
    }

    /** A row with what every constraint has alike: not deferrable, validated, local, of no type, index or parent. */
    private Rows.Row constraint(Rows out, Table t, String name, String type, long table) {
        return out.add().set("oid", ids.constraint(t, name)).set("conname", name)
                .set("connamespace", PgCatalog.PUBLIC_OID).set("contype", type).set("condeferrable", false)
                .set("condeferred", false).set("convalidated", true).set("conrelid", table).set("contypid", 0L)
                .set("conindid", 0L).set("conparentid", 0L).set("confrelid", 0L).set("confupdtype", " ")
                .set("confdeltype", " ").set("confmatchtype", " ").set("conislocal", true).set("coninhcount", 0);
    }

    /** The keys of {@code t} that are constraints: its unique keys but a hidden row key (as information_schema's). */
    private static List<Table.KeyColumns> keys(Table t) {
        return t.uniqueKeys().stream().filter(k -> !(k.primary() && t.hasRowKey())).toList();
    }

    /** The key of {@code parent} whose columns {@code fk} references, or null. */
    private static Table.KeyColumns referencedKey(Table parent, ForeignKeyDef fk) {
        Table.KeyColumns k = parent.keyOf(fk.getReferencedColumnsList()); // in any order of the key's
        return k == null || k.primary() && parent.hasRowKey() ? null : k;
    }

    /** Each visible column's number, from 1 (as pg_attribute numbers them), by its lower-cased name. */
    private static Map<String, Integer> numbers(Table t) {
        Map<String, Integer> numbers = new HashMap<>();
        List<ColumnDef> columns = t.columns().stream().filter(c -> !c.getHidden()).toList();
        for (int i = 0; i < columns.size(); i++) {
            numbers.put(columns.get(i).getName().toLowerCase(Locale.ROOT), i + 1);
        }
        return numbers;
    }

    /** {@code columns}' numbers as PostgreSQL prints an {@code int2[]}: {@code {1,3}}; NULL for none. */
    private static String array(List<String> columns, Map<String, Integer> numbers, boolean sorted) {
        if (columns.isEmpty()) {
            return null;
        }
        var stream = columns.stream().map(c -> numbers.getOrDefault(c.toLowerCase(Locale.ROOT), 0));
        if (sorted) {
            stream = stream.distinct().sorted();
        }
        return stream.map(String::valueOf).collect(Collectors.joining(",", "{", "}"));
    }

    /** A referential action as pg_constraint writes it: a (no action), r, c, n (set null), d (set default). */
    private static String action(ReferentialAction a) {
        return switch (a) {
            case RESTRICT -> "r";
            case CASCADE -> "c";
            case SET_NULL -> "n";
            case SET_DEFAULT -> "d";
            default -> "a";
        };
    }
}
