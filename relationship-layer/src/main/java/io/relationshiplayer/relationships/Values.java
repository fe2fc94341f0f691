package io.relationshiplayer.relationships;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.CatalogValue;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.values.TimeOfDay;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Column values: the Java type each column kind takes (BIGINT Long, INTEGER Integer, DOUBLE Double, BOOLEAN Boolean,
 * VARCHAR String, VARBINARY byte[], DECIMAL BigDecimal, DATE LocalDate, TIMESTAMP LocalDateTime in UTC, TIME
 * {@link TimeOfDay}), checks of length and range, and how each is stored in the row's record message (DECIMAL as its
 * unscaled value at the column's scale, DATE as days, TIMESTAMP as microseconds since the epoch and TIME as
 * microseconds of the day, so that index order is value order).
 */
public final class Values {
    /** DECIMAL values are stored as a long of their unscaled value: 18 digits always fit. */
    public static final int MAX_DECIMAL_PRECISION = 18;

    private Values() {
    }

    /** {@code value} as the column's Java type, checked; null stays null. */
    public static Object coerce(ColumnDef column, Object value) {
        if (value == null) {
            return null;
        }
        ColumnType type = column.getType();
        try {
            switch (type.getKind()) {
                case BIGINT:
                    return integral(value, Long.MIN_VALUE, Long.MAX_VALUE, column);
                case INTEGER:
                    return (int) (long) integral(value, Integer.MIN_VALUE, Integer.MAX_VALUE, column);
                case SMALLINT:
                    return (int) (long) integral(value, Short.MIN_VALUE, Short.MAX_VALUE, column);
                case DOUBLE:
                    if (value instanceof Number) {
                        double d = ((Number) value).doubleValue();
                        // -0.0 equals 0.0 in SQL but not in a key: one zero is stored.
                        return d == 0.0 ? 0.0 : d;
                    }
                    break;
                case BOOLEAN:
                    if (value instanceof Boolean) {
                        return value;
                    }
                    break;
                case VARCHAR:
                    if (value instanceof String) {
                        String s = (String) value;
                        // UTF-8 takes at least one byte a char: count only when the chars could be over the limit
                        if (s.length() > MAX_VALUE_BYTES / 3) {
                            fitsFoundationDb(s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length, column);
                        }
                        if (type.getLength() > 0 && s.codePointCount(0, s.length()) > type.getLength()) {
                            throw RelationalException.data(RelationalException.STRING_TOO_LONG, "value too long for type varchar(" + type.getLength()
                                    + ") of column \"" + column.getName() + "\"");
                        }
                        return s;
                    }
                    break;
                case VARBINARY: {
                    byte[] b = value instanceof byte[] ? (byte[]) value
                            : value instanceof ByteString ? ((ByteString) value).toByteArray() : null;
                    if (b != null) {
                        fitsFoundationDb(b.length, column);
                        if (type.getLength() > 0 && b.length > type.getLength()) {
                            throw RelationalException.data(RelationalException.STRING_TOO_LONG, "value too long for type varbinary(" + type.getLength()
                                    + ") of column \"" + column.getName() + "\"");
                        }
                        return b;
                    }
                    break;
                }
                case DECIMAL:
                    return decimal(value, type, column);
                case DATE:
                    if (value instanceof LocalDate) {
                        return value;
                    }
                    if (value instanceof String) {
                        return LocalDate.parse((String) value);
                    }
                    break;
                case TIMESTAMP:
                    if (value instanceof LocalDateTime) {
                        return ((LocalDateTime) value).truncatedTo(ChronoUnit.MICROS);
                    }
                    if (value instanceof String) {
                        return LocalDateTime.parse(((String) value).replace(' ', 'T')).truncatedTo(ChronoUnit.MICROS);
                    }
                    break;
                case TIME:
                    if (value instanceof TimeOfDay) {
                        return value;
                    }
                    if (value instanceof LocalTime) {
                        return TimeOfDay.of((LocalTime) value);
                    }
                    if (value instanceof String) {
                        try {
                            return TimeOfDay.parse((String) value);
                        } catch (java.time.format.DateTimeParseException e) {
                            throw RelationalException.data(RelationalException.INVALID_DATETIME, e.getMessage()
                                    + " for column \"" + column.getName() + "\"");
                        }
                    }
                    break;
                default:
                    break;
            }
        } catch (java.time.format.DateTimeParseException | NumberFormatException e) {
            throw RelationalException.data(RelationalException.INVALID_TEXT, "invalid input \"" + value + "\" for column \"" + column.getName()
                    + "\" of type " + typeName(type));
        } catch (java.time.DateTimeException e) {
            // a date or time field out of range (a TIME past 24:00:00)
            throw RelationalException.data(RelationalException.DATETIME_OVERFLOW, e.getMessage() + " for column \""
                    + column.getName() + "\" of type " + typeName(type));
        }
        throw RelationalException.data(RelationalException.DATATYPE_MISMATCH, "column \"" + column.getName()
                + "\" is of type " + typeName(type) + " but the value is " + value.getClass().getSimpleName() + " "
                + value);
    }

