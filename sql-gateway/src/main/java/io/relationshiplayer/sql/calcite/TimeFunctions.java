package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlAbstractTimeFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.util.TimeString;

/**
 * A plan's TIMEs as microseconds of the day, PostgreSQL's precision: the long {@link RlJavaTypes} makes a TIME in
 * generated code, where Calcite's is an int of milliseconds. Part of {@link TimestampMicros}' rewrite: a TIME literal
 * becomes its microseconds ({@link #OF}, which constant folding leaves alone), casts (text both ways, from TIMESTAMP, to
 * a smaller precision), EXTRACT, {@code time ± interval}, {@code time - time} and LOCALTIME / CURRENT_TIME are
 * functions of microseconds here; comparing, sorting, MIN and MAX read the long as it is; anything else of Calcite's
 * that would read a TIME is refused (0A000), never given a value in another unit.
 */
public final class TimeFunctions {
    /** A TIME of a BIGINT of microseconds of the day: the long as it is. Dynamic, so constant folding never runs it. */
    public static final SqlUserDefinedFunction OF = TimestampFunctions.reinterpreting("rl_time", SqlTypeName.TIME,
            Functions.class);
    private static final SqlUserDefinedFunction PARSE = function("parse");
    private static final SqlUserDefinedFunction ROUND = function("round");
    private static final SqlUserDefinedFunction OF_TIMESTAMP = function("ofTimestamp");
    private static final SqlUserDefinedFunction EXTRACT = function("extract");
    private static final SqlUserDefinedFunction PLUS_MILLIS = function("plusMillis");
    private static final SqlUserDefinedFunction MINUS = function("minus");
    private static final SqlUserDefinedFunction TEXT = CallRewrites.function(Functions.class, "rl_time_text", "text",
            ReturnTypes.explicit(SqlTypeName.VARCHAR).andThen(SqlTypeTransforms.TO_NULLABLE));

