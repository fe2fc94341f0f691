package io.relationshiplayer.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Interval operations PostgreSQL has and the engine's validator refuses as a type mismatch (42804): not supported
 * here (0A000), said so with the way around, rather than a mismatch PostgreSQL would not report.
 */
final class IntervalErrors {
    /** Calcite's message for a difference of a date and a timestamp or time ({@code ts - ts} is DateArithmetic's). */
    private static final Pattern TIMESTAMP_MINUS = Pattern.compile(
            "Cannot apply '-' to arguments of type '<(TIMESTAMP|TIME|DATE)\\b[^>]*> - <(TIMESTAMP|TIME)\\b.*",
            Pattern.DOTALL);
    /** Calcite's message for SUM or AVG of an interval. */
    private static final Pattern AGGREGATE = Pattern.compile(
            "Cannot apply '(SUM|AVG|\\$SUM0)' to arguments of type '\\w+\\(<INTERVAL.*", Pattern.DOTALL);

    /** Calcite's message for {@code text || interval} (PostgreSQL's anynonarray || text). */
    private static final Pattern CONCAT = Pattern.compile(
            "Cannot apply '\\|\\|' to arguments of type '.*<INTERVAL.*", Pattern.DOTALL);
    /** Calcite's message for a year-month and a day-time interval in one operation. */
    private static final Pattern MIXED = Pattern.compile("Cannot apply '[^']+' to arguments of type '.*(<INTERVAL "
            + "(YEAR|MONTH)[^>]*>.*<INTERVAL (DAY|HOUR|MINUTE|SECOND)|<INTERVAL (DAY|HOUR|MINUTE|SECOND)[^>]*>.*"
            + "<INTERVAL (YEAR|MONTH)).*", Pattern.DOTALL);

    private IntervalErrors() {
    }

    /** The 0A000 message for a type mismatch {@code message} of an interval, or null if it is none. */
    static String unsupported(String message) {
        if (message == null) {
            return null;
        }
        Matcher m = TIMESTAMP_MINUS.matcher(message);
        if (m.matches()) {
            return m.group(1).toLowerCase(java.util.Locale.ROOT) + " - " + m.group(2).toLowerCase(java.util.Locale
                    .ROOT) + " is not supported: cast both to TIMESTAMP (their difference is an interval)";
        }
        if (CONCAT.matcher(message).matches()) {
            return "|| of an interval is not supported: cast the interval to text (CAST(i AS VARCHAR))";
        }
        if (MIXED.matcher(message).matches()) {
            return "a year-month interval (YEAR, MONTH) and a day-time interval (DAY to SECOND) in one operation "
                    + "are not supported";
        }
        m = AGGREGATE.matcher(message);
        if (m.matches()) {
            return m.group(1) + " of an interval is not supported";
        }
        return null;
    }
}
