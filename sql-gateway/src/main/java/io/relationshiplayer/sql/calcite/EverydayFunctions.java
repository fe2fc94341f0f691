package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * PostgreSQL 15's everyday functions of numbers and dates that Calcite has not or has otherwise, as PostgreSQL
 * computes them ({@code EverydayCalls} and {@code CalciteFunctionFixes} type and convert their calls): gcd, lcm,
 * factorial, width_bucket, make_date, make_timestamp, log and log10 ({@link EverydayTextFunctions} has the text
 * functions). NULL in, NULL out. Errors carry PostgreSQL's SQLSTATE and words.
 */
public final class EverydayFunctions {
    private static final int MAX_FACTORIAL = 32177; // PostgreSQL's numeric holds 32177! and no more

    private EverydayFunctions() {
    }

    public static Integer gcdInt(Integer a, Integer b) {
        if (a == null || b == null) {
            return null;
        }
        long g = BigInteger.valueOf(a).gcd(BigInteger.valueOf(b)).longValueExact();
        if (g > Integer.MAX_VALUE) {
            throw outOfRange("integer");
        }
        return (int) g;
    }

    public static Long gcdLong(Long a, Long b) {
        if (a == null || b == null) {
            return null;
        }
        BigInteger g = BigInteger.valueOf(a).gcd(BigInteger.valueOf(b));
        if (g.bitLength() > 63) {
            throw outOfRange("bigint");
        }
        return g.longValue();
    }

    public static BigDecimal gcdNumeric(BigDecimal a, BigDecimal b) {
        if (a == null || b == null) {
            return null;
        }
        int scale = Math.max(a.scale(), b.scale());
        BigInteger x = a.setScale(scale).unscaledValue();
        BigInteger y = b.setScale(scale).unscaledValue();
        return new BigDecimal(x.gcd(y), scale);
    }

    public static Integer lcmInt(Integer a, Integer b) {
        if (a == null || b == null) {
            return null;
        }
        BigInteger l = lcm(BigInteger.valueOf(a), BigInteger.valueOf(b));
        if (l.bitLength() > 31) {
            throw outOfRange("integer");
        }
        return l.intValue();
    }

    public static Long lcmLong(Long a, Long b) {
        if (a == null || b == null) {
            return null;
        }
        BigInteger l = lcm(BigInteger.valueOf(a), BigInteger.valueOf(b));
        if (l.bitLength() > 63) {
            throw outOfRange("bigint");
        }
        return l.longValue();
    }

    public static BigDecimal lcmNumeric(BigDecimal a, BigDecimal b) {
        if (a == null || b == null) {
            return null;
        }
        int scale = Math.max(a.scale(), b.scale());
        return new BigDecimal(lcm(a.setScale(scale).unscaledValue(), b.setScale(scale).unscaledValue()), scale);
    }

    private static BigInteger lcm(BigInteger a, BigInteger b) {
        if (a.signum() == 0 || b.signum() == 0) {
            return BigInteger.ZERO;
        }
        return a.divide(a.gcd(b)).multiply(b).abs();
    }

