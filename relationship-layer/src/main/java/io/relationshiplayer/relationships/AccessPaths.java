package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.EndpointType;
import com.apple.foundationdb.record.ExecuteProperties;
import com.apple.foundationdb.record.IndexScanType;
import com.apple.foundationdb.record.IsolationLevel;
import com.apple.foundationdb.record.RecordCursor;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.record.provider.foundationdb.SplitHelper;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.Message;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The ways a planner reads a table: by primary key (point and range), through an index (equality prefix and a range
 * on the next column), along a foreign key (children of a parent, the parent of a child, and both batched for many
 * keys at once), and row-count estimates. Every read is in the session's transaction and adds its read conflicts.
 */
public final class AccessPaths {
    /** One end of a key range: the values of a key prefix, and whether the end includes it. */
    public record Bound(Object[] values, boolean inclusive) {
    }

    /** A completed lookup that found its row. */
    private static final CompletableFuture<Boolean> EXISTS = CompletableFuture.completedFuture(true);
    private final FDBRecordStore store;
    private final RowCodec codec;
    private final Catalog catalog;
    /** The store's records subspace key, once asked for (the store's format does not change under it). */
    private byte[] recordsPrefix;

    AccessPaths(FDBRecordStore store, RowCodec codec, Catalog catalog) {
        this.store = store;
        this.codec = codec;
        this.catalog = catalog;
    }

    /** The row with primary key {@code key} (column Java types), or null. */
    public CompletableFuture<Row> lookup(@Nonnull Table t, @Nonnull Object[] key) {
        return store.loadRecordAsync(codec.primaryKey(t, key)).thenApply(r -> row(t, r));
    }

    /**
     * Whether {@code t} has a row with the primary key {@code key}: read as {@link #lookup} reads it (a serializable
     * read of the record's keys, so a concurrent delete of it conflicts), without loading and decoding the row.
     */
    public CompletableFuture<Boolean> exists(@Nonnull Table t, @Nonnull Object[] key) {
        Tuple primaryKey = codec.primaryKey(t, key);
        return exists(primaryKey, unsplitRecordKey(primaryKey));
    }

    /**
     * {@link #exists} of each of {@code keys}, in their order. The reads are issued in the order of the keys they read,
     * so that each one finds the store's pages the one before it brought into the caches, wherever the statement's
     * rows point to.
     */
    public List<CompletableFuture<Boolean>> existAll(@Nonnull Table t, @Nonnull List<Object[]> keys) {
        int n = keys.size();
        Tuple[] primaryKeys = new Tuple[n];
        byte[][] unsplit = new byte[n][];
        for (int i = 0; i < n; i++) {
            primaryKeys[i] = codec.primaryKey(t, keys.get(i));
            unsplit[i] = unsplitRecordKey(primaryKeys[i]);
        }
        List<CompletableFuture<Boolean>> out = new ArrayList<>(java.util.Collections.nCopies(n, null));
        for (int i : readOrder(unsplit)) {
            out.set(i, exists(primaryKeys[i], unsplit[i]));
        }
        return out;
    }

    /**
     * The positions of {@code keys} in about their order: by the 8 bytes after the prefix all share, the lowest bits
     * giving way to the position. Only locality depends on it, so keys alike in those bytes may come in any order.
     */
    static int[] readOrder(byte[][] keys) {
        int n = keys.length;
        int[] order = new int[n];
        if (n < 2 || keys[0] == null) {
            java.util.Arrays.setAll(order, i -> i);
            return order;
        }
        int shared = keys[0].length;
        for (int i = 1; i < n; i++) {
            int m = java.util.Arrays.mismatch(keys[0], 0, shared, keys[i], 0, Math.min(shared, keys[i].length));
            shared = m < 0 ? Math.min(shared, keys[i].length) : m;
        }
        long mask = -1L >>> Long.numberOfLeadingZeros(n - 1);
        long[] sorted = new long[n];
        for (int i = 0; i < n; i++) {
            long head = 0;
            for (int j = shared; j < shared + 8; j++) {
                head = head << 8 | (j < keys[i].length ? keys[i][j] & 0xff : 0);
            }
            sorted[i] = ((head ^ Long.MIN_VALUE) & ~mask) | i; // signed order of the flipped head: unsigned order
        }
        java.util.Arrays.sort(sorted);
        for (int i = 0; i < n; i++) {
            order[i] = (int) (sorted[i] & mask);
        }
        return order;
    }

