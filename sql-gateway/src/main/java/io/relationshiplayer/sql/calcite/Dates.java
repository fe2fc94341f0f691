package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DATE (in generated code an int: days since 1970-01-01 of the proleptic Gregorian calendar, as PostgreSQL counts
 * them) read from and written as PostgreSQL's text. Calcite's own reading and writing know no era: a date before 1 AD
 * was written {@code 00,--03-15} and read as an internal error.
 */
public final class Dates {
    /** PostgreSQL's first and last dates, 4714-11-24 BC and 5874897-12-31. */
    public static final int FIRST = (int) LocalDate.of(-4713, 11, 24).toEpochDay();
    public static final int LAST = (int) LocalDate.of(5874897, 12, 31).toEpochDay();

    /**
     * Text of a date: {@code yyyy-mm-dd}, then optionally a time of day (read and checked, then dropped, as PostgreSQL
     * does) and an era; blanks around it allowed.
     */
    private static final Pattern TEXT = Pattern.compile("\\s*(\\d{1,7})-(\\d{1,2})-(\\d{1,2})"
            + "(?:(?:\\s+|T)(\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.\\d*)?)?)?(?:\\s+(BC|AD))?\\s*",
            Pattern.CASE_INSENSITIVE);

    private Dates() {
    }

    /**
     * {@code text} as a DATE, as PostgreSQL reads it: 22007 for text that is no date, 22008 for a field or a date out
     * of range, 0A000 for the special values this engine has not ({@code infinity}, {@code today}, ...).
     */
    public static int parse(String text) {
        String word = text.strip().toLowerCase(Locale.ROOT);
        if (word.equals("epoch")) {
            return 0;
        }
        if (word.equals("infinity") || word.equals("+infinity") || word.equals("-infinity") || word.equals("today")
                || word.equals("tomorrow") || word.equals("yesterday") || word.equals("now")) {
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "the special date value \"" + text.strip()
                    + "\" is not supported" + (word.endsWith("infinity") ? "" : ": use CURRENT_DATE"));
        }
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            throw new SqlException(Timestamps.INVALID_FORMAT, "invalid input syntax for type date: \"" + text + "\"");
        }
        long day;
        try {
            int year = Integer.parseInt(m.group(1));
            if (year == 0 || m.group(4) != null && !isTimeOfDay(m)) {
                throw new DateTimeException("no year 0 / a time out of range");
            }
            int iso = "BC".equalsIgnoreCase(m.group(7)) ? 1 - year : year;
            day = LocalDate.of(iso, Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))).toEpochDay();
        } catch (DateTimeException e) {
            throw new SqlException(Timestamps.FIELD_OVERFLOW, "date/time field value out of range: \"" + text + "\"");
        }
        if (day < FIRST || day > LAST) {
            throw new SqlException(Timestamps.FIELD_OVERFLOW, "date out of range: \"" + text.strip() + "\"");
        }
        return (int) day;
    }

    /** Whether the time of day {@code m} matched is one: hours to 24 (24:00:00 only), minutes to 59, seconds to 60. */
    private static boolean isTimeOfDay(Matcher m) {
        int hour = Integer.parseInt(m.group(4));
        int minute = Integer.parseInt(m.group(5));
        int second = m.group(6) == null ? 0 : Integer.parseInt(m.group(6));
        return hour < 24 && minute < 60 && second <= 60 || hour == 24 && minute == 0 && second == 0;
    }

    /** {@code day} as PostgreSQL writes a date: {@code yyyy-mm-dd}, {@code BC} after a year before 1 AD. */
    public static String text(int day) {
        return io.relationshiplayer.proto.values.DateText.date(LocalDate.ofEpochDay(day));
    }

    /**
     * Whether the text of a DATE literal is one Calcite's parser would refuse or misread but PostgreSQL reads (a year
     * BC or of more than four digits, a time of day, fields of one digit, the ten days 1582-10-05 to 14, which Calcite
     * checks against the Julian calendar): such a literal is read as a cast of its text.
     */
    public static boolean isBeyondLiterals(String text) {
        return TEXT.matcher(text).matches() && !CALCITE.matcher(text).matches() || GAP.matcher(text).matches();
    }

    /** Text of a date as Calcite's literal reads it right; the ten days it reads as Julian ones. */
    private static final Pattern CALCITE = Pattern.compile("\\s*\\d{4}-\\d{2}-\\d{2}\\s*");
    static final Pattern GAP = Pattern.compile("\\s*1582-10-(0[5-9]|1[0-4])\\b.*", Pattern.DOTALL);

    /**
     * Whether {@code day} is a date Calcite's DATE literal holds: its text has a four-digit year AD, and it is none of
     * the ten days 1582-10-05 to 14 (which a literal turns into the ten days after them).
     */
    public static boolean isLiteral(int day) {
        int year = LocalDate.ofEpochDay(day).getYear();
        return year >= 1 && year <= 9999 && (day < GAP_FIRST || day > GAP_FIRST + 9);
    }

    private static final long GAP_FIRST = LocalDate.of(1582, 10, 5).toEpochDay();
}
