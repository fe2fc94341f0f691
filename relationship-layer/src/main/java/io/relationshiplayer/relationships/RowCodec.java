package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.metadata.RecordType;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.relationshiplayer.proto.v1.ColumnDef;
import java.util.ArrayList;
import java.util.List;

/** Rows to and from their record messages and primary-key tuples, for one store's meta-data. */
final class RowCodec {
    private final FDBRecordStore store;

    RowCodec(FDBRecordStore store) {
        this.store = store;
    }

    RecordType recordType(Table t) {
        return store.getRecordMetaData().getRecordType(t.recordType());
    }

    Message toRecord(Table t, Object[] values) {
        Descriptor d = recordType(t).getDescriptor();
        DynamicMessage.Builder b = DynamicMessage.newBuilder(d);
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                ColumnDef c = t.column(i);
                b.setField(d.findFieldByNumber(c.getFieldNumber()), Values.encode(c, values[i]));
            }
        }
        return b.build();
    }

    Row fromRecord(Table t, Message m) {
        Descriptor d = m.getDescriptorForType();
        Object[] values = new Object[t.columnCount()];
        for (int i = 0; i < values.length; i++) {
            ColumnDef c = t.column(i);
            FieldDescriptor f = d.findFieldByNumber(c.getFieldNumber());
            if (f != null && m.hasField(f)) {
                values[i] = Values.decode(c, m.getField(f));
            }
        }
        return new Row(t, values);
    }

    /** The stored primary key of a row of {@code t} with the given key values (column Java types). */
    Tuple primaryKey(Table t, Object[] keyValues) {
        int[] pk = t.primaryKey();
        List<Object> items = new ArrayList<>(pk.length + 1);
        items.add(recordType(t).getRecordTypeKey());
        for (int i = 0; i < pk.length; i++) {
            items.add(Values.encodeForKey(t.column(pk[i]), keyValues[i]));
        }
        return Tuple.fromList(items);
    }

    /** An index key prefix of {@code values} for the columns at {@code positions}. */
    static Tuple indexKey(Table t, int[] positions, Object[] values) {
        List<Object> items = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            items.add(Values.encodeForKey(t.column(positions[i]), values[i]));
        }
        return Tuple.fromList(items);
    }

    /** Key values (column Java types) of a stored primary key tuple. */
    static Object[] keyValues(Table t, Tuple primaryKey) {
        int[] pk = t.primaryKey();
        Object[] out = new Object[pk.length];
        for (int i = 0; i < pk.length; i++) {
            out[i] = Values.decode(t.column(pk[i]), primaryKey.get(i + 1));
        }
        return out;
    }
}
