package io.relationshiplayer.sql.calcite;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.rules.AggregateReduceFunctionsRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.util.Optionality;
import org.apache.calcite.sql2rel.ConvertToChecked;
import org.apache.calcite.tools.Program;

/**
 * Arithmetic that reports a result its type cannot hold, as PostgreSQL does, where Calcite's generated code would wrap
 * around (integers) or give an infinity (floating point): integer {@code + - * /}, unary minus and {@code ABS} use
 * Calcite's checked operators; floating-point {@code + - * /} check for division by zero (22012) and for an infinite
 * result of finite operands (22003); a cast to an integer type checks that the value fits before Java narrows it.
 * Applied to every plan before optimization ({@link #program}); an {@link ArithmeticException} at run (or constant
 * folding) time becomes 22003, or 22012 for a division by zero.
 */
public final class CheckedArithmetic {
    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return (planner, rel, traits, materializations, lattices) ->
                planning.run(planner, rewrite(rel), traits, materializations, lattices);
    }

    private static final SqlUserDefinedFunction DOUBLE_PLUS = function("plus");
    private static final SqlUserDefinedFunction DOUBLE_MINUS = function("minus");
    private static final SqlUserDefinedFunction DOUBLE_TIMES = function("times");
    private static final SqlUserDefinedFunction DOUBLE_DIVIDE = function("divide");
    private static final SqlUserDefinedFunction LONG_RANGE = function("longInRange");
    private static final SqlUserDefinedFunction DOUBLE_TO_LONG = function("doubleToLong");
    private static final SqlUserDefinedFunction DECIMAL_RANGE = function("decimalInRange");
    private static final SqlUserDefinedFunction REAL_RANGE = function("realInRange");
    private static final SqlUserDefinedFunction DECIMAL_DIVIDE = function("decimalDivide");
    private static final SqlUserDefinedFunction DOUBLE_POWER = function("power");
    private static final SqlUserDefinedFunction DOUBLE_SQRT = function("sqrt");
    /** ABS of a BIGINT, 22003 for -2^63 (narrower integers are widened to it, and the result narrowed, checked). */
    private static final SqlUserDefinedFunction LONG_ABS = function("abs");

    /** SUM of DOUBLE that refuses to overflow to an infinity (the values themselves may be infinite). */
    private static final SqlUserDefinedAggFunction DOUBLE_SUM = sum("rl_checked_sum", ReturnTypes.AGG_SUM);
    /** The same for $SUM0, Calcite's SUM that is 0 over no rows. */
    private static final SqlUserDefinedAggFunction DOUBLE_SUM0 = sum("rl_checked_sum0",
            ReturnTypes.AGG_SUM_EMPTY_IS_ZERO);

    private CheckedArithmetic() {
    }

    /** Averages and variances as sums and counts, here rather than in the planner, so that their sums are exact. */
    private static final HepProgram REDUCE_AVERAGES = HepProgram.builder().addRuleInstance(
            CoreRules.AGGREGATE_REDUCE_FUNCTIONS.config.withFunctionsToReduce(EnumSet.of(SqlKind.AVG,
                    SqlKind.STDDEV_POP, SqlKind.STDDEV_SAMP, SqlKind.VAR_POP, SqlKind.VAR_SAMP))
                    .as(AggregateReduceFunctionsRule.Config.class).toRule()).build();

    /** {@code rel} with every arithmetic operation and narrowing cast checked. */
    public static RelNode rewrite(RelNode rel) {
        RexBuilder rex = rel.getCluster().getRexBuilder();
        HepPlanner hep = new HepPlanner(REDUCE_AVERAGES);
        hep.setRoot(ExactVariance.rewrite(rel));
        RelNode reduced = hep.findBestExp();
        RelNode exact = new ConvertToChecked(rex, true).visit(reduced);
        return new Rels(new Rexes(rex)).visit(exact);
    }

    private static SqlUserDefinedAggFunction sum(String name, org.apache.calcite.sql.type.SqlReturnTypeInference type) {
        return new SqlUserDefinedAggFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, type,
                null, null, AggregateFunctionImpl.create(DoubleSum.class), false, false, Optionality.FORBIDDEN);
    }

    private static SqlUserDefinedFunction function(String method) {
        ScalarFunctionImpl f = (ScalarFunctionImpl) ScalarFunctionImpl.create(ArithmeticChecks.class, method);
        return new SqlUserDefinedFunction(new SqlIdentifier("rl_checked_" + method, SqlParserPos.ZERO),
                SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0_NULLABLE, null, null, f);
    }

    private static final class Rels extends RelHomogeneousShuttle {
        private final Rexes rexes;

        Rels(Rexes rexes) {
            this.rexes = rexes;
        }

        @Override
        public RelNode visit(RelNode other) {
            RelNode rel = super.visitChildren(other).accept(rexes);
            return rel instanceof LogicalAggregate ? exactSums((LogicalAggregate) rel) : rel;
        }

        /**
         * A SUM whose type is DECIMAL over an integer argument (SUM of BIGINT, see {@link RlTypeSystem}) sums the
         * argument cast to DECIMAL: Calcite's generated code cannot add a long to a BigDecimal accumulator.
         */
        private RelNode exactSums(LogicalAggregate agg) {
            RelNode input = agg.getInput();
            RexBuilder rex = agg.getCluster().getRexBuilder();
            List<RexNode> projects = new ArrayList<>(rex.identityProjects(input.getRowType()));
            List<AggregateCall> calls = new ArrayList<>();
            boolean changed = false;
            for (AggregateCall c : agg.getAggCallList()) {
                boolean sum = c.getAggregation().getKind() == SqlKind.SUM
                        || c.getAggregation().getKind() == SqlKind.SUM0;
                if (sum && c.getArgList().size() == 1 && c.getType().getSqlTypeName() == SqlTypeName.DOUBLE
                        && input.getRowType().getFieldList().get(c.getArgList().get(0)).getType()
                        .getSqlTypeName() == SqlTypeName.DOUBLE) {
                    calls.add(AggregateCall.create(c.getParserPosition(),
                            c.getAggregation().getKind() == SqlKind.SUM ? DOUBLE_SUM : DOUBLE_SUM0, c.isDistinct(),
                            c.isApproximate(), c.ignoreNulls(), c.rexList, c.getArgList(), c.filterArg,
                            c.distinctKeys, c.collation, agg.getGroupCount(), input, c.getType(), c.getName()));
                    changed = true;
                } else if (sum && c.getArgList().size() == 1 && c.getType().getSqlTypeName() == SqlTypeName.DECIMAL
                        && SqlTypeName.INT_TYPES.contains(input.getRowType().getFieldList().get(c.getArgList().get(0))
                        .getType().getSqlTypeName())) {
                    RexNode arg = rex.makeInputRef(input, c.getArgList().get(0));
                    RelDataType decimal = rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory()
                            .createSqlType(SqlTypeName.DECIMAL, c.getType().getPrecision(), 0),
                            arg.getType().isNullable());
                    projects.add(rex.makeCast(decimal, arg));
                    calls.add(c.withArgList(List.of(projects.size() - 1)));
                    changed = true;
                } else {
                    calls.add(c);
                }
            }
            if (!changed) {
                return agg;
            }
            RelNode project = projects.size() == input.getRowType().getFieldCount() ? input
                    : LogicalProject.create(input, List.of(), projects, (List<String>) null);
            return agg.copy(agg.getTraitSet(), project, agg.getGroupSet(), agg.getGroupSets(), calls);
        }
    }

    private static final class Rexes extends RexShuttle {
        private final RexBuilder rex;

        Rexes(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery) {
            // the whole rewrite, not only this visitor's: the averages of a subquery reduced here too (the planner's
            // reduction divides with sixteen significant digits: a scalar subquery's AVG of 1, 2, 2 was
            // 1.6666666666666670), its arithmetic checked
            RelNode rewritten = rewrite(subQuery.rel);
            RexSubQuery s = rewritten == subQuery.rel ? subQuery : subQuery.clone(rewritten);
            return super.visitSubQuery(s);
        }

        @Override
        public RexNode visitCall(RexCall original) {
            RexCall call = (RexCall) super.visitCall(original);
            RelDataType type = call.getType();
            SqlTypeName name = type.getSqlTypeName();
            switch (call.getKind()) {
                case PLUS:
                case MINUS:
                case TIMES:
                case DIVIDE:
                    if (call.getKind() == SqlKind.DIVIDE && name == SqlTypeName.DECIMAL) {
                        return decimalDivision(call);
                    }
                    return SqlTypeName.APPROX_TYPES.contains(name) && call.getOperands().size() == 2
                            && call.getOperator().getSyntax() == org.apache.calcite.sql.SqlSyntax.BINARY
                            ? floating(call) : call;
                case CAST:
                    if (call.getOperands().get(0) instanceof RexCall q && q.getOperator() == DECIMAL_DIVIDE
                            && name == SqlTypeName.DECIMAL && type.getScale() <= q.getType().getScale()
                            && type.getPrecision() == q.getType().getPrecision()) {
                        // a cast that only changes nullability (a variance's, before its square root) would
                        // round the quotient's extra decimals away: the quotient typed as the cast
                        return rex.makeCall(type, DECIMAL_DIVIDE, q.getOperands());
                    }
                    return narrowing(call);
                case CHECKED_PLUS:
                case CHECKED_MINUS:
                case CHECKED_TIMES:
                case CHECKED_DIVIDE:
                case CHECKED_MINUS_PREFIX:
                    if (call.getKind() == SqlKind.CHECKED_DIVIDE && name == SqlTypeName.DECIMAL) {
                        return decimalDivision(call);
                    }
                    if (name == SqlTypeName.SMALLINT || name == SqlTypeName.TINYINT) {
                        // Calcite computes these in int and narrows: compute in INTEGER, then cast checked
                        RelDataType wide = rex.getTypeFactory().createTypeWithNullability(
                                rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER), type.isNullable());
                        List<RexNode> ints = new ArrayList<>();
                        for (RexNode o : call.getOperands()) {
                            ints.add(rex.makeCast(rex.getTypeFactory().createTypeWithNullability(wide,
                                    o.getType().isNullable()), o));
                        }
                        return narrowing((RexCall) rex.makeCast(type, rex.makeCall(wide, call.getOperator(), ints)));
                    }
                    return call;
                default:
                    if ((call.getOperator() == SqlStdOperatorTable.POWER && call.getOperands().size() == 2
                            || call.getOperator() == SqlStdOperatorTable.SQRT && call.getOperands().size() == 1)
                            && SqlTypeName.APPROX_TYPES.contains(name)) {
                        // PostgreSQL's domain errors (2201F) where Java's Math gives NaN or an infinity
                        List<RexNode> doubles = new ArrayList<>();
                        call.getOperands().forEach(o -> doubles.add(asDouble(o)));
                        RexNode checked = rex.makeCall(rex.getTypeFactory().createTypeWithNullability(
                                rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE), type.isNullable()),
                                call.getOperator() == SqlStdOperatorTable.SQRT ? DOUBLE_SQRT : DOUBLE_POWER, doubles);
                        return name == SqlTypeName.DOUBLE ? checked : rex.makeCast(type, checked);
                    }
                    if (call.getOperator() == SqlStdOperatorTable.ABS && SqlTypeName.INT_TYPES.contains(name)) {
                        // one call of its operand (a CASE of it used it three times: nested ABS grew as 3^depth)
                        RelDataType bigint = rex.getTypeFactory().createTypeWithNullability(
                                rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT), type.isNullable());
                        RexNode abs = rex.makeCall(bigint, LONG_ABS, List.of(rex.makeCast(bigint,
                                call.getOperands().get(0))));
                        return name == SqlTypeName.BIGINT ? abs : narrowing((RexCall) rex.makeCast(type, abs));
                    }
                    return call;
            }
        }

        /**
         * A DECIMAL quotient computed exactly to its type's scale or sixteen decimals if more, rounded half up as
         * PostgreSQL rounds numeric: Calcite's generated code divides with 16 significant digits ({@code
         * MathContext.DECIMAL64}), so that an average of BIGINTs near 2^63 lost its last digits.
         */
        private RexNode decimalDivision(RexCall call) {
            if (call.getOperands().size() != 2) {
                return call;
            }
            List<RexNode> operands = new ArrayList<>();
            for (RexNode o : call.getOperands()) {
                RelDataType t = o.getType();
                if (t.getSqlTypeName() != SqlTypeName.DECIMAL) {
                    if (!SqlTypeName.INT_TYPES.contains(t.getSqlTypeName())) {
                        return call;
                    }
                    o = rex.makeCast(rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory()
                            .createSqlType(SqlTypeName.DECIMAL, 19, 0), t.isNullable()), o);
                }
                operands.add(o);
            }
            // at least sixteen decimals, as PostgreSQL's numeric division keeps (at least) sixteen significant
            // digits: Calcite types a quotient of a long operand with six (an average's SUM / COUNT, a variance's
            // SUM(x) * SUM(x) / COUNT), which a cast to the average's type cannot bring back
            int scale = Math.max(call.getType().getScale(), RlTypeSystem.AVERAGE_SCALE);
            operands.add(rex.makeExactLiteral(BigDecimal.valueOf(scale),
                    rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER)));
            return rex.makeCall(call.getType(), DECIMAL_DIVIDE, operands);
        }

        /** {@code a op b} in DOUBLE through a function that refuses a division by zero and an overflow. */
        private RexNode floating(RexCall call) {
            RelDataType dbl = rex.getTypeFactory().createTypeWithNullability(
                    rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE), call.getType().isNullable());
            SqlUserDefinedFunction f;
            switch (call.getKind()) {
                case PLUS:
                    f = DOUBLE_PLUS;
                    break;
                case MINUS:
                    f = DOUBLE_MINUS;
                    break;
                case TIMES:
                    f = DOUBLE_TIMES;
                    break;
                default:
                    f = DOUBLE_DIVIDE;
                    break;
            }
            RexNode checked = rex.makeCall(dbl, f, List.of(asDouble(call.getOperands().get(0)),
                    asDouble(call.getOperands().get(1))));
            return call.getType().getSqlTypeName() == SqlTypeName.DOUBLE ? checked
                    : call.getType().getSqlTypeName() == SqlTypeName.REAL ? toReal(call.getType(), checked)
                    : rex.makeCast(call.getType(), checked);
        }

        /** {@code x}, a DOUBLE, cast to the REAL {@code type} once it is known to fit (22003 where it does not). */
        private RexNode toReal(RelDataType type, RexNode x) {
            return rex.makeCast(type, rex.makeCall(x.getType(), REAL_RANGE, List.of(x)));
        }

        private RexNode asDouble(RexNode x) {
            if (x.getType().getSqlTypeName() == SqlTypeName.DOUBLE) {
                return x;
            }
            return rex.makeCast(rex.getTypeFactory().createTypeWithNullability(
                    rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE), x.getType().isNullable()), x);
        }

        /** A cast to an integer type of a value that may not fit it: the value is checked first. */
        private RexNode narrowing(RexCall call) {
            RelDataType target = call.getType();
            RexNode x = call.getOperands().get(0);
            RelDataType source = x.getType();
            if (target.getSqlTypeName() == SqlTypeName.REAL && (SqlTypeName.DECIMAL == source.getSqlTypeName()
                    || SqlTypeName.DOUBLE == source.getSqlTypeName() || SqlTypeName.FLOAT == source.getSqlTypeName())) {
                // Java's narrowing gives an infinity past REAL's range and 0 below it; PostgreSQL 22003
                return toReal(target, asDouble(x));
            }
            long[] range = range(target.getSqlTypeName());
            if (range == null || !SqlTypeFamily.NUMERIC.contains(source)) {
                return call;
            }
            SqlTypeName from = source.getSqlTypeName();
            RexNode checked;
            if (SqlTypeName.INT_TYPES.contains(from)) {
                long[] fromRange = range(from);
                if (fromRange[0] >= range[0] && fromRange[1] <= range[1]) {
                    return call;
                }
                RexNode n = from == SqlTypeName.BIGINT ? x : rex.makeCast(rex.getTypeFactory()
                        .createTypeWithNullability(rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT),
                                source.isNullable()), x);
                checked = rex.makeCall(n.getType(), LONG_RANGE, List.of(n, rex.makeBigintLiteral(BigDecimal.valueOf(
                        range[0])), rex.makeBigintLiteral(BigDecimal.valueOf(range[1]))));
            } else if (SqlTypeName.APPROX_TYPES.contains(from)) {
                RexNode d = asDouble(x);
                checked = rex.makeCall(rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory()
                        .createSqlType(SqlTypeName.BIGINT), d.getType().isNullable()), DOUBLE_TO_LONG, List.of(d,
                        rex.makeBigintLiteral(BigDecimal.valueOf(range[0])),
                        rex.makeBigintLiteral(BigDecimal.valueOf(range[1]))));
            } else if (from == SqlTypeName.DECIMAL) {
                checked = rex.makeCall(source, DECIMAL_RANGE, List.of(x,
                        rex.makeBigintLiteral(BigDecimal.valueOf(range[0])),
                        rex.makeBigintLiteral(BigDecimal.valueOf(range[1]))));
            } else {
                return call;
            }
            return rex.makeCast(target, checked);
        }

        private static long[] range(SqlTypeName t) {
            switch (t) {
                case TINYINT:
                    return new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
                case SMALLINT:
                    return new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
                case INTEGER:
                    return new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
                case BIGINT:
                    return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
                default:
                    return null;
            }
        }
    }

    /** The accumulator of {@link #DOUBLE_SUM}, called from generated code (NULLs are skipped before). */
    public static final class DoubleSum {
        public DoubleSum() {
        }

        public double init() {
            return 0.0;
        }

        public double add(double total, double value) {
            return ArithmeticChecks.plus(total, value);
        }

        public double merge(double a, double b) {
            return ArithmeticChecks.plus(a, b);
        }

        public double result(double total) {
            return total;
        }
    }


}