    private CompletableFuture<Boolean> exists(Tuple primaryKey, @Nullable byte[] unsplit) {
        if (unsplit == null) {
            return store.recordExistsAsync(primaryKey);
        }
        // One point read answers for almost every row. A concurrent delete or rewrite of the row writes that key, so
        // it still conflicts. A split record has no such key: then the Record Layer reads the record's range.
        CompletableFuture<byte[]> read = store.ensureContextActive().get(unsplit);
        if (read.isDone() && !read.isCompletedExceptionally() && read.join() != null) {
            return EXISTS; // the embedded engine's reads complete at once: no stage to chain
        }
        return read.thenCompose(value -> value != null ? EXISTS : store.recordExistsAsync(primaryKey));
    }


    /** As {@link #unsplitRecordKey(FDBRecordStore, Tuple)}, with the records subspace's key packed once. */
    @Nullable
    byte[] unsplitRecordKey(@Nonnull Tuple primaryKey) {
        if (recordsPrefix == null) {
            if (store.getFormatVersion() < FDBRecordStore.SAVE_UNSPLIT_WITH_SUFFIX_FORMAT_VERSION) {
                return null;
            }
            recordsPrefix = store.recordsSubspace().getKey();
        }
        // A subspace packs a tuple as its key followed by the tuple's own packing.
        return primaryKey.add(SplitHelper.UNSPLIT_RECORD).pack(recordsPrefix);
    }

    /**
     * Where a record that fits one value is stored: its primary key plus the "unsplit" suffix; null in the oldest
     * store format, which stored it without the suffix.
     */
    @Nullable
    static byte[] unsplitRecordKey(@Nonnull FDBRecordStore store, @Nonnull Tuple primaryKey) {
        if (store.getFormatVersion() < FDBRecordStore.SAVE_UNSPLIT_WITH_SUFFIX_FORMAT_VERSION) {
            return null;
        }
        return store.recordsSubspace().pack(primaryKey.add(SplitHelper.UNSPLIT_RECORD));
    }

    /** Whether {@code t} has a row with {@code values} in the unique key {@code columns}: {@link #findByKey}'s. */
    public CompletableFuture<Boolean> existsByKey(@Nonnull Table t, @Nonnull List<String> columns,
                                                  @Nonnull Object[] values) {
        Table.KeyColumns key = t.keyOf(columns);
        if (key != null && key.primary()) {
            return exists(t, KeyOrder.apply(KeyOrder.of(key.columns(), columns), values));
        }
        return findByKey(t, columns, values).thenApply(java.util.Objects::nonNull);
    }

    private Row row(Table t, FDBStoredRecord<Message> r) {
        if (r == null || !r.getRecordType().getName().equals(t.recordType())) {
            return null;
        }
        return codec.fromRecord(t, r.getRecord());
    }

    /** Rows in primary-key order between two key prefixes (null: open), forward or reverse, from a continuation. */
    public RecordCursor<Row> scanPrimaryKey(@Nonnull Table t, @Nullable Bound low, @Nullable Bound high,
                                            boolean reverse, @Nullable byte[] continuation, int limit) {
        Object typeKey = codec.recordType(t).getRecordTypeKey();
        int[] pk = t.primaryKey();
        TupleRange range = range(Tuple.from(typeKey), t, pk, 0, low, high);
        return store.scanRecords(range, continuation, properties(reverse, limit)).map(r -> codec.fromRecord(t, r.getRecord()));
    }

