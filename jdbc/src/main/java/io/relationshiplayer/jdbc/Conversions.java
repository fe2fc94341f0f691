package io.relationshiplayer.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Calendar;
import java.util.HexFormat;
import javax.annotation.Nullable;

/**
 * Values between JDBC and the client library. Results arrive as the client's Java values (Long, Integer, Double,
 * Boolean, String, byte[], BigDecimal, LocalDate, LocalDateTime in UTC); a TIMESTAMP (without time zone) is shown as
 * its wall-clock value: {@link Timestamp#valueOf(LocalDateTime)}, as PostgreSQL's driver does.
 */
final class Conversions {

    private Conversions() {
    }

    /** A parameter for the client library from what an application passed to setObject and the typed setters. */
    @Nullable
    static Object parameter(@Nullable Object x) throws SQLException {
        if (x == null || x instanceof Long || x instanceof Integer || x instanceof Double || x instanceof Boolean
                || x instanceof String || x instanceof byte[] || x instanceof BigDecimal || x instanceof LocalDate
                || x instanceof LocalDateTime || x instanceof LocalTime) {
            return x; // a LocalTime goes as a time_value, its nanoseconds rounded to microseconds (MAX: 24:00:00)
        }
        if (x instanceof Short || x instanceof Byte) {
            return ((Number) x).intValue();
        }
        if (x instanceof Float f) {
            return f.doubleValue();
        }
        if (x instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (x instanceof Timestamp t) {
            LocalDateTime fields = t.toLocalDateTime();
            return isBc(t) ? fields.withYear(1 - fields.getYear()) : fields;
        }
        if (x instanceof Date d) {
            LocalDate fields = d.toLocalDate();
            return isBc(d) ? fields.withYear(1 - fields.getYear()) : fields;
        }
        if (x instanceof Time t) {
            // a time_value with its milliseconds (Time's toLocalTime has none)
            int millis = (int) Math.floorMod(t.getTime(), 1000L);
            return t.toLocalTime().withNano(millis * 1_000_000);
        }
        if (x instanceof java.util.Date d) {
            return LocalDateTime.ofInstant(d.toInstant(), ZoneOffset.UTC);
        }
        if (x instanceof Instant i) {
            return LocalDateTime.ofInstant(i, ZoneOffset.UTC);
        }
        if (x instanceof OffsetDateTime o) {
            return o.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        if (x instanceof ZonedDateTime z) {
            return z.withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        if (x instanceof Character c) {
            return c.toString();
        }
        if (x instanceof java.util.UUID u) {
            return u.toString();
        }
        throw new SQLDataException("no SQL value for a " + x.getClass().getName(), "22023");
    }

    /** setObject(i, x, targetSqlType): the value converted to the type the application names. */
    @Nullable
    static Object parameter(@Nullable Object x, int sqlType) throws SQLException {
        if (x == null) {
            return null;
        }
        switch (sqlType) {
            case Types.BIGINT:
                return toLong(x);
            case Types.INTEGER:
            case Types.SMALLINT:
            case Types.TINYINT:
                return (int) narrow(toLong(x), Integer.MIN_VALUE, Integer.MAX_VALUE);
            case Types.DOUBLE:
            case Types.FLOAT:
            case Types.REAL:
                return toDouble(x);
            case Types.DECIMAL:
            case Types.NUMERIC:
                return toBigDecimal(x);
            case Types.BOOLEAN:
            case Types.BIT:
                return toBoolean(x);
            case Types.VARCHAR:
            case Types.CHAR:
            case Types.LONGVARCHAR:
            case Types.NVARCHAR:
            case Types.NCHAR:
                return toText(x);
            case Types.DATE:
                return x instanceof String s ? LocalDate.parse(s) : toLocalDate(parameter(x));
            case Types.TIMESTAMP:
                return x instanceof String s ? Timestamp.valueOf(s).toLocalDateTime() : toLocalDateTime(parameter(x));
            case Types.TIME:
                return x instanceof String s ? toLocalTime(s) : toLocalTime(parameter(x));
            default:
                return parameter(x);
        }
    }

    static long toLong(Object v) throws SQLException {
        if (v instanceof Number n) {
            if (v instanceof BigDecimal d) {
                return d.longValue();
            }
            return n.longValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof String s) {
            try {
                return new BigDecimal(s.strip()).longValueExact();
            } catch (NumberFormatException | ArithmeticException e) {
                throw new SQLDataException("not an integer: " + s, "22P02", e);
            }
        }
        throw cannot(v, "an integer");
    }

    /** {@code v} if it lies in [min, max], else 22003 (numeric value out of range), never a wrapped number. */
    static long narrow(long v, long min, long max) throws SQLException {
        if (v < min || v > max) {
            throw new SQLDataException("value " + v + " is out of range [" + min + ", " + max + "]", "22003");
        }
        return v;
    }

    static double toDouble(Object v) throws SQLException {
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.strip());
            } catch (NumberFormatException e) {
                throw new SQLDataException("not a number: " + s, "22P02", e);
            }
        }
        throw cannot(v, "a number");
    }

