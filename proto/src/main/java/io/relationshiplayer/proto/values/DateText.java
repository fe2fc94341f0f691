package io.relationshiplayer.proto.values;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Locale;
import javax.annotation.Nonnull;

/**
 * Dates and timestamps as PostgreSQL writes them: {@code yyyy-mm-dd}, {@code yyyy-mm-dd hh:mm:ss} with a fraction
 * only as long as it needs, a year before 1 AD as its year BC ({@code 0044-03-15 BC}: ISO's year -43). Used by the
 * SQL engine's casts to text, the relationship layer's messages and the clients that print values.
 */
public final class DateText {
    private DateText() {
    }

    /** {@code d} as PostgreSQL writes a date. */
    @Nonnull
    public static String date(@Nonnull LocalDate d) {
        return String.format(Locale.ROOT, "%04d-%02d-%02d", year(d.getYear()), d.getMonthValue(), d.getDayOfMonth())
                + era(d.getYear());
    }

    /** {@code t} as PostgreSQL writes a timestamp (without time zone). */
    @Nonnull
    public static String timestamp(@Nonnull LocalDateTime t) {
        String s = String.format(Locale.ROOT, "%04d-%02d-%02d %02d:%02d:%02d", year(t.getYear()), t.getMonthValue(),
                t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond());
        if (t.getNano() == 0) {
            return s + era(t.getYear());
        }
        String fraction = String.format(Locale.ROOT, "%09d", t.getNano());
        int end = fraction.length();
        while (fraction.charAt(end - 1) == '0') {
            end--;
        }
        return s + "." + fraction.substring(0, end) + era(t.getYear());
    }

    /** The year of the era: 1 BC is ISO's year 0. */
    private static int year(int iso) {
        return iso < 1 ? 1 - iso : iso;
    }

    private static String era(int iso) {
        return iso < 1 ? " BC" : "";
    }
}
