package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Table;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * A database's tables as a Calcite schema, as of the catalog the session's current statement sees. As in PostgreSQL,
 * the tables are also schema {@code public}'s ({@code SELECT * FROM public.t}), and {@code information_schema}
 * describes them.
 */
public final class RecordLayerSchema extends AbstractSchema {
    /** The schema the tables are in, to PostgreSQL's clients. */
    public static final String PUBLIC = "public";

    private final SessionBinding binding;
    private final Map<String, Schema> subSchemas;

    /** The schema of {@code database}, with schemas {@code public} and {@code information_schema} in it. */
    public RecordLayerSchema(SessionBinding binding, String database) {
        this.binding = binding;
        this.subSchemas = Map.of(PUBLIC, new RecordLayerSchema(binding), InformationSchema.NAME,
                new InformationSchema(binding, database));
    }

    /** Schema {@code public}: the same tables, and no schemas in it. */
    private RecordLayerSchema(SessionBinding binding) {
        this.binding = binding;
        this.subSchemas = Map.of();
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap() {
        Map<String, org.apache.calcite.schema.Table> tables = new LinkedHashMap<>();
        for (Table t : binding.catalog().tables()) {
            tables.put(t.name(), new RecordLayerTable(t, binding));
        }
        return tables;
    }

    @Override
    protected Map<String, Schema> getSubSchemaMap() {
        return subSchemas;
    }
}