    /**
     * Rows through the index {@code index} of {@code t} (a secondary index or unique constraint name): equal to
     * {@code equal} on its first columns, then within [low, high] on the next column (null: open), in index order.
     */
    public RecordCursor<Row> scanIndex(@Nonnull Table t, @Nonnull String index, @Nonnull Object[] equal,
                                       @Nullable Bound low, @Nullable Bound high, boolean reverse,
                                       @Nullable byte[] continuation, int limit) {
        IndexDef def = indexDef(t, index);
        return scanRecordIndex(t, Indexes.recordIndex(t.name(), def), t.positions(Indexes.columnNames(def)), equal,
                low, high, reverse, continuation, limit);
    }

    /**
     * Rows through the Record Layer index {@code recordIndex} of {@code t}, whose leading columns are {@code columns},
     * as {@link #scanIndex}; a null {@code recordIndex} reads the primary key, whose leading columns they are.
     */
    public RecordCursor<Row> scanRecordIndex(Table t, @Nullable String recordIndex, int[] columns, Object[] equal,
                                             Bound low, Bound high, boolean reverse, byte[] continuation, int limit) {
        Tuple prefix = RowCodec.indexKey(t, columns, equal);
        if (recordIndex == null) {
            Tuple typed = Tuple.from(codec.recordType(t).getRecordTypeKey()).addAll(prefix);
            return store.scanRecords(range(typed, t, columns, equal.length, low, high), continuation,
                    properties(reverse, limit)).map(r -> codec.fromRecord(t, r.getRecord()));
        }
        TupleRange range = range(prefix, t, columns, equal.length, low, high);
        return store.scanIndexRecords(recordIndex, IndexScanType.BY_VALUE, range, continuation,
                properties(reverse, limit)).map(r -> codec.fromRecord(t, r.getRecord()));
    }

    /** The column positions of a secondary index or unique constraint of {@code t}. */
    public int[] indexColumns(Table t, String index) {
        return t.positions(Indexes.columnNames(indexDef(t, index)));
    }

    /** The secondary index or unique constraint {@code index} of {@code t}. */
    private static IndexDef indexDef(Table t, String index) {
        for (var i : t.indexes()) {
            if (Table.key(i.getName()).equals(Table.key(index))) {
                return i;
            }
        }
        for (var u : t.uniqueConstraints()) {
            if (Table.key(u.getName()).equals(Table.key(index))) {
                return u;
            }
        }
        throw RelationalException.undefined("index \"" + index + "\" on table \"" + t.name() + "\" does not exist");
    }

    /**
     * The children of a parent key along {@code fk} of table {@code child}: a scan of the foreign key's index (or of
     * the primary key, when the foreign key's columns lead it), in its order: by the columns the index has after the
     * foreign key's (when it reads a longer index), then by primary key.
     */
    public CompletableFuture<List<Row>> childrenOf(@Nonnull Table child, @Nonnull ForeignKeyDef fk,
                                                   @Nonnull Object[] parentKey, int limit) {
        int[] cols = child.positions(fk.getColumnsList());
        if (!Values.fitKey(child, cols, parentKey)) {
            return CompletableFuture.completedFuture(List.of()); // a key the children's columns cannot hold
        }
        return scanRecordIndex(child, Indexes.foreignKeyIndex(child.name(), fk), cols, parentKey, null, null, false,
                null, limit).asList();
    }

