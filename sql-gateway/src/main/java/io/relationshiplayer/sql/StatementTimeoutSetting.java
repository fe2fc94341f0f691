package io.relationshiplayer.sql;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;

/**
 * {@code SET statement_timeout = N} as PostgreSQL reads it (its {@code parse_int} of an integer parameter in
 * milliseconds): a number, quoted or not, with an optional unit ({@code '200ms'}, {@code '1.5s'}, {@code '2min'},
 * {@code '1h'}, {@code '1d'}, {@code '500us'}, case-sensitive, spaces allowed around it); a fraction or an exponent
 * ({@code 1e3}, {@code 1.5}) is rounded to the nearest millisecond, half to even, a fraction of a unit first to whole
 * units of the next smaller one; quoted text may be hexadecimal ({@code '0x10'}) or octal ({@code '010'}), as C's
 * {@code strtol} reads it. {@code 0} and {@code DEFAULT} mean none of the session's own; anything else is 22023. The
 * server's statement timeout ({@code --statement-timeout}) still bounds every statement: the smaller of the two
 * applies ({@link #bounded}).
 */
final class StatementTimeoutSetting {
    private static final Pattern SET = Pattern.compile(
            "(?is)\\s*statement_timeout\\s*(?:=|\\s+to\\s+)\\s*(?:'((?:[^']|'')*)'|([-+]?)\\s*([0-9.][0-9.e+-]*)|(\\w+))\\s*");
    private static final Pattern DEFAULT = Pattern.compile(
            "(?is)\\s*statement_timeout\\s*(?:=|\\s+to\\s+)\\s*default\\s*");
    private static final Pattern DECIMAL_INTEGER = Pattern.compile("\\d+");
    private static final String[] UNITS = {"d", "h", "min", "s", "ms", "us"};
    private static final double[] FACTORS = {86_400_000, 3_600_000, 60_000, 1000, 1, 0.001};
    private static final String UNITS_HINT = "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", "
            + "\"h\", and \"d\".";

    private StatementTimeoutSetting() {
    }

    /** The session's timeout in {@code assignment} (the text after SET); {@link Duration#ZERO} for none. */
    static Duration parse(@Nonnull String assignment) {
        if (DEFAULT.matcher(assignment).matches()) {
            return Duration.ZERO;
        }
        Matcher m = SET.matcher(assignment);
        if (!m.matches()) {
            throw new SqlException("22023", assignment.contains(",") ? "SET statement_timeout takes only one argument"
                    : "invalid value for parameter \"statement_timeout\" in \"" + assignment.strip() + "\"");
        }
        String value;
        if (m.group(1) != null) {
            value = m.group(1).replace("''", "'");
        } else if (m.group(3) != null) {
            // an unquoted integer is its value (010 is 10); other numbers their text, as PostgreSQL's parser passes them
            String number = m.group(3);
            value = m.group(2) + (DECIMAL_INTEGER.matcher(number).matches() && number.length() < 10
                    ? String.valueOf(Long.parseLong(number)) : number);
        } else {
            value = m.group(4);
        }
        long ms = millis(value);
        if (ms < 0 || ms > Integer.MAX_VALUE) {
            throw new SqlException("22023", ms + " ms is outside the valid range for parameter "
                    + "\"statement_timeout\" (0 .. 2147483647)");
        }
        return Duration.ofMillis(ms);
    }

    /** {@code value} in milliseconds as PostgreSQL's {@code parse_int} reads it; 22023 if it does not. */
    static long millis(@Nonnull String value) {
        int len = value.length();
        int i = 0;
        while (i < len && Character.isWhitespace(value.charAt(i))) {
            i++;
        }
        int numberStart = i;
        if (i < len && (value.charAt(i) == '+' || value.charAt(i) == '-')) {
            i++;
        }
        int digitsStart = i;
        int radix = 10;
        if (i + 2 < len && value.charAt(i) == '0' && (value.charAt(i + 1) == 'x' || value.charAt(i + 1) == 'X')
                && Character.digit(value.charAt(i + 2), 16) >= 0) {
            radix = 16;
            i += 2;
            digitsStart = i;
        } else if (i < len && value.charAt(i) == '0') {
            radix = 8;
        }
        while (i < len && Character.digit(value.charAt(i), radix) >= 0) {
            i++;
        }
        if (i == digitsStart) {
            throw invalid(value, "");
        }
        double n;
        boolean rangeError = false;
        String digits = value.substring(digitsStart, i);
        java.math.BigInteger integer = new java.math.BigInteger(digits, radix);
        if (value.charAt(numberStart) == '-') {
            integer = integer.negate();
        }
        rangeError = integer.bitLength() > 63;
        n = integer.doubleValue();
        if (i < len && (value.charAt(i) == '.' || value.charAt(i) == 'e' || value.charAt(i) == 'E') || rangeError) {
            // as C's strtod: the number again, with a fraction and an exponent
            Matcher d = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?").matcher(value);
            d.region(numberStart, len);
            if (!d.lookingAt()) {
                throw invalid(value, "");
            }
            n = Double.parseDouble(value.substring(numberStart, d.end()));
            if (Double.isInfinite(n)) {
                throw invalid(value, "");
            }
            i = d.end();
        }
        while (i < len && Character.isWhitespace(value.charAt(i))) {
            i++;
        }
        if (i < len) {
            int unitEnd = i;
            while (unitEnd < len && !Character.isWhitespace(value.charAt(unitEnd)) && unitEnd - i < 3) {
                unitEnd++;
            }
            String unit = value.substring(i, unitEnd);
            if (!value.substring(unitEnd).isBlank()) {
                throw invalid(value, UNITS_HINT);
            }
            int u = java.util.Arrays.asList(UNITS).indexOf(unit);
            if (u < 0) {
                throw invalid(value, UNITS_HINT);
            }
            n = n * FACTORS[u];
            if (u + 1 < FACTORS.length) {
                // a fraction of a unit is rounded to whole units of the next smaller one, as PostgreSQL does
                n = Math.rint(n / FACTORS[u + 1]) * FACTORS[u + 1];
            }
        }
        n = Math.rint(n);
        if (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE) {
            throw invalid(value, "Value exceeds integer range.");
        }
        return (long) n;
    }

    private static SqlException invalid(String value, String hint) {
        return new SqlException("22023", "invalid value for parameter \"statement_timeout\": \"" + value + "\"", null,
                hint, 0, 0, null);
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
