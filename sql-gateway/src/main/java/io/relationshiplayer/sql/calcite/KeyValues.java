package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.relationships.AccessPaths;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.relationships.Values;
import java.math.BigDecimal;
import java.math.RoundingMode;
import javax.annotation.Nullable;

/**
 * Comparison operands (literals, parameters, a lookup join's outer values, in Calcite's internal form) as the key
 * values of a column they are compared with, exactly as SQL compares them: never rounded to the column's type.
 * PostgreSQL compares {@code id = 2.5004} of a NUMERIC(10,3) column as numbers, so no row (2.500 is not 2.5004) and
 * {@code id > 2.4996} as 2.500 and above; an integer column equals no fraction ({@code id = 5.5}) and no value past
 * its range. Writes round a value to the column (Values.coerce); a key compared is not a write.
 */
final class KeyValues {
    /** The operand equals no value of the column: a point read finds nothing, an IN list skips it. */
    static final Object NONE = new Object();

    /** A range bound no value of the column passes (the read is empty). */
    static final AccessPaths.Bound EMPTY = new AccessPaths.Bound(new Object[0], false);

    /**
     * The lower bound every value of a column passes, NULL not (a key orders NULL first): what a range whose bounds
     * hold every value reads, as SQL's comparisons never hold for NULL.
     */
    static final AccessPaths.Bound ABOVE_NULL = new AccessPaths.Bound(new Object[] {null}, false);

    private KeyValues() {
    }

    /** The column's Java value equal to {@code v} (not null), or {@link #NONE} when no value of the column is. */
    static Object equal(Table t, int column, Object v) {
        ColumnDef c = t.column(column);
        BigDecimal d = number(c, v);
        if (d == null) {
            return coerce(c, v);
        }
        int scale = scale(c);
        BigDecimal exact;
        try {
            exact = d.setScale(scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            return NONE; // more decimals than the column has: no value of it is equal
        }
        return inRange(c, exact) ? coerce(c, exact) : NONE;
    }

    /**
     * The bound of a range on the column for {@code v}: the value itself when the column has it, else the nearest
     * value of the column within the range (inclusive: 2.4996 as a lower bound of a NUMERIC(10,3) column is 2.500
     * and up); when every value of the column is within it, {@link #ABOVE_NULL} for a lower bound and null (none)
     * for an upper one; {@link #EMPTY} when none is.
     */
    @Nullable
    static AccessPaths.Bound bound(Table t, int column, Object v, boolean inclusive, boolean low) {
        ColumnDef c = t.column(column);
        BigDecimal d = number(c, v);
        if (d == null) {
            return new AccessPaths.Bound(new Object[] {coerce(c, v)}, inclusive);
        }
        int scale = scale(c);
        BigDecimal at = d.setScale(scale, low ? RoundingMode.CEILING : RoundingMode.FLOOR);
        if (at.compareTo(d) != 0) {
            inclusive = true; // the operand lies between two values of the column: the nearer inside the range
        }
        int toMax = at.compareTo(max(c));
        int toMin = at.compareTo(min(c));
        if (low && (toMax > 0 || toMax == 0 && !inclusive) || !low && (toMin < 0 || toMin == 0 && !inclusive)) {
            return EMPTY;
        }
        if (low && toMin < 0) {
            return ABOVE_NULL;
        }
        if (!low && toMax > 0) {
            return null;
        }
        return new AccessPaths.Bound(new Object[] {coerce(c, at)}, inclusive);
    }

    /** {@code v} as a number when the column is an exact number (DECIMAL or an integer), else null. */
    @Nullable
    private static BigDecimal number(ColumnDef c, Object v) {
        ColumnKind kind = c.getType().getKind();
        if (kind != ColumnKind.DECIMAL && kind != ColumnKind.BIGINT && kind != ColumnKind.INTEGER
                && kind != ColumnKind.SMALLINT) {
            return null;
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return BigDecimal.valueOf(((Number) v).longValue());
        }
        if ((v instanceof Double || v instanceof Float) && Double.isFinite(((Number) v).doubleValue())) {
            return BigDecimal.valueOf(((Number) v).doubleValue());
        }
        return null;
    }

    private static int scale(ColumnDef c) {
        return c.getType().getKind() == ColumnKind.DECIMAL ? c.getType().getScale() : 0;
    }

    /** The largest value of an exact-number column. */
    private static BigDecimal max(ColumnDef c) {
        switch (c.getType().getKind()) {
            case BIGINT:
                return BigDecimal.valueOf(Long.MAX_VALUE);
            case INTEGER:
                return BigDecimal.valueOf(Integer.MAX_VALUE);
            case SMALLINT:
                return BigDecimal.valueOf(Short.MAX_VALUE);
            default:
                int digits = c.getType().getPrecision() - c.getType().getScale();
                return BigDecimal.ONE.scaleByPowerOfTen(digits).subtract(BigDecimal.ONE.movePointLeft(
                        c.getType().getScale()));
        }
    }

    /** The smallest value of an exact-number column. */
    private static BigDecimal min(ColumnDef c) {
        BigDecimal max = max(c);
        return c.getType().getKind() == ColumnKind.DECIMAL ? max.negate() : max.negate().subtract(BigDecimal.ONE);
    }

    private static boolean inRange(ColumnDef c, BigDecimal exact) {
        return exact.compareTo(max(c)) <= 0 && exact.compareTo(min(c)) >= 0;
    }

    /** A value as the column's Java type; lengths are not checked (a longer string matches no row, no error). */
    private static Object coerce(ColumnDef c, Object v) {
        ColumnDef unbounded = c.toBuilder().setType(c.getType().toBuilder().setLength(0)).build();
        return Values.coerce(unbounded, SqlTypes.fromInternal(c, v));
    }
}
