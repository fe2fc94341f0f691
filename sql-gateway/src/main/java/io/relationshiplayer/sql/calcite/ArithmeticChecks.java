package io.relationshiplayer.sql.calcite;

import java.math.BigDecimal;
import org.apache.calcite.linq4j.function.Strict;

/** The checks of {@link CheckedArithmetic}, called from generated code (never with NULL: they are strict). */
@Strict
public final class ArithmeticChecks {
    private ArithmeticChecks() {
    }

    public static double plus(double a, double b) {
        return finite(a + b, a, b);
    }

    public static double minus(double a, double b) {
        return finite(a - b, a, b);
    }

    public static double times(double a, double b) {
        return finite(a * b, a, b);
    }

    public static double divide(double a, double b) {
        if (b == 0.0) {
            throw new ArithmeticException("division by zero");
        }
        return finite(a / b, a, b);
    }

    private static double finite(double result, double a, double b) {
        if (Double.isInfinite(result) && Double.isFinite(a) && Double.isFinite(b)) {
            throw new ArithmeticException("value out of range: overflow");
        }
        return result;
    }

    public static long longInRange(long v, long min, long max) {
        if (v < min || v > max) {
            throw new ArithmeticException(typeName(min) + " out of range: " + v);
        }
        return v;
    }

    /**
     * {@code v} if a REAL holds it: an infinity from finite {@code v} is an overflow and 0 from non-zero {@code v}
     * an underflow, 22003 as PostgreSQL's (infinities and NaN pass).
     */
    public static double realInRange(double v) {
        float f = (float) v;
        if (Float.isInfinite(f) && Double.isFinite(v)) {
            throw new ArithmeticException("value out of range: overflow");
        }
        if (f == 0.0f && v != 0.0) {
            throw new ArithmeticException("value out of range: underflow");
        }
        return v;
    }

    /**
     * {@code v} rounded to an integer as PostgreSQL rounds a double cast to an integer type (half to even, C's
     * rint: 2.5 is 2, 1.5 is 2; Java's narrowing cuts the fraction), which must lie in min to max.
     */
    public static double doubleInRange(double v, double min, double max) {
        double r = Math.rint(v);
        // max + 1 is exact (a power of two) where max itself is not: BIGINT's max is 2^63 as a double
        if (Double.isNaN(v) || r < min || r >= max + 1.0) {
            throw new ArithmeticException(typeName((long) min) + " out of range: " + v);
        }
        return r;
    }

    /**
     * {@link #doubleInRange} as a long: the generated code's own cast of a double to BIGINT (Calcite's
     * Primitive.integerCast) goes through the double's shortest decimal text, so -2^63 overflowed (22003) and a
     * value past 2^53 came out changed (2^60 as 1152921504606846980); Java's narrowing of the rounded, checked
     * value is exact.
     */
    public static long doubleToLong(double v, long min, long max) {
        return (long) doubleInRange(v, min, max);
    }


    /** PostgreSQL's power of double precision: its domain errors 2201F, an overflow 22003. */
    public static double power(double a, double b) {
        if (a == 0 && b < 0) {
            throw new io.relationshiplayer.sql.SqlException("2201F",
                    "zero raised to a negative power is undefined");
        }
        if (a < 0 && b != Math.floor(b) && Double.isFinite(b)) {
            throw new io.relationshiplayer.sql.SqlException("2201F", "a negative number raised to a non-integer "
                    + "power yields a complex result");
        }
        return finite(Math.pow(a, b), a, b);
    }

    /** PostgreSQL's abs of a bigint: of -2^63, 22003 (Java's is -2^63 itself). */
    public static long abs(long x) {
        if (x == Long.MIN_VALUE) {
            throw new io.relationshiplayer.sql.SqlException("22003", "bigint out of range");
        }
        return Math.abs(x);
    }

    /** PostgreSQL's sqrt of double precision: of a negative number 2201F (Java's is NaN). */
    public static double sqrt(double a) {
        if (a < 0) {
            throw new io.relationshiplayer.sql.SqlException("2201F", "cannot take square root of a negative "
                    + "number");
        }
        return Math.sqrt(a);
    }

    /** {@code a / b} to {@code scale} decimals, rounded half up (PostgreSQL's numeric division rounds so). */
    public static BigDecimal decimalDivide(BigDecimal a, BigDecimal b, int scale) {
        if (b.signum() == 0) {
            throw new ArithmeticException("division by zero");
        }
        return a.divide(b, scale, java.math.RoundingMode.HALF_UP);
    }

    public static BigDecimal decimalInRange(BigDecimal v, long min, long max) {
        if (v.compareTo(BigDecimal.valueOf(min).subtract(BigDecimal.ONE)) <= 0
                || v.compareTo(BigDecimal.valueOf(max).add(BigDecimal.ONE)) >= 0) {
            throw new ArithmeticException(typeName(min) + " out of range: " + v.toPlainString());
        }
        return v;
    }

    private static String typeName(long min) {
        return min == Byte.MIN_VALUE ? "tinyint" : min == Short.MIN_VALUE ? "smallint"
                : min == Integer.MIN_VALUE ? "integer" : "bigint";
    }
}
