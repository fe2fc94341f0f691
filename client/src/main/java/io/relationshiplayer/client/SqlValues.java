package io.relationshiplayer.client;

import io.relationshiplayer.proto.v1.ParameterSet;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.proto.values.SqlValueCodec;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Typed values between Java and the wire ({@link SqlValue}): BIGINT Long, INTEGER Integer, DOUBLE Double, BOOLEAN
 * Boolean, VARCHAR String, VARBINARY byte[], DECIMAL BigDecimal, DATE LocalDate, TIMESTAMP LocalDateTime (UTC), TIME
 * LocalTime (24:00:00 is LocalTime.MAX, both ways), NULL null. The conversion itself is the contracts' {@link
 * SqlValueCodec}, which the SQL service uses too.
 */
public final class SqlValues {
    public static final SqlValue NULL = SqlValueCodec.NULL;

    private SqlValues() {
    }

    /** A parameter from a Java value of one of the types above (or a SqlValue, passed as it is). */
    @Nonnull
    public static SqlValue of(@Nullable Object o) {
        return SqlValueCodec.encode(o);
    }

    /** A result value as Java (the types above); null for NULL. */
    @Nullable
    public static Object toJava(@Nonnull SqlValue v) {
        return SqlValueCodec.decode(v);
    }

    public static boolean isNull(@Nonnull SqlValue v) {
        return SqlValueCodec.isNull(v);
    }

    /** A parameter set of a batch: each value as {@link #of}. */
    @Nonnull
    static ParameterSet parameterSet(@Nonnull Object[] params) {
        ParameterSet.Builder b = ParameterSet.newBuilder();
        for (Object p : params) {
            b.addParams(of(p));
        }
        return b.build();
    }
}
