package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.sql.SqlException;
import java.math.BigDecimal;
import java.util.Set;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.Program;

/**
 * A plan's TIMESTAMPs as microseconds since the epoch, PostgreSQL's precision, where Calcite's runtime reads its
 * TIMESTAMP long as milliseconds. The scan, the parameters and the result hold microseconds ({@link SqlTypes},
 * {@link Timestamps}); comparing, sorting, grouping and joining a long is the same whatever its unit. Everything of
 * Calcite's that reads the long as milliseconds is rewritten here, before the plan is optimized, to a function of
 * {@link TimestampFunctions} (literals, EXTRACT, FLOOR and CEIL, casts to and from DATE, interval arithmetic, the
 * current time); any other function of Calcite's is given milliseconds (exactly: a value with digits below a
 * millisecond is 22008 there) and its TIMESTAMP result made microseconds; what would still read the long is refused
 * (0A000). A TIMESTAMP made of a BIGINT of microseconds is {@link TimestampFunctions#OF}, which constant folding
 * leaves alone (folding would make a literal of milliseconds). A call, literal or parameter of a TIME (a long of
 * microseconds of the day, {@link RlJavaTypes}) is {@link TimeFunctions}' to rewrite or refuse, casts from TIMESTAMP
 * to TIME included.
 */