    static BigDecimal toBigDecimal(Object v) throws SQLException {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return BigDecimal.valueOf(((Number) v).longValue());
        }
        if (v instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (v instanceof Number n) {
            return BigDecimal.valueOf(n.doubleValue());
        }
        if (v instanceof String s) {
            try {
                return new BigDecimal(s.strip());
            } catch (NumberFormatException e) {
                throw new SQLDataException("not a number: " + s, "22P02", e);
            }
        }
        if (v instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        throw cannot(v, "a decimal");
    }

    static boolean toBoolean(Object v) throws SQLException {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Number n) {
            return n.doubleValue() != 0;
        }
        if (v instanceof String s) {
            switch (s.strip().toLowerCase(java.util.Locale.ROOT)) {
                case "true": case "t": case "1": case "yes": case "y": case "on":
                    return true;
                case "false": case "f": case "0": case "no": case "n": case "off":
                    return false;
                default:
                    throw new SQLDataException("not a boolean: " + s, "22P02");
            }
        }
        throw cannot(v, "a boolean");
    }

    /**
     * Whether a Date or Timestamp is of a year before 1 AD: its toLocalDate and toLocalDateTime keep the year of its era
     * and drop the era (44 BC would be sent as 44 AD).
     */
    private static boolean isBc(java.util.Date d) {
        Calendar c = new java.util.GregorianCalendar(java.util.TimeZone.getDefault(), java.util.Locale.ROOT);
        c.setTime(d);
        return c.get(Calendar.ERA) == java.util.GregorianCalendar.BC;
    }

    /**
     * The value as text, as PostgreSQL writes it: numbers as Java writes them, bytes as \x hex, dates as yyyy-MM-dd,
     * timestamps as yyyy-MM-dd HH:mm:ss[.f], a year before 1 AD followed by BC.
     */
    static String toText(Object v) {
        if (v instanceof LocalDate d) {
            return io.relationshiplayer.proto.values.DateText.date(d);
        }
        if (v instanceof byte[] b) {
            return "\\x" + HexFormat.of().formatHex(b);
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof LocalDateTime t) {
            return io.relationshiplayer.proto.values.DateText.timestamp(t);
        }
        if (v instanceof Timestamp t) {
            return toText(t.toLocalDateTime());
        }
        if (v instanceof LocalTime t) {
            // PostgreSQL's text of a time: LocalTime.MAX is 24:00:00, a fraction only as long as it needs
            return io.relationshiplayer.proto.values.TimeOfDay.of(t).toString();
        }
        if (v instanceof Double d) {
            return io.relationshiplayer.proto.values.FloatText.text(d); // PostgreSQL's 8 and 1e+20, as PgJDBC's
        }
        return v.toString();
    }

