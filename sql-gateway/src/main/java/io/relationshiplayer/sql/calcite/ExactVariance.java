package io.relationshiplayer.sql.calcite;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.Optionality;

/**
 * STDDEV, STDDEV_POP, VARIANCE and VAR_POP as PostgreSQL computes them. Of doubles ({@link FloatSums}): its running
 * sums, to the last digit. Of exact numbers, exactly, as PostgreSQL's numeric: sums of the
 * values and their squares in BigDecimal, one rounding at the end (to the call's type: sixteen decimals or the
 * argument's, {@link RlTypeSystem#deriveAvgAggType}), the square root to that scale. Calcite reduces them to sums and
 * divisions whose intermediate quotients are rounded (VARIANCE of 1, 2, 2 was 0.3333333333333334), takes the root
 * in double (the sixteenth decimal of a STDDEV was wrong) and sums the squares in the argument's type (a STDDEV of
 * BIGINTs past about 3e9 was 22003).
 */
final class ExactVariance {
    private ExactVariance() {
    }

    /** {@code rel} with the variances and deviations of exact numbers of its aggregates replaced (not in subqueries). */
    static RelNode rewrite(RelNode rel) {
        return rel.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode r = super.visit(other);
                return r instanceof LogicalAggregate a ? replace(a) : r;
            }
        });
    }

    private static final SqlUserDefinedAggFunction VAR_SAMP = function("rl_var_samp", VarSamp.class);
    private static final SqlUserDefinedAggFunction VAR_POP = function("rl_var_pop", VarPop.class);
    private static final SqlUserDefinedAggFunction STDDEV_SAMP = function("rl_stddev_samp", StddevSamp.class);
    private static final SqlUserDefinedAggFunction STDDEV_POP = function("rl_stddev_pop", StddevPop.class);
    private static final SqlUserDefinedAggFunction FLOAT_VAR_SAMP = function("rl_float_var_samp",
            FloatVarSamp.class);
    private static final SqlUserDefinedAggFunction FLOAT_VAR_POP = function("rl_float_var_pop", FloatVarPop.class);
    private static final SqlUserDefinedAggFunction FLOAT_STDDEV_SAMP = function("rl_float_stddev_samp",
            FloatStddevSamp.class);
    private static final SqlUserDefinedAggFunction FLOAT_STDDEV_POP = function("rl_float_stddev_pop",
            FloatStddevPop.class);

    private static SqlUserDefinedAggFunction function(String name, Class<?> accumulator) {
        return new SqlUserDefinedAggFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
                // the argument's type, which replace() makes the call's own (Calcite's nullability included: a
                // rule that rebuilds the aggregate infers the type again and must find the same)
                ReturnTypes.ARG0, null, null, AggregateFunctionImpl.create(accumulator), false, false,
                Optionality.FORBIDDEN);
    }

    /**
     * The function of ours that computes {@code kind} (VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP) of {@code arg}
     * as a call of {@code type}, or null where Calcite's stays (neither exact numbers with a DECIMAL result nor
     * doubles with a DOUBLE one).
     */
    static SqlUserDefinedAggFunction function(SqlKind kind, RelDataType arg, RelDataType type) {
        boolean exact = type.getSqlTypeName() == SqlTypeName.DECIMAL
                && (SqlTypeName.INT_TYPES.contains(arg.getSqlTypeName())
                || arg.getSqlTypeName() == SqlTypeName.DECIMAL);
        boolean floating = type.getSqlTypeName() == SqlTypeName.DOUBLE
                && SqlTypeName.APPROX_TYPES.contains(arg.getSqlTypeName());
        return !exact && !floating ? null : switch (kind) {
            case VAR_SAMP -> exact ? VAR_SAMP : FLOAT_VAR_SAMP;
            case VAR_POP -> exact ? VAR_POP : FLOAT_VAR_POP;
            case STDDEV_SAMP -> exact ? STDDEV_SAMP : FLOAT_STDDEV_SAMP;
            case STDDEV_POP -> exact ? STDDEV_POP : FLOAT_STDDEV_POP;
            default -> null;
        };
    }

    private static RelNode replace(LogicalAggregate agg) {
        RelNode input = agg.getInput();
        RexBuilder rex = agg.getCluster().getRexBuilder();
        List<RexNode> projects = new ArrayList<>(rex.identityProjects(input.getRowType()));
        List<AggregateCall> calls = new ArrayList<>();
        boolean changed = false;
        for (AggregateCall c : agg.getAggCallList()) {
            RelDataType arg = c.getArgList().size() == 1
                    ? input.getRowType().getFieldList().get(c.getArgList().get(0)).getType() : null;
            boolean exact = arg != null && c.getType().getSqlTypeName() == SqlTypeName.DECIMAL
                    && (SqlTypeName.INT_TYPES.contains(arg.getSqlTypeName())
                    || arg.getSqlTypeName() == SqlTypeName.DECIMAL);
            boolean floating = arg != null && c.getType().getSqlTypeName() == SqlTypeName.DOUBLE
                    && SqlTypeName.APPROX_TYPES.contains(arg.getSqlTypeName());
            SqlUserDefinedAggFunction f = !exact && !floating ? null : switch (c.getAggregation().getKind()) {
                case VAR_SAMP -> exact ? VAR_SAMP : FLOAT_VAR_SAMP;
                case VAR_POP -> exact ? VAR_POP : FLOAT_VAR_POP;
                case STDDEV_SAMP -> exact ? STDDEV_SAMP : FLOAT_STDDEV_SAMP;
                case STDDEV_POP -> exact ? STDDEV_POP : FLOAT_STDDEV_POP;
                default -> null;
            };
            if (f == null) {
                calls.add(c);
                continue;
            }
            // the values as the call's type (a DECIMAL's scale is the one the result is rounded to)
            RelDataType decimal = c.getType();
            projects.add(rex.makeCast(decimal, rex.makeInputRef(input, c.getArgList().get(0))));
            calls.add(AggregateCall.create(c.getParserPosition(), f, c.isDistinct(), c.isApproximate(),
                    c.ignoreNulls(), c.rexList, List.of(projects.size() - 1), c.filterArg, c.distinctKeys,
                    c.collation, agg.getGroupCount(), input, c.getType(), c.getName()));
            changed = true;
        }
        if (!changed) {
            return agg;
        }
        RelNode project = LogicalProject.create(input, List.of(), projects, (List<String>) null);
        return agg.copy(agg.getTraitSet(), project, agg.getGroupSet(), agg.getGroupSets(), calls);
    }

    /** The count, sum and sum of squares so far, and the scale of the result (sixteen or the values' if more). */
    public static final class Sums {
        long count;
        BigDecimal sum = BigDecimal.ZERO;
        BigDecimal squares = BigDecimal.ZERO;
        int scale = RlTypeSystem.AVERAGE_SCALE;

        Sums add(BigDecimal v) {
            count++;
            sum = sum.add(v);
            squares = squares.add(v.multiply(v));
            scale = Math.max(scale, v.scale());
            return this;
        }

        Sums merge(Sums o) {
            count += o.count;
            sum = sum.add(o.sum);
            squares = squares.add(o.squares);
            scale = Math.max(scale, o.scale);
            return this;
        }

        /**
         * (n * squares - sum^2) / (n * (n - 1)) for a sample, / n^2 for the population, or its square root, rounded
         * once to the scale; NULL below two rows for a sample, over none for the population.
         */
        BigDecimal result(boolean sample, boolean root) {
            if (count == 0 || sample && count == 1) {
                return null;
            }
            BigDecimal n = BigDecimal.valueOf(count);
            BigDecimal numerator = n.multiply(squares).subtract(sum.multiply(sum));
            BigDecimal denominator = sample ? n.multiply(BigDecimal.valueOf(count - 1)) : n.multiply(n);
            if (!root) {
                return numerator.divide(denominator, scale, RoundingMode.HALF_UP);
            }
            // the quotient to twice the scale and more, whose root is then exact well past the scale
            BigDecimal variance = numerator.divide(denominator, 2 * scale + 8, RoundingMode.HALF_UP);
            return variance.sqrt(new MathContext(variance.precision() + scale + 8, RoundingMode.HALF_EVEN))
                    .setScale(scale, RoundingMode.HALF_UP);
        }
    }

    /** The accumulators, called from generated code (NULLs are skipped before). */
    public abstract static class Accumulator {
        public Sums init() {
            return new Sums();
        }

        public Sums add(Sums sums, BigDecimal value) {
            return sums.add(value);
        }

        public Sums merge(Sums a, Sums b) {
            return a.merge(b);
        }
    }

    /** VARIANCE, VAR_SAMP. */
    public static final class VarSamp extends Accumulator {
        public BigDecimal result(Sums sums) {
            return sums.result(true, false);
        }
    }

    /** VAR_POP. */
    public static final class VarPop extends Accumulator {
        public BigDecimal result(Sums sums) {
            return sums.result(false, false);
        }
    }

    /** STDDEV, STDDEV_SAMP. */
    public static final class StddevSamp extends Accumulator {
        public BigDecimal result(Sums sums) {
            return sums.result(true, true);
        }
    }

    /** STDDEV_POP. */
    public static final class StddevPop extends Accumulator {
        public BigDecimal result(Sums sums) {
            return sums.result(false, true);
        }
    }

    /**
     * The count, sum and sum of squared differences of doubles, accumulated as PostgreSQL's {@code float8_accum} does
     * (Youngs and Cramer's updates, so that the result is PostgreSQL's to the last digit; Calcite's difference of
     * sums of squares gave 0 for the variance of 1e10 + 1, + 2, + 3).
     */
    public static final class FloatSums {
        double n;
        double sx;
        double sxx;

        FloatSums add(double v) {
            double before = n;
            n += 1.0;
            sx += v;
            if (before > 0.0) {
                double t = v * n - sx;
                sxx += t * t / (n * before);
                if (Double.isInfinite(sx) || Double.isInfinite(sxx)) {
                    if (!Double.isInfinite(sx - v) && !Double.isInfinite(v)) {
                        throw new ArithmeticException("value out of range: overflow");
                    }
                    sxx = Double.NaN;
                }
            } else if (Double.isNaN(v) || Double.isInfinite(v)) {
                sxx = Double.NaN;
            }
            return this;
        }

        /** PostgreSQL's float8_var_samp / _pop and stddev: NULL below its rows, a negative roundoff 0. */
        Double result(boolean sample, boolean root) {
            double below = sample ? n - 1.0 : n;
            if (below <= 0.0) {
                return null;
            }
            double variance = sxx <= 0.0 ? 0.0 : sxx / below;
            return root ? Math.sqrt(variance) : variance;
        }
    }

    /** The accumulators of doubles, called from generated code (NULLs are skipped before). */
    public abstract static class FloatAccumulator {
        public FloatSums init() {
            return new FloatSums();
        }

        public FloatSums add(FloatSums sums, double value) {
            return sums.add(value);
        }
    }

    /** VARIANCE, VAR_SAMP of doubles. */
    public static final class FloatVarSamp extends FloatAccumulator {
        public Double result(FloatSums sums) {
            return sums.result(true, false);
        }
    }

    /** VAR_POP of doubles. */
    public static final class FloatVarPop extends FloatAccumulator {
        public Double result(FloatSums sums) {
            return sums.result(false, false);
        }
    }

    /** STDDEV, STDDEV_SAMP of doubles. */
    public static final class FloatStddevSamp extends FloatAccumulator {
        public Double result(FloatSums sums) {
            return sums.result(true, true);
        }
    }

    /** STDDEV_POP of doubles. */
    public static final class FloatStddevPop extends FloatAccumulator {
        public Double result(FloatSums sums) {
            return sums.result(false, true);
        }
    }
}