    /**
     * {@code value} as written to the column: {@link #coerce}d, and a TIMESTAMP(p) value rounded to p digits as
     * PostgreSQL rounds it ({@link TimestampPrecision}). Keys compared (lookups, ranges) are coerced only.
     */
    public static Object written(ColumnDef column, Object value) {
        return TimestampPrecision.toColumn(column, coerce(column, spacesCut(column, value)));
    }

    /**
     * A text too long for its VARCHAR(n) column whose characters past n are all spaces, cut to n, as PostgreSQL
     * assigns it ({@code 'abc  '} to a VARCHAR(3) is {@code 'abc'}); any other text as it is (past n, 22001).
     */
    private static Object spacesCut(ColumnDef column, Object value) {
        int n = column.getType().getLength();
        if (!(value instanceof String s) || column.getType().getKind() != ColumnKind.VARCHAR || n <= 0
                || s.length() <= n || s.codePointCount(0, s.length()) <= n) {
            return value;
        }
        int end = s.offsetByCodePoints(0, n);
        for (int i = end; i < s.length(); i++) {
            if (s.charAt(i) != ' ') {
                return value;
            }
        }
        return s.substring(0, end);
    }

    /** FoundationDB's limit on one value, which a row (a record) must fit in. */
    public static final int MAX_VALUE_BYTES = 100_000;

    private static void fitsFoundationDb(int bytes, ColumnDef column) {
        if (bytes > MAX_VALUE_BYTES) {
            throw RelationalException.data(RelationalException.PROGRAM_LIMIT_EXCEEDED, "value too large for column \""
                    + column.getName() + "\": " + bytes + " bytes, over FoundationDB's value limit of "
                    + MAX_VALUE_BYTES + " bytes");
        }
    }

