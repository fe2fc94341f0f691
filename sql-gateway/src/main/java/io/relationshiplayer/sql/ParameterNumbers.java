package io.relationshiplayer.sql;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.sql.Types;

/**
 * A number bound to a parameter of another numeric type, converted as PostgreSQL casts it: a double (or real) bound to
 * a NUMERIC parameter is its 15 (6) significant digits, as {@code float8_numeric} prints it ({@code 1.005} is 1.005,
 * so a DECIMAL(8, 2) column stores 1.01; its exact binary value, 1.00499999..., rounded to 1.00), and a number with
 * a fraction bound to an integer parameter is rounded, not truncated: a numeric half away from zero ({@code 2.5} is
 * 3), a double to the nearest even ({@code rint}: 2.5 is 2, 3.5 is 4). Calcite converted the binary double exactly
 * and cut fractions off integers, so a Python float or a JDBC {@code setDouble} stored another value than PostgreSQL.
 */
final class ParameterNumbers {
    private ParameterNumbers() {
    }

    /**
     * {@code v} converted for a parameter of the JDBC type {@code sqlType}; other values as they are. A fraction bound
     * to an integer parameter is rounded only when {@code assigned} (the statement is an INSERT, whose parameters are
     * its rows' values, as PostgreSQL's assignment cast rounds them): elsewhere it is a comparison's operand, which
     * PostgreSQL compares as the number it is ({@code id = 7.25} is no integer's row, {@code id > 4.5} starts at 5), so
     * it stays exact for the key reads that compare so ({@code KeyValues}); rounded, a DELETE by a key given 7.5
     * deleted row 8.
     */
    static Object read(int sqlType, Object v, boolean assigned) {
        switch (sqlType) {
            case Types.DECIMAL:
            case Types.NUMERIC:
                if (v instanceof Double d && Double.isFinite(d)) {
                    return decimal(d, 15);
                }
                if (v instanceof Float f && Float.isFinite(f)) {
                    return decimal(f, 6);
                }
                return v;
            case Types.BIGINT:
            case Types.INTEGER:
            case Types.SMALLINT:
            case Types.TINYINT:
                if (!assigned) {
                    return v;
                }
                if (v instanceof BigDecimal d && d.scale() > 0) {
                    BigDecimal whole = d.setScale(0, RoundingMode.HALF_UP);
                    return whole.unscaledValue().bitLength() < 64 ? (Object) whole.longValueExact() : whole;
                }
                if ((v instanceof Double || v instanceof Float) && Double.isFinite(((Number) v).doubleValue())) {
                    return Math.rint(((Number) v).doubleValue());
                }
                return v;
            default:
                return v;
        }
    }

    /** {@code d} with {@code digits} significant digits, as C's {@code %.*g} writes it (trailing zeros dropped). */
    static BigDecimal decimal(double d, int digits) {
        BigDecimal r = new BigDecimal(d).round(new MathContext(digits, RoundingMode.HALF_EVEN)).stripTrailingZeros();
        return r.scale() < 0 ? r.setScale(0) : r;
    }
}
