package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * TIMESTAMP values as SQL keeps them: milliseconds since 1970-01-01T00:00:00 (UTC), Calcite's runtime form, where
 * PostgreSQL keeps microseconds. A value with digits below a millisecond is refused (22008) wherever it enters (a
 * literal, a parameter, text cast to TIMESTAMP, a stored value written by the record API), never truncated; text and
 * casts to a smaller precision are rounded as PostgreSQL rounds them.
 */
public final class Timestamps {
    /** Digits of a second's fraction a TIMESTAMP keeps. */
    public static final int PRECISION = 3;
    /** PostgreSQL's datetime_field_overflow: a value SQL cannot keep exactly, or a field out of range. */
    public static final String FIELD_OVERFLOW = "22008";
    /** PostgreSQL's invalid_datetime_format. */
    public static final String INVALID_FORMAT = "22007";

    /** Text of a timestamp: {@code yyyy-mm-dd[( |T)hh:mm[:ss[.fraction]]]}, blanks around it allowed. */
    private static final Pattern TEXT = Pattern.compile("\\s*(\\d{1,4})-(\\d{1,2})-(\\d{1,2})"
            + "(?:(?:\\s+|T)(\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d*))?)?)?\\s*");

    private Timestamps() {
    }

    /** Milliseconds since the epoch of {@code v}, exactly; 22008 naming {@code what} if it has finer digits. */
    public static long millis(LocalDateTime v, String what) {
        if (v.getNano() % 1_000_000 != 0) {
            throw subMillisecond(what + " = " + text(v));
        }
        return v.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    /**
     * A parameter's value ({@code sqlType} the parameter's JDBC type, {@code position} its 1-based number) as Calcite
     * can keep it: a LocalDateTime with digits below a millisecond is refused (22008), never truncated; text bound to
     * a TIMESTAMP parameter is read as PostgreSQL reads it ({@link #parse}).
     */
    public static Object parameter(int sqlType, Object v, int position) {
        if (v instanceof LocalDateTime t) {
            millis(t, "parameter $" + position);
        } else if (v instanceof String s && sqlType == java.sql.Types.TIMESTAMP) {
            try {
                return fromMillis(parse(s, PRECISION));
            } catch (SqlException e) {
                throw new SqlException(e.sqlState(), "parameter $" + position + ": " + e.getMessage());
            }
        }
        return v;
    }

    /** The time {@code millis} milliseconds from the epoch. */
    public static LocalDateTime fromMillis(long millis) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000), (int) Math.floorMod(millis, 1000) * 1_000_000,
                ZoneOffset.UTC);
    }

    /** The error for a value with digits below a millisecond ({@code value} names it). */
    public static SqlException subMillisecond(String value) {
        return new SqlException(FIELD_OVERFLOW, value + " has digits below a millisecond, which TIMESTAMP does not "
                + "keep (it keeps milliseconds, not PostgreSQL's microseconds): round it to milliseconds");
    }

    /** Whether the text of a timestamp literal ({@code TimestampString}'s) has non-zero digits below a millisecond. */
    public static boolean hasSubMillisecondDigits(String text) {
        int dot = text.indexOf('.');
        if (dot < 0) {
            return false;
        }
        for (int i = dot + 1 + PRECISION; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i)) && text.charAt(i) != '0') {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code text} as a TIMESTAMP({@code precision}) in milliseconds: the fraction rounded to microseconds, then to
     * {@code precision} digits, as PostgreSQL reads it; 22007 for text that is no timestamp, 22008 for a field out of
     * range or (at a precision of 3 or more) for digits below a millisecond that would remain.
     */
    public static long parse(String text, int precision) {
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            throw new SqlException(INVALID_FORMAT, "invalid input syntax for type timestamp: \"" + text + "\"");
        }
        long total = parseMicros(m, text);
        if (precision >= PRECISION) {
            if (total % 1000 != 0) {
                throw subMillisecond("\"" + text.strip() + "\"");
            }
            return total / 1000;
        }
        return round(total, pow10(6 - precision)) / 1000;
    }

    /** Microseconds since the epoch of the text {@code m} matched, its fraction rounded to six digits. */
    private static long parseMicros(Matcher m, String text) {
        LocalDateTime seconds;
        try {
            seconds = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), m.group(4) == null ? 0 : Integer.parseInt(m.group(4)),
                    m.group(5) == null ? 0 : Integer.parseInt(m.group(5)),
                    m.group(6) == null ? 0 : Integer.parseInt(m.group(6)));
        } catch (DateTimeException e) {
            throw new SqlException(FIELD_OVERFLOW, "date/time field value out of range: \"" + text + "\"");
        }
        if (seconds.getYear() < 1) {
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
        return seconds.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + micros;
    }

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

    /** {@code millis} rounded to {@code precision} digits of a second's fraction, as PostgreSQL rounds a timestamp. */
    public static long round(long millis, int precision) {
        return precision >= PRECISION ? millis : round(millis, pow10(PRECISION - precision));
    }

    /** PostgreSQL's rounding of a timestamp to a multiple of {@code unit}: halves away from the epoch. */
    private static long round(long value, long unit) {
        return value >= 0 ? (value + unit / 2) / unit * unit : -((-value + unit / 2) / unit * unit);
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    /** {@code millis} as PostgreSQL writes a timestamp: {@code yyyy-mm-dd hh:mm:ss}, and a fraction if it has one. */
    public static String text(long millis) {
        return text(fromMillis(millis));
    }

    private static String text(LocalDateTime t) {
        String s = String.format("%04d-%02d-%02d %02d:%02d:%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return s;
        }
        String fraction = String.format("%09d", t.getNano());
        int end = fraction.length();
        while (fraction.charAt(end - 1) == '0') {
            end--;
        }
        return s + "." + fraction.substring(0, end);
    }
}
