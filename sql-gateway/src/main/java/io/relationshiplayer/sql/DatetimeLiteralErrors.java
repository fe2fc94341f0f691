package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DATE, TIME or TIMESTAMP literal Calcite's parser refused ("Illegal TIMESTAMP literal '...': not in format ..."),
 * as PostgreSQL reports it: text that is no date or time 22007 (invalid input syntax), a date or time of the right
 * shape with a field out of range 22008; what PostgreSQL reads but the engine's DATE literals cannot, 0A000: a date
 * before 1 AD (BC) and the ten days 1582-10-05 to 1582-10-14, which Calcite's parser checks against the calendar that
 * switched from Julian to Gregorian then. The position stays the literal's.
 */
final class DatetimeLiteralErrors {
    private static final Pattern ILLEGAL = Pattern.compile("(?s)Illegal (TIMESTAMP|DATE|TIME) literal '(.*)': .*");
    private static final Pattern SHAPE = Pattern.compile(
            "\\s*(\\d{4,}-\\d{1,2}-\\d{1,2}([ T]\\d{1,2}:\\d{1,2}(:\\d{1,2}(\\.\\d+)?)?)?"
                    + "|\\d{1,2}:\\d{1,2}(:\\d{1,2}(\\.\\d+)?)?)\\s*");
    private static final Pattern GAP = Pattern.compile("\\s*1582-10-(0[5-9]|1[0-4])\\b.*");

    private DatetimeLiteralErrors() {
    }

    /** The error for a parse error's {@code message}, or null when it is not about a datetime literal. */
    static SqlException of(String message, int line, int column, Throwable cause) {
        Matcher m = ILLEGAL.matcher(message);
        if (!m.matches()) {
            return null;
        }
        String type = m.group(1).toLowerCase(Locale.ROOT);
        String text = m.group(2);
        if (text.strip().toUpperCase(Locale.ROOT).endsWith(" BC") && !type.equals("time")) {
            return new SqlException("0A000", type.toUpperCase(Locale.ROOT) + " literals before 1 AD are not supported: "
                    + "write CAST(TIMESTAMP '... 00:00:00 BC' AS DATE) for a date", line, column, cause);
        }
        if (GAP.matcher(text).matches()) {
            return new SqlException("0A000", "the days 1582-10-05 to 1582-10-14 are not supported in " + type
                    + " literals (the parser checks dates against the calendar that switched from Julian to Gregorian "
                    + "then)", line, column,
                    cause);
        }
        return SHAPE.matcher(text).matches()
                ? new SqlException("22008", "date/time field value out of range: \"" + text + "\"", line, column, cause)
                : new SqlException("22007", "invalid input syntax for type " + type + ": \"" + text + "\"", line,
                        column, cause);
    }
}