public final class TimestampMicros {
    /** Calls whose evaluation compares or passes a TIMESTAMP's long as it is, whatever its unit. */
    private static final Set<SqlKind> UNIT_FREE = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.IS_DISTINCT_FROM,
            SqlKind.IS_NOT_DISTINCT_FROM, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL, SqlKind.CASE, SqlKind.COALESCE,
            SqlKind.NULLIF, SqlKind.GREATEST, SqlKind.LEAST, SqlKind.ROW, SqlKind.IN, SqlKind.NOT_IN,
            SqlKind.REINTERPRET, SqlKind.INPUT_REF, SqlKind.ITEM);

    private TimestampMicros() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return (planner, rel, traits, materializations, lattices) ->
                planning.run(planner, rewrite(rel), traits, materializations, lattices);
    }

    /** Aggregates that keep or count a TIMESTAMP's long as it is, whatever its unit. */
    private static final Set<SqlKind> UNIT_FREE_AGGREGATES = Set.of(SqlKind.MIN, SqlKind.MAX, SqlKind.COUNT,
            SqlKind.ANY_VALUE, SqlKind.SINGLE_VALUE, SqlKind.FIRST_VALUE, SqlKind.LAST_VALUE, SqlKind.LAG,
            SqlKind.LEAD, SqlKind.NTH_VALUE, SqlKind.MODE);

    /** {@code rel} with its TIMESTAMPs in microseconds throughout. */
    public static RelNode rewrite(RelNode rel) {
        RelNode values = TimestampValues.rewrite(rel);
        refuseAggregates(values);
        return CallRewrites.apply(values, Rewrite::new);
    }

    /** An aggregate of a TIMESTAMP that would read its long (ARRAY_AGG's array, ...): 0A000. */
    private static void refuseAggregates(RelNode rel) {
        if (rel instanceof org.apache.calcite.rel.core.Aggregate aggregate) {
            var fields = aggregate.getInput().getRowType().getFieldList();
            for (var call : aggregate.getAggCallList()) {
                for (int arg : call.getArgList()) {
                    SqlTypeName t = fields.get(arg).getType().getSqlTypeName();
                    if (t == SqlTypeName.TIMESTAMP || t == SqlTypeName.TIME) {
                        refuseAggregate(call.getAggregation().getKind(), call.getAggregation().getName(), t);
                    }
                }
            }
        }
        for (RelNode input : rel.getInputs()) {
            refuseAggregates(input);
        }
        rel.accept(new org.apache.calcite.rex.RexShuttle() {
            @Override
            public RexNode visitSubQuery(org.apache.calcite.rex.RexSubQuery subQuery) {
                refuseAggregates(subQuery.rel);
                return super.visitSubQuery(subQuery);
            }
        });
    }

    private static void refuseAggregate(SqlKind kind, String name, SqlTypeName type) {
        if (!UNIT_FREE_AGGREGATES.contains(kind)) {
            throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, name + " of a " + type + " is not supported");
        }
    }

    /** The BIGINT literal of microseconds a TIMESTAMP constant of a rewritten plan holds, or null if it is none. */
    public static RexLiteral constant(RexNode n) {
        if (n instanceof RexCall call && (call.getOperator() == TimestampFunctions.OF
                || call.getOperator() == TimeFunctions.OF) && call.getOperands().get(0) instanceof RexLiteral literal) {
            return literal;
        }
        return null;
    }

    private static final class Rewrite implements CallRewrites.Rewrite {
        private final RexBuilder rex;

        Rewrite(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode literal(RexLiteral literal) {
            if (isZoned(literal)) {
                throw zoned();
            }
            RexNode time = TimeFunctions.literal(rex, literal);
            if (time != null) {
                return time;
            }
            if (literal.getTypeName() != SqlTypeName.TIMESTAMP || literal.isNull()) {
                return literal;
            }
            long micros = Timestamps.micros(literal.getValueAs(org.apache.calcite.util.TimestampString.class));
            return TimestampFunctions.of(rex, literal.getType(), rex.makeBigintLiteral(BigDecimal.valueOf(micros)));
        }

        /**
         * A TIME parameter as our TIME of the BIGINT parameter it is bound as (its microseconds of the day, {@link
         * Times#parameter}): Calcite's generated code would read a TIME parameter as an int.
         */
        @Override
        public RexNode dynamicParam(org.apache.calcite.rex.RexDynamicParam param) {
            if (!TimeFunctions.isTime(param)) {
                return param;
            }
            var types = rex.getTypeFactory();
            return TimeFunctions.of(rex, param.getType(), new org.apache.calcite.rex.RexDynamicParam(
                    types.createTypeWithNullability(types.createSqlType(SqlTypeName.BIGINT), true), param.getIndex()));
        }

        @Override
        public RexNode call(RexCall call) {
            if (call.getKind() == SqlKind.SEARCH && (isTimestamp(call.getOperands().get(0))
                    || TimeFunctions.isTime(call.getOperands().get(0)))) {
                // a Sarg's points are literals of the timestamp: as comparisons, their literals made microseconds
                RexNode expanded = RexUtil.expandSearch(rex, null, call);
                return CallRewrites.apply(expanded, this);
            }
            if (isZoned(call) || call.getOperands().stream().anyMatch(TimestampMicros::isZoned)) {
                throw zoned();
            }
            RexNode interval = IntervalFunctions.rewrite(rex, call);
            if (interval != null) {
                return interval;
            }
            if (TimeFunctions.touchesTime(call)) {
                return TimeFunctions.rewrite(rex, call);
            }
            if (!touchesTimestamp(call) || call.getOperator() instanceof org.apache.calcite.sql.validate
                    .SqlUserDefinedFunction f && f.getName().startsWith("rl_timestamp")) {
                return call;
            }
            if (UNIT_FREE.contains(call.getKind()) && !isReinterpretToTimestamp(call)) {
                return call;
            }
            RexNode rewritten = TimestampFunctions.rewrite(rex, call);
            if (rewritten != null) {
                return rewritten;
            }
            if (TimestampFunctions.isBelowMillisecond(call)) {
                throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "an interval of microseconds or "
                        + "nanoseconds (TIMESTAMPADD's) is not supported: an interval keeps milliseconds");
            }
            // any other function of Calcite's reads and makes milliseconds: it has them, exactly or 22008
            return TimestampFunctions.inMilliseconds(rex, call);
        }

        @Override
        public RexNode over(RexOver over) {
            refuseRangeOffsets(over);
            for (RexNode o : over.getOperands()) {
                if (isTimestamp(o) || TimeFunctions.isTime(o)) {
                    refuseAggregate(over.getKind(), over.getOperator().getName(), o.getType().getSqlTypeName());
                }
            }
            return over;
        }

        /** A window of RANGE with an offset, ordered by a TIMESTAMP: the offset would be added as milliseconds. */
        private static void refuseRangeOffsets(RexOver over) {
            var window = over.getWindow();
            if (!window.isRows() && (hasOffset(window.getLowerBound()) || hasOffset(window.getUpperBound()))) {
                for (var key : window.orderKeys) {
                    if (isTimestamp(key.getKey()) || TimeFunctions.isTime(key.getKey())) {
                        throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "a window frame of RANGE with an "
                                + "offset over a TIMESTAMP or TIME is not supported");
                    }
                }
            }
        }

        private static boolean hasOffset(RexWindowBound bound) {
            return bound != null && bound.getOffset() != null;
        }

        private static boolean isReinterpretToTimestamp(RexCall call) {
            return call.getKind() == SqlKind.REINTERPRET && isTimestamp(call)
                    && !isTimestamp(call.getOperands().get(0));
        }

        private static boolean touchesTimestamp(RexCall call) {
            if (isTimestamp(call)) {
                return true;
            }
            for (RexNode operand : call.getOperands()) {
                if (isTimestamp(operand)) {
                    return true;
                }
            }
            return false;
        }
    }

    static boolean isTimestamp(RexNode n) {
        return n.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP;
    }

    /** A TIMESTAMP WITH (LOCAL) TIME ZONE, which no column has, and which Calcite would hold in milliseconds. */
    private static boolean isZoned(RexNode n) {
        SqlTypeName t = n.getType().getSqlTypeName();
        return t == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE || t == SqlTypeName.TIMESTAMP_TZ;
    }

    private static SqlException zoned() {
        return new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "TIMESTAMP WITH TIME ZONE is not supported: "
                + "use TIMESTAMP (values are UTC)");
    }

}
