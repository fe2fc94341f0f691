package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Intervals computed as PostgreSQL computes them, where Calcite's runtime differs: the text of one ({@link
 * IntervalText}), EXTRACT of its fields, and an interval times or divided by a number (PostgreSQL's float8
 * arithmetic, rounded to microseconds; a day-time interval keeps milliseconds, so a result with digits below one is
 * 22008, never truncated; a year-month interval keeps months, so a result with a fraction of a month, which PostgreSQL
 * makes days, is 0A000). A day-time interval is Calcite's long of milliseconds, a year-month one its int of months;
 * the days of a day-time interval are those of its qualifier ({@link IntervalText}).
 */
public final class IntervalFunctions {
    /** The units PostgreSQL extracts from an interval. */
    public static final Set<TimeUnitRange> UNITS = java.util.EnumSet.of(TimeUnitRange.MICROSECOND,
            TimeUnitRange.MILLISECOND, TimeUnitRange.SECOND, TimeUnitRange.MINUTE, TimeUnitRange.HOUR,
            TimeUnitRange.DAY, TimeUnitRange.MONTH, TimeUnitRange.QUARTER, TimeUnitRange.YEAR, TimeUnitRange.DECADE,
            TimeUnitRange.CENTURY, TimeUnitRange.MILLENNIUM, TimeUnitRange.EPOCH);

    /** What a value of an interval type counts: months, milliseconds written with days, or without. */
    static final int MONTHS = 0;
    private static final int DAY_MILLIS = 1;
    private static final int MILLIS = 2;

    private static final SqlUserDefinedFunction TEXT = CallRewrites.function(Functions.class, "rl_interval_text",
            "text", ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction PART = CallRewrites.function(Functions.class, "rl_interval_part",
            "part", ReturnTypes.explicit(SqlTypeName.DECIMAL).andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction TIMES = CallRewrites.function(Functions.class, "rl_interval_times",
            "times", ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction DIVIDE = CallRewrites.function(Functions.class,
            "rl_interval_divide", "divide", ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));

    private IntervalFunctions() {
    }

    /** Whether {@code n} is an interval. */
    static boolean isInterval(RexNode n) {
        return SqlTypeUtil.isInterval(n.getType());
    }

    /** {@code call}, which has or makes an interval, as our functions compute it, or null if Calcite's does. */
    static RexNode rewrite(RexBuilder rex, RexCall call) {
        List<RexNode> operands = call.getOperands();
        RelDataType type = call.getType();
        if (call.getKind() == SqlKind.CAST && operands.size() == 1 && isInterval(operands.get(0))
                && SqlTypeUtil.inCharFamily(type)) {
            return text(rex, type, operands.get(0));
        }
        if (call.getKind() == SqlKind.EXTRACT && operands.get(0) instanceof RexLiteral unit
                && isInterval(operands.get(1))) {
            RexNode x = operands.get(1);
            RexNode value = rex.makeCall(nullable(rex, SqlTypeName.DECIMAL, x), PART, List.of(
                    rex.makeLiteral(unit.getValueAs(TimeUnitRange.class).name()), kind(rex, x), asBigint(rex, x)));
            return rex.makeCast(type, value, true, false);
        }
        boolean times = call.getKind() == SqlKind.TIMES || call.getKind() == SqlKind.CHECKED_TIMES;
        boolean divide = call.getKind() == SqlKind.DIVIDE || call.getKind() == SqlKind.CHECKED_DIVIDE;
        if ((times || divide) && SqlTypeUtil.isInterval(type) && operands.size() == 2) {
            boolean first = isInterval(operands.get(0));
            RexNode x = first ? operands.get(0) : operands.get(1);
            RexNode factor = first ? operands.get(1) : operands.get(0);
            if (isInterval(factor) || divide && !first) {
                return null;
            }
            RelDataTypeFactory types = rex.getTypeFactory();
            RexNode dbl = rex.makeCast(types.createTypeWithNullability(types.createSqlType(SqlTypeName.DOUBLE),
                    factor.getType().isNullable()), factor, true, false);
            RelDataType bigint = types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT),
                    x.getType().isNullable() || factor.getType().isNullable());
            RexNode value = rex.makeCall(bigint, times ? TIMES : DIVIDE,
                    List.of(kind(rex, x), asBigint(rex, x), dbl));
            RelDataType count = types.createTypeWithNullability(types.createSqlType(isMonths(type)
                    ? SqlTypeName.INTEGER : SqlTypeName.BIGINT), type.isNullable());
            return rex.makeReinterpretCast(type, rex.makeCast(count, value, true, false), rex.makeLiteral(false));
        }
        return null;
    }

    /** The interval {@code x} as PostgreSQL's text, of the character type {@code type}. */
    static RexNode text(RexBuilder rex, RelDataType type, RexNode x) {
        RexNode text = rex.makeCall(nullable(rex, SqlTypeName.VARCHAR, x), TEXT, List.of(kind(rex, x),
                asBigint(rex, x)));
        return rex.makeCast(type, text, true, false);
    }

    private static boolean isMonths(RelDataType type) {
        return SqlTypeName.YEAR_INTERVAL_TYPES.contains(type.getSqlTypeName());
    }

