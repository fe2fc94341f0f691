package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * PostgreSQL's {@code round}, {@code trunc} and {@code div}, run by the plans ({@code PostgresNumbers} types them):
 * numeric rounding half away from zero to a number of decimals that may be negative (tens, hundreds, ...), a double's
 * {@code round} to the nearest integer, ties to even (C's {@code rint}), and the integer quotient of two numerics
 * truncated toward zero. Each is NULL of a NULL.
 */
public final class NumericFunctions {
    private NumericFunctions() {
    }

    /** {@code x} rounded (half away from zero) to {@code digits} decimals, at {@code scale} (the result type's). */
    public static BigDecimal round(BigDecimal x, Integer digits, int scale) {
        return at(x, digits, scale, RoundingMode.HALF_UP);
    }

    /** {@code x} truncated to {@code digits} decimals, at {@code scale} (the result type's). */
    public static BigDecimal trunc(BigDecimal x, Integer digits, int scale) {
        return at(x, digits, scale, RoundingMode.DOWN);
    }

    private static BigDecimal at(BigDecimal x, Integer digits, int scale, RoundingMode mode) {
        if (x == null || digits == null) {
            return null;
        }
        // digits past the value's own change nothing; far past them (2147483647) they would only cost memory
        int d = Math.max(Math.min(digits, x.scale()), -(x.precision() - x.scale() + 1));
        BigDecimal r = x.setScale(d, mode);
        return r.setScale(scale, mode);
    }

    /** A double rounded to the nearest integer, ties to even, as PostgreSQL's {@code round(double precision)}. */
    public static Double roundDouble(Double x) {
        return x == null ? null : Math.rint(x);
    }

    /** A double rounded half up to {@code digits} decimals (not PostgreSQL's: it has no such function). */
    public static Double roundDoubleTo(Double x, Integer digits) {
        return toDecimals(x, digits, RoundingMode.HALF_UP);
    }

    /** A double truncated to {@code digits} decimals (not PostgreSQL's: it has no such function). */
    public static Double truncDoubleTo(Double x, Integer digits) {
        return toDecimals(x, digits, RoundingMode.DOWN);
    }

    private static Double toDecimals(Double x, Integer digits, RoundingMode mode) {
        if (x == null || digits == null) {
            return null;
        }
        if (x.isNaN() || x.isInfinite()) {
            return x;
        }
        BigDecimal b = BigDecimal.valueOf(x);
        return b.setScale(Math.max(Math.min(digits, b.scale()), -(b.precision() - b.scale() + 1)), mode)
                .doubleValue();
    }

    /** A double truncated toward zero, as PostgreSQL's {@code trunc(double precision)}. */
    public static Double truncDouble(Double x) {
        if (x == null) {
            return null;
        }
        return x < 0 ? Math.ceil(x) : Math.floor(x);
    }

    /** The integer quotient of {@code a} and {@code b}, truncated toward zero; 22012 when {@code b} is zero. */
    public static BigDecimal div(BigDecimal a, BigDecimal b) {
        if (a == null || b == null) {
            return null;
        }
        if (b.signum() == 0) {
            throw new SqlException(SqlException.DIVISION_BY_ZERO, "division by zero");
        }
        return a.divideToIntegralValue(b).setScale(0, RoundingMode.DOWN);
    }
}
