package io.relationshiplayer.records;

import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.metadata.Key;
import com.apple.foundationdb.record.metadata.expressions.FieldKeyExpression;
import com.apple.foundationdb.record.metadata.expressions.KeyExpression;
import com.apple.foundationdb.record.metadata.expressions.ThenKeyExpression;
import com.apple.foundationdb.record.provider.foundationdb.FDBIndexableRecord;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer;
import com.apple.foundationdb.record.provider.foundationdb.IndexMaintainerState;
import com.apple.foundationdb.record.provider.foundationdb.IndexMaintenanceFilter;
import com.apple.foundationdb.record.provider.foundationdb.indexes.ValueIndexMaintainer;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.async.AsyncUtil;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The Record Layer's VALUE index maintainer with a direct update for the index shape every secondary index, unique
 * constraint's partner and foreign key of the relationship layer has: non-unique, no predicate, no maintenance filter,
 * a key of top-level scalar fields (FanType.None, NULL as NULL), no value part. It writes the same key the Record
 * Layer's {@code StandardIndexMaintainer.update} writes (the fields' values as the Record Layer turns them into a
 * tuple, then the primary key, packed into the index's subspace, an empty value) and clears the old record's key when
 * it changed, without evaluating key expressions into {@code Key.Evaluated} lists, {@code IndexEntry} objects and
 * streams: about half of what the Record Layer spent maintaining such an index. Any other shape, and any record whose
 * field turns out to be a message, an enum or repeated, goes to the Record Layer's own update.
 * {@code DirectValueIndexTest} checks that both write the same keys.
 */
final class DirectValueIndexMaintainer extends ValueIndexMaintainer {
    private static final byte[] EMPTY = new byte[0];
    private final String[] fields;

    private DirectValueIndexMaintainer(IndexMaintainerState state, String[] fields) {
        super(state);
        this.fields = fields;
    }

    /** The maintainer for {@code state}: the direct one when its index has the shape above, else null. */
    @Nullable
    static ValueIndexMaintainer forState(IndexMaintainerState state) {
        Index index = state.index;
        if (!IndexTypes.VALUE.equals(index.getType()) || index.isUnique() || index.getPredicate() != null
                || state.filter != IndexMaintenanceFilter.NORMAL || index.getPrimaryKeyComponentPositions() != null) {
            return null;
        }
        String[] fields = fieldNames(index.getRootExpression());
        return fields == null ? null : new DirectValueIndexMaintainer(state, fields);
    }

    /** The top-level scalar fields a key expression is made of, or null for any other expression. */
    @Nullable
    static String[] fieldNames(KeyExpression root) {
        List<KeyExpression> parts = root instanceof ThenKeyExpression ? ((ThenKeyExpression) root).getChildren()
                : List.of(root);
        String[] names = new String[parts.size()];
        for (int i = 0; i < names.length; i++) {
            if (!(parts.get(i) instanceof FieldKeyExpression)) {
                return null;
            }
            FieldKeyExpression f = (FieldKeyExpression) parts.get(i);
            if (f.getFanType() != KeyExpression.FanType.None || f.getNullStandin() != Key.Evaluated.NullStandin.NULL) {
                return null;
            }
            names[i] = f.getFieldName();
        }
        return names;
    }

    @Nonnull
    @Override
    public <M extends Message> CompletableFuture<Void> update(@Nullable FDBIndexableRecord<M> oldRecord,
                                                              @Nullable FDBIndexableRecord<M> newRecord) {
        Tuple oldKey = oldRecord == null ? null : key(oldRecord);
        Tuple newKey = newRecord == null ? null : key(newRecord);
        if ((oldRecord != null && oldKey == null) || (newRecord != null && newKey == null)) {
            return super.update(oldRecord, newRecord); // a field of a shape this does not handle
        }
        byte[] oldBytes = oldKey == null ? null : state.indexSubspace.pack(oldKey);
        byte[] newBytes = newKey == null ? null : state.indexSubspace.pack(newKey);
        if (oldBytes != null && newBytes != null && Arrays.equals(oldBytes, newBytes)) {
            return AsyncUtil.DONE;
        }
        FDBStoreTimer timer = state.store.getTimer();
        if (oldBytes != null) {
            long start = System.nanoTime();
            state.transaction.clear(oldBytes);
            if (timer != null) {
                timer.recordSinceNanoTime(FDBStoreTimer.Events.DELETE_INDEX_ENTRY, start);
                state.store.countKeyValue(FDBStoreTimer.Counts.DELETE_INDEX_KEY,
                        FDBStoreTimer.Counts.DELETE_INDEX_KEY_BYTES, FDBStoreTimer.Counts.DELETE_INDEX_VALUE_BYTES,
                        oldBytes, EMPTY);
            }
        }
        if (newBytes != null) {
            long start = System.nanoTime();
            checkKeyValueSizes(newRecord, newKey, Tuple.from(), newBytes, EMPTY);
            state.transaction.set(newBytes, EMPTY);
            if (timer != null) {
                timer.recordSinceNanoTime(FDBStoreTimer.Events.SAVE_INDEX_ENTRY, start);
                state.store.countKeyValue(FDBStoreTimer.Counts.SAVE_INDEX_KEY,
                        FDBStoreTimer.Counts.SAVE_INDEX_KEY_BYTES, FDBStoreTimer.Counts.SAVE_INDEX_VALUE_BYTES,
                        newBytes, EMPTY);
            }
        }
        return AsyncUtil.DONE;
    }

    /**
     * The index entry's key of {@code record} (its fields, then its primary key), as the Record Layer makes it; null
     * when a field is repeated, a message or an enum.
     */
    @Nullable
    private Tuple key(FDBIndexableRecord<?> record) {
        Message m = record.getRecord();
        Descriptors.Descriptor type = m.getDescriptorForType();
        List<Object> pk = record.getPrimaryKey().getItems();
        List<Object> items = new ArrayList<>(fields.length + pk.size());
        for (String name : fields) {
            Descriptors.FieldDescriptor fd = type.findFieldByName(name);
            if (fd == null) {
                items.add(null);
                continue;
            }
            Descriptors.FieldDescriptor.JavaType kind = fd.getJavaType();
            if (fd.isRepeated() || kind == Descriptors.FieldDescriptor.JavaType.MESSAGE
                    || kind == Descriptors.FieldDescriptor.JavaType.ENUM) {
                return null;
            }
            if (!m.hasField(fd)) {
                items.add(null);
            } else {
                Object v = m.getField(fd);
                items.add(v instanceof ByteString ? ((ByteString) v).toByteArray() : v);
            }
        }
        items.addAll(pk);
        return Tuple.fromList(items);
    }
}
