package io.relationshiplayer.proto.values;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.SqlValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The one conversion between Java values and the wire's {@link SqlValue} (sql_service.proto), used by the Java client
 * for parameters and results and by the SQL service for parameters and, after its own column-typed choices, results.
 * The Java types: BIGINT Long, INTEGER Integer (Short too), DOUBLE Double (Float too), BOOLEAN Boolean, VARCHAR String,
 * VARBINARY byte[] (protobuf's ByteString too), DECIMAL BigDecimal, DATE LocalDate, TIMESTAMP LocalDateTime (UTC), TIME
 * LocalTime (encoded: {@link TimeOfDay} too; {@link LocalTime#MAX} is 24:00:00 both ways), NULL null. What a side needs
 * beyond these (the server's checked ranges, SQLSTATEs, Calcite's types) stays on that side.
 */
public final class SqlValueCodec {
    /** SQL NULL on the wire. */
    public static final SqlValue NULL = SqlValue.newBuilder().setNullValue(true).build();
    private static final long MICROS = 1_000_000L;

    private SqlValueCodec() {
    }

    /** The wire value of a Java value of one of the types above (a SqlValue passes as it is); null is NULL. */
    @Nonnull
    public static SqlValue encode(@Nullable Object o) {
        SqlValue v = tryEncode(o);
        if (v == null) {
            throw new IllegalArgumentException("no SQL value for a " + o.getClass().getName());
        }
        return v;
    }

    /** As {@link #encode}, but null (not NULL) for a Java type it does not know, for the caller to decide. */
    @Nullable
    public static SqlValue tryEncode(@Nullable Object o) {
        if (o == null) {
            return NULL;
        }
        SqlValue.Builder b = SqlValue.newBuilder();
        if (o instanceof SqlValue v) {
            return v;
        } else if (o instanceof Long l) {
            return b.setInt64Value(l).build();
        } else if (o instanceof Integer i) {
            return b.setInt32Value(i).build();
        } else if (o instanceof Short s) {
            return b.setInt32Value(s).build();
        } else if (o instanceof Double d) {
            return b.setDoubleValue(d).build();
        } else if (o instanceof Float f) {
            return b.setDoubleValue(f).build();
        } else if (o instanceof Boolean z) {
            return b.setBoolValue(z).build();
        } else if (o instanceof String s) {
            return b.setStringValue(s).build();
        } else if (o instanceof byte[] bytes) {
            return b.setBytesValue(ByteString.copyFrom(bytes)).build();
        } else if (o instanceof ByteString bytes) {
            return b.setBytesValue(bytes).build();
        } else if (o instanceof BigDecimal d) {
            return b.setDecimalValue(d.toString()).build();
        } else if (o instanceof LocalDate d) {
            return date(d);
        } else if (o instanceof LocalDateTime t) {
            return timestamp(t);
        } else if (o instanceof LocalTime t) {
            return time(TimeOfDay.of(t));
        } else if (o instanceof TimeOfDay t) {
            return time(t);
        }
        return null;
    }

    /** A DATE: days since 1970-01-01. */
    @Nonnull
    public static SqlValue date(@Nonnull LocalDate d) {
        return SqlValue.newBuilder().setDateValue(Math.toIntExact(d.toEpochDay())).build();
    }

    /** A TIMESTAMP: microseconds since 1970-01-01T00:00:00, read as UTC. */
    @Nonnull
    public static SqlValue timestamp(@Nonnull LocalDateTime t) {
        return SqlValue.newBuilder().setTimestampValue(micros(t)).build();
    }

    /** A TIME: microseconds of the day. */
    @Nonnull
    public static SqlValue time(@Nonnull TimeOfDay t) {
        return SqlValue.newBuilder().setTimeValue(t.micros()).build();
    }

    /** Microseconds since 1970-01-01T00:00:00 UTC (nanoseconds below a microsecond are dropped). */
    public static long micros(@Nonnull LocalDateTime t) {
        return Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), MICROS), t.getNano() / 1000);
    }

    /** The time {@code micros} microseconds from 1970-01-01T00:00:00 UTC (negative: before it). */
    @Nonnull
    public static LocalDateTime localDateTime(long micros) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, MICROS), (int) Math.floorMod(micros, MICROS) * 1000,
                ZoneOffset.UTC);
    }

    /**
     * A wire value as Java (the types above; VARBINARY as byte[]); null for NULL. A decimal's text may have blanks
     * around it.
     *
     * @throws NumberFormatException for a decimal whose text is no number
     * @throws IllegalArgumentException for a value with no kind set, or a time out of a day's range
     */
    @Nullable
    public static Object decode(@Nonnull SqlValue v) {
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
                return new BigDecimal(v.getDecimalValue().trim());
            case DATE_VALUE:
                return LocalDate.ofEpochDay(v.getDateValue());
            case TIMESTAMP_VALUE:
                return localDateTime(v.getTimestampValue());
            case TIME_VALUE:
                return new TimeOfDay(v.getTimeValue()).toLocalTime();
            case NULL_VALUE:
                return null;
            case KIND_NOT_SET:
            default:
                throw new IllegalArgumentException("a value with no kind: " + v);
        }
    }

    /** Whether {@code v} is NULL: null_value, or no kind at all. */
    public static boolean isNull(@Nonnull SqlValue v) {
        return v.getKindCase() == SqlValue.KindCase.NULL_VALUE || v.getKindCase() == SqlValue.KindCase.KIND_NOT_SET;
    }
}