    /** What {@code x}'s interval type counts ({@link #MONTHS}, {@link #DAY_MILLIS}, {@link #MILLIS}), a literal. */
    static RexNode kind(RexBuilder rex, RexNode x) {
        RelDataType type = x.getType();
        int kind = isMonths(type) ? MONTHS : type.getIntervalQualifier() != null
                && type.getIntervalQualifier().getStartUnit() == TimeUnit.DAY ? DAY_MILLIS : MILLIS;
        return rex.makeExactLiteral(BigDecimal.valueOf(kind), rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER));
    }

    static RexNode asBigint(RexBuilder rex, RexNode x) {
        RelDataTypeFactory types = rex.getTypeFactory();
        RelDataType count = types.createTypeWithNullability(types.createSqlType(isMonths(x.getType())
                ? SqlTypeName.INTEGER : SqlTypeName.BIGINT), x.getType().isNullable());
        return rex.makeCast(nullable(rex, SqlTypeName.BIGINT, x), rex.makeReinterpretCast(count, x,
                rex.makeLiteral(false)), true, false);
    }

    private static RelDataType nullable(RexBuilder rex, SqlTypeName name, RexNode like) {
        RelDataTypeFactory types = rex.getTypeFactory();
        RelDataType t = name == SqlTypeName.DECIMAL ? types.createSqlType(name, 19, 6) : types.createSqlType(name);
        return types.createTypeWithNullability(t, like.getType().isNullable());
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private static final long SECONDS_PER_YEAR = 31_557_600L; // 365.25 days, PostgreSQL's
        private static final long SECONDS_PER_MONTH = 2_592_000L; // 30 days

        private Functions() {
        }

        /** The interval's text, PostgreSQL's. */
        public static String text(int kind, long value) {
            return kind == MONTHS ? IntervalText.months(value) : IntervalText.millis(value, kind == DAY_MILLIS);
        }

        /** EXTRACT of {@code unit} from the interval, as PostgreSQL's {@code interval_part}. */
        public static BigDecimal part(String unit, int kind, long value) {
            long months = kind == MONTHS ? value : 0;
            long day = kind == DAY_MILLIS ? value / IntervalText.DAY : 0;
            long time = kind == MONTHS ? 0 : kind == DAY_MILLIS ? value % IntervalText.DAY : value;
            long year = months / 12;
            long mon = months % 12;
            long secondMillis = time % IntervalText.MINUTE;
            switch (TimeUnitRange.valueOf(unit)) {
                case MICROSECOND:
                    return BigDecimal.valueOf(secondMillis * 1000);
                case MILLISECOND:
                    return BigDecimal.valueOf(secondMillis);
                case SECOND:
                    return BigDecimal.valueOf(secondMillis, 3);
                case MINUTE:
                    return BigDecimal.valueOf(time / IntervalText.MINUTE % 60);
                case HOUR:
                    return BigDecimal.valueOf(time / IntervalText.HOUR);
                case DAY:
                    return BigDecimal.valueOf(day);
                case MONTH:
                    return BigDecimal.valueOf(mon);
                case QUARTER:
                    return BigDecimal.valueOf(mon / 3 + 1);
                case YEAR:
                    return BigDecimal.valueOf(year);
                case DECADE:
                    return BigDecimal.valueOf(year / 10);
                case CENTURY:
                    return BigDecimal.valueOf(year / 100);
                case MILLENNIUM:
                    return BigDecimal.valueOf(year / 1000);
                case EPOCH:
                    return BigDecimal.valueOf(year * SECONDS_PER_YEAR + mon * SECONDS_PER_MONTH + day * 86_400L)
                            .add(BigDecimal.valueOf(time, 3));
                default:
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "unit \""
                            + unit.toLowerCase(java.util.Locale.ROOT) + "\" not supported for type interval");
            }
        }

        /** The interval times {@code factor}, as PostgreSQL's {@code interval_mul}. */
        public static long times(int kind, long value, double factor) {
            return result(kind, kind == MONTHS ? value * factor : value * 1000.0 * factor, "times");
        }

        /** The interval divided by {@code factor}, as PostgreSQL's {@code interval_div}. */
        public static long divide(int kind, long value, double factor) {
            if (factor == 0) {
                throw new SqlException(SqlException.DIVISION_BY_ZERO, "division by zero");
            }
            return result(kind, kind == MONTHS ? value / factor : value * 1000.0 / factor, "divided by");
        }

        /** Months, or microseconds rounded as PostgreSQL rounds them, as the interval's months or milliseconds. */
        private static long result(int kind, double v, String op) {
            if (Double.isNaN(v) || Math.abs(v) >= (kind == MONTHS ? Integer.MAX_VALUE + 1.0 : 0x1p63)) {
                throw new SqlException(Timestamps.FIELD_OVERFLOW, "interval out of range");
            }
            if (kind == MONTHS) {
                if (v != Math.rint(v)) {
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a year-month interval " + op
                            + " a number is supported where the result is whole months (PostgreSQL's would have "
                            + "days, which a year-month interval does not keep)");
                }
                return (long) v;
            }
            long micros = (long) Math.rint(v);
            if (micros % 1000 != 0) {
                throw new SqlException(Timestamps.FIELD_OVERFLOW, "interval " + op + " a number has digits below a "
                        + "millisecond (" + IntervalText.millis(micros / 1000, false) + " and " + Math.abs(micros
                        % 1000) + " microseconds), which an interval does not keep (it keeps milliseconds)");
            }
            return micros / 1000;
        }
    }
}