    /** Children of many parent keys at once: every scan in flight together, results in the keys' order. */
    public CompletableFuture<List<List<Row>>> childrenOfMany(@Nonnull Table child, @Nonnull ForeignKeyDef fk,
                                                             @Nonnull List<Object[]> parentKeys) {
        List<CompletableFuture<List<Row>>> scans = new ArrayList<>(parentKeys.size());
        for (Object[] key : parentKeys) {
            scans.add(childrenOf(child, fk, key, 0));
        }
        return CompletableFuture.allOf(scans.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
            List<List<Row>> out = new ArrayList<>(scans.size());
            scans.forEach(s -> out.add(s.join()));
            return out;
        });
    }

    /** The parent a child row references along {@code fk}, or null (also when a referencing column is NULL). */
    public CompletableFuture<Row> parentOf(@Nonnull Table child, @Nonnull ForeignKeyDef fk, @Nonnull Row row) {
        Object[] key = row.project(child.positions(fk.getColumnsList()));
        if (Row.anyNull(key)) {
            return CompletableFuture.completedFuture(null);
        }
        return findByKey(catalog.requireTable(fk.getReferencedTable()), fk.getReferencedColumnsList(), key);
    }

    /** Parents of many child rows at once, in the rows' order. */
    public CompletableFuture<List<Row>> parentsOfMany(@Nonnull Table child, @Nonnull ForeignKeyDef fk,
                                                      @Nonnull List<Row> rows) {
        List<CompletableFuture<Row>> lookups = new ArrayList<>(rows.size());
        for (Row r : rows) {
            lookups.add(parentOf(child, fk, r));
        }
        return CompletableFuture.allOf(lookups.toArray(new CompletableFuture<?>[0])).thenApply(v -> {
            List<Row> out = new ArrayList<>(lookups.size());
            lookups.forEach(l -> out.add(l.join()));
            return out;
        });
    }

    /** The row of {@code t} whose unique key {@code columns} (primary key or a unique constraint) equals values. */
    public CompletableFuture<Row> findByKey(@Nonnull Table t, @Nonnull List<String> columns, @Nonnull Object[] values) {
        Table.KeyColumns key = t.keyOf(columns);
        if (key == null) {
            throw RelationalException.invalid("columns " + columns + " are not a unique key of \"" + t.name() + "\"");
        }
        // values come in the order of columns, which may be any of the key's (a foreign key's referenced columns)
        Object[] keyValues = KeyOrder.apply(KeyOrder.of(key.columns(), columns), values);
        if (!Values.fitKey(t, t.positions(key.columns()), keyValues)) {
            return CompletableFuture.completedFuture(null);
        }
        if (key.primary()) {
            return lookup(t, keyValues);
        }
        for (var u : t.uniqueConstraints()) {
            if (u.getName().equals(key.name())) {
                return scanRecordIndex(t, Indexes.recordIndex(t.name(), u), t.positions(key.columns()), keyValues,
                        null, null, false, null, 1).first().thenApply(o -> o.orElse(null));
            }
        }
        throw new IllegalStateException("unique constraint " + key.name() + " of " + t.name());
    }

    /** Rows of {@code t} with {@code values} in the unique constraint's columns (at most {@code limit}). */
    CompletableFuture<List<Row>> withUniqueValues(Table t, String constraint, int[] positions, Object[] values,
                                                  int limit) {
        return scanRecordIndex(t, Indexes.recordIndex(t.name(), indexDef(t, constraint)), positions, values, null,
                null, false, null, limit).asList();
    }

    /** A child row and its parent, as a materialized join returns them. */
    public record JoinedRow(Row child, Row parent) {
    }

    /**
     * Child and parent rows of a materialized join of {@code child}, from one scan of its index: equal to {@code equal}
     * on the index's first columns, then within [low, high] on the next, in index order.
     */
    public RecordCursor<JoinedRow> scanJoin(@Nonnull Table child, @Nonnull String join, @Nonnull Object[] equal,
                                            @Nullable Bound low, @Nullable Bound high, boolean reverse,
                                            @Nullable byte[] continuation, int limit) {
        io.relationshiplayer.proto.v1.MaterializedJoinDef def = child.def().getMaterializedJoinsList().stream()
                .filter(j -> Table.key(j.getName()).equals(Table.key(join))).findFirst()
                .orElseThrow(() -> RelationalException.undefined("materialized join \"" + join + "\" of table \""
                        + child.name() + "\" does not exist"));
        Table parent = catalog.requireTable(SchemaGenerator.foreignKey(child, def.getForeignKey()).getReferencedTable());
        List<Table> sides = new ArrayList<>();
        int[] positions = new int[def.getIndexColumnsCount()];
        for (int i = 0; i < positions.length; i++) {
            String path = def.getIndexColumns(i);
            Table side = path.toLowerCase(java.util.Locale.ROOT).startsWith(SchemaGenerator.CHILD + ".") ? child
                    : parent;
            sides.add(side);
            positions[i] = side.requireColumn(path.substring(path.indexOf('.') + 1));
        }
        Tuple prefix = joinKey(sides, positions, 0, equal);
        TupleRange range;
        if (low == null && high == null) {
            range = TupleRange.allOf(prefix);
        } else {
            int n = equal.length;
            Tuple lo = low == null ? prefix.addObject(null) : prefix.addAll(joinKey(sides, positions, n, low.values()));
            Tuple hi = high == null ? prefix : prefix.addAll(joinKey(sides, positions, n, high.values()));
            range = new TupleRange(lo, hi, low == null || !low.inclusive() ? EndpointType.RANGE_EXCLUSIVE
                    : EndpointType.RANGE_INCLUSIVE, high == null || high.inclusive() ? EndpointType.RANGE_INCLUSIVE
                    : EndpointType.RANGE_EXCLUSIVE);
        }
        Index index = store.getRecordMetaData().getIndex(Indexes.joinIndex(child.name(), def.getName()));
        return store.scanIndex(index, IndexScanType.BY_VALUE, range, continuation, properties(reverse, limit))
                .mapPipelined(e -> store.loadSyntheticRecord(e.getPrimaryKey()).thenApply(r -> new JoinedRow(
                        codec.fromRecord(child, r.getConstituent(SchemaGenerator.CHILD).getRecord()),
                        codec.fromRecord(parent, r.getConstituent(SchemaGenerator.PARENT).getRecord()))), 10);
    }

    private static Tuple joinKey(List<Table> sides, int[] positions, int from, Object[] values) {
        List<Object> items = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            Table t = sides.get(from + i);
            items.add(Values.encodeForKey(t.column(positions[from + i]), values[i]));
        }
        return Tuple.fromList(items);
    }

    /**
     * The groups of a COUNT index of {@code t}, in key order: each row is the values of its columns (column Java
     * types), the number of rows with them, then the sum of each of its sum columns (longs). Groups whose rows are
     * all gone are skipped.
     */
    public List<Object[]> countGroups(@Nonnull Table t, @Nonnull String countIndex) {
        IndexDef def = t.requireCountIndex(countIndex);
        int[] columns = t.positions(Indexes.columnNames(def));
        Index index = store.getRecordMetaData().getIndex(Indexes.recordIndex(t.name(), def));
        List<java.util.Map<Tuple, Long>> sums = new ArrayList<>();
        for (String column : def.getSumColumnsList()) {
            java.util.Map<Tuple, Long> bySum = new java.util.HashMap<>();
            for (var e : store.scanIndex(store.getRecordMetaData().getIndex(Indexes.sumIndex(t.name(), def,
                    column)), IndexScanType.BY_GROUP, TupleRange.ALL, null, ScanProperties.FORWARD_SCAN).asList()
                    .join()) {
                bySum.put(e.getKey(), e.getValue().getLong(0));
            }
            sums.add(bySum);
        }
        List<Object[]> out = new ArrayList<>();
        for (var e : store.scanIndex(index, IndexScanType.BY_GROUP, TupleRange.ALL, null, ScanProperties.FORWARD_SCAN)
                .asList().join()) {
            long rows = e.getValue().getLong(0);
            if (rows <= 0) {
                continue;
            }
            Object[] row = new Object[columns.length + 1 + sums.size()];
            for (int i = 0; i < columns.length; i++) {
                row[i] = Values.decode(t.column(columns[i]), e.getKey().get(i));
            }
            row[columns.length] = rows;
            for (int i = 0; i < sums.size(); i++) {
                row[columns.length + 1 + i] = sums.get(i).getOrDefault(e.getKey(), 0L);
            }
            out.add(row);
        }
        return out;
    }

    /** Whether a COUNT index of {@code t} and its sums are readable (built) in this transaction's store. */
    public boolean countIndexReadable(@Nonnull Table t, @Nonnull String countIndex) {
        IndexDef def = t.requireCountIndex(countIndex);
        if (!store.isIndexReadable(Indexes.recordIndex(t.name(), def))) {
            return false;
        }
        for (String column : def.getSumColumnsList()) {
            if (!store.isIndexReadable(Indexes.sumIndex(t.name(), def, column))) {
                return false;
            }
        }
        return true;
    }

    /** The exact row count of a table (from the store's count index). */
    public long rowCount(@Nonnull Table t) {
        return store.getSnapshotRecordCountForRecordType(t.recordType()).join();
    }

    /**
     * An estimate of the rows of {@code t} whose index columns start with {@code prefix}: the index's stored bytes for
     * that prefix over its bytes per row.
     */
    public long estimateRows(@Nonnull Table t, @Nonnull String index, @Nonnull Object[] prefix) {
        long rows = rowCount(t);
        if (rows == 0 || prefix.length == 0) {
            return rows;
        }
        Index idx = store.getRecordMetaData().getIndex(Indexes.recordIndex(t.name(), indexDef(t, index)));
        var subspace = store.indexSubspace(idx);
        long all = store.ensureContextActive().getEstimatedRangeSizeBytes(subspace.range()).join();
        Tuple key = RowCodec.indexKey(t, indexColumns(t, index), prefix);
        long part = store.ensureContextActive().getEstimatedRangeSizeBytes(subspace.range(key)).join();
        return all == 0 ? 0 : Math.max(part == 0 ? 0 : 1, Math.round((double) rows * part / all));
    }

    /**
     * The rows a read would return, counted up to {@code limit} (an index dive, for the planner's estimates): entries
     * of the record index {@code recordIndex} (the primary key when null) equal to {@code equal} on the first of
     * {@code columns}, then within [low, high] on the next. A snapshot read: planning adds no read conflicts.
     */
    public int countUpTo(@Nonnull Table t, @Nullable String recordIndex, @Nonnull int[] columns,
                         @Nonnull Object[] equal, @Nullable Bound low, @Nullable Bound high, int limit) {
        ScanProperties snapshot = new ScanProperties(ExecuteProperties.newBuilder().setReturnedRowLimit(limit)
                .setIsolationLevel(IsolationLevel.SNAPSHOT).build());
        Tuple prefix = RowCodec.indexKey(t, columns, equal);
        if (recordIndex == null) {
            Tuple typed = Tuple.from(codec.recordType(t).getRecordTypeKey()).addAll(prefix);
            return store.scanRecords(range(typed, t, columns, equal.length, low, high), null, snapshot)
                    .getCount().join();
        }
        return store.scanIndex(store.getRecordMetaData().getIndex(recordIndex), IndexScanType.BY_VALUE,
                range(prefix, t, columns, equal.length, low, high), null, snapshot).getCount().join();
    }

    static ScanProperties properties(boolean reverse, int limit) {
        ExecuteProperties.Builder p = ExecuteProperties.newBuilder();
        if (limit > 0) {
            p.setReturnedRowLimit(limit);
        }
        return new ScanProperties(p.build(), reverse);
    }

    /**
     * The tuple range of keys starting with {@code prefix} whose next column lies within [low, high]; NULLs (which
     * sort first) are excluded when only an upper bound is given, as SQL comparisons never match NULL.
     */
    static TupleRange range(Tuple prefix, Table t, int[] columns, int next, Bound low, Bound high) {
        if (low == null && high == null) {
            return TupleRange.allOf(prefix);
        }
        Tuple lo;
        EndpointType loType;
        if (low != null) {
            lo = prefix.addAll(RowCodec.indexKey(t, java.util.Arrays.copyOfRange(columns, next,
                    next + low.values().length), low.values()));
            loType = low.inclusive() ? EndpointType.RANGE_INCLUSIVE : EndpointType.RANGE_EXCLUSIVE;
        } else {
            lo = prefix.addObject(null);
            loType = EndpointType.RANGE_EXCLUSIVE;
        }
        Tuple hi;
        EndpointType hiType;
        if (high != null) {
            hi = prefix.addAll(RowCodec.indexKey(t, java.util.Arrays.copyOfRange(columns, next,
                    next + high.values().length), high.values()));
            hiType = high.inclusive() ? EndpointType.RANGE_INCLUSIVE : EndpointType.RANGE_EXCLUSIVE;
        } else {
            hi = prefix;
            hiType = EndpointType.RANGE_INCLUSIVE;
        }
        return new TupleRange(lo, hi, loType, hiType);
    }
}
