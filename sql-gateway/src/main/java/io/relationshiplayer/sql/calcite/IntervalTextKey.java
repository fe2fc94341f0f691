package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's interval input text ({@code 18 years}, {@code 1 year 2 mons 3 days 04:05:06.5}, {@code @ 2 days ago},
 * {@code 1.5 mons}, {@code 90} seconds) as {@link AgeOrder}'s key: its microseconds, a month counted as 30 days, as
 * PostgreSQL compares intervals. Fractions spill as PostgreSQL's {@code DecodeInterval} spills them: a fraction of
 * years (decades, centuries, millennia) is rounded to whole months, one of months, weeks and days goes on into days
 * and time; the total is rounded to microseconds. The ISO 8601 ({@code P1Y2M}) and SQL-standard ({@code 1-2}) forms
 * are not read: 22007, as a text that is no interval.
 */
final class IntervalTextKey {
    private static final long MICROS_PER_DAY = 86_400_000_000L;
    private static final Pattern NUMBER = Pattern.compile("([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+))([a-z]*)");
    private static final Pattern TIME = Pattern.compile("([+-]?)(\\d+):(\\d+)(?::(\\d+(?:\\.\\d*)?))?");
    /** Months per unit (a fraction rounded to whole months). */
    private static final Map<String, Long> MONTHS = Map.ofEntries(Map.entry("y", 12L), Map.entry("yr", 12L),
            Map.entry("yrs", 12L), Map.entry("year", 12L), Map.entry("years", 12L), Map.entry("decade", 120L),
            Map.entry("decades", 120L), Map.entry("dec", 120L), Map.entry("decs", 120L),
            Map.entry("century", 1200L), Map.entry("centuries", 1200L), Map.entry("cent", 1200L),
            Map.entry("c", 1200L), Map.entry("millennium", 12000L), Map.entry("millennia", 12000L),
            Map.entry("millenniums", 12000L), Map.entry("mil", 12000L), Map.entry("mils", 12000L));
    /** Microseconds per unit (a fraction kept, down to microseconds); a month is 30 days. */
    private static final Map<String, Long> MICROS = Map.ofEntries(Map.entry("mon", 30 * MICROS_PER_DAY),
            Map.entry("mons", 30 * MICROS_PER_DAY), Map.entry("month", 30 * MICROS_PER_DAY),
            Map.entry("months", 30 * MICROS_PER_DAY), Map.entry("w", 7 * MICROS_PER_DAY),
            Map.entry("week", 7 * MICROS_PER_DAY), Map.entry("weeks", 7 * MICROS_PER_DAY),
            Map.entry("d", MICROS_PER_DAY), Map.entry("day", MICROS_PER_DAY), Map.entry("days", MICROS_PER_DAY),
            Map.entry("h", 3_600_000_000L), Map.entry("hr", 3_600_000_000L), Map.entry("hrs", 3_600_000_000L),
            Map.entry("hour", 3_600_000_000L), Map.entry("hours", 3_600_000_000L), Map.entry("m", 60_000_000L),
            Map.entry("min", 60_000_000L), Map.entry("mins", 60_000_000L), Map.entry("minute", 60_000_000L),
            Map.entry("minutes", 60_000_000L), Map.entry("s", 1_000_000L), Map.entry("sec", 1_000_000L),
            Map.entry("secs", 1_000_000L), Map.entry("second", 1_000_000L), Map.entry("seconds", 1_000_000L),
            Map.entry("ms", 1000L), Map.entry("msec", 1000L), Map.entry("msecs", 1000L),
            Map.entry("millisecond", 1000L), Map.entry("milliseconds", 1000L), Map.entry("us", 1L),
            Map.entry("usec", 1L), Map.entry("usecs", 1L), Map.entry("microsecond", 1L),
            Map.entry("microseconds", 1L));

    private IntervalTextKey() {
    }

    /** {@code text}'s key; 22007 if it is no interval this reads. */
    static long key(String text) {
        List<String> tokens = new ArrayList<>(List.of(text.trim().toLowerCase(Locale.ROOT).split("\\s+")));
        if (!tokens.isEmpty() && tokens.get(0).startsWith("@")) {
            String rest = tokens.remove(0).substring(1);
            if (!rest.isEmpty()) {
                tokens.add(0, rest);
            }
        }
        boolean ago = !tokens.isEmpty() && tokens.get(tokens.size() - 1).equals("ago");
        if (ago) {
            tokens.remove(tokens.size() - 1);
        }
        if (tokens.isEmpty() || tokens.get(0).isEmpty()) {
            throw invalid(text);
        }
        BigDecimal months = BigDecimal.ZERO;
        BigDecimal micros = BigDecimal.ZERO;
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            Matcher time = TIME.matcher(token);
            if (time.matches()) {
                micros = micros.add(time(time));
                continue;
            }
            Matcher number = NUMBER.matcher(token);
            if (!number.matches()) {
                throw invalid(text);
            }
            BigDecimal value = new BigDecimal(number.group(1));
            String unit = number.group(2);
            if (unit.isEmpty() && i + 1 < tokens.size() && !NUMBER.matcher(tokens.get(i + 1)).matches()
                    && !TIME.matcher(tokens.get(i + 1)).matches()) {
                unit = tokens.get(++i);
            } else if (unit.isEmpty()) {
                // a bare number: seconds, or days before a time ('1 02:03:04')
                unit = i + 1 < tokens.size() && TIME.matcher(tokens.get(i + 1)).matches() ? "day" : "second";
            }
            if (MONTHS.containsKey(unit)) {
                months = months.add(value.multiply(BigDecimal.valueOf(MONTHS.get(unit)))
                        .setScale(0, RoundingMode.HALF_EVEN));
            } else if (MICROS.containsKey(unit)) {
                micros = micros.add(value.multiply(BigDecimal.valueOf(MICROS.get(unit))));
            } else {
                throw invalid(text);
            }
        }
        BigDecimal total = months.multiply(BigDecimal.valueOf(30 * MICROS_PER_DAY)).add(micros)
                .setScale(0, RoundingMode.HALF_EVEN);
        try {
            long key = total.longValueExact();
            return ago ? Math.negateExact(key) : key;
        } catch (ArithmeticException e) {
            throw new SqlException(Timestamps.FIELD_OVERFLOW, "interval out of range");
        }
    }

    private static BigDecimal time(Matcher time) {
        BigDecimal t = BigDecimal.valueOf(Long.parseLong(time.group(2)) * 3_600_000_000L
                + Long.parseLong(time.group(3)) * 60_000_000L);
        if (time.group(4) != null) {
            t = t.add(new BigDecimal(time.group(4)).multiply(BigDecimal.valueOf(1_000_000L)));
        }
        return time.group(1).equals("-") ? t.negate() : t;
    }

    private static SqlException invalid(String text) {
        return new SqlException("22007", "invalid input syntax for type interval: \"" + text + "\"");
    }
}
