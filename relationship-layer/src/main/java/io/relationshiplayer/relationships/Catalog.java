package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.proto.v1.ViewDef;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A database's catalog at one version: its tables and views (one name space; names compare case-insensitively) and,
 * for each table, the foreign keys that reference it. Immutable. A catalog that a transaction changed and has not
 * committed is {@linkplain #uncommitted() uncommitted}: its cache key is its own, so that nothing cached for it is ever
 * found by another transaction, nor after a rollback by the next change that reaches the same version.
 */
public final class Catalog {
    /** A foreign key seen from the table it references. */
    public record Reference(Table child, ForeignKeyDef foreignKey) {
    }

    private final CatalogDef def;
    /** Null for a committed catalog; else what tells this uncommitted change from every other. */
    private final String change;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    private final Map<String, List<Reference>> referencedBy = new HashMap<>();
    private final Map<String, ViewDef> views = new LinkedHashMap<>();

    public Catalog(@Nonnull CatalogDef def) {
        this(def, null);
    }

    private Catalog(CatalogDef def, String change) {
        this.def = def;
        this.change = change;
        for (TableDef t : def.getTablesList()) {
            tables.put(Table.key(t.getName()), new Table(t));
        }
        for (ViewDef v : def.getViewsList()) {
            views.put(Table.key(v.getName()), v);
        }
        for (Table t : tables.values()) {
            for (ForeignKeyDef fk : t.foreignKeys()) {
                referencedBy.computeIfAbsent(Table.key(fk.getReferencedTable()), k -> new ArrayList<>())
                        .add(new Reference(t, fk));
            }
        }
    }

    public static Catalog empty() {
        return new Catalog(CatalogDef.getDefaultInstance());
    }

    /** This catalog as a change written in a transaction that has not committed. */
    Catalog asUncommitted() {
        return new Catalog(def, java.util.UUID.randomUUID().toString());
    }

    /** Whether this is a change of the reading transaction that is not committed yet (visible to it alone). */
    public boolean uncommitted() {
        return change != null;
    }

    @Nonnull
    public CatalogDef def() {
        return def;
    }

    public long version() {
        return def.getVersion();
    }

    /**
     * This catalog's identity for caches: its version within this incarnation of the database (a database dropped and
     * created again starts at version 1 again, with another id). An uncommitted catalog's key is its own.
     */
    public String cacheKey() {
        String key = java.util.HexFormat.of().formatHex(def.getId().toByteArray()) + ":" + def.getVersion();
        return change == null ? key : key + ":uncommitted:" + change;
    }

    public Collection<Table> tables() {
        return Collections.unmodifiableCollection(tables.values());
    }

    @Nullable
    public Table table(String name) {
        return tables.get(Table.key(name));
    }

    /** The table, or UNDEFINED_OBJECT naming it (WRONG_OBJECT_TYPE when it is a view). */
    @Nonnull
    public Table requireTable(String name) {
        Table t = table(name);
        if (t == null) {
            if (view(name) != null) {
                throw RelationalException.wrongObjectType("\"" + view(name).getName() + "\" is not a table (it is a "
                        + "view)");
            }
            throw RelationalException.undefinedTable("table \"" + name + "\" does not exist");
        }
        return t;
    }

    /** The views, in the order they were created. */
    public Collection<ViewDef> views() {
        return Collections.unmodifiableCollection(views.values());
    }

    @Nullable
    public ViewDef view(String name) {
        return views.get(Table.key(name));
    }

    /** The views whose queries read the table or view {@code relation} directly. */
    public List<ViewDef> viewsReading(String relation) {
        List<ViewDef> out = new ArrayList<>();
        for (ViewDef v : views.values()) {
            if (v.getReferencesList().stream().anyMatch(r -> Table.key(r).equals(Table.key(relation)))) {
                out.add(v);
            }
        }
        return out;
    }

    /** The foreign keys that reference {@code table}. */
    public List<Reference> referencing(String table) {
        return referencedBy.getOrDefault(Table.key(table), List.of());
    }

    @Override
    public String toString() {
        return "catalog v" + version() + (change == null ? " " : " (uncommitted) ") + tables.keySet()
                + (views.isEmpty() ? "" : " views " + views.keySet());
    }
}
