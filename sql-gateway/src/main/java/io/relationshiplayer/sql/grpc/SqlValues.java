package io.relationshiplayer.sql.grpc;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.Row;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.sql.ColumnMeta;
import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Typed values between the wire ({@link SqlValue}) and the engine's Java values. */
final class SqlValues {
    static final SqlValue NULL = SqlValue.newBuilder().setNullValue(true).build();
    private static final long MICROS = 1_000_000L;

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
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return v.getInt64Value();
            case INT32_VALUE:
                return v.getInt32Value();
            case DOUBLE_VALUE:
                return v.getDoubleValue();
            case BOOL_VALUE:
                return v.getBoolValue();
            case STRING_VALUE:
                return v.getStringValue();
            case BYTES_VALUE:
                return v.getBytesValue().toByteArray();
            case DECIMAL_VALUE:
                try {
                    return new BigDecimal(v.getDecimalValue().trim());
                } catch (NumberFormatException e) {
                    throw new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type numeric: \""
                            + v.getDecimalValue() + "\" (parameter $" + position + ")");
                }
            case DATE_VALUE:
                return LocalDate.ofEpochDay(v.getDateValue());
            case TIMESTAMP_VALUE:
                long micros = v.getTimestampValue();
                return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, MICROS),
                        (int) Math.floorMod(micros, MICROS) * 1000, ZoneOffset.UTC);
            case NULL_VALUE:
                return null;
            case KIND_NOT_SET:
            default:
                throw new SqlException(SqlGrpcErrors.INVALID_PARAMETER_VALUE, "parameter $" + position
                        + " has no value (send null_value for NULL)");
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

    private static SqlValue byJavaType(Object v, SqlValue.Builder b) {
        if (v instanceof Long) {
            return b.setInt64Value((Long) v).build();
        } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return b.setInt32Value(((Number) v).intValue()).build();
        } else if (v instanceof Double || v instanceof Float) {
            return b.setDoubleValue(((Number) v).doubleValue()).build();
        } else if (v instanceof Boolean) {
            return b.setBoolValue((Boolean) v).build();
        } else if (v instanceof String) {
            return b.setStringValue((String) v).build();
        } else if (v instanceof byte[]) {
            return b.setBytesValue(ByteString.copyFrom((byte[]) v)).build();
        } else if (v instanceof BigDecimal) {
            return b.setDecimalValue(((BigDecimal) v).toPlainString()).build();
        } else if (v instanceof BigInteger) {
            return b.setDecimalValue(v.toString()).build();
        } else if (v instanceof LocalDate) {
            return b.setDateValue(Math.toIntExact(((LocalDate) v).toEpochDay())).build();
        } else if (v instanceof LocalDateTime) {
            return b.setTimestampValue(micros((LocalDateTime) v)).build();
        } else if (v instanceof java.sql.Date) {
            return b.setDateValue(Math.toIntExact(((java.sql.Date) v).toLocalDate().toEpochDay())).build();
        } else if (v instanceof java.sql.Timestamp) {
            return b.setTimestampValue(micros(((java.sql.Timestamp) v).toLocalDateTime())).build();
        }
        return b.setStringValue(String.valueOf(v)).build();
    }

    private static boolean isIntegral(Object v) {
        return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
    }

    static long micros(LocalDateTime t) {
        return Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), MICROS), t.getNano() / 1000);
    }
}
