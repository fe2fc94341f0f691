package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Table;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * A database's tables and views as a Calcite schema, as of the catalog the session's current statement sees. As in
 * PostgreSQL, they are also schema {@code public}'s ({@code SELECT * FROM public.t}), and {@code information_schema}
 * and {@code pg_catalog} describe them. As PostgreSQL searches {@code pg_catalog} without being told, its relations
 * are also the database's, unqualified ({@code SELECT relname FROM pg_class}), where no table or view of the
 * database has the name (PostgreSQL searches pg_catalog first: there such a table is hidden unqualified).
 */
public final class RecordLayerSchema extends AbstractSchema {
    /** The schema the tables are in, to PostgreSQL's clients. */
    public static final String PUBLIC = "public";

    private final SessionBinding binding;
    private final List<String> path;
    private final ViewQueries views;
    private final Map<String, Schema> subSchemas;
    /** The tables' row counts for the cost model, shared by schema {@code public}'s tables. */
    private final RowCounts counts;

    /**
     * The schema of {@code database} (at that path from the root), whose views' queries {@code views} validates, with
     * schemas {@code public}, {@code information_schema} and {@code pg_catalog} in it.
     */
    public RecordLayerSchema(SessionBinding binding, String database, ViewQueries views) {
        this(binding, List.of(database), views, new PgCatalog(binding, database));
    }

    private RecordLayerSchema(SessionBinding binding, List<String> path, ViewQueries views, PgCatalog pgCatalog) {
        this(binding, path, views, new RowCounts(), pgCatalog);
    }

    private RecordLayerSchema(SessionBinding binding, List<String> path, ViewQueries views, RowCounts counts,
                              PgCatalog pgCatalog) {
        this(binding, path, views, counts, Map.of(PUBLIC, new RecordLayerSchema(binding, path, views, counts,
                Map.of()), InformationSchema.NAME, new InformationSchema(binding, path.get(0)), PgCatalog.NAME,
                pgCatalog));
    }

    /** Schema {@code public} (no schemas in it): the same tables and views, whose queries read the database's. */
    private RecordLayerSchema(SessionBinding binding, List<String> path, ViewQueries views, RowCounts counts,
                              Map<String, Schema> subSchemas) {
        this.binding = binding;
        this.counts = counts;
        this.path = List.copyOf(path);
        this.views = views;
        this.subSchemas = subSchemas;
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap() {
        Map<String, org.apache.calcite.schema.Table> tables = new LinkedHashMap<>();
        for (Table t : binding.catalog().tables()) {
            tables.put(t.name(), new RecordLayerTable(t, binding, counts));
        }
        for (ViewDef v : binding.catalog().views()) {
            tables.put(v.getName(), new RecordLayerView(v, path, views));
        }
        if (subSchemas.get(PgCatalog.NAME) instanceof PgCatalog pg) {
            pg.relations().forEach(tables::putIfAbsent);
        }
        return tables;
    }

    /**
     * The {@code pg_class} id of the table, view or index {@code name} (exact, as the catalog names it) of the catalog
     * the statement is planned against, or null: what PostgreSQL's {@code 'name'::regclass} is.
     */
    public Long relationOid(String name) {
        return PgRelations.oid(binding.catalog(), name);
    }

    /** Schemas public, information_schema and pg_catalog, and the sets of the running statement's {@link StatementRows}. */
    @Override
    protected Map<String, Schema> getSubSchemaMap() {
        Map<String, Schema> schemas = new LinkedHashMap<>(subSchemas);
        for (StatementRows.Kind kind : StatementRows.Kind.values()) {
            schemas.put(kind.schema(), new StatementRowsSchema(binding, kind));
        }
        return schemas;
    }
}
