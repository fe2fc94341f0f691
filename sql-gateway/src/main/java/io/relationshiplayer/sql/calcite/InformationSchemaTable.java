package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Catalog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * One view of {@code information_schema} or {@code pg_catalog} as a Calcite table: PostgreSQL's columns for it (text,
 * unless given another type; all nullable, as PostgreSQL's view columns are), and rows computed from the catalog of the
 * statement that scans it. The rows are read at each scan, not when the plan is made, so they show DDL at once, also
 * DDL earlier in the same transaction.
 */
final class InformationSchemaTable extends AbstractTable implements ScannableTable {
    /** Where a view's rows come from: the database's name and catalog. */
    @FunctionalInterface
    interface Source {
        void rows(String database, Catalog catalog, Rows out);
    }

    private final SessionBinding binding;
    private final String database;
    private final List<String> columns;
    private final Map<String, SqlTypeName> types;
    private final Source source;

    /** A view of {@code columns} (of the types in {@code types}, else VARCHAR) whose rows {@code source} adds. */
    InformationSchemaTable(SessionBinding binding, String database, List<String> columns,
            Map<String, SqlTypeName> types, Source source) {
        this.binding = binding;
        this.database = database;
        this.columns = List.copyOf(columns);
        this.types = Map.copyOf(types);
        this.source = source;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (String c : columns) {
            SqlTypeName type = types.getOrDefault(c, SqlTypeName.VARCHAR);
            b.add(c, typeFactory.createTypeWithNullability(typeFactory.createSqlType(type), true));
        }
        return b.build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        Catalog catalog = binding.catalog();
        Rows rows = new Rows(columns);
        source.rows(database, catalog, rows);
        return Linq4j.asEnumerable(rows.rows);
    }

    /** The rows of one scan, each set column by column name; a column not set is NULL. */
    static final class Rows {
        private final Map<String, Integer> positions = new HashMap<>();
        private final List<Object[]> rows = new ArrayList<>();

        private Rows(List<String> columns) {
            for (int i = 0; i < columns.size(); i++) {
                positions.put(columns.get(i), i);
            }
        }

        /** A new row, all NULL. */
        Row add() {
            Object[] values = new Object[positions.size()];
            rows.add(values);
            return new Row(values);
        }

        /** A row being filled. */
        final class Row {
            private final Object[] values;

            private Row(Object[] values) {
                this.values = values;
            }

            /** Sets {@code column} to {@code value}, of its type (String, Short, Integer, Long, Float, Boolean). */
            Row set(String column, Object value) {
                Integer i = positions.get(column);
                if (i == null) {
                    throw new IllegalArgumentException("no column " + column + " in this information_schema view");
                }
                values[i] = value;
                return this;
            }
        }
    }
}