    static byte[] toBytes(Object v) throws SQLException {
        if (v instanceof byte[] b) {
            return b;
        }
        if (v instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        throw cannot(v, "bytes");
    }

    static LocalDate toLocalDate(Object v) throws SQLException {
        if (v instanceof LocalDate d) {
            return d;
        }
        if (v instanceof LocalDateTime t) {
            return t.toLocalDate();
        }
        if (v instanceof String s) {
            try {
                return LocalDate.parse(s.strip());
            } catch (java.time.DateTimeException e) {
                throw new SQLDataException("not a date: " + s, "22007", e);
            }
        }
        throw cannot(v, "a date");
    }

    static LocalDateTime toLocalDateTime(Object v) throws SQLException {
        if (v instanceof LocalDateTime t) {
            return t;
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (v instanceof String s) {
            try {
                return Timestamp.valueOf(s.strip()).toLocalDateTime();
            } catch (IllegalArgumentException e) {
                throw new SQLDataException("not a timestamp: " + s, "22007", e);
            }
        }
        throw cannot(v, "a timestamp");
    }

    static Date toDate(Object v, @Nullable Calendar cal) throws SQLException {
        if (cal == null || v instanceof LocalDate || v instanceof String) {
            return Date.valueOf(toLocalDate(v));
        }
        return new Date(instant(toLocalDateTime(v), cal).toEpochMilli());
    }

    /** A TIME's text as a LocalTime; PostgreSQL's 24:00:00 is LocalTime.MAX, as PostgreSQL's driver makes it. */
    static LocalTime toLocalTime(String text) throws SQLException {
        String s = text.strip();
        if (s.startsWith("24:00:00")) {
            return LocalTime.MAX;
        }
        try {
            return LocalTime.parse(s);
        } catch (java.time.format.DateTimeParseException e) {
            throw new SQLDataException("not a time: " + text, "22007", e);
        }
    }

    /** A TIME value (a LocalTime, or a time's text) as a LocalTime. */
    static LocalTime toLocalTime(Object v) throws SQLException {
        if (v instanceof LocalTime t) {
            return t;
        }
        if (v instanceof String s) {
            return toLocalTime(s);
        }
        return toLocalDateTime(v).toLocalTime();
    }

    static Time toTime(Object v, @Nullable Calendar cal) throws SQLException {
        if (v instanceof String || v instanceof LocalTime) {
            // a TIME (or a time's text, with up to six digits of a second's fraction): its milliseconds kept, as
            // java.sql.Time holds them
            LocalTime t = toLocalTime(v);
            Time time = Time.valueOf(t.withNano(0));
            time.setTime(time.getTime() + t.getNano() / 1_000_000);
            return time;
        }
        LocalDateTime t = toLocalDateTime(v);
        if (cal == null) {
            return Time.valueOf(t.toLocalTime());
        }
        return new Time(instant(t, cal).toEpochMilli());
    }

    static Timestamp toTimestamp(Object v, @Nullable Calendar cal) throws SQLException {
        LocalDateTime t = toLocalDateTime(v);
        return cal == null ? Timestamp.valueOf(t) : Timestamp.from(instant(t, cal));
    }

    /** A setter's value given with a Calendar: the instant's wall clock in the calendar's zone. */
    static LocalDateTime fromCalendar(java.util.Date d, @Nullable Calendar cal) {
        if (cal == null) {
            return d instanceof Timestamp t ? t.toLocalDateTime() : new Timestamp(d.getTime()).toLocalDateTime();
        }
        Instant i = d instanceof Timestamp t ? t.toInstant() : Instant.ofEpochMilli(d.getTime());
        return LocalDateTime.ofInstant(i, cal.getTimeZone().toZoneId());
    }

    private static Instant instant(LocalDateTime t, Calendar cal) {
        ZoneId zone = cal.getTimeZone().toZoneId();
        return t.atZone(zone).toInstant();
    }

    /** getObject(i, type): the value as the class the application asks for. */
    @SuppressWarnings("unchecked")
    static <T> T as(Object v, Class<T> type) throws SQLException {
        Object out;
        if (type.isInstance(v) && !(v instanceof java.util.Date)) {
            out = v;
        } else if (type == String.class) {
            out = toText(v);
        } else if (type == Long.class || type == long.class) {
            out = toLong(v);
        } else if (type == Integer.class || type == int.class) {
            out = (int) narrow(toLong(v), Integer.MIN_VALUE, Integer.MAX_VALUE);
        } else if (type == Short.class || type == short.class) {
            out = (short) narrow(toLong(v), Short.MIN_VALUE, Short.MAX_VALUE);
        } else if (type == Byte.class || type == byte.class) {
            out = (byte) narrow(toLong(v), Byte.MIN_VALUE, Byte.MAX_VALUE);
        } else if (type == Double.class || type == double.class) {
            out = toDouble(v);
        } else if (type == Float.class || type == float.class) {
            out = (float) toDouble(v);
        } else if (type == BigDecimal.class) {
            out = toBigDecimal(v);
        } else if (type == BigInteger.class) {
            out = toBigDecimal(v).toBigInteger();
        } else if (type == Boolean.class || type == boolean.class) {
            out = toBoolean(v);
        } else if (type == byte[].class) {
            out = toBytes(v);
        } else if (type == LocalDate.class) {
            out = toLocalDate(v);
        } else if (type == LocalDateTime.class) {
            out = toLocalDateTime(v);
        } else if (type == LocalTime.class) {
            out = toLocalTime(v);
        } else if (type == OffsetDateTime.class) {
            out = toLocalDateTime(v).atOffset(ZoneOffset.UTC);
        } else if (type == Instant.class) {
            out = toLocalDateTime(v).toInstant(ZoneOffset.UTC);
        } else if (type == Date.class) {
            out = toDate(v, null);
        } else if (type == Timestamp.class) {
            out = toTimestamp(v, null);
        } else if (type == Time.class) {
            out = toTime(v, null);
        } else {
            throw cannot(v, type.getName());
        }
        return (T) out;
    }

    private static SQLException cannot(Object v, String what) {
        return new SQLDataException("cannot read a " + v.getClass().getSimpleName() + " as " + what, "22023");
    }
}
