package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Table;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * One set of the running statement's {@link StatementRows} as a schema: a table per table of the database, with its
 * columns, whose rows are the set's. RETURNING and ON CONFLICT DO UPDATE are planned as queries of these tables.
 */
public final class StatementRowsSchema extends AbstractSchema {
    private final SessionBinding binding;
    private final StatementRows.Kind kind;

    StatementRowsSchema(SessionBinding binding, StatementRows.Kind kind) {
        this.binding = binding;
        this.kind = kind;
    }

    @Override
    protected Map<String, org.apache.calcite.schema.Table> getTableMap() {
        Map<String, org.apache.calcite.schema.Table> tables = new LinkedHashMap<>();
        for (Table t : binding.catalog().tables()) {
            tables.put(t.name(), new RowsTable(t));
        }
        return tables;
    }

    /** A table of the set: the hidden row key is left out of {@code *} as it is for the database's table. */
    final class RowsTable extends AbstractTable implements ScannableTable {
        private final Table table;

        RowsTable(Table table) {
            this.table = table;
        }

        Table table() {
            return table;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory typeFactory) {
            return RecordLayerTable.rowType(table, typeFactory);
        }

        @Override
        public boolean isRolledUp(String column) {
            return RecordLayerTable.hidesFromStar(table, column);
        }

        @Override
        public Enumerable<Object[]> scan(DataContext root) {
            StatementRows rows = binding.statementRows();
            return Linq4j.asEnumerable(rows == null ? java.util.List.of() : rows.rows(kind));
        }
    }

    /** The database table of {@code table} if it is a table of one of these schemas, else null. */
    public static Table tableOf(org.apache.calcite.schema.Table table) {
        return table instanceof RowsTable r ? r.table() : null;
    }
}
