package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import org.apache.calcite.util.TimeString;

/**
 * TIME values as SQL keeps them: microseconds of the day, 0 to 86,400,000,000 (24:00:00 is a TIME in PostgreSQL), as
 * PostgreSQL keeps them. Calcite's generated code holds a TIME as an int of milliseconds, which cannot hold
 * microseconds; in our plans it is a long of microseconds ({@link RlJavaTypes}), and {@link TimeFunctions} rewrites or
 * refuses what would read it otherwise.
 */
public final class Times {
    /** Digits of a second's fraction a TIME keeps: microseconds, as PostgreSQL's. */
    public static final int PRECISION = 6;
    /** Microseconds in a day: the largest TIME, 24:00:00. */
    public static final long DAY = Timestamps.DAY;


    private Times() {
    }

    /**
     * {@code text} as a TIME({@code precision}) in microseconds of the day, as PostgreSQL reads it: the fraction
     * rounded to microseconds, then to {@code precision} digits (half away from zero; 23:59:59.9999995 is 24:00:00);
     * 22007 for text that is no time, 22008 for a field out of range.
     */
    public static long parse(String text, int precision) {
        try {
            return round(io.relationshiplayer.proto.values.TimeOfDay.parse(text).micros(), precision);
        } catch (java.time.format.DateTimeParseException e) {
            throw new SqlException(Timestamps.INVALID_FORMAT, e.getMessage());
        } catch (java.time.DateTimeException e) {
            throw new SqlException(Timestamps.FIELD_OVERFLOW, e.getMessage());
        }
    }

    /** A TIME literal's microseconds of the day (its digits below a microsecond rounded, as PostgreSQL reads it). */
    public static long micros(TimeString t) {
        return parse(t.toString(), PRECISION);
    }

    /** {@code micros} of the day rounded to {@code precision} digits of a second's fraction, halves up. */
    public static long round(long micros, int precision) {
        if (precision >= PRECISION || precision < 0) {
            return micros;
        }
        long unit = 1;
        for (int i = precision; i < PRECISION; i++) {
            unit *= 10;
        }
        return (micros + unit / 2) / unit * unit;
    }

    /** {@code micros} of the day as PostgreSQL writes a time: {@code hh:mm:ss}, and a fraction if it has one. */
    public static String text(long micros) {
        return new io.relationshiplayer.proto.values.TimeOfDay(micros).toString();
    }

    /** The time of day of {@code micros} (24:00:00 as the next midnight), for a client's LocalTime. */
    public static java.time.LocalTime localTime(long micros) {
        return java.time.LocalTime.ofNanoOfDay(Math.floorMod(micros, DAY) * 1000);
    }

    /**
     * A parameter's value ({@code sqlType} the parameter's JDBC type, {@code position} its 1-based number) as the plan
     * keeps a TIME: its microseconds of the day; text read as PostgreSQL reads it ({@link #parse}).
     */
    public static Object parameter(int sqlType, Object v, int position) {
        if (sqlType != java.sql.Types.TIME || v == null) {
            return v;
        }
        if (v instanceof io.relationshiplayer.proto.values.TimeOfDay t) {
            return t.micros();
        } else if (v instanceof java.time.LocalTime t) {
            return t.toNanoOfDay() / 1000 + (t.getNano() % 1000 >= 500 ? 1 : 0);
        } else if (v instanceof java.sql.Time t) {
            return t.toLocalTime().toNanoOfDay() / 1000;
        } else if (v instanceof String s) {
            try {
                return parse(s, PRECISION);
            } catch (SqlException e) {
                throw new SqlException(e.sqlState(), "parameter $" + position + ": " + e.getMessage());
            }
        }
        throw new SqlException(SqlException.DATATYPE_MISMATCH, "parameter $" + position + " is of type "
                + v.getClass().getSimpleName() + " but a time is expected");
    }
}
