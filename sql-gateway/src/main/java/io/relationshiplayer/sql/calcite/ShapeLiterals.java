package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Takes the integer literals that a plan's Calc operators compare columns with out of the Java code Calcite generates
 * for the plan, so that fresh texts of one shape (the same statement with other numbers) generate the same code and
 * reuse the class Calcite compiled for the first of them (its cache of compiled code, keyed by the code's text:
 * saffron.properties) instead of compiling one of their own with Janino (a third of the first plan of a five-table join
 * whose filter stays above its joins). Each such literal becomes a parameter of an index no statement's own parameters
 * reach, whose value the plan's root puts in the run's data context when the plan is implemented ({@link Bound}), so
 * the compiled code reads the same value it would have held as a constant.
 *
 * <p>Only literals of an integer type that are an operand of a comparison whose other operand is not a literal: the
 * code of such a comparison converts a parameter of the literal's type exactly as the literal (a Java {@code long}
 * compared with a {@code long}), and nothing in Calcite's code generation needs a comparison's operand to be a literal
 * (unlike a SEARCH's range, a LIKE's escape, a function's flag, or a precision). Done on the optimized plan, just
 * before its implementation: the optimizer, the fast paths ({@link FastPaths}, which see the plan as it was:
 * {@link #original}) and EXPLAIN see the literals as they are.
 */
public final class ShapeLiterals {
    /** The first parameter index taken by a literal: past the parameters a statement may have (at most 65,535). */
    static final int FIRST_INDEX = 1 << 20;

    private static final Set<SqlKind> COMPARISONS = EnumSet.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS,
            SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL);

    private static final Set<SqlTypeName> INTEGERS = EnumSet.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT,
            SqlTypeName.INTEGER, SqlTypeName.BIGINT);

    private ShapeLiterals() {
    }

    /**
     * {@code root} with the literals described above taken out of its Calc operators into a {@link Bound} at its top;
     * {@code root} itself if it has none (or while EXPLAIN ANALYZE instruments the plan, whose measures it keeps).
     */
    public static RelRoot parameterize(RelRoot root) {
        if (!(root.rel instanceof EnumerableRel) || PlanAnalysis.instrumenting()) {
            return root;
        }
        List<Object> values = new ArrayList<>();
        RelNode rel = rewrite(root.rel, values);
        return values.isEmpty() ? root : root.withRel(new Bound(rel, root.rel, values));
    }

    /** The plan as optimized, before {@link #parameterize} (for what reads the plan Calcite implements). */
    public static RelRoot original(RelRoot root) {
        return root != null && root.rel instanceof Bound b ? root.withRel(b.original) : root;
    }

    private static RelNode rewrite(RelNode rel, List<Object> values) {
        List<RelNode> inputs = rel.getInputs();
        List<RelNode> rewritten = new ArrayList<>(inputs.size());
        boolean changed = false;
        for (RelNode input : inputs) {
            RelNode in = rewrite(input, values);
            changed |= in != input;
            rewritten.add(in);
        }
        RelNode out = changed ? rel.copy(rel.getTraitSet(), rewritten) : rel;
        if (out instanceof EnumerableCalc calc) {
            RexProgram program = program(calc.getProgram(), calc.getCluster().getRexBuilder(), values);
            if (program != calc.getProgram()) {
                out = calc.copy(calc.getTraitSet(), calc.getInput(), program);
            }
        }
        return out;
    }

    private static RexProgram program(RexProgram program, RexBuilder rexBuilder, List<Object> values) {
        int before = values.size();
        RexShuttle shuttle = new RexShuttle() {
            @Override
            public RexNode visitCall(RexCall call) {
                RexCall visited = (RexCall) super.visitCall(call);
                if (!COMPARISONS.contains(visited.getKind()) || visited.getOperands().size() != 2) {
                    return visited;
                }
                RexNode a = visited.getOperands().get(0);
                RexNode b = visited.getOperands().get(1);
                if (taken(a) == null && taken(b) != null) {
                    return visited.clone(visited.getType(), List.of(a, parameter((RexLiteral) b, values)));
                }
                if (taken(a) != null && taken(b) == null) {
                    return visited.clone(visited.getType(), List.of(parameter((RexLiteral) a, values), b));
                }
                return visited;
            }
        };
        List<RexNode> projects = new ArrayList<>();
        for (RexNode p : program.expandList(program.getProjectList())) {
            projects.add(p.accept(shuttle));
        }
        RexNode condition = program.getCondition() == null ? null
                : program.expandLocalRef(program.getCondition()).accept(shuttle);
        if (values.size() == before) {
            return program;
        }
        return RexProgram.create(program.getInputRowType(), projects, condition, program.getOutputRowType(),
                rexBuilder);
    }

    /** The value of {@code node} if it is a literal this class takes out of the code, else null. */
    private static java.math.BigDecimal taken(RexNode node) {
        if (!(node instanceof RexLiteral literal) || literal.isNull()
                || !INTEGERS.contains(literal.getType().getSqlTypeName())) {
            return null;
        }
        return literal.getValueAs(java.math.BigDecimal.class);
    }

    private static RexDynamicParam parameter(RexLiteral literal, List<Object> values) {
        java.math.BigDecimal value = taken(literal);
        Object held = switch (literal.getType().getSqlTypeName()) {
            case TINYINT -> value.byteValueExact();
            case SMALLINT -> value.shortValueExact();
            case INTEGER -> value.intValueExact();
            default -> value.longValueExact();
        };
        RexDynamicParam p = new RexDynamicParam(literal.getType(), FIRST_INDEX + values.size());
        values.add(held);
        return p;
    }

    /** The data context key of the parameter of {@code index}, as Calcite's generated code reads it. */
    static String key(int index) {
        return "?" + index;
    }

    /**
     * The root of a plan whose literals were taken out: implemented as its input, after putting the literals' values
     * in the map the run's data context is made of. Holds the plan as it was ({@link #original}).
     */
    public static final class Bound extends SingleRel implements EnumerableRel {
        private final RelNode original;
        private final List<Object> values;

        Bound(RelNode input, RelNode original, List<Object> values) {
            this(input.getCluster(), input.getTraitSet(), input, original, values);
        }

        private Bound(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelNode original,
                      List<Object> values) {
            super(cluster, traits, input);
            this.original = original;
            this.values = List.copyOf(values);
        }

        @Override
        public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
            return new Bound(getCluster(), traitSet, sole(inputs), original, values);
        }

        @Override
        public RelWriter explainTerms(RelWriter pw) {
            return super.explainTerms(pw).item("literals", values);
        }

        @Override
        public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
            for (int i = 0; i < values.size(); i++) {
                implementor.map.put(key(FIRST_INDEX + i), values.get(i));
            }
            return implementor.visitChild(this, 0, (EnumerableRel) getInput(), pref);
        }
    }
}
