package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.AccessPaths;
import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerator;

/**
 * A {@link RecordLayerRead} run in the statement's transaction (or its {@link ReadSegments}): its rows through the
 * relationship layer's reads.
 */
final class RecordLayerReads {
    private RecordLayerReads() {
    }

    /**
     * The read's rows in Calcite's internal form (a bare value per row when scalar), operands bound from context: a
     * range is a {@link ResumableScan}, points and IN lists are short reads ({@link ReadSegments#read}).
     */
    static Enumerator<Object> enumerator(SessionBinding binding, Table t, RecordLayerRead read, DataContext context) {
        int[] keyColumns = read.keyColumns();
        Object[] eq = coerce(t, keyColumns, RecordLayerRead.values(read.equal(), context));
        Object low = read.low() == null ? null : read.low().value().value(context);
        Object high = read.high() == null ? null : read.high().value().value(context);
        if (anyNull(eq) || (read.low() != null && low == null) || (read.high() != null && high == null)) {
            // A comparison with NULL is never true.
            return new RowEnumerator(t, Collections.emptyIterator(), () -> { }, 0, -1, read.scalar());
        }
        int next = eq.length;
        AccessPaths.Bound lowKey = read.low() == null ? null
                : KeyValues.bound(t, keyColumns[next], low, read.low().inclusive(), true);
        AccessPaths.Bound highKey = read.high() == null ? null
                : KeyValues.bound(t, keyColumns[next], high, read.high().inclusive(), false);
        if (lowKey == null && read.high() != null && highKey == null) {
            lowKey = KeyValues.ABOVE_NULL; // an upper bound above every value: still no NULL
        }
        if (Arrays.asList(eq).contains(KeyValues.NONE) || lowKey == KeyValues.EMPTY || highKey == KeyValues.EMPTY) {
            // an operand no value of the key's column equals, or a range none of them is within
            return new RowEnumerator(t, Collections.emptyIterator(), () -> { }, 0, -1, read.scalar());
        }
        long offset = Math.max(0, RecordLayerRead.count(read.offset(), context, 0));
        long fetch = RecordLayerRead.count(read.fetch(), context, -1);
        long limit = fetch < 0 ? 0 : fetch + offset;
        int lim = (int) Math.min(Integer.MAX_VALUE, limit);
        ResumableScan scan;
        switch (read.kind()) {
            case PK_POINT: {
                Row r = ReadSegments.read(binding, s -> s.access().lookup(t, eq).join());
                Iterator<Row> rows = r == null ? Collections.emptyIterator() : List.of(r).iterator();
                return new RowEnumerator(t, rows, () -> { }, offset, fetch, read.scalar());
            }
            case PK_IN:
            case INDEX_IN: {
                Object[] values = RecordLayerRead.values(read.in(), context);
                List<Row> rows = ReadSegments.read(binding, s -> in(s.access(), t, read, eq, values));
                return new RowEnumerator(t, rows.iterator(), () -> { }, offset, fetch, read.scalar());
            }
            case PK_RANGE: {
                AccessPaths.Bound from = primaryKeyBound(eq, lowKey);
                AccessPaths.Bound to = primaryKeyBound(eq, highKey);
                scan = new ResumableScan(binding, (ap, continuation, n) -> ap.scanPrimaryKey(t, from, to,
                        read.reverse(), continuation, n), lim);
                break;
            }
            case INDEX_RANGE: {
                AccessPaths.Bound from = lowKey;
                AccessPaths.Bound to = highKey;
                scan = new ResumableScan(binding, (ap, continuation, n) -> ap.scanRecordIndex(t, read.recordIndex(),
                        keyColumns, eq, from, to, read.reverse(), continuation, n), lim);
                break;
            }
            case FULL_SCAN:
            default:
                scan = new ResumableScan(binding, (ap, continuation, n) -> ap.scanPrimaryKey(t, null, null,
                        read.reverse(), continuation, n), lim);
                break;
        }
        return new RowEnumerator(t, scan, scan::close, offset, fetch, read.scalar());
    }

    /** An IN list: one point lookup or prefix scan per value after the equality prefix, NULLs skipped. */
    private static List<Row> in(AccessPaths ap, Table t, RecordLayerRead read, Object[] eq, Object[] values) {
        int[] keyColumns = read.keyColumns();
        List<Row> out = new ArrayList<>();
        for (Object v : values) {
            Object[] key = Arrays.copyOf(eq, eq.length + 1);
            key[eq.length] = v == null ? null : KeyValues.equal(t, keyColumns[eq.length], v);
            if (key[eq.length] == null || key[eq.length] == KeyValues.NONE) {
                continue;
            }
            if (read.kind() == AccessPath.Kind.PK_IN && key.length == t.primaryKey().length) {
                Row r = ap.lookup(t, key).join();
                if (r != null) {
                    out.add(r);
                }
            } else if (read.kind() == AccessPath.Kind.PK_IN) {
                out.addAll(ap.scanPrimaryKey(t, new AccessPaths.Bound(key, true), new AccessPaths.Bound(key, true),
                        false, null, 0).asList().join());
            } else {
                out.addAll(ap.scanRecordIndex(t, read.recordIndex(), keyColumns, key, null, null, false, null, 0)
                        .asList().join());
            }
        }
        return out;
    }

    /** A primary-key bound: the equality prefix, then the range's value on the next column if there is one. */
    private static AccessPaths.Bound primaryKeyBound(Object[] eq, AccessPaths.Bound bound) {
        if (bound == null) {
            return eq.length == 0 ? null : new AccessPaths.Bound(eq, true);
        }
        Object[] key = Arrays.copyOf(eq, eq.length + 1);
        key[eq.length] = bound.values()[0];
        return new AccessPaths.Bound(key, bound.inclusive());
    }

    private static boolean anyNull(Object[] values) {
        for (Object v : values) {
            if (v == null) {
                return true;
            }
        }
        return false;
    }

    /** Equality operands as key values: null for NULL, {@link KeyValues#NONE} for what the column cannot equal. */
    private static Object[] coerce(Table t, int[] columns, Object[] values) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] == null ? null : KeyValues.equal(t, columns[i], values[i]);
        }
        return out;
    }

    /** Rows as Calcite's internal arrays (or bare values), after skipping the offset, up to the fetch. */
    private static final class RowEnumerator implements Enumerator<Object> {
        private final Table table;
        private final Iterator<Row> rows;
        private final Runnable onClose;
        private final boolean scalar;
        private long toSkip;
        private long left;
        private Object current;

        RowEnumerator(Table table, Iterator<Row> rows, Runnable onClose, long offset, long fetch, boolean scalar) {
            this.table = table;
            this.rows = rows;
            this.onClose = onClose;
            this.scalar = scalar;
            this.toSkip = offset;
            this.left = fetch < 0 ? Long.MAX_VALUE : fetch;
        }

        @Override
        public Object current() {
            if (current == null) {
                throw new NoSuchElementException();
            }
            return current;
        }

        @Override
        public boolean moveNext() {
            while (toSkip > 0 && rows.hasNext()) {
                rows.next();
                toSkip--;
            }
            if (left <= 0 || !rows.hasNext()) {
                return false;
            }
            left--;
            Row r = rows.next();
            Object[] out = new Object[table.columnCount()];
            for (int i = 0; i < out.length; i++) {
                out[i] = SqlTypes.toInternal(table.column(i), r.get(i));
            }
            current = scalar ? out[0] : out;
            return true;
        }

        @Override
        public void reset() {
            throw new UnsupportedOperationException("a Record Layer scan cannot be restarted");
        }

        @Override
        public void close() {
            onClose.run();
        }
    }
}
