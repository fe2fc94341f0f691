package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.values.TimeOfDay;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Column types as Calcite types, and values between the relationship layer's Java types and Calcite's internal
 * representation (DATE as days, TIMESTAMP as microseconds since the epoch ({@link TimestampMicros}), TIME as
 * microseconds of the day ({@link TimeFunctions}), VARBINARY as ByteString).
 */
public final class SqlTypes {
    private SqlTypes() {
    }

    public static RelDataType relType(RelDataTypeFactory f, ColumnType t, boolean nullable) {
        RelDataType type;
        switch (t.getKind()) {
            case BIGINT:
                type = f.createSqlType(SqlTypeName.BIGINT);
                break;
            case INTEGER:
                type = f.createSqlType(SqlTypeName.INTEGER);
                break;
            case SMALLINT:
                type = f.createSqlType(SqlTypeName.SMALLINT);
                break;
            case DOUBLE:
                type = f.createSqlType(SqlTypeName.DOUBLE);
                break;
            case BOOLEAN:
                type = f.createSqlType(SqlTypeName.BOOLEAN);
                break;
            case VARCHAR:
                // Unbounded to Calcite: its casts to VARCHAR(n) truncate silently; the write path refuses with 22001.
                type = f.createSqlType(SqlTypeName.VARCHAR);
                break;
            case VARBINARY:
                type = f.createSqlType(SqlTypeName.VARBINARY);
                break;
            case DECIMAL:
                type = f.createSqlType(SqlTypeName.DECIMAL, t.getPrecision(), t.getScale());
                break;
            case DATE:
                type = f.createSqlType(SqlTypeName.DATE);
                break;
            case TIMESTAMP:
                // six digits whatever the column's: a TIMESTAMP(p) column rounds what is written to it (toColumn), as
                // PostgreSQL's, where Calcite's casts to TIMESTAMP(p) would truncate a literal
                type = f.createSqlType(SqlTypeName.TIMESTAMP, Timestamps.PRECISION);
                break;
            case TIME:
                // a long of microseconds of the day in generated code (RlJavaTypes); a TIME(p) column rounds what is
                // written to it (toColumn), as a TIMESTAMP(p)
                type = f.createSqlType(SqlTypeName.TIME, Times.PRECISION);
                break;
            default:
                throw new IllegalArgumentException("no SQL type for " + t);
        }
        return f.createTypeWithNullability(type, nullable);
    }

    /** The column type of a Calcite result type (for result metadata). */
    public static ColumnType columnType(RelDataType t) {
        ColumnType.Builder b = ColumnType.newBuilder();
        switch (t.getSqlTypeName()) {
            case BIGINT:
                return b.setKind(ColumnKind.BIGINT).build();
            case INTEGER:
                return b.setKind(ColumnKind.INTEGER).build();
            case SMALLINT:
            case TINYINT:
                return b.setKind(ColumnKind.SMALLINT).build();
            case DOUBLE:
            case FLOAT:
            case REAL:
                return b.setKind(ColumnKind.DOUBLE).build();
            case BOOLEAN:
                return b.setKind(ColumnKind.BOOLEAN).build();
            case VARBINARY:
            case BINARY:
                return b.setKind(ColumnKind.VARBINARY).setLength(Math.max(0, t.getPrecision())).build();
            case DECIMAL:
                return b.setKind(ColumnKind.DECIMAL).setPrecision(t.getPrecision()).setScale(t.getScale()).build();
            case DATE:
                return b.setKind(ColumnKind.DATE).build();
            case TIMESTAMP:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return b.setKind(ColumnKind.TIMESTAMP).build();
            case TIME:
                return b.setKind(ColumnKind.TIME).build();
            case CHAR:
            case VARCHAR:
            default:
                return b.setKind(ColumnKind.VARCHAR).build();
        }
    }


    /** A stored value (the column's Java type) in Calcite's internal representation. */
    public static Object toInternal(ColumnDef c, Object v) {
        if (v == null) {
            return null;
        }
        switch (c.getType().getKind()) {
            case VARBINARY:
                return new ByteString((byte[]) v);
            case DATE:
                return (int) ((LocalDate) v).toEpochDay();
            case TIMESTAMP:
                return Timestamps.micros((LocalDateTime) v, "the value of column " + c.getName());
            case TIME:
                return ((TimeOfDay) v).micros();
            case SMALLINT:
                // Calcite's SMALLINT is a short in generated code; the layer keeps an int
                return ((Number) v).shortValue();
            default:
                return v;
        }
    }

