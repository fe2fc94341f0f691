package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ViewDef;
import io.relationshiplayer.relationships.Table;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.schema.impl.AbstractSchema;

/** A database's tables and views as a Calcite schema, as of the catalog the session's current statement sees. */
public final class RecordLayerSchema extends AbstractSchema {
    private final SessionBinding binding;
    private final List<String> path;
    private final ViewQueries views;

    /** The schema at {@code path} (from the root), whose views' queries {@code views} validates. */
    public RecordLayerSchema(SessionBinding binding, List<String> path, ViewQueries views) {
        this.binding = binding;
        this.path = List.copyOf(path);
        this.views = views;
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap() {
        Map<String, org.apache.calcite.schema.Table> tables = new LinkedHashMap<>();
        for (Table t : binding.catalog().tables()) {
            tables.put(t.name(), new RecordLayerTable(t, binding));
        }
        for (ViewDef v : binding.catalog().views()) {
            tables.put(v.getName(), new RecordLayerView(v, path, views));
        }
        return tables;
    }
}
