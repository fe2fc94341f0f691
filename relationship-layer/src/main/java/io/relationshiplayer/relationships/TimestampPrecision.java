package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.values.TimeOfDay;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * A {@code TIMESTAMP(p)} or {@code TIME(p)} column's precision and PostgreSQL's rounding of a value to it, applied by
 * the write path to every value written to such a column ({@link Values#written}), whoever writes it (SQL's INSERT,
 * UPDATE, upsert and batches, and any other user of the relationship layer), and by SQL to its casts and literals.
 */
public final class TimestampPrecision {
    /** The digits of a second's fraction a TIMESTAMP keeps at most: microseconds. */
    public static final int MAX = 6;
    private static final long DAY_MICROS = 86_400_000_000L;
    /** PostgreSQL's epoch, 2000-01-01 00:00:00, in microseconds since 1970's: halves round away from it. */
    private static final long POSTGRES_EPOCH = 10_957L * DAY_MICROS;
    private static final LocalDateTime UNIX_EPOCH = LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC);

    private TimestampPrecision() {
    }

    /**
     * The digits of a second's fraction a TIMESTAMP column of type {@code t} keeps: its precision if set and below six
     * (0 for a TIMESTAMP(0)), else six (unset: TIMESTAMP).
     */
    public static int of(ColumnType t) {
        return t.hasPrecision() && t.getPrecision() >= 0 && t.getPrecision() < MAX ? t.getPrecision() : MAX;
    }

    /**
     * {@code micros} rounded to {@code precision} digits of a second's fraction, as PostgreSQL rounds a timestamp:
     * halves away from its epoch, 2000-01-01 (so 1990-06-01 00:00:00.5 rounds down).
     */
    public static long round(long micros, int precision) {
        if (precision >= MAX) {
            return micros;
        }
        long unit = 1;
        for (int i = precision; i < MAX; i++) {
            unit *= 10;
        }
        long value = micros - POSTGRES_EPOCH;
        long rounded = value >= 0 ? (value + unit / 2) / unit * unit : -((-value + unit / 2) / unit * unit);
        return rounded + POSTGRES_EPOCH;
    }

    /**
     * {@code value} (of microseconds) as column {@code c} keeps it: rounded to its precision if that is below six (a
     * TIME(p) halves up, as PostgreSQL rounds a time: 23:59:59.9 in a TIME(0) is 24:00:00).
     */
    static Object toColumn(ColumnDef c, Object value) {
        if (value instanceof TimeOfDay t && c.getType().getKind() == ColumnKind.TIME) {
            return t.round(of(c.getType()));
        }
        if (!(value instanceof LocalDateTime t) || c.getType().getKind() != ColumnKind.TIMESTAMP) {
            return value;
        }
        int precision = of(c.getType());
        if (precision >= MAX) {
            return value;
        }
        long micros = ChronoUnit.MICROS.between(UNIX_EPOCH, t);
        return UNIX_EPOCH.plus(round(micros, precision), ChronoUnit.MICROS);
    }
}
