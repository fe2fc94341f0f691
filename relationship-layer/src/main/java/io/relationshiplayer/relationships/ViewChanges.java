package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.ViewColumn;
import io.relationshiplayer.proto.v1.ViewDef;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Catalog changes of views as pure functions, with PostgreSQL's rules: a view and a table never share a name, a view
 * reads only relations that exist, CREATE OR REPLACE keeps the old columns (names and types, in order) and may only
 * add columns at the end, and dropping a relation that views read needs CASCADE, which drops them too.
 */
final class ViewChanges {
    private ViewChanges() {
    }

    static CatalogDef createView(Catalog catalog, ViewDef spec, boolean orReplace) {
        String name = spec.getName();
        if (name.isEmpty()) {
            throw RelationalException.invalid("a view needs a name");
        }
        Table table = catalog.table(name);
        if (table != null) {
            if (orReplace) {
                throw RelationalException.wrongObjectType("\"" + table.name() + "\" is not a view");
            }
            throw RelationalException.duplicateTable("relation \"" + table.name() + "\" already exists");
        }
        ViewDef old = catalog.view(name);
        if (old != null && !orReplace) {
            throw RelationalException.duplicateTable("relation \"" + old.getName() + "\" already exists");
        }
        if (spec.getColumnsCount() == 0) {
            throw RelationalException.invalid("view \"" + name + "\" must have at least one column");
        }
        Set<String> seen = new HashSet<>();
        for (ViewColumn c : spec.getColumnsList()) {
            if (!seen.add(Table.key(c.getName()))) {
                throw RelationalException.duplicateColumn("column \"" + c.getName() + "\" specified more than once");
            }
        }
        ViewDef.Builder view = spec.toBuilder().clearReferences();
        Set<String> references = new LinkedHashSet<>();
        for (String r : spec.getReferencesList()) {
            references.add(storedName(catalog, r));
        }
        view.addAllReferences(references);
        CatalogDef.Builder next = catalog.def().toBuilder();
        if (old == null) {
            return next.addViews(view).build();
        }
        checkReplacement(old, spec);
        if (reads(catalog, references, name)) {
            throw RelationalException.invalidObject("infinite recursion detected in rules for relation \""
                    + old.getName() + "\": the new query reads the view itself");
        }
        for (int i = 0; i < next.getViewsCount(); i++) {
            if (Table.key(next.getViews(i).getName()).equals(Table.key(name))) {
                next.setViews(i, view.setName(old.getName()));
            }
        }
        return next.build();
    }

    /** The relation's name as the catalog keeps it; UNDEFINED_TABLE when there is none. */
    private static String storedName(Catalog catalog, String relation) {
        Table t = catalog.table(relation);
        if (t != null) {
            return t.name();
        }
        ViewDef v = catalog.view(relation);
        if (v != null) {
            return v.getName();
        }
        throw RelationalException.undefinedTable("relation \"" + relation + "\" does not exist");
    }

    /** PostgreSQL's rule for CREATE OR REPLACE VIEW: the old columns stay as they were; new ones come last. */
    private static void checkReplacement(ViewDef old, ViewDef next) {
        if (next.getColumnsCount() < old.getColumnsCount()) {
            throw RelationalException.invalid("cannot drop columns from view \"" + old.getName() + "\"");
        }
        for (int i = 0; i < old.getColumnsCount(); i++) {
            ViewColumn was = old.getColumns(i);
            ViewColumn is = next.getColumns(i);
            if (!was.getName().equals(is.getName())) {
                throw RelationalException.invalid("cannot change name of view column \"" + was.getName() + "\" to \""
                        + is.getName() + "\"");
            }
            if (!was.getType().equals(is.getType())) {
                throw RelationalException.invalid("cannot change data type of view column \"" + was.getName()
                        + "\" from " + Values.typeName(was.getType()) + " to " + Values.typeName(is.getType()));
            }
        }
    }

