package io.relationshiplayer.cli.copy;

import io.relationshiplayer.cli.sql.Values;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.SqlValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.Locale;

/**
 * COPY's values between text and the column types: a field's text becomes the Java value of its column's type (sent
 * typed, so the server casts nothing), with PostgreSQL's SQLSTATEs for text that is not one (22P02 invalid input
 * syntax, 22003 out of range, 22007 a bad date, time or timestamp, 22008 a time out of range); a result value becomes
 * the text PostgreSQL's COPY writes (booleans t and f, floating-point numbers in PostgreSQL's shortest form, bytes as
 * \x hex).
 */
final class CopyValues {
    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE).optionalStart().appendLiteral(' ').optionalEnd()
            .optionalStart().appendLiteral('T').optionalEnd()
            .appendValue(ChronoField.HOUR_OF_DAY, 2).appendLiteral(':').appendValue(ChronoField.MINUTE_OF_HOUR, 2)
            .optionalStart().appendLiteral(':').appendValue(ChronoField.SECOND_OF_MINUTE, 2)
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd().optionalEnd()
            .toFormatter(Locale.ROOT).withResolverStyle(ResolverStyle.STRICT)
            .withChronology(java.time.chrono.IsoChronology.INSTANCE);

    private CopyValues() {
    }

    /** The value of {@code text} for a column of {@code type}. */
    static Object parse(String text, ColumnType type) {
        ColumnKind kind = type.getKind();
        String s = text.strip();
        try {
            switch (kind) {
                case BIGINT:
                    return integer(s, Long.MIN_VALUE, Long.MAX_VALUE, "bigint");
                case INTEGER:
                    return (int) integer(s, Integer.MIN_VALUE, Integer.MAX_VALUE, "integer");
                case SMALLINT:
                    return (int) integer(s, Short.MIN_VALUE, Short.MAX_VALUE, "smallint");
                case DOUBLE:
                    return floating(s);
                case DECIMAL:
                    return new BigDecimal(s);
                case BOOLEAN:
                    return bool(s);
                case DATE:
                    return LocalDate.parse(s);
                case TIMESTAMP:
                    return LocalDateTime.parse(s, TIMESTAMP);
                case TIME:
                    return io.relationshiplayer.proto.values.TimeOfDay.parse(s); // sent as a time_value
                case VARBINARY:
                    return bytes(text);
                default:
                    return text;
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            boolean time = kind == ColumnKind.DATE || kind == ColumnKind.TIMESTAMP || kind == ColumnKind.TIME;
            throw new CopyException(time ? "22007" : "22P02", "invalid input syntax for type " + typeName(kind)
                    + ": \"" + text + "\"");
        } catch (java.time.DateTimeException e) {
            // a time's field out of range ('25:00'), as PostgreSQL's 22008
            throw new CopyException("22008", "date/time field value out of range: \"" + text + "\"");
        }
    }

    /** The text COPY writes for a non-null value. */
    static String text(SqlValue v) {
        return switch (v.getKindCase()) {
            case BOOL_VALUE -> v.getBoolValue() ? "t" : "f";
            case DOUBLE_VALUE -> io.relationshiplayer.proto.values.FloatText.text(v.getDoubleValue());
            default -> Values.text(v);
        };
    }

    /** PostgreSQL's type names, as its messages give them. */
    static String typeName(ColumnKind kind) {
        return switch (kind) {
            case BIGINT -> "bigint";
            case INTEGER -> "integer";
            case SMALLINT -> "smallint";
            case DOUBLE -> "double precision";
            case DECIMAL -> "numeric";
            case BOOLEAN -> "boolean";
            case DATE -> "date";
            case TIMESTAMP -> "timestamp";
            case TIME -> "time";
            case VARBINARY -> "bytea";
            default -> "character varying";
        };
    }

    private static long integer(String s, long min, long max, String type) {
        if (!s.matches("[+-]?[0-9]+")) {
            throw new NumberFormatException(s);
        }
        BigDecimal v = new BigDecimal(s);
        if (v.compareTo(BigDecimal.valueOf(min)) < 0 || v.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new CopyException("22003", "value \"" + s + "\" is out of range for type " + type);
        }
        return v.longValueExact();
    }

    private static double floating(String s) {
        String lower = s.toLowerCase(Locale.ROOT);
        switch (lower) {
            case "nan":
                return Double.NaN;
            case "infinity", "+infinity", "inf", "+inf":
                return Double.POSITIVE_INFINITY;
            case "-infinity", "-inf":
                return Double.NEGATIVE_INFINITY;
            default:
                if (!lower.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)(e[+-]?[0-9]+)?")) {
                    throw new NumberFormatException(s);
                }
                double d = Double.parseDouble(s);
                if (Double.isInfinite(d)) {
                    throw new CopyException("22003", "\"" + s + "\" is out of range for type double precision");
                }
                return d;
        }
    }

    /** PostgreSQL's boolean input: true, yes, on, 1 and their false counterparts, or a unique prefix of a word. */
    private static boolean bool(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        if (l.equals("1") || !l.isEmpty() && ("true".startsWith(l) || "yes".startsWith(l)) || l.equals("on")) {
            return true;
        }
        if (l.equals("0") || !l.isEmpty() && ("false".startsWith(l) || "no".startsWith(l)) || l.length() > 1
                && "off".startsWith(l)) {
            return false;
        }
        throw new NumberFormatException(s);
    }

    /** bytea input: \x hex, else the escape format (\\ a backslash, \ooo an octal byte, other characters as UTF-8). */
    private static byte[] bytes(String s) {
        if (s.startsWith("\\x")) {
            String hex = s.substring(2).replaceAll("\\s", "");
            try {
                return HexFormat.of().parseHex(hex);
            } catch (IllegalArgumentException e) {
                throw new NumberFormatException(s);
            }
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                byte[] b = String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                    b = s.substring(i, i + 2).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    i++;
                }
                out.writeBytes(b);
            } else if (i + 1 < s.length() && s.charAt(i + 1) == '\\') {
                out.write('\\');
                i++;
            } else if (i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-3][0-7][0-7]")) {
                out.write(Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                throw new NumberFormatException(s);
            }
        }
        return out.toByteArray();
    }
}
