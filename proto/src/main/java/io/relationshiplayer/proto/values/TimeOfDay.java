package io.relationshiplayer.proto.values;

import java.time.LocalTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * A TIME (without time zone) value: microseconds of the day, 0 to 86,400,000,000, as PostgreSQL keeps a time
 * ({@code 24:00:00} is one, which {@link LocalTime} cannot hold). The Java type of a TIME column in the relationship
 * layer and of a TIME in the SQL engine's result rows; its text is PostgreSQL's ({@code 12:00:00.5}).
 *
 * @param micros microseconds since midnight, 0 to {@link #DAY}
 */
public record TimeOfDay(long micros) implements Comparable<TimeOfDay> {
    /** Microseconds in a day: the largest time, 24:00:00. */
    public static final long DAY = 86_400_000_000L;
    /** Digits of a second's fraction a time keeps: microseconds. */
    public static final int PRECISION = 6;
    private static final long SECOND = 1_000_000L;
    /** Text of a time: {@code hh:mm[:ss[.fraction]]}, blanks around it allowed. */
    private static final Pattern TEXT = Pattern.compile("\\s*(\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d*))?)?\\s*");

    public TimeOfDay {
        if (micros < 0 || micros > DAY) {
            throw new IllegalArgumentException("a time of day is 0 to " + DAY + " microseconds, not " + micros);
        }
    }

    /**
     * {@code t} in microseconds, its nanoseconds rounded half up (so {@link LocalTime#MAX} is 24:00:00, as
     * PostgreSQL's JDBC driver sends it).
     */
    @Nonnull
    public static TimeOfDay of(@Nonnull LocalTime t) {
        return new TimeOfDay((t.toNanoOfDay() + 500) / 1000);
    }

    /**
     * {@code text} as PostgreSQL reads a time: {@code hh:mm[:ss[.fraction]]}, more than six digits of a fraction
     * rounded to microseconds, 24:00:00 at most.
     *
     * @throws java.time.format.DateTimeParseException text that is no time
     * @throws java.time.DateTimeException a field out of range
     */
    @Nonnull
    public static TimeOfDay parse(@Nonnull CharSequence text) {
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            throw new java.time.format.DateTimeParseException("invalid input syntax for type time: \"" + text + "\"",
                    text, 0);
        }
        int hour = Integer.parseInt(m.group(1));
        int minute = Integer.parseInt(m.group(2));
        int second = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        String fraction = m.group(4) == null ? "" : m.group(4);
        long micros = 0;
        for (int i = 0; i < PRECISION; i++) {
            micros = micros * 10 + (i < fraction.length() ? fraction.charAt(i) - '0' : 0);
        }
        if (fraction.length() > PRECISION && fraction.charAt(PRECISION) >= '5') {
            micros++;
        }
        long total = ((hour * 60L + minute) * 60L + second) * SECOND + micros;
        if (minute > 59 || second > 59 || total > DAY) {
            throw new java.time.DateTimeException("date/time field value out of range: \"" + text + "\"");
        }
        return new TimeOfDay(total);
    }

    /**
     * This time rounded to {@code precision} digits of a second's fraction, halves up (23:59:59.9 to 0 is 24:00:00).
     */
    @Nonnull
    public TimeOfDay round(int precision) {
        if (precision >= PRECISION || precision < 0) {
            return this;
        }
        long unit = 1;
        for (int i = precision; i < PRECISION; i++) {
            unit *= 10;
        }
        return new TimeOfDay((micros + unit / 2) / unit * unit);
    }

    /** As a {@link LocalTime}: 24:00:00 is {@link LocalTime#MAX}, as PostgreSQL's JDBC driver reads it. */
    @Nonnull
    public LocalTime toLocalTime() {
        return micros == DAY ? LocalTime.MAX : LocalTime.ofNanoOfDay(micros * 1000);
    }

    @Override
    public int compareTo(TimeOfDay o) {
        return Long.compare(micros, o.micros);
    }

    /** PostgreSQL's text of a time: {@code hh:mm:ss}, and a fraction only as long as it needs. */
    @Override
    public String toString() {
        long seconds = micros / SECOND;
        String s = String.format("%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
        long fraction = micros % SECOND;
        if (fraction == 0) {
            return s;
        }
        String digits = String.format("%06d", fraction);
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        return s + "." + digits.substring(0, end);
    }
}