    public static BigDecimal factorial(Long n) {
        if (n == null) {
            return null;
        }
        if (n < 0) {
            throw new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, "factorial of a negative number is undefined");
        }
        if (n > MAX_FACTORIAL) {
            throw new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, "value overflows numeric format");
        }
        BigInteger f = BigInteger.ONE;
        for (long i = 2; i <= n; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return new BigDecimal(f);
    }

    public static Integer widthBucket(BigDecimal x, BigDecimal low, BigDecimal high, Integer count) {
        if (x == null || low == null || high == null || count == null) {
            return null;
        }
        if (count <= 0) {
            throw new SqlException("2201G", "count must be greater than zero");
        }
        int cmp = low.compareTo(high);
        if (cmp == 0) {
            throw new SqlException("2201G", "lower bound cannot equal upper bound");
        }
        BigDecimal n = BigDecimal.valueOf(count);
        if (cmp < 0) {
            if (x.compareTo(low) < 0) {
                return 0;
            }
            if (x.compareTo(high) >= 0) {
                return bucketPastEnd(count);
            }
            return x.subtract(low).multiply(n).divide(high.subtract(low), 0, java.math.RoundingMode.FLOOR)
                    .intValueExact() + 1;
        }
        if (x.compareTo(low) > 0) {
            return 0;
        }
        if (x.compareTo(high) <= 0) {
            return bucketPastEnd(count);
        }
        return low.subtract(x).multiply(n).divide(low.subtract(high), 0, java.math.RoundingMode.FLOOR)
                .intValueExact() + 1;
    }

    public static Integer widthBucketDouble(Double x, Double low, Double high, Integer count) {
        if (x == null || low == null || high == null || count == null) {
            return null;
        }
        if (count <= 0) {
            throw new SqlException("2201G", "count must be greater than zero");
        }
        if (x.isNaN() || low.isNaN() || high.isNaN()) {
            throw new SqlException("2201G", "operand, lower bound, and upper bound cannot be NaN");
        }
        if (low.isInfinite() || high.isInfinite()) {
            throw new SqlException("2201G", "lower and upper bounds must be finite");
        }
        if (low.equals(high)) {
            throw new SqlException("2201G", "lower bound cannot equal upper bound");
        }
        if (low < high) {
            if (x < low) {
                return 0;
            }
            if (x >= high) {
                return bucketPastEnd(count);
            }
            return (int) Math.min(count, Math.floor((x - low) / (high - low) * count)) + 1;
        }
        if (x > low) {
            return 0;
        }
        if (x <= high) {
            return bucketPastEnd(count);
        }
        return (int) Math.min(count, Math.floor((low - x) / (low - high) * count)) + 1;
    }

    private static int bucketPastEnd(int count) {
        if (count == Integer.MAX_VALUE) {
            throw outOfRange("integer");
        }
        return count + 1;
    }

    /** The date's day since 1970 (a negative year is BC), as DATE's int. */
    public static Integer makeDate(Integer year, Integer month, Integer day) {
        if (year == null || month == null || day == null) {
            return null;
        }
        return Dates.parse(dateText(year, month, day));
    }

    private static String dateText(int year, int month, int day) {
        if (year == 0) {
            throw new SqlException("22008", "date field value out of range: " + year + "-" + two(month) + "-"
                    + two(day));
        }
        try {
            LocalDate.of(year < 0 ? year + 1 : year, month, day);
        } catch (DateTimeException e) {
            throw new SqlException("22008", "date field value out of range: " + year + "-" + two(month) + "-"
                    + two(day));
        }
        String y = String.valueOf(Math.abs(year));
        return "0".repeat(Math.max(0, 4 - y.length())) + y + "-" + two(month) + "-" + two(day)
                + (year < 0 ? " BC" : "");
    }

    /**
     * The timestamp's microseconds since 1970, as TIMESTAMP's long. As PostgreSQL's: 60 seconds carry into the next
     * minute, {@code 24:00:00} is the next day's midnight, other fields out of range are 22008.
     */
    public static Long makeTimestamp(Integer year, Integer month, Integer day, Integer hour, Integer minute,
            Double second) {
        if (year == null || month == null || day == null || hour == null || minute == null || second == null) {
            return null;
        }
        long days = Dates.parse(dateText(year, month, day));
        if (hour < 0 || minute < 0 || minute > 59 || !(second >= 0) || second > 60 || hour > 24
                || hour == 24 && (minute > 0 || second > 0)) {
            throw new SqlException("22008", "time field value out of range: " + hour + ":" + two(minute) + ":"
                    + seconds(second));
        }
        long micros = days * Timestamps.DAY + (hour * 3600L + minute * 60L) * Timestamps.SECOND
                + Math.round(second * Timestamps.SECOND);
        if (micros < Timestamps.MIN || micros > Timestamps.MAX) {
            throw new SqlException("22008", "timestamp out of range: " + dateText(year, month, day) + " " + hour
                    + ":" + two(minute) + ":" + seconds(second));
        }
        return micros;
    }

    /** Seconds as PostgreSQL's {@code %02g} writes them in its message. */
    private static String seconds(double second) {
        if (Double.isNaN(second) || Double.isInfinite(second)) {
            return FloatCasts.text(second);
        }
        String t = new BigDecimal(second).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
        return t.length() < 2 ? "0" + t : t;
    }

    private static String two(int n) {
        return n >= 0 && n < 10 ? "0" + n : String.valueOf(n);
    }

    /** PostgreSQL's {@code log10} and one-argument {@code log} of a double: exact for powers of ten. */
    public static Double log10(Double x) {
        if (x == null) {
            return null;
        }
        checkLogArgument(x);
        return Math.log10(x);
    }

    /**
     * PostgreSQL's {@code log(b, x)}: the logarithm of x to base b, to 15 significant digits (so {@code log(2, 8)} is
     * 3, where the quotient of two natural logarithms is 3.0000000000000004).
     */
    public static Double logBase(Double b, Double x) {
        if (b == null || x == null) {
            return null;
        }
        checkLogArgument(b);
        checkLogArgument(x);
        double lb = Math.log(b);
        if (lb == 0) {
            throw new SqlException(SqlException.DIVISION_BY_ZERO, "division by zero");
        }
        double r = Math.log(x) / lb;
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            return r;
        }
        return new BigDecimal(r).round(new java.math.MathContext(15)).doubleValue();
    }

    private static void checkLogArgument(double x) {
        if (x == 0) {
            throw new SqlException("2201E", "cannot take logarithm of zero");
        }
        if (x < 0) {
            throw new SqlException("2201E", "cannot take logarithm of a negative number");
        }
    }

    private static SqlException invalid(String message) {
        return new SqlException("22023", message);
    }

    private static SqlException outOfRange(String type) {
        return new SqlException(SqlException.NUMERIC_OUT_OF_RANGE, type + " out of range");
    }

}