    /** Calls that compare or pass a TIME's long as it is, whatever its unit. */
    private static final Set<SqlKind> UNIT_FREE = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.IS_DISTINCT_FROM,
            SqlKind.IS_NOT_DISTINCT_FROM, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.CASE, SqlKind.COALESCE,
            SqlKind.NULLIF, SqlKind.GREATEST, SqlKind.LEAST, SqlKind.ROW, SqlKind.IN, SqlKind.NOT_IN,
            SqlKind.INPUT_REF, SqlKind.ITEM);

    private TimeFunctions() {
    }

    private static SqlUserDefinedFunction function(String method) {
        return CallRewrites.function(Functions.class, "rl_time_" + method, method,
                ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    }

    static boolean isTime(RexNode n) {
        return n.getType().getSqlTypeName() == SqlTypeName.TIME;
    }

    /** Whether {@code call} has or makes a TIME. */
    static boolean touchesTime(RexCall call) {
        return isTime(call) || call.getOperands().stream().anyMatch(TimeFunctions::isTime);
    }

    /** The TIME {@code type} of {@code micros}, a BIGINT of microseconds of the day. */
    public static RexNode of(RexBuilder rex, RelDataType type, RexNode micros) {
        RelDataTypeFactory types = rex.getTypeFactory();
        return rex.makeCall(types.createTypeWithNullability(type, micros.getType().isNullable()), OF,
                List.of(micros));
    }

    /** A TIME literal as our TIME of its microseconds; null for a literal of another type. */
    static RexNode literal(RexBuilder rex, RexLiteral literal) {
        if (literal.getTypeName() != SqlTypeName.TIME || literal.isNull()) {
            return null;
        }
        long micros = Times.micros(literal.getValueAs(TimeString.class));
        return of(rex, literal.getType(), rex.makeBigintLiteral(BigDecimal.valueOf(micros)));
    }

    /** The BIGINT literal of microseconds a TIME constant of a rewritten plan holds, or null if it is none. */
    public static RexLiteral constant(RexNode n) {
        return n instanceof RexCall call && call.getOperator() == OF
                && call.getOperands().get(0) instanceof RexLiteral literal ? literal : null;
    }

    /**
     * {@code call}, which has or makes a TIME, as our functions make it: itself if it reads the long as it is, a
     * rewrite, or 0A000 for what would read a TIME as Calcite's milliseconds.
     */
    static RexNode rewrite(RexBuilder rex, RexCall call) {
        List<RexNode> operands = call.getOperands();
        RelDataType type = call.getType();
        if (call.getOperator() == OF || call.getOperator() == TEXT || UNIT_FREE.contains(call.getKind())) {
            return call;
        }
        if (call.getKind() == SqlKind.REINTERPRET) {
            SqlTypeName from = operands.get(0).getType().getSqlTypeName();
            if (!isTime(call) || from == SqlTypeName.BIGINT || from == SqlTypeName.TIME) {
                return isTime(call) && from == SqlTypeName.BIGINT ? of(rex, type, operands.get(0)) : call;
            }
        }
        if (call.getKind() == SqlKind.CAST && operands.size() == 1) {
            return cast(rex, call, operands.get(0));
        }
        if (call.getOperator() instanceof SqlAbstractTimeFunction && operands.size() <= 1 && isTime(call)) {
            // CURRENT_TIME, LOCALTIME: the time of day of the transaction's start, rounded to a precision if given
            RexNode now = rex.makeCall(bigint(rex, call), TransactionClock.NOW, List.of());
            RexNode day = rex.makeCall(bigint(rex, call), OF_TIMESTAMP, List.of(now));
            return of(rex, type, operands.isEmpty() ? day : round(rex, day, type.getPrecision()));
        }
        if (call.getKind() == SqlKind.EXTRACT && operands.get(0) instanceof RexLiteral unit
                && isTime(operands.get(1)) && SqlTypeUtil.isIntType(type)) {
            RexNode x = operands.get(1);
            RexNode value = rex.makeCall(bigint(rex, x), EXTRACT, List.of(
                    rex.makeLiteral(unit.getValueAs(TimeUnitRange.class).name()), asBigint(rex, x)));
            return rex.makeCast(type, value, true, false);
        }
        if (operands.size() == 2 && isTime(operands.get(0))) {
            boolean plus = call.getOperator() == SqlStdOperatorTable.DATETIME_PLUS;
            boolean minus = call.getOperator() == SqlStdOperatorTable.MINUS_DATE;
            RelDataType second = operands.get(1).getType();
            if ((plus || minus) && isTime(call) && SqlTypeUtil.isInterval(second)) {
                if (SqlTypeName.YEAR_INTERVAL_TYPES.contains(second.getSqlTypeName())) {
                    return operands.get(0); // PostgreSQL: months and years leave a time of day as it is
                }
                if (!TimestampFunctions.isBelowMillisecond(second)) {
                    RexNode millis = rex.makeReinterpretCast(bigint(rex, operands.get(1)), operands.get(1),
                            rex.makeLiteral(false));
                    if (minus) {
                        millis = rex.makeCall(SqlStdOperatorTable.UNARY_MINUS, millis);
                    }
                    return of(rex, type, rex.makeCall(bigint(rex, call), PLUS_MILLIS,
                            List.of(asBigint(rex, operands.get(0)), millis)));
                }
            }
            if (minus && isTime(operands.get(1)) && SqlTypeUtil.isInterval(type)
                    && !SqlTypeName.YEAR_INTERVAL_TYPES.contains(type.getSqlTypeName())
                    && !TimestampFunctions.isBelowMillisecond(type)) {
                RexNode millis = rex.makeCall(bigint(rex, call), MINUS,
                        List.of(asBigint(rex, operands.get(0)), asBigint(rex, operands.get(1))));
                return rex.makeReinterpretCast(type, millis, rex.makeLiteral(false));
            }
        }
        throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, call.getOperator().getName()
                + " of a TIME is not supported");
    }

    private static RexNode cast(RexBuilder rex, RexCall call, RexNode x) {
        SqlTypeName from = x.getType().getSqlTypeName();
        RelDataType to = call.getType();
        if (x instanceof RexLiteral literal && literal.isNull() || from == SqlTypeName.NULL) {
            return call;
        }
        if (to.getSqlTypeName() == SqlTypeName.TIME) {
            if (from == SqlTypeName.TIME) {
                return of(rex, to, round(rex, asBigint(rex, x), to.getPrecision()));
            }
            if (from == SqlTypeName.CHAR || from == SqlTypeName.VARCHAR) {
                return of(rex, to, rex.makeCall(bigint(rex, x), PARSE, List.of(x, precision(rex, to.getPrecision()))));
            }
            if (from == SqlTypeName.TIMESTAMP) {
                // the timestamp's time of day (its microseconds since the epoch, TimestampMicros), rounded as
                // PostgreSQL rounds a time to its precision
                RexNode micros = TimestampFunctions.asBigint(rex, x);
                return of(rex, to, round(rex, rex.makeCall(bigint(rex, x), OF_TIMESTAMP, List.of(micros)),
                        to.getPrecision()));
            }
        } else if (from == SqlTypeName.TIME
                && (to.getSqlTypeName() == SqlTypeName.VARCHAR || to.getSqlTypeName() == SqlTypeName.CHAR)) {
            RelDataTypeFactory types = rex.getTypeFactory();
            RexNode s = rex.makeCall(types.createTypeWithNullability(types.createSqlType(SqlTypeName.VARCHAR),
                    x.getType().isNullable()), TEXT, List.of(asBigint(rex, x)));
            return rex.makeCast(to, s, true, false);
        }
        throw new SqlException("42846", "cannot cast type " + pgName(x.getType()) + " to " + pgName(to));
    }

    private static String pgName(RelDataType type) {
        switch (type.getSqlTypeName()) {
            case TIME:
                return "time without time zone";
            case TIMESTAMP:
                return "timestamp without time zone";
            default:
                return type.getSqlTypeName().getName().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static RexNode round(RexBuilder rex, RexNode micros, int precision) {
        if (precision >= Times.PRECISION || precision < 0) {
            return micros;
        }
        return rex.makeCall(micros.getType(), ROUND, List.of(micros, precision(rex, precision)));
    }

    private static RexNode precision(RexBuilder rex, int precision) {
        return rex.makeExactLiteral(BigDecimal.valueOf(precision),
                rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER));
    }

    private static RelDataType bigint(RexBuilder rex, RexNode like) {
        return TimestampFunctions.bigint(rex, like);
    }

    /** A TIME's microseconds of the day, the long it is in generated code, as a BIGINT. */
    static RexNode asBigint(RexBuilder rex, RexNode time) {
        return TimestampFunctions.asBigint(rex, time); // the same reinterpretation of a long
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /** {@link #OF}: the microseconds as they are. */
        public static long of(long micros) {
            return micros;
        }

        /** Text as a TIME(precision) ({@link Times#parse}). */
        public static long parse(String text, int precision) {
            return Times.parse(text, precision);
        }

        /** A TIME rounded to {@code precision} digits; 23:59:59.9 to TIME(0) is 24:00:00, as PostgreSQL's. */
        public static long round(long micros, int precision) {
            return Times.round(micros, precision);
        }

        /** A TIME as PostgreSQL writes it ({@link Times#text}). */
        public static String text(long micros) {
            return Times.text(micros);
        }

        /** The time of day of a TIMESTAMP (microseconds since the epoch). */
        public static long ofTimestamp(long micros) {
            return Math.floorMod(micros, Times.DAY);
        }

        /** A time plus a day-time interval of milliseconds, around the clock, as PostgreSQL adds them. */
        public static long plusMillis(long micros, long millis) {
            return Math.floorMod(micros + Math.floorMod(millis, 86_400_000L) * 1000L, Times.DAY);
        }

        /** A time less another, in milliseconds (Calcite's day-time interval); 22008 if that is not exact. */
        public static long minus(long a, long b) {
            long micros = a - b;
            if (micros % 1000 != 0) {
                throw new SqlException(Timestamps.FIELD_OVERFLOW, "the difference of " + Times.text(a) + " and "
                        + Times.text(b) + " has digits below a millisecond, which an interval does not keep (it "
                        + "keeps milliseconds, not PostgreSQL's microseconds)");
            }
            return micros / 1000;
        }

        /**
         * EXTRACT of {@code unit} from a time, as PostgreSQL answers it (HOUR of 24:00:00 is 24); a unit a time has
         * not is 0A000, as in PostgreSQL.
         */
        public static long extract(String unit, long micros) {
            switch (TimeUnitRange.valueOf(unit)) {
                case HOUR:
                    return micros / 3_600_000_000L;
                case MINUTE:
                    return micros % 3_600_000_000L / 60_000_000L;
                case SECOND:
                    return micros % 60_000_000L / Timestamps.SECOND;
                case MILLISECOND:
                    return micros % 60_000_000L / 1000;
                case MICROSECOND:
                    return micros % 60_000_000L;
                case EPOCH:
                    return micros / Timestamps.SECOND;
                default:
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "unit \""
                            + unit.toLowerCase(java.util.Locale.ROOT) + "\" not supported for type time without "
                            + "time zone");
            }
        }
    }
}
