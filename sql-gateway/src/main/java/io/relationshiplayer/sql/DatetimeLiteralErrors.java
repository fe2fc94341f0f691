package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DATE, TIME or TIMESTAMP literal Calcite's parser refused ("Illegal TIMESTAMP literal '...': not in format ..."),
 * as PostgreSQL reports it: text that is no date or time 22007 (invalid input syntax), a date or time of the right
 * shape with a field out of range 22008. (What PostgreSQL reads but Calcite's literals cannot, a year BC, a time
 * without seconds, the ten days 1582-10-05 to 14, never reaches Calcite's parser: it is read as a cast of its text.)
 * The position stays the literal's.
 */
final class DatetimeLiteralErrors {
    private static final Pattern ILLEGAL = Pattern.compile("(?s)Illegal (TIMESTAMP|DATE|TIME) literal '(.*)': .*");
    private static final Pattern SHAPE = Pattern.compile(
            "\\s*(\\d{4,}-\\d{1,2}-\\d{1,2}([ T]\\d{1,2}:\\d{1,2}(:\\d{1,2}(\\.\\d+)?)?)?"
                    + "|\\d{1,2}:\\d{1,2}(:\\d{1,2}(\\.\\d+)?)?)\\s*");

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
        return SHAPE.matcher(text).matches()
                ? new SqlException("22008", "date/time field value out of range: \"" + text + "\"", line, column, cause)
                : new SqlException("22007", "invalid input syntax for type " + type + ": \"" + text + "\"", line,
                        column, cause);
    }
}
