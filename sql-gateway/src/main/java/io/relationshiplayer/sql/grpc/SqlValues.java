package io.relationshiplayer.sql.grpc;

import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.Row;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.proto.values.SqlValueCodec;
import io.relationshiplayer.sql.ColumnMeta;
import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Typed values between the wire ({@link SqlValue}) and the engine's Java values: the conversion both sides share is
 * the contracts' {@link SqlValueCodec}; here are the server's own parts (parameter SQLSTATEs, a result value in the
 * case of its column's kind, the engine's extra Java types).
 */
final class SqlValues {
    static final SqlValue NULL = SqlValueCodec.NULL;

    private SqlValues() {
    }

    /** Statement parameters as the engine takes them (a list that may hold nulls). */
    static List<Object> params(List<SqlValue> values) {
        List<Object> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            out.add(param(values.get(i), i + 1));
        }
        return out;
    }

    private static Object param(SqlValue v, int position) {
        if (v.getKindCase() == SqlValue.KindCase.KIND_NOT_SET) {
            throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "parameter $" + position
                    + " has no value (send null_value for NULL)");
        }
        try {
            return SqlValueCodec.decode(v);
        } catch (NumberFormatException e) {
            throw new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type numeric: \""
                    + v.getDecimalValue() + "\" (parameter $" + position + ")");
        } catch (IllegalArgumentException e) {
            // a time_value outside a day
            throw new SqlException(io.relationshiplayer.sql.calcite.Timestamps.FIELD_OVERFLOW, "time out of range: "
                    + v.getTimeValue() + " microseconds of the day (parameter $" + position + ")");
        }
    }

    static Column column(ColumnMeta c) {
        return Column.newBuilder().setName(c.name()).setType(c.type()).setNullable(c.nullable()).build();
    }

    static Row row(Object[] values, List<ColumnMeta> columns) {
        Row.Builder r = Row.newBuilder();
        for (int i = 0; i < values.length; i++) {
            ColumnKind kind = i < columns.size() ? columns.get(i).type().getKind()
                    : ColumnKind.COLUMN_KIND_UNSPECIFIED;
            r.addValues(value(values[i], kind));
        }
        return r.build();
    }

    /** A result value in the case of its column's kind where it converts exactly, else by its Java type. */
    static SqlValue value(Object v, ColumnKind kind) {
        if (v == null) {
            return NULL;
        }
        SqlValue.Builder b = SqlValue.newBuilder();
        switch (kind) {
            case BIGINT:
                if (isIntegral(v)) {
                    return b.setInt64Value(((Number) v).longValue()).build();
                }
                break;
            case INTEGER:
            case SMALLINT:
                if (isIntegral(v) && ((Number) v).longValue() == ((Number) v).intValue()) {
                    return b.setInt32Value(((Number) v).intValue()).build();
                }
                break;
            case DOUBLE:
                if (v instanceof Double || v instanceof Float) {
                    return b.setDoubleValue(((Number) v).doubleValue()).build();
                }
                break;
            case DECIMAL:
                if (v instanceof BigDecimal) {
                    return b.setDecimalValue(((BigDecimal) v).toPlainString()).build();
                }
                if (isIntegral(v)) {
                    return b.setDecimalValue(Long.toString(((Number) v).longValue())).build();
                }
                break;
            default:
                break;
        }
        return byJavaType(v, b);
    }

    /**
     * By the value's Java type: the shared codec's types, and what only the engine produces (Byte, BigInteger,
     * java.sql dates); a decimal in plain notation; anything else as its text.
     */
    private static SqlValue byJavaType(Object v, SqlValue.Builder b) {
        if (v instanceof BigDecimal) {
            return b.setDecimalValue(((BigDecimal) v).toPlainString()).build();
        } else if (v instanceof Byte) {
            return b.setInt32Value((Byte) v).build();
        } else if (v instanceof BigInteger) {
            return b.setDecimalValue(v.toString()).build();
        } else if (v instanceof java.sql.Date) {
            return SqlValueCodec.date(io.relationshiplayer.sql.calcite.SqlTypes.localDate((java.sql.Date) v));
        } else if (v instanceof java.sql.Timestamp) {
            return SqlValueCodec.timestamp(((java.sql.Timestamp) v).toLocalDateTime());
        }
        SqlValue known = SqlValueCodec.tryEncode(v);
        return known != null ? known : b.setStringValue(String.valueOf(v)).build();
    }

    private static boolean isIntegral(Object v) {
        return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
    }
}
