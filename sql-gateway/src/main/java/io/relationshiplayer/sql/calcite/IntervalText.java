package io.relationshiplayer.sql.calcite;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;

/**
 * An interval as PostgreSQL writes it (its default IntervalStyle, {@code postgres}): {@code 1 year 2 mons},
 * {@code 1 day 02:03:04.5}, {@code -00:00:00.5}. Calcite's interval is one number: a year-month interval its months,
 * a day-time interval its milliseconds. PostgreSQL keeps months, days and time apart; here the days of a day-time
 * interval are those of its qualifier: one that starts at DAY ({@code INTERVAL '1 02:03' DAY TO MINUTE}, a
 * {@code ts - ts} difference) writes whole days as days ({@code 1 day 02:03:00}), one that starts at HOUR, MINUTE or
 * SECOND its hours ({@code INTERVAL '25' HOUR} is {@code 25:00:00}), as PostgreSQL reads those literals. A result
 * column of an interval reaches the client as this text.
 */
public final class IntervalText {
    static final long SECOND = 1000;
    static final long MINUTE = 60 * SECOND;
    static final long HOUR = 60 * MINUTE;
    static final long DAY = 24 * HOUR;

    private IntervalText() {
    }

    /** Whether result column {@code column} (1-based) is an interval. */
    public static boolean isInterval(ResultSetMetaData md, int column) throws SQLException {
        int type = md.getColumnType(column);
        if (type != Types.OTHER && type != Types.BIGINT && type != Types.INTEGER) {
            return false;
        }
        String name = md.getColumnTypeName(column);
        return name != null && name.toUpperCase(Locale.ROOT).startsWith("INTERVAL");
    }

    /** Result column {@code column}'s interval as PostgreSQL's text, or null. */
    public static String text(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        if (rs.wasNull()) {
            return null;
        }
        String name = rs.getMetaData().getColumnTypeName(column).toUpperCase(Locale.ROOT);
        if (name.contains("YEAR") || name.contains("MONTH")) {
            return months(v);
        }
        return millis(v, name.contains("DAY"));
    }

    /** A year-month interval of {@code months}. */
    public static String months(long months) {
        StringBuilder s = new StringBuilder();
        boolean zero = part(s, months / 12, "year", true);
        zero = part(s, months % 12, "mon", zero);
        return zero ? "00:00:00" : s.toString();
    }

    /** An interval of {@code months}, {@code days} and {@code micros}, each field of its own sign, as PostgreSQL's. */
    public static String text(long months, long days, long micros) {
        StringBuilder s = new StringBuilder();
        boolean zero = part(s, months / 12, "year", true);
        zero = part(s, months % 12, "mon", zero);
        zero = part(s, days, "day", zero);
        if (zero || micros != 0) {
            if (!zero) {
                s.append(' ');
            }
            long t = Math.abs(micros);
            s.append(micros < 0 ? "-" : "").append(String.format(Locale.ROOT, "%02d:%02d:%02d", t / 3_600_000_000L,
                    t / 60_000_000L % 60, t / 1_000_000L % 60));
            if (t % 1_000_000L != 0) {
                s.append('.').append(String.format(Locale.ROOT, "%06d", t % 1_000_000L).replaceAll("0+$", ""));
            }
        }
        return s.toString();
    }

    /** A day-time interval of {@code millis}, whole days written as days if {@code days}. */
    public static String millis(long millis, boolean days) {
        StringBuilder s = new StringBuilder();
        long time = days ? millis % DAY : millis;
        boolean zero = part(s, days ? millis / DAY : 0, "day", true);
        if (zero || time != 0) {
            if (!zero) {
                s.append(' ');
            }
            if (time < 0) {
                s.append('-');
            }
            long t = Math.abs(time);
            s.append(String.format(Locale.ROOT, "%02d:%02d:%02d", t / HOUR, t / MINUTE % 60, t / SECOND % 60));
            long fraction = t % SECOND;
            if (fraction != 0) {
                String digits = String.format(Locale.ROOT, "%03d", fraction);
                s.append('.').append(digits.replaceAll("0+$", ""));
            }
        }
        return s.toString();
    }

    /** PostgreSQL's {@code N unit[s]} of a non-zero field; whether the text is still empty. */
    private static boolean part(StringBuilder s, long value, String unit, boolean zero) {
        if (value == 0) {
            return zero;
        }
        if (!zero) {
            s.append(' ');
        }
        s.append(value).append(' ').append(unit).append(value == 1 ? "" : "s");
        return false;
    }
}
