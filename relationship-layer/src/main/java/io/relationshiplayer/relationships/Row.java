package io.relationshiplayer.relationships;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nonnull;

/** A row of a table: its values in column order, as the columns' Java types (see {@link Values}). */
public final class Row {
    private final Table table;
    private final Object[] values;

    public Row(@Nonnull Table table, @Nonnull Object[] values) {
        if (values.length != table.columnCount()) {
            throw new IllegalArgumentException("table " + table + " has " + table.columnCount() + " columns, row has "
                    + values.length);
        }
        this.table = table;
        this.values = values;
    }

    public Table table() {
        return table;
    }

    public Object get(int column) {
        return values[column];
    }

    public Object get(String column) {
        return values[table.requireColumn(column)];
    }

    /** A copy of the values, in column order. */
    public Object[] values() {
        return values.clone();
    }

    /** The values at {@code positions}. */
    public Object[] project(int[] positions) {
        Object[] out = new Object[positions.length];
        for (int i = 0; i < positions.length; i++) {
            out[i] = values[positions[i]];
        }
        return out;
    }

    public Object[] primaryKey() {
        return project(table.primaryKey());
    }

    /** Column name to value, in column order. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            m.put(table.column(i).getName(), values[i]);
        }
        return m;
    }

    static boolean anyNull(Object[] values) {
        for (Object v : values) {
            if (v == null) {
                return true;
            }
        }
        return false;
    }

    /** Equality of values as SQL compares them for keys (byte arrays by content). */
    static boolean sameKey(Object[] a, Object[] b) {
        return Arrays.deepEquals(a, b);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row && ((Row) o).table.name().equals(table.name())
                && Arrays.deepEquals(((Row) o).values, values);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(values);
    }

    @Override
    public String toString() {
        return table.name() + asMap();
    }
}
