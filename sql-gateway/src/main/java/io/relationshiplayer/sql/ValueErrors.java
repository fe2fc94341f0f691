package io.relationshiplayer.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Failures of the generated code that evaluates values, as PostgreSQL reports them, where the JVM's or Calcite's
 * message named Java's classes or was XX000: text that is no number ({@code For input string: "a"}: the type from the
 * parser that failed), a DATE cast of text that is none (22007, 22008), overflow in PostgreSQL's words ({@code integer
 * out of range}), a scalar subquery of more than one row (21000), the logarithm of zero (2201E), {@code to_date}'s
 * text that does not fit its format (22007) and {@code chr} of no character (22023, 54000). No position: the value is
 * computed as rows are read.
 */
final class ValueErrors {
    private static final Pattern INPUT = Pattern.compile("For input string: \"(.*?)\"(?: under radix \\d+)?");
    private static final Pattern DATE = Pattern.compile("Invalid DATE value, '(.*)'");
    private static final Pattern DATE_FIELD = Pattern.compile("Value of \\w+ field is out of range in '(.*)'");
    private static final Pattern OUT_OF_RANGE = Pattern.compile("(smallint|integer|bigint|tinyint) out of range: .*");
    private static final Pattern FORMAT = Pattern.compile("Invalid format: '(.*)' for datetime string: '(.*)'\\.");
    private static final Pattern CODE_POINT = Pattern.compile("Not a valid Unicode code point: 0x([0-9A-Fa-f]+)");

    private ValueErrors() {
    }

    /** {@code c} as PostgreSQL's error, or null if it is none of these. */
    static SqlException of(Throwable c) {
        String m = String.valueOf(c.getMessage());
        Matcher x;
        if (c instanceof NumberFormatException) {
            x = INPUT.matcher(m);
            String type = parsedType(c);
            return new SqlException(SqlException.INVALID_TEXT, "invalid input syntax for type " + type
                    + (x.matches() ? ": \"" + x.group(1) + "\"" : ""), 0, 0, c);
        }
        if (c instanceof ArithmeticException) {
            if (m.contains("by zero")) {
                return new SqlException(SqlException.DIVISION_BY_ZERO, "division by zero", 0, 0, c);
            }
            return new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, overflow(m), 0, 0, c);
        }
        if ((x = DATE.matcher(m)).matches()) {
            return new SqlException("22007", "invalid input syntax for type date: \"" + x.group(1) + "\"", 0, 0, c);
        }
        if ((x = DATE_FIELD.matcher(m)).matches()) {
            return new SqlException("22008", "date/time field value out of range: \"" + x.group(1) + "\"", 0, 0, c);
        }
        if (m.startsWith("more than one value in agg SINGLE_VALUE")) {
            return new SqlException("21000", "more than one row returned by a subquery used as an expression", 0, 0,
                    c);
        }
        if (m.startsWith("Substring error: negative substring length not allowed")
                || c instanceof StringIndexOutOfBoundsException) {
            // Calcite's OVERLAY from a negative position cut the text at a negative index
            return new SqlException("22011", "negative substring length not allowed", 0, 0, c);
        }
        if (m.startsWith("Invalid escape sequence")) {
            // Calcite's SIMILAR TO with an escape before an ordinary character
            return new SqlException("22025", "invalid escape sequence in pattern", 0, 0, c);
        }
        if (m.startsWith("Cannot take logarithm of zero or negative number")) {
            return new SqlException("2201E", "cannot take logarithm of zero or a negative number", 0, 0, c);
        }
        if ((x = FORMAT.matcher(m)).matches()) {
            return new SqlException("22007", "invalid value \"" + x.group(2) + "\" for \"" + x.group(1) + "\"", 0, 0,
                    c);
        }
        if ((x = CODE_POINT.matcher(m)).matches()) {
            long code = (int) Long.parseLong(x.group(1), 16);
            return code < 0 ? new SqlException("22023", "character number must be positive", 0, 0, c)
                    : new SqlException(SqlException.PROGRAM_LIMIT_EXCEEDED, "requested character too large for "
                    + "encoding: " + code, 0, 0, c);
        }
        return null;
    }

    /** PostgreSQL's words for an overflow the engine's checks or Java's exact arithmetic reported. */
    private static String overflow(String m) {
        Matcher x = OUT_OF_RANGE.matcher(m);
        if (x.matches()) {
            return (x.group(1).equals("tinyint") ? "smallint" : x.group(1)) + " out of range";
        }
        return switch (m) {
            case "integer overflow" -> "integer out of range";
            case "long overflow" -> "bigint out of range";
            case "value out of range: overflow", "value out of range: underflow" -> m;
            default -> m.contains("cannot be represented as a DECIMAL") || m.contains("Overflow")
                    ? "numeric field overflow" : "value out of range";
        };
    }

    /** The type whose parser threw {@code e}, from its stack: Integer's integer, Long's bigint, ... */
    private static String parsedType(Throwable e) {
        for (StackTraceElement f : e.getStackTrace()) {
            switch (f.getClassName()) {
                case "java.lang.Integer":
                    return "integer";
                case "java.lang.Long":
                    return "bigint";
                case "java.lang.Short":
                case "java.lang.Byte":
                    return "smallint";
                case "java.math.BigDecimal":
                    return "numeric";
                case "jdk.internal.math.FloatingDecimal":
                case "java.lang.Double":
                case "java.lang.Float":
                    return "double precision";
                default:
                    break;
            }
        }
        return "numeric";
    }
}