    /**
     * A value SQL writes to column {@code c} ({@link #fromInternal}), a TIMESTAMP rounded to the column's precision
     * as PostgreSQL rounds it when that is below six digits ({@code TIMESTAMP(3)}).
     */
    public static Object toColumn(ColumnDef c, Object v) {
        Object out = fromInternal(c, v);
        int precision = Timestamps.precision(c.getType());
        if (out instanceof LocalDateTime t && c.getType().getKind() == ColumnKind.TIMESTAMP
                && precision < Timestamps.PRECISION) {
            return Timestamps.fromMicros(Timestamps.round(Timestamps.micros(t, c.getName()), precision));
        }
        if (out instanceof TimeOfDay t && c.getType().getKind() == ColumnKind.TIME) {
            return t.round(precision);
        }
        return out;
    }

    /**
     * A value from Calcite (a literal, a parameter or a computed value, in any of the forms Calcite and JDBC use) as
     * the column's Java type, for the relationship layer to coerce and check.
     */
    public static Object fromInternal(ColumnDef c, Object v) {
        if (v == null) {
            return null;
        }
        ColumnKind kind = c.getType().getKind();
        if (v instanceof ByteString) {
            return ((ByteString) v).getBytes();
        }
        if (v instanceof org.apache.calcite.util.NlsString) {
            return ((org.apache.calcite.util.NlsString) v).getValue();
        }
        if (v instanceof java.sql.Date) {
            return localDate((java.sql.Date) v);
        }
        if (v instanceof java.sql.Timestamp) {
            return ((java.sql.Timestamp) v).toLocalDateTime();
        }
        if (v instanceof java.util.Calendar) {
            v = ((java.util.Calendar) v).getTimeInMillis();
            if (kind == ColumnKind.DATE) {
                return LocalDate.ofEpochDay(Math.floorDiv((Long) v, 86_400_000L));
            }
        }
        if (v instanceof org.apache.calcite.util.DateString) {
            return LocalDate.ofEpochDay(((org.apache.calcite.util.DateString) v).getDaysSinceEpoch());
        }
        if (v instanceof org.apache.calcite.util.TimestampString) {
            return Timestamps.fromMicros(Timestamps.micros((org.apache.calcite.util.TimestampString) v));
        }
        if (kind == ColumnKind.TIME) {
            return time(v);
        }
        switch (kind) {
            case DATE:
                if (v instanceof Number) {
                    return LocalDate.ofEpochDay(((Number) v).longValue());
                }
                break;
            case TIMESTAMP:
                if (v instanceof Number) {
                    return Timestamps.fromMicros(((Number) v).longValue());
                }
                break;
            case DOUBLE:
                if (v instanceof BigDecimal) {
                    return ((BigDecimal) v).doubleValue();
                }
                break;
            case BIGINT:
            case INTEGER:
            case SMALLINT:
                if (v instanceof BigDecimal && ((BigDecimal) v).stripTrailingZeros().scale() <= 0) {
                    return ((BigDecimal) v).longValueExact();
                }
                break;
            default:
                break;
        }
        return v;
    }

    /** A value for a TIME column: microseconds of the day (our plans' TIME), a TIME literal, or as it is. */
    private static Object time(Object v) {
        if (v instanceof Long || v instanceof Integer) {
            long micros = ((Number) v).longValue();
            if (micros < 0 || micros > Times.DAY) {
                throw new io.relationshiplayer.sql.SqlException(Timestamps.FIELD_OVERFLOW,
                        "time out of range: " + micros + " microseconds of the day");
            }
            return new TimeOfDay(micros);
        }
        if (v instanceof org.apache.calcite.util.TimeString t) {
            return new TimeOfDay(Times.micros(t));
        }
        if (v instanceof java.sql.Time t) {
            return TimeOfDay.of(t.toLocalTime());
        }
        return v;
    }

    /**
     * A result's DATE as a LocalDate: {@link java.sql.Date#toLocalDate} takes the year of its era, so a date before
     * 1 AD (44 BC) came out as the same year AD; here a BC year is the proleptic year (1 - year of era), as
     * PostgreSQL counts it. The other fields are read as before.
     */
    public static java.time.LocalDate localDate(java.sql.Date d) {
        java.time.LocalDate fields = d.toLocalDate();
        java.util.Calendar c = new java.util.GregorianCalendar();
        c.setTime(d);
        return c.get(java.util.Calendar.ERA) == java.util.GregorianCalendar.BC
                ? fields.withYear(1 - c.get(java.util.Calendar.YEAR)) : fields;
    }
}
