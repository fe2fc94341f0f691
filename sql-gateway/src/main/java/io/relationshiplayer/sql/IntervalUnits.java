package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's interval literal with its unit inside the string, {@code INTERVAL '7 days'}, {@code INTERVAL '-1
 * month'}, made Calcite's {@code INTERVAL '7' days} before it parses (Calcite's parser takes only the unit after the
 * string, and read PostgreSQL's form as a syntax error, 42601). Only a whole number and one unit of year, month, day,
 * hour, minute or second (singular or plural, any case) are rewritten; other texts ({@code '1 day 2 hours'}, {@code
 * '1.5 hours'}, {@code '2 weeks'}) are left as they are, still 42601. The text keeps its length and lines: the closing
 * quote moves to after the number, and the rest becomes spaces and the unit.
 */
final class IntervalUnits {
    private static final String INTERVAL = "interval";
    private static final Pattern FORM = Pattern.compile("\\s*([+-]?\\d+)\\s+([a-z]+)\\s*", Pattern.CASE_INSENSITIVE);
    private static final Set<String> UNITS = Set.of("year", "years", "month", "months", "day", "days", "hour", "hours",
            "minute", "minutes", "second", "seconds");

    private IntervalUnits() {
    }

    /** {@code sql} with each such literal in Calcite's form, of the same length. */
    static String rewrite(String sql) {
        if (sql.toLowerCase(Locale.ROOT).indexOf(INTERVAL) < 0) {
            return sql;
        }
        char[] out = null;
        int len = sql.length();
        int from = 0;
        for (int word; (word = StatementText.nextWord(sql, from, INTERVAL)) >= 0; ) {
            from = word + INTERVAL.length();
            int open = from;
            while (open < len && Character.isWhitespace(sql.charAt(open))) {
                open++;
            }
            if (open >= len || sql.charAt(open) != '\'') {
                continue;
            }
            int end = StatementText.quotedEnd(sql, open, '\'');
            String text = sql.substring(open + 1, Math.max(open + 1, end - 1));
            Matcher m = FORM.matcher(text);
            if (end > len || sql.charAt(end - 1) != '\'' || !m.matches()
                    || !UNITS.contains(m.group(2).toLowerCase(Locale.ROOT)) || qualifierFollows(sql, end)) {
                continue;
            }
            String written = "'" + m.group(1) + "' " + m.group(2);
            if (out == null) {
                out = sql.toCharArray();
            }
            for (int k = open; k < end; k++) {
                int at = k - open;
                out[k] = at < written.length() ? written.charAt(at) : ' ';
            }
            from = end;
        }
        return out == null ? sql : new String(out);
    }

    /** Whether a unit word already follows the string ({@code INTERVAL '1 day' DAY}): then nothing is rewritten. */
    private static boolean qualifierFollows(String sql, int from) {
        int i = from;
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        int start = i;
        while (i < sql.length() && Character.isLetter(sql.charAt(i))) {
            i++;
        }
        return UNITS.contains(sql.substring(start, i).toLowerCase(Locale.ROOT));
    }
}
