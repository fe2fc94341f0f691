package io.relationshiplayer.records;

import com.apple.foundationdb.record.query.expressions.Field;
import com.apple.foundationdb.record.query.expressions.Query;
import com.apple.foundationdb.record.query.expressions.QueryComponent;
import com.apple.foundationdb.record.util.ProtoUtils;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.Filter;
import io.relationshiplayer.proto.v1.Value;
import java.util.ArrayList;
import java.util.List;

/** A wire filter turned into a Record Layer query component, with operands converted to each field's type. */
final class FilterTranslator {
    private final Descriptor type;

    FilterTranslator(Descriptor type) {
        this.type = type;
    }

    QueryComponent translate(Filter f) {
        switch (f.getKindCase()) {
            case COMPARISON:
                return comparison(f.getComparison());
            case AND:
                return Query.and(all(f.getAnd().getFiltersList(), "AND"));
            case OR:
                return Query.or(all(f.getOr().getFiltersList(), "OR"));
            case NOT:
                return Query.not(translate(f.getNot()));
            default:
                throw RecordServiceException.invalid("filter: empty filter");
        }
    }

    private List<QueryComponent> all(List<Filter> filters, String op) {
        if (filters.size() < 2) {
            throw RecordServiceException.invalid("filter: " + op + " needs at least two operands");
        }
        List<QueryComponent> out = new ArrayList<>();
        filters.forEach(x -> out.add(translate(x)));
        return out;
    }

    private QueryComponent comparison(Comparison c) {
        String[] path = c.getField().split("\\.", -1);
        FieldDescriptor fd = KeyExpressions.descriptor(type, c.getField());
        if (fd == null) {
            throw RecordServiceException.invalid("filter: record type " + type.getName() + " has no field '"
                    + c.getField() + "'");
        }
        QueryComponent leaf = leaf(Query.field(path[path.length - 1]), fd, c);
        for (int i = path.length - 2; i >= 0; i--) {
            leaf = Query.field(path[i]).matches(leaf);
        }
        return leaf;
    }

    private QueryComponent leaf(Field field, FieldDescriptor fd, Comparison c) {
        switch (c.getOp()) {
            case EQUALS:
                return field.equalsValue(operand(fd, c.getValue()));
            case NOT_EQUALS:
                return field.notEquals(operand(fd, c.getValue()));
            case LESS_THAN:
                return field.lessThan(operand(fd, c.getValue()));
            case LESS_THAN_OR_EQUALS:
                return field.lessThanOrEquals(operand(fd, c.getValue()));
            case GREATER_THAN:
                return field.greaterThan(operand(fd, c.getValue()));
            case GREATER_THAN_OR_EQUALS:
                return field.greaterThanOrEquals(operand(fd, c.getValue()));
            case STARTS_WITH:
                if (fd.getJavaType() != FieldDescriptor.JavaType.STRING) {
                    throw RecordServiceException.invalid("filter: STARTS_WITH needs a string field, "
                            + c.getField() + " is " + fd.getJavaType());
                }
                return field.startsWith((String) operand(fd, c.getValue()));
            case IN: {
                List<Object> values = new ArrayList<>();
                for (Value v : c.getValuesList()) {
                    values.add(operand(fd, v));
                }
                return field.in(values);
            }
            case IS_NULL:
                return field.isNull();
            case NOT_NULL:
                return field.notNull();
            default:
                throw RecordServiceException.invalid("filter: comparison on " + c.getField() + " has no operator");
        }
    }

    /** The operand as the Java type the Record Layer compares the field with. */
    static Object operand(FieldDescriptor fd, Value v) {
        Object o = TupleValues.toJava(v);
        if (o == null) {
            throw RecordServiceException.invalid("filter: null operand for " + fd.getName()
                    + " (use IS_NULL / NOT_NULL)");
        }
        try {
            switch (fd.getJavaType()) {
                case INT:
                    return Math.toIntExact(((Number) o).longValue());
                case LONG:
                    return ((Number) o).longValue();
                case FLOAT:
                    return ((Number) o).floatValue();
                case DOUBLE:
                    return ((Number) o).doubleValue();
                case BOOLEAN:
                    return (Boolean) o;
                case STRING:
                    return (String) o;
                case BYTE_STRING:
                    return ByteString.copyFrom((byte[]) o);
                case ENUM:
                    return enumValue(fd, o);
                default:
                    throw RecordServiceException.invalid("filter: field " + fd.getName() + " is a message");
            }
        } catch (ClassCastException | ArithmeticException e) {
            throw RecordServiceException.invalid("filter: operand " + v.getKindCase() + " does not fit field "
                    + fd.getName() + " of type " + fd.getType());
        }
    }

    private static Object enumValue(FieldDescriptor fd, Object o) {
        EnumValueDescriptor e = o instanceof String ? fd.getEnumType().findValueByName((String) o)
                : fd.getEnumType().findValueByNumber(Math.toIntExact(((Number) o).longValue()));
        if (e == null) {
            throw RecordServiceException.invalid("filter: " + o + " is not a value of enum "
                    + fd.getEnumType().getName());
        }
        return new ProtoUtils.DynamicEnum(e.getNumber(), e.getName());
    }
}
