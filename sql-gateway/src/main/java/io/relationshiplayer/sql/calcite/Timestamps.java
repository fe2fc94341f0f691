package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.util.TimestampString;

/**
 * TIMESTAMP values as SQL keeps them: microseconds since 1970-01-01T00:00:00 (UTC), as PostgreSQL keeps them and as
 * the record and the wire hold them. Calcite's runtime reads its TIMESTAMP long as milliseconds; in our plans it is
 * microseconds from the scan to the result ({@link TimestampMicros} rewrites or refuses what would read it otherwise).
 * Text and casts to a smaller precision are rounded as PostgreSQL rounds them.
 */
public final class Timestamps {
    /** Digits of a second's fraction a TIMESTAMP keeps: microseconds, as PostgreSQL's. */
    public static final int PRECISION = 6;
    /** PostgreSQL's datetime_field_overflow: a value SQL cannot keep exactly, or a field out of range. */
    public static final String FIELD_OVERFLOW = "22008";
    /** PostgreSQL's invalid_datetime_format. */
    public static final String INVALID_FORMAT = "22007";
    /** Microseconds in a second, a day. */
    public static final long SECOND = 1_000_000L;
    public static final long DAY = 86_400L * SECOND;

    /**
     * PostgreSQL's earliest timestamp, 4714-11-24 00:00:00 BC, and the latest of microseconds since 1970 in 64 bits
     * (the record's and the wire's), 294246-12-31 23:59:59.999999 (PostgreSQL's is in 294276).
     */
    public static final long MIN = LocalDateTime.of(-4713, 11, 24, 0, 0).toEpochSecond(ZoneOffset.UTC) * SECOND;
    public static final long MAX = LocalDateTime.of(294247, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC) * SECOND - 1;

    /** Text of a timestamp: {@code yyyy-mm-dd[( |T)hh:mm[:ss[.fraction]]][ BC]}, blanks around it allowed. */
    private static final Pattern TEXT = Pattern.compile("\\s*(\\d{1,6})-(\\d{1,2})-(\\d{1,2})"
            + "(?:(?:\\s+|T)(\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d*))?)?)?(?:\\s+(BC|AD|bc|ad))?\\s*");

    private Timestamps() {
    }

    /**
     * The digits of a second's fraction a TIMESTAMP column keeps: its type's precision if set and below six (0 for a
     * TIMESTAMP(0)), else six (unset: TIMESTAMP).
     */
    public static int precision(io.relationshiplayer.proto.v1.ColumnType t) {
        return io.relationshiplayer.relationships.TimestampPrecision.of(t);
    }

    /** Microseconds since the epoch of {@code v}; 22008 naming {@code what} if it has digits below a microsecond. */
    public static long micros(LocalDateTime v, String what) {
        if (v.getNano() % 1000 != 0) {
            throw new SqlException(FIELD_OVERFLOW, what + " = " + v + " has digits below a microsecond, which "
                    + "TIMESTAMP does not keep");
        }
        return Math.addExact(Math.multiplyExact(v.toEpochSecond(ZoneOffset.UTC), SECOND), v.getNano() / 1000);
    }

    /** Microseconds since the epoch of a literal's value. */
    public static long micros(TimestampString t) {
        return micros(LocalDateTime.parse(t.toString().replace(' ', 'T')), "TIMESTAMP");
    }

    /** The literal's value of {@code micros}. */
    public static TimestampString literal(long micros) {
        LocalDateTime t = fromMicros(micros);
        return new TimestampString(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
                t.getSecond()).withNanos(t.getNano());
    }

    /**
     * A parameter's value ({@code sqlType} the parameter's JDBC type, {@code position} its 1-based number) as the plan
     * keeps it: a LocalDateTime or text bound to a TIMESTAMP parameter is its microseconds (text read as PostgreSQL
     * reads it, {@link #parse}).
     */
    public static Object parameter(int sqlType, Object v, int position) {
        if (sqlType != java.sql.Types.TIMESTAMP) {
            return v;
        }
        if (v instanceof LocalDateTime t) {
            return micros(t, "parameter $" + position);
        } else if (v instanceof java.sql.Timestamp t) {
            return micros(t.toLocalDateTime(), "parameter $" + position);
        } else if (v instanceof java.time.LocalDate d) {
            return micros(d.atStartOfDay(), "parameter $" + position);
        } else if (v instanceof String s) {
            try {
                return parse(s, PRECISION);
            } catch (SqlException e) {
                throw new SqlException(e.sqlState(), "parameter $" + position + ": " + e.getMessage());
            }
        } else if (v != null) {
            // a number would be read as microseconds since the epoch (Calcite read milliseconds); PostgreSQL refuses it
            throw new SqlException(SqlException.DATATYPE_MISMATCH, "parameter $" + position + " is of type "
                    + v.getClass().getSimpleName() + " but a timestamp is expected");
        }
        return v;
    }

