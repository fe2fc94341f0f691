package io.relationshiplayer.client;

import com.google.protobuf.ByteString;
import io.relationshiplayer.proto.v1.SqlValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Typed values between Java and the wire ({@link SqlValue}): BIGINT Long, INTEGER Integer, DOUBLE Double, BOOLEAN
 * Boolean, VARCHAR String, VARBINARY byte[], DECIMAL BigDecimal, DATE LocalDate, TIMESTAMP LocalDateTime (UTC), NULL
 * null.
 */
public final class SqlValues {
    public static final SqlValue NULL = SqlValue.newBuilder().setNullValue(true).build();

    private SqlValues() {
    }

    /** A parameter from a Java value of one of the types above (or a SqlValue, passed as it is). */
    @Nonnull
    public static SqlValue of(@Nullable Object o) {
        SqlValue.Builder b = SqlValue.newBuilder();
        if (o == null) {
            return NULL;
        } else if (o instanceof SqlValue v) {
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
            return b.setDateValue(Math.toIntExact(d.toEpochDay())).build();
        } else if (o instanceof LocalDateTime t) {
            return b.setTimestampValue(Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), 1_000_000L),
                    t.getNano() / 1000)).build();
        }
        throw new IllegalArgumentException("no SQL value for a " + o.getClass().getName());
    }

    /** A result value as Java (the types above); null for NULL. */
    @Nullable
    public static Object toJava(@Nonnull SqlValue v) {
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
                return new BigDecimal(v.getDecimalValue());
            case DATE_VALUE:
                return LocalDate.ofEpochDay(v.getDateValue());
            case TIMESTAMP_VALUE:
                long micros = v.getTimestampValue();
                return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                        (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
            case NULL_VALUE:
                return null;
            default:
                throw new IllegalArgumentException("a value with no kind: " + v);
        }
    }

    public static boolean isNull(@Nonnull SqlValue v) {
        return v.getKindCase() == SqlValue.KindCase.NULL_VALUE || v.getKindCase() == SqlValue.KindCase.KIND_NOT_SET;
    }

    /** A parameter set of a batch: each value as {@link #of}. */
    @Nonnull
    static io.relationshiplayer.proto.v1.ParameterSet parameterSet(@Nonnull Object[] params) {
        io.relationshiplayer.proto.v1.ParameterSet.Builder b = io.relationshiplayer.proto.v1.ParameterSet.newBuilder();
        for (Object p : params) {
            b.addParams(of(p));
        }
        return b.build();
    }
}
