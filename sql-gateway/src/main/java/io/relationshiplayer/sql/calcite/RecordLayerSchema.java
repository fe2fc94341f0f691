package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Table;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.schema.impl.AbstractSchema;

/** A database's tables as a Calcite schema, as of the catalog the session's current statement sees. */
public final class RecordLayerSchema extends AbstractSchema {
    private final SessionBinding binding;

    public RecordLayerSchema(SessionBinding binding) {
        this.binding = binding;
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap() {
        Map<String, org.apache.calcite.schema.Table> tables = new LinkedHashMap<>();
        for (Table t : binding.catalog().tables()) {
            tables.put(t.name(), new RecordLayerTable(t, binding));
        }
        return tables;
    }

    /** The sets of the running statement's {@link StatementRows}, each a schema of its own. */
    @Override
    protected Map<String, org.apache.calcite.schema.Schema> getSubSchemaMap() {
        Map<String, org.apache.calcite.schema.Schema> schemas = new LinkedHashMap<>();
        for (StatementRows.Kind kind : StatementRows.Kind.values()) {
            schemas.put(kind.schema(), new StatementRowsSchema(binding, kind));
        }
        return schemas;
    }
}
