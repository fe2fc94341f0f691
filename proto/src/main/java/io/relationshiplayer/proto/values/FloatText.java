package io.relationshiplayer.proto.values;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import javax.annotation.Nonnull;

/**
 * A floating-point number as PostgreSQL writes it (extra_float_digits 1, its default): the shortest digits that read
 * back as the same value, without a fraction when it has none, plain from 1e-4 to below 1e15 (1e6 for a real), else
 * with an exponent of at least two digits: {@code 4}, {@code 0.1}, {@code 1e+20}, {@code 1.5e-05}, {@code -0},
 * {@code NaN}, {@code Infinity}, {@code -Infinity}. Java writes {@code 4.0} and {@code 1.0E20}. Used by the SQL
 * engine's casts to text and by the clients that print values.
 */
public final class FloatText {
    private FloatText() {
    }

    /** {@code d} as PostgreSQL writes a double precision. */
    @Nonnull
    public static String text(double d) {
        return text(d, shortest(d, 17, false), 15);
    }

    /** {@code f} as PostgreSQL writes a real. */
    @Nonnull
    public static String text(float f) {
        return text(f, shortest(f, 9, true), 6);
    }

    /**
     * The fewest significant digits that read back as {@code d} (as a float if {@code single}), the nearest such:
     * Java 17's {@code Double.toString} and {@code Float.toString} sometimes write more ({@code 1.23456792E8} for the
     * real PostgreSQL writes {@code 1.2345679e+08}). Found by bisection: a count of digits that reads back is
     * followed by others that do.
     */
    private static BigDecimal shortest(double d, int most, boolean single) {
        if (!Double.isFinite(d) || d == 0) {
            return BigDecimal.ZERO;
        }
        BigDecimal exact = new BigDecimal(d);
        int lo = 1;
        int hi = most; // reads back: 17 digits always do for a double, 9 for a float
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            BigDecimal r = exact.round(new MathContext(mid, RoundingMode.HALF_EVEN));
            if (single ? r.floatValue() == (float) d : r.doubleValue() == d) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return exact.round(new MathContext(hi, RoundingMode.HALF_EVEN));
    }

    /** The text of a value whose shortest digits are {@code shortest}, in exponent form from 10^{@code digits}. */
    private static String text(double d, BigDecimal shortest, int digits) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0" : "0";
        }
        BigDecimal v = shortest.stripTrailingZeros();
        int exponent = v.precision() - v.scale() - 1;
        if (exponent >= -4 && exponent < digits) {
            return v.toPlainString();
        }
        String unscaled = v.unscaledValue().abs().toString();
        StringBuilder s = new StringBuilder(v.signum() < 0 ? "-" : "").append(unscaled.charAt(0));
        if (unscaled.length() > 1) {
            s.append('.').append(unscaled, 1, unscaled.length());
        }
        s.append(exponent < 0 ? "e-" : "e+");
        int e = Math.abs(exponent);
        return s.append(e < 10 ? "0" : "").append(e).toString();
    }
}