    private static long integral(Object value, long min, long max, ColumnDef column) {
        long v;
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            v = ((Number) value).longValue();
        } else if (value instanceof BigDecimal) {
            try {
                v = ((BigDecimal) value).longValueExact();
            } catch (ArithmeticException e) {
                BigDecimal whole = ((BigDecimal) value).stripTrailingZeros();
                if (whole.scale() <= 0) {
                    throw RelationalException.data(RelationalException.OUT_OF_RANGE, typeName(column.getType())
                            + " out of range for column \"" + column.getName() + "\": " + value);
                }
                throw RelationalException.data("value " + value + " is not a whole number for column \""
                        + column.getName() + "\"");
            }
        } else if (value instanceof String) {
            v = Long.parseLong(((String) value).trim());
        } else {
            throw RelationalException.data(RelationalException.DATATYPE_MISMATCH, "column \"" + column.getName()
                    + "\" is of type " + typeName(column.getType()) + " but the value is "
                    + value.getClass().getSimpleName());
        }
        if (v < min || v > max) {
            throw RelationalException.data(RelationalException.OUT_OF_RANGE, typeName(column.getType())
                    + " out of range for column \""
                    + column.getName() + "\": " + v);
        }
        return v;
    }

    private static BigDecimal decimal(Object value, ColumnType type, ColumnDef column) {
        BigDecimal d;
        if (value instanceof BigDecimal) {
            d = (BigDecimal) value;
        } else if (value instanceof Long || value instanceof Integer) {
            d = BigDecimal.valueOf(((Number) value).longValue());
        } else if (value instanceof Double || value instanceof Float) {
            d = BigDecimal.valueOf(((Number) value).doubleValue());
        } else if (value instanceof String) {
            d = new BigDecimal(((String) value).trim());
        } else {
            throw RelationalException.data(RelationalException.DATATYPE_MISMATCH, "column \"" + column.getName()
                    + "\" is of type " + typeName(type) + " but the value is " + value.getClass().getSimpleName());
        }
        BigDecimal scaled = d.setScale(type.getScale(), RoundingMode.HALF_UP);
        if (scaled.precision() - scaled.scale() > type.getPrecision() - type.getScale()) {
            throw RelationalException.data(RelationalException.OUT_OF_RANGE, "numeric field overflow: " + d + " does not fit " + typeName(type)
                    + " of column \"" + column.getName() + "\"");
        }
        return scaled;
    }

    /** The value as stored in the record message and in index keys. */
    public static Object encode(ColumnDef column, Object value) {
        if (value == null) {
            return null;
        }
        switch (column.getType().getKind()) {
            case VARBINARY:
                return ByteString.copyFrom((byte[]) value);
            case DECIMAL:
                return ((BigDecimal) value).setScale(column.getType().getScale(), RoundingMode.UNNECESSARY)
                        .unscaledValue().longValueExact();
            case DATE:
                return (int) ((LocalDate) value).toEpochDay();
            case TIMESTAMP:
                return ChronoUnit.MICROS.between(LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC), (LocalDateTime) value);
            case TIME:
                return ((TimeOfDay) value).micros();
            default:
                return value;
        }
    }

    /**
     * Whether the key columns at {@code positions} of {@code t} can hold {@code values} exactly (values of other
     * columns of the same kinds: a foreign key's other side, whose DECIMAL may have another scale): a DECIMAL with
     * more decimals or digits than its column holds equals no value of it (2.505 in a DECIMAL(10,2) key), so a
     * lookup of it finds nothing, as PostgreSQL's numeric comparison finds nothing. Its key could not be encoded.
     */
    public static boolean fitKey(Table t, int[] positions, Object[] values) {
        for (int i = 0; i < values.length; i++) {
            ColumnType type = t.column(positions[i]).getType();
            if (values[i] instanceof BigDecimal d && type.getKind() == ColumnKind.DECIMAL) {
                BigDecimal s = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
                if (s.scale() > type.getScale() || s.precision() - s.scale() > type.getPrecision() - type.getScale()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** As {@link #encode}, in the form a key tuple holds (byte strings as arrays). */
    public static Object encodeForKey(ColumnDef column, Object value) {
        Object v = encode(column, value);
        return v instanceof ByteString ? ((ByteString) v).toByteArray() : v;
    }

    /** A stored value (from a record message field or an index key) back as the column's Java type. */
    public static Object decode(ColumnDef column, Object stored) {
        if (stored == null) {
            return null;
        }
        switch (column.getType().getKind()) {
            case BIGINT:
                return ((Number) stored).longValue();
            case INTEGER:
            case SMALLINT:
                return ((Number) stored).intValue();
            case VARBINARY:
                return stored instanceof ByteString ? ((ByteString) stored).toByteArray() : stored;
            case DECIMAL:
                return BigDecimal.valueOf(((Number) stored).longValue(), column.getType().getScale());
            case DATE:
                return LocalDate.ofEpochDay(((Number) stored).longValue());
            case TIMESTAMP:
                return LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC).plus(((Number) stored).longValue(),
                        ChronoUnit.MICROS);
            case TIME:
                return new TimeOfDay(((Number) stored).longValue());
            default:
                return stored;
        }
    }

    /** A DEFAULT as the column's Java value. */
    public static Object defaultValue(ColumnDef column) {
        if (!column.hasDefaultValue()) {
            return null;
        }
        CatalogValue v = column.getDefaultValue();
        switch (v.getKindCase()) {
            case INT64_VALUE:
                return coerce(column, v.getInt64Value());
            case DOUBLE_VALUE:
                return coerce(column, v.getDoubleValue());
            case STRING_VALUE:
                return coerce(column, v.getStringValue());
            case BYTES_VALUE:
                return coerce(column, v.getBytesValue().toByteArray());
            case BOOL_VALUE:
                return coerce(column, v.getBoolValue());
            default:
                return null;
        }
    }

    /** A Java value as a catalog value (for DEFAULT). */
    public static CatalogValue catalogValue(Object v) {
        CatalogValue.Builder b = CatalogValue.newBuilder();
        if (v == null) {
            return b.setNullValue(true).build();
        } else if (v instanceof Long || v instanceof Integer) {
            return b.setInt64Value(((Number) v).longValue()).build();
        } else if (v instanceof Double || v instanceof Float) {
            return b.setDoubleValue(((Number) v).doubleValue()).build();
        } else if (v instanceof Boolean) {
            return b.setBoolValue((Boolean) v).build();
        } else if (v instanceof byte[]) {
            return b.setBytesValue(ByteString.copyFrom((byte[]) v)).build();
        }
        return b.setStringValue(v.toString()).build();
    }

    /** The type as PostgreSQL's messages name it ({@code format_type}). */
    public static String postgresName(ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
                return "bigint";
            case INTEGER:
                return "integer";
            case SMALLINT:
                return "smallint";
            case DOUBLE:
                return "double precision";
            case BOOLEAN:
                return "boolean";
            case VARCHAR:
                return t.getLength() > 0 ? "character varying" : "text";
            case VARBINARY:
                return "bytea";
            case DECIMAL:
                return "numeric";
            case DATE:
                return "date";
            case TIMESTAMP:
                return "timestamp without time zone";
            case TIME:
                return "time without time zone";
            default:
                return typeName(t);
        }
    }

    public static String typeName(ColumnType t) {
        switch (t.getKind()) {
            case VARCHAR:
                return t.getLength() > 0 ? "varchar(" + t.getLength() + ")" : "varchar";
            case VARBINARY:
                return t.getLength() > 0 ? "varbinary(" + t.getLength() + ")" : "varbinary";
            case DECIMAL:
                return "decimal(" + t.getPrecision() + "," + t.getScale() + ")";
            case TIME:
                return "time";
            default:
                return t.getKind().name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A readable form of a value for messages. */
    public static String show(Object v) {
        if (v instanceof byte[]) {
            return "\\x" + java.util.HexFormat.of().formatHex((byte[]) v); // every byte's two digits: \x00ff
        }
        if (v instanceof String) {
            return "'" + v + "'";
        }
        // as PostgreSQL writes them (Java wrote 1.0E20, -0043-03-15, 2024-01-01T10:00, 1E+3)
        if (v instanceof Double d) {
            return io.relationshiplayer.proto.values.FloatText.text(d);
        }
        if (v instanceof LocalDate d) {
            return io.relationshiplayer.proto.values.DateText.date(d);
        }
        if (v instanceof LocalDateTime t) {
            return io.relationshiplayer.proto.values.DateText.timestamp(t);
        }
        if (v instanceof java.math.BigDecimal d) {
            return d.toPlainString();
        }
        return String.valueOf(v);
    }

    static boolean isKind(ColumnDef c, ColumnKind k) {
        return c.getType().getKind() == k;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
