package io.relationshiplayer.sql;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * {@code SET statement_timeout = N} as PostgreSQL reads it: milliseconds, or a number with a unit ({@code '200ms'},
 * {@code '1.5s'}, {@code '2min'}, {@code '1h'}, {@code '1d'}, {@code '500us'}), quoted or not; {@code 0} and
 * {@code DEFAULT} mean none of the session's own. The server's statement timeout ({@code --statement-timeout}) still
 * bounds every statement: the smaller of the two applies ({@link #bounded}).
 */
final class StatementTimeoutSetting {
    private static final Pattern SET = Pattern.compile(
            "(?is)\\s*statement_timeout\\s*(?:=|\\s+to\\s+)\\s*'?\\s*([-+]?[0-9]*\\.?[0-9]+)\\s*([a-z]*)\\s*'?\\s*");
    private static final Pattern DEFAULT = Pattern.compile(
            "(?is)\\s*statement_timeout\\s*(?:=|\\s+to\\s+)\\s*default\\s*");
    /** PostgreSQL's bound of the setting, in milliseconds. */
    private static final double MAX_MILLIS = Integer.MAX_VALUE;

    private StatementTimeoutSetting() {
    }

    /** The session's timeout in {@code assignment} (the text after SET); {@link Duration#ZERO} for none. */
    static Duration parse(@Nonnull String assignment) {
        if (DEFAULT.matcher(assignment).matches()) {
            return Duration.ZERO;
        }
        Matcher m = SET.matcher(assignment);
        if (!m.matches()) {
            throw new SqlException("22023", "invalid value for parameter \"statement_timeout\" in \"" + assignment
                    + "\": expected milliseconds, or a number with a unit (us, ms, s, min, h, d)");
        }
        double n = Double.parseDouble(m.group(1));
        double millis = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "", "ms" -> n;
            case "us" -> n / 1000;
            case "s" -> n * 1000;
            case "min" -> n * 60_000;
            case "h" -> n * 3_600_000;
            case "d" -> n * 86_400_000;
            default -> throw new SqlException("22023", "invalid value for parameter \"statement_timeout\": \""
                    + m.group(1) + m.group(2) + "\": valid units for this parameter are \"us\", \"ms\", \"s\", "
                    + "\"min\", \"h\", and \"d\"");
        };
        long rounded = Math.round(millis);
        if (rounded < 0 || rounded > MAX_MILLIS) {
            throw new SqlException("22023", rounded + " ms is outside the valid range for parameter "
                    + "\"statement_timeout\" (0 .. 2147483647)");
        }
        return Duration.ofMillis(rounded);
    }

    /** The setting as PostgreSQL's SHOW writes it: {@code 0}, or in the largest unit that holds it whole. */
    static String show(Duration timeout) {
        long ms = timeout.toMillis();
        if (ms == 0) {
            return "0";
        }
        long[] factors = {86_400_000, 3_600_000, 60_000, 1000};
        String[] units = {"d", "h", "min", "s"};
        for (int i = 0; i < factors.length; i++) {
            if (ms % factors[i] == 0) {
                return ms / factors[i] + units[i];
            }
        }
        return ms + "ms";
    }

    /** The timeout of a statement: the session's ({@code session}, zero for none) bounded by the server's. */
    static Duration bounded(Duration session, Duration server) {
        if (session.isZero()) {
            return server;
        }
        return server.isZero() || session.compareTo(server) < 0 ? session : server;
    }
}
