package io.relationshiplayer.records;

import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.Value;
import java.util.ArrayList;
import java.util.List;

/** The wire's typed values and keys, to and from the Record Layer's tuples. */
public final class TupleValues {
    private TupleValues() {
    }

    public static Object toJava(Value v) {
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return v.getInt64Value();
            case DOUBLE_VALUE:
                return v.getDoubleValue();
            case STRING_VALUE:
                return v.getStringValue();
            case BYTES_VALUE:
                return v.getBytesValue().toByteArray();
            case BOOL_VALUE:
                return v.getBoolValue();
            case NULL_VALUE:
            case KIND_NOT_SET:
            default:
                return null;
        }
    }

    public static Value toValue(Object o) {
        Value.Builder b = Value.newBuilder();
        if (o == null) {
            return b.setNullValue(true).build();
        } else if (o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte) {
            return b.setInt64Value(((Number) o).longValue()).build();
        } else if (o instanceof Double || o instanceof Float) {
            return b.setDoubleValue(((Number) o).doubleValue()).build();
        } else if (o instanceof String) {
            return b.setStringValue((String) o).build();
        } else if (o instanceof byte[]) {
            return b.setBytesValue(ByteString.copyFrom((byte[]) o)).build();
        } else if (o instanceof ByteString) {
            return b.setBytesValue((ByteString) o).build();
        } else if (o instanceof Boolean) {
            return b.setBoolValue((Boolean) o).build();
        }
        return b.setStringValue(String.valueOf(o)).build();
    }

    /** The primary-key tuple of a record of a type: its record-type key, then the key's values. */
    public static Tuple primaryKey(Object recordTypeKey, Key key) {
        List<Object> items = new ArrayList<>(key.getValuesCount() + 1);
        items.add(recordTypeKey);
        for (Value v : key.getValuesList()) {
            items.add(toJava(v));
        }
        return Tuple.fromList(items);
    }

    /** The client's key of a stored primary key: without the leading record-type key. */
    public static Key clientKey(Tuple primaryKey) {
        Key.Builder b = Key.newBuilder();
        for (int i = 1; i < primaryKey.size(); i++) {
            b.addValues(toValue(primaryKey.get(i)));
        }
        return b.build();
    }
}
