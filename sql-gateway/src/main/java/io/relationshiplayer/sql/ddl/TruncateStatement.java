package io.relationshiplayer.sql.ddl;

import io.relationshiplayer.relationships.Catalog;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.SqlException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.Nonnull;

/**
 * {@code TRUNCATE [TABLE] name [, ...] [CASCADE | RESTRICT]}, as PostgreSQL has it: every row of the tables goes, in
 * one transaction, and no other table may keep rows that reference them. A table another table references by a
 * foreign key is refused (0A000) unless that table is truncated too, named or by CASCADE.
 *
 * @param tables  the tables named, as written
 * @param cascade whether CASCADE was given
 */
public record TruncateStatement(@Nonnull List<String> tables, boolean cascade) {

    /** Parses the statement's text. */
    @Nonnull
    public static TruncateStatement parse(@Nonnull String sql) {
        DdlCursor c = new DdlCursor(sql);
        c.expect("truncate", "");
        c.accept("table");
        List<String> names = new ArrayList<>();
        do {
            names.add(c.identifier("a table name"));
        } while (c.acceptSymbol(","));
        boolean cascade = c.accept("cascade");
        if (!cascade) {
            c.accept("restrict");
        }
        c.acceptSymbol(";");
        DdlToken end = c.peek();
        if (end.type() != DdlToken.Type.END) {
            throw DdlCursor.error(end, null);
        }
        return new TruncateStatement(List.copyOf(names), cascade);
    }

    /**
     * The tables to empty, children before the tables they reference (so that no foreign key check finds a missing
     * parent): the named ones and, with CASCADE, every table referencing one of them.
     */
    @Nonnull
    public List<String> order(@Nonnull Catalog catalog) {
        Set<String> all = new LinkedHashSet<>();
        List<String> pending = new ArrayList<>();
        for (String name : tables) {
            pending.add(catalog.requireTable(name).name());
        }
        while (!pending.isEmpty()) {
            String name = pending.remove(pending.size() - 1);
            if (!all.add(name)) {
                continue;
            }
            for (Catalog.Reference r : catalog.referencing(name)) {
                String child = r.child().name();
                if (cascade) {
                    pending.add(child);
                } else if (!named(catalog, child)) {
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "cannot truncate a table referenced "
                            + "in a foreign key constraint: table \"" + child + "\" references \"" + name + "\"; "
                            + "truncate it too, or use TRUNCATE ... CASCADE");
                }
            }
        }
        List<String> ordered = new ArrayList<>();
        Set<String> placed = new LinkedHashSet<>();
        for (String key : all) {
            place(catalog, key, all, placed, ordered, new LinkedHashSet<>());
        }
        return ordered;
    }

    /** Places the referencing tables of {@code key} (a table's name, within {@code all}) first, then it. */
    private static void place(Catalog catalog, String key, Set<String> all, Set<String> placed, List<String> out,
                              Set<String> visiting) {
        if (placed.contains(key) || !visiting.add(key)) {
            return; // placed already, or a cycle of foreign keys (whose rows then go in any order)
        }
        Table t = catalog.requireTable(key);
        for (Catalog.Reference r : catalog.referencing(t.name())) {
            String child = r.child().name();
            if (all.contains(child) && !child.equals(key)) {
                place(catalog, child, all, placed, out, visiting);
            }
        }
        if (placed.add(key)) {
            out.add(t.name());
        }
    }

    private boolean named(Catalog catalog, String table) {
        return tables.stream().anyMatch(n -> catalog.requireTable(n).name().equals(table));
    }
}
