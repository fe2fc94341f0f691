package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.relationships.Values;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;

/** A DML plan's rows applied through the relationship layer's write path, in batches, in the statement's session. */
final class RecordLayerWrites {
    /** Rows per call of the write path: each batch's checks are in flight at once. */
    private static final int WRITE_BATCH = 1_000;

    private RecordLayerWrites() {
    }

    /**
     * Applies an INSERT, UPDATE or DELETE: {@code input} holds the new rows (INSERT), the rows to delete (DELETE), or
     * each row followed by the new values of {@code updateColumns} (UPDATE). Returns the affected-row count. A row to
     * update or delete that comes again (a joined UPDATE's or DELETE's list joins it more than once) is written once,
     * with its first values (PostgreSQL: one of its joined rows, whichever). With
     * {@code statementRows}, the rows written are kept there (for RETURNING), or an INSERT's rows are only proposed
     * there (for ON CONFLICT).
     */
    static long apply(Session s, Table t, String operation, Iterable<Object> input, String[] updateColumns,
                      @Nullable StatementRows statementRows) {
        List<Object[]> rows = new ArrayList<>();
        java.util.Set<Key> keys = operation.equals("INSERT") ? null : new java.util.HashSet<>();
        for (Object o : input) {
            Object[] r = o instanceof Object[] ? (Object[]) o : new Object[] {o};
            if (keys == null || keys.add(key(t, r))) {
                rows.add(r); // a row that a joined UPDATE's or DELETE's list joins more than once: written once
            }
        }
        long count = 0;
        for (int from = 0; from < rows.size(); from += WRITE_BATCH) {
            List<Object[]> batch = rows.subList(from, Math.min(rows.size(), from + WRITE_BATCH));
            switch (operation) {
                case "INSERT": {
                    if (statementRows != null && statementRows.holdsInserts()) {
                        batch.forEach(r -> statementRows.propose(t, r));
                        count += batch.size();
                        break;
                    }
                    List<Map<String, Object>> maps = new ArrayList<>(batch.size());
                    for (Object[] r : batch) {
                        Map<String, Object> m = new LinkedHashMap<>();
                        for (int i = 0; i < t.columnCount(); i++) {
                            m.put(t.column(i).getName(), SqlTypes.toColumn(t.column(i), r[i]));
                        }
                        maps.add(m);
                    }
                    List<Row> inserted = s.insertAll(t.name(), maps);
                    keep(statementRows, inserted);
                    count += inserted.size();
                    break;
                }
                case "DELETE": {
                    List<Row> old = new ArrayList<>(batch.size());
                    batch.forEach(r -> old.add(row(t, r)));
                    s.deleteRows(t, old);
                    keep(statementRows, old);
                    count += old.size();
                    break;
                }
                case "UPDATE": {
                    List<Row> old = new ArrayList<>(batch.size());
                    List<Map<String, Object>> changes = new ArrayList<>(batch.size());
                    for (Object[] r : batch) {
                        old.add(row(t, r));
                        Map<String, Object> m = new LinkedHashMap<>();
                        for (int i = 0; i < updateColumns.length; i++) {
                            ColumnDef c = t.column(t.requireColumn(updateColumns[i]));
                            m.put(c.getName(), SqlTypes.toColumn(c, r[t.columnCount() + i]));
                        }
                        changes.add(m);
                    }
                    keep(statementRows, s.updateRows(t, old, changes));
                    count += old.size();
                    break;
                }
                default:
                    throw new UnsupportedOperationException(operation + " is not supported");
            }
        }
        return count;
    }

    /** A row's primary key, compared as the write path compares keys (byte arrays by content). */
    private record Key(Object[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && java.util.Arrays.deepEquals(values, k.values);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.deepHashCode(values);
        }
    }

    private static void keep(@Nullable StatementRows statementRows, List<Row> written) {
        if (statementRows != null) {
            statementRows.written(written);
        }
    }

    private static Key key(Table t, Object[] internal) {
        int[] positions = t.primaryKey();
        Object[] values = new Object[positions.length];
        for (int i = 0; i < positions.length; i++) {
            ColumnDef c = t.column(positions[i]);
            values[i] = Values.coerce(c, SqlTypes.fromInternal(c, internal[positions[i]]));
        }
        return new Key(values);
    }

    private static Row row(Table t, Object[] internal) {
        Object[] values = new Object[t.columnCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = Values.coerce(t.column(i), SqlTypes.fromInternal(t.column(i), internal[i]));
        }
        return new Row(t, values);
    }
}
