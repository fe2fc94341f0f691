package io.relationshiplayer.records;

import com.apple.foundationdb.record.metadata.Key;
import com.apple.foundationdb.record.metadata.expressions.KeyExpression;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.ArrayList;
import java.util.List;

/** Field names as clients write them ("a", "a.b") turned into Record Layer key expressions, checked on the type. */
final class KeyExpressions {
    private KeyExpressions() {
    }

    /** The expression for one dotted field path; fails naming the field when it does not exist. */
    static KeyExpression field(Descriptor type, String path) {
        String[] parts = path.split("\\.", -1);
        Descriptor d = type;
        for (int i = 0; i < parts.length; i++) {
            FieldDescriptor f = d.findFieldByName(parts[i]);
            if (f == null) {
                throw RecordServiceException.invalid("record type " + type.getName() + " has no field '" + path + "'");
            }
            if (f.isRepeated()) {
                throw RecordServiceException.invalid("field '" + path + "' of " + type.getName()
                        + " is repeated: only single fields can be keyed");
            }
            if (i < parts.length - 1) {
                if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                    throw RecordServiceException.invalid("field '" + parts[i] + "' of " + type.getName()
                            + " is not a message, so '" + path + "' cannot reach into it");
                }
                d = f.getMessageType();
            }
        }
        return nest(parts, 0);
    }

    private static KeyExpression nest(String[] parts, int i) {
        if (i == parts.length - 1) {
            return Key.Expressions.field(parts[i]);
        }
        return Key.Expressions.field(parts[i]).nest(nest(parts, i + 1));
    }

    /** Field paths turned into expressions without a descriptor to check them against (joined record types). */
    static List<KeyExpression> unchecked(List<String> paths) {
        List<KeyExpression> out = new ArrayList<>(paths.size());
        for (String p : paths) {
            out.add(nest(p.split("\\.", -1), 0));
        }
        return out;
    }

    /** The field descriptor at a dotted path, or null. */
    static FieldDescriptor descriptor(Descriptor type, String path) {
        Descriptor d = type;
        FieldDescriptor f = null;
        for (String part : path.split("\\.", -1)) {
            if (d == null) {
                return null;
            }
            f = d.findFieldByName(part);
            if (f == null) {
                return null;
            }
            d = f.getJavaType() == FieldDescriptor.JavaType.MESSAGE ? f.getMessageType() : null;
        }
        return f;
    }

    /** Several fields in order, concatenated; one field alone is itself. */
    static List<KeyExpression> fields(Descriptor type, List<String> paths) {
        List<KeyExpression> out = new ArrayList<>(paths.size());
        for (String p : paths) {
            out.add(field(type, p));
        }
        return out;
    }

    static KeyExpression concat(List<KeyExpression> parts) {
        if (parts.isEmpty()) {
            return Key.Expressions.empty();
        }
        return parts.size() == 1 ? parts.get(0) : Key.Expressions.concat(parts);
    }
}