    /** Whether reading {@code relations} reads {@code view}, through views that read views. */
    private static boolean reads(Catalog catalog, Collection<String> relations, String view) {
        Deque<String> pending = new ArrayDeque<>(relations);
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            String r = Table.key(pending.pop());
            if (r.equals(Table.key(view))) {
                return true;
            }
            ViewDef v = catalog.view(r);
            if (seen.add(r) && v != null) {
                pending.addAll(v.getReferencesList());
            }
        }
        return false;
    }

    /** Drops the views {@code names} (all of which exist), and the views that read them when {@code cascade}. */
    static CatalogDef dropViews(Catalog catalog, List<String> names, boolean cascade) {
        Set<String> dropped = new HashSet<>();
        for (String name : names) {
            dropped.add(Table.key(requireView(catalog, name).getName()));
        }
        return without(catalog, catalog.def(), dropped, "view", cascade);
    }

    /** The names of a DROP VIEW to drop: all of them, or with {@code ifExists} those of a relation that exists. */
    static List<String> present(Catalog catalog, List<String> names, boolean ifExists) {
        List<String> present = new ArrayList<>();
        for (String name : names) {
            if (!ifExists || catalog.view(name) != null || catalog.table(name) != null) {
                present.add(name);
            }
        }
        return present;
    }

    /** DROP TABLE of a view is WRONG_OBJECT_TYPE, as in PostgreSQL. */
    static void refuseDropTableOfView(Catalog catalog, String name) {
        ViewDef view = catalog.view(name);
        if (view != null) {
            throw RelationalException.wrongObjectType("\"" + view.getName() + "\" is not a table: DROP VIEW removes a "
                    + "view");
        }
    }

    /** The relation's name as the catalog spells it (as written when the catalog does not know it). */
    private static String relationName(Catalog catalog, String name) {
        ViewDef v = catalog.view(name);
        Table t = v == null ? catalog.table(name) : null;
        return v != null ? v.getName() : t != null ? t.name() : name;
    }

    static ViewDef requireView(Catalog catalog, String name) {
        ViewDef v = catalog.view(name);
        if (v != null) {
            return v;
        }
        Table t = catalog.table(name);
        if (t != null) {
            throw RelationalException.wrongObjectType("\"" + t.name() + "\" is not a view: DROP TABLE removes a "
                    + "table");
        }
        throw RelationalException.undefinedTable("view \"" + name + "\" does not exist");
    }

    /**
     * {@code def} without the views among {@code dropped} (keys of relations being dropped, of the kind {@code kind})
     * and, with {@code cascade}, without every view that reads one of them; without {@code cascade} such a view is
     * DEPENDENT_OBJECTS.
     */
    static CatalogDef without(Catalog catalog, CatalogDef def, Set<String> dropped, String kind, boolean cascade) {
        Dependents found = dependents(catalog, dropped);
        List<ViewDef> dependents = found.views();
        List<String> why = found.why();
        Set<String> gone = new HashSet<>(dropped);
        dependents.forEach(v -> gone.add(Table.key(v.getName())));
        if (!dependents.isEmpty() && !cascade) {
            ViewDef first = dependents.get(0);
            String read = first.getReferencesList().stream().filter(r -> dropped.contains(Table.key(r))).findFirst()
                    .orElse(first.getReferences(0));
            throw RelationalException.dependents("cannot drop " + kind + " " + relationName(catalog, read)
                    + " because other objects depend on it", String.join("\n", why), first.getName());
        }
        List<ViewDef> kept = def.getViewsList().stream().filter(v -> !gone.contains(Table.key(v.getName())))
                .collect(Collectors.toList());
        return def.toBuilder().clearViews().addAllViews(kept).build();
    }

    /** The views that read one of {@code dropped} (keys), and those that read them, with PostgreSQL's DETAIL lines. */
    record Dependents(List<ViewDef> views, List<String> why) {
    }

    static Dependents dependents(Catalog catalog, Set<String> dropped) {
        Set<String> gone = new HashSet<>(dropped);
        List<ViewDef> dependents = new ArrayList<>();
        List<String> why = new ArrayList<>(); // PostgreSQL's DETAIL lines: "view w depends on view v"
        for (boolean grew = true; grew; ) {
            grew = false;
            for (ViewDef v : catalog.views()) {
                String key = Table.key(v.getName());
                String read = v.getReferencesList().stream().filter(r -> gone.contains(Table.key(r))).findFirst()
                        .orElse(null);
                if (!gone.contains(key) && read != null) {
                    why.add("view " + v.getName() + " depends on " + (catalog.view(read) != null ? "view " : "table ")
                            + relationName(catalog, read));
                    gone.add(key);
                    dependents.add(v);
                    grew = true;
                }
            }
        }
        return new Dependents(dependents, why);
    }
}