    /** The time {@code micros} microseconds from the epoch. */
    public static LocalDateTime fromMicros(long micros) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, SECOND), (int) Math.floorMod(micros, SECOND) * 1000,
                ZoneOffset.UTC);
    }

    /**
     * Whether the text of an interval literal has non-zero digits below a millisecond, which Calcite's intervals (a
     * long of milliseconds) do not keep.
     */
    public static boolean hasSubMillisecondDigits(String text) {
        int dot = text.indexOf('.');
        if (dot < 0) {
            return false;
        }
        for (int i = dot + 1 + 3; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i)) && text.charAt(i) != '0') {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code text} as a TIMESTAMP({@code precision}) in microseconds: the fraction rounded to microseconds, then to
     * {@code precision} digits, as PostgreSQL reads it; 22007 for text that is no timestamp, 22008 for a field out of
     * range.
     */
    public static long parse(String text, int precision) {
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            throw new SqlException(INVALID_FORMAT, "invalid input syntax for type timestamp: \"" + text + "\"");
        }
        return round(parseMicros(m, text), precision);
    }

    /** Microseconds since the epoch of the text {@code m} matched, its fraction rounded to six digits. */
    private static long parseMicros(Matcher m, String text) {
        LocalDateTime seconds;
        try {
            int year = Integer.parseInt(m.group(1));
            if (year == 0) {
                throw new DateTimeException("year 0");
            }
            seconds = LocalDateTime.of("BC".equalsIgnoreCase(m.group(8)) ? 1 - year : year,
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), m.group(4) == null ? 0 : Integer.parseInt(m.group(4)),
                    m.group(5) == null ? 0 : Integer.parseInt(m.group(5)),
                    m.group(6) == null ? 0 : Integer.parseInt(m.group(6)));
        } catch (DateTimeException e) {
            throw new SqlException(FIELD_OVERFLOW, "date/time field value out of range: \"" + text + "\"");
        }
        String fraction = m.group(7) == null ? "" : m.group(7);
        long micros = 0;
        for (int i = 0; i < 6; i++) {
            micros = micros * 10 + (i < fraction.length() ? fraction.charAt(i) - '0' : 0);
        }
        if (fraction.length() > 6 && fraction.charAt(6) >= '5') {
            micros++;
        }
        long total = seconds.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + micros;
        if (total < MIN || total > MAX) {
            throw new SqlException(FIELD_OVERFLOW, "timestamp out of range: \"" + text.strip() + "\"");
        }
        return total;
    }

    /**
     * Whether the text of a TIMESTAMP literal is one Calcite's parser would refuse or misread but PostgreSQL reads: a
     * year BC or of more than four digits, a date without a time, a time without seconds, a {@code T} between them,
     * fields of one digit, a day of the ten 1582-10-05 to 14 (which Calcite checks against the Julian calendar).
     */
    public static boolean isBeyondLiterals(String text) {
        return TEXT.matcher(text).matches() && !CALCITE.matcher(text).matches() || Dates.GAP.matcher(text).matches();
    }

    /** Text of a timestamp as Calcite's literal reads it. */
    private static final Pattern CALCITE = Pattern.compile(
            "\\s*\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(\\.\\d*)?\\s*");

    /**
     * The text of a timestamp literal with more than six digits of a second's fraction rounded to microseconds, as
     * PostgreSQL reads it ({@code 12:00:00.0059996} is {@code 12:00:00.006}, {@code 23:59:59.9999995} the next day's
     * midnight); any other text as it is (what is no timestamp is for the reader to refuse).
     */
    public static String roundedToMicroseconds(String text) {
        Matcher m = TEXT.matcher(text);
        if (!m.matches() || m.group(7) == null || m.group(7).length() <= 6) {
            return text;
        }
        try {
            long micros = parseMicros(m, text);
            return text(LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                    (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC));
        } catch (SqlException | DateTimeException e) {
            return text;
        }
    }

    /**
     * {@code micros} rounded to {@code precision} digits of a second's fraction, as PostgreSQL rounds a timestamp:
     * halves away from its epoch, 2000-01-01 (so 1990-06-01 00:00:00.5 rounds down).
     */
    public static long round(long micros, int precision) {
        return io.relationshiplayer.relationships.TimestampPrecision.round(micros, precision); // the write path's rule
    }

    /** {@code micros} as PostgreSQL writes a timestamp: {@code yyyy-mm-dd hh:mm:ss}, and a fraction if it has one. */
    public static String text(long micros) {
        return text(fromMicros(micros));
    }

    private static String text(LocalDateTime t) {
        return io.relationshiplayer.proto.values.DateText.timestamp(t);
    }
}
