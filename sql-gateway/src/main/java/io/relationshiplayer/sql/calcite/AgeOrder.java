package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.tools.Program;

/**
 * PostgreSQL's order of {@code age()}'s intervals, where {@code age()} is PostgreSQL's interval text ({@link Age}: an
 * interval of months, days and microseconds has no type here). PostgreSQL compares and orders intervals by their
 * microseconds with a month counted as 30 days ({@code interval_cmp}); the text ordered {@code 10 years} before
 * {@code 2 years}. Rewritten before the plan is optimized, after {@link Age}'s rewrite: a comparison of an age with an
 * interval or another age compares their keys ({@link Age.Functions#ageKey}, {@link Functions#intervalKey}) where it
 * was 22P02 or compared text; a sort by an age computed by the operator below it sorts by its key, and MIN or MAX of
 * such an age is the age of the least or greatest key (ARG_MIN, ARG_MAX). An age that reaches a sort or an aggregate
 * through another operator (a subquery's column, a group key) is still ordered as text.
 */
public final class AgeOrder {
    private static final Set<SqlKind> COMPARISONS = Set.of(SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN,
            SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN, SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.IS_DISTINCT_FROM,
            SqlKind.IS_NOT_DISTINCT_FROM);
    private static final SqlUserDefinedFunction INTERVAL_KEY = CallRewrites.function(Functions.class,
            "rl_interval_key", "intervalKey", ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));
    private static final SqlUserDefinedFunction TEXT_KEY = CallRewrites.function(Functions.class,
            "rl_age_text_key", "textKey", ReturnTypes.BIGINT.andThen(SqlTypeTransforms.TO_NULLABLE));

    private AgeOrder() {
    }

    /** {@code planning}, run on a plan after this rewrite. */
    public static Program program(Program planning) {
        return (planner, rel, traits, materializations, lattices) -> {
            RelNode rewritten = rewrite(rel);
            // the statement's ORDER BY, which the planner would otherwise sort the age's text by again above it, is
            // the sort by the keys below the rewritten root
            boolean sortedRoot = rel instanceof LogicalSort && rewritten instanceof LogicalProject p
                    && p.getInput() instanceof LogicalSort;
            return planning.run(planner, rewritten, sortedRoot ? traits.replace(RelCollations.EMPTY) : traits,
                    materializations, lattices);
        };
    }

    /** {@code rel} with its ages compared, sorted and aggregated by their keys. */
    static RelNode rewrite(RelNode rel) {
        RexBuilder rex = rel.getCluster().getRexBuilder();
        RelHomogeneousShuttle[] rels = new RelHomogeneousShuttle[1];
        rels[0] = new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode children = super.visitChildren(other);
                RelNode visited = children.accept(new Comparisons(rex, children.getInputs(), rels[0]));
                if (visited instanceof LogicalSort sort) {
                    return sort(rex, sort);
                }
                if (visited instanceof LogicalAggregate aggregate) {
                    return minMax(rex, aggregate);
                }
                return visited;
            }
        };
        return rels[0].visit(rel);
    }

    /** The comparisons of one operator's expressions, over its {@code inputs} (their fields in order). */
    private static final class Comparisons extends RexShuttle {
        private final RexBuilder rex;
        private final List<RelNode> inputs;
        private final RelHomogeneousShuttle rels;

        Comparisons(RexBuilder rex, List<RelNode> inputs, RelHomogeneousShuttle rels) {
            this.rex = rex;
            this.inputs = inputs;
            this.rels = rels;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            if (call.getKind() == SqlKind.SEARCH && key(call.getOperands().get(0)) != null) {
                // a range or IN list of intervals the conversion made of an age's comparisons: compared one by one
                return org.apache.calcite.rex.RexUtil.expandSearch(rex, null, call).accept(this);
            }
            RexNode visited = super.visitCall(call);
            if (visited != call && (visited.getKind() == SqlKind.AND || visited.getKind() == SqlKind.OR)) {
                return org.apache.calcite.rex.RexUtil.flatten(rex, visited);
            }
            return visited instanceof RexCall c ? compare(c) : visited;
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery) {
            RelNode rewritten = subQuery.rel.accept(rels);
            return super.visitSubQuery(rewritten == subQuery.rel ? subQuery : subQuery.clone(rewritten));
        }

        /** {@code x}'s key if it is an age: computed, or a field of an input that is one; or null. */
        private RexNode key(RexNode x) {
            RexNode key = Age.key(rex, x);
            if (key != null) {
                return key;
            }
            RexNode field = AgeFields.strip(x);
            if (!(field instanceof RexInputRef ref)) {
                return null;
            }
            int i = ref.getIndex();
            for (RelNode input : inputs) {
                int n = input.getRowType().getFieldCount();
                if (i < n) {
                    return AgeFields.isAge(input, i) ? textKey(rex, ref) : null;
                }
                i -= n;
            }
            return null;
        }

        /** A comparison of an age with an interval or an age as one of their keys; any other call as it is. */
        private RexNode compare(RexCall call) {
            if (!COMPARISONS.contains(call.getKind()) || call.getOperands().size() != 2) {
                return call;
            }
            RexNode a = call.getOperands().get(0);
            RexNode b = call.getOperands().get(1);
            RexNode ka = key(a);
            RexNode kb = key(b);
            if (ka == null && kb == null) {
                return call;
            }
            ka = ka != null ? ka : intervalKey(rex, a);
            kb = kb != null ? kb : intervalKey(rex, b);
            if (ka == null || kb == null) {
                return call;
            }
            return rex.makeCall(call.getType(), call.getOperator(), List.of(ka, kb));
        }
    }

    /** The key of an age's text {@code x} ({@link IntervalTextKey}), where the age itself is not at hand. */
    private static RexNode textKey(RexBuilder rex, RexNode x) {
        return rex.makeCall(rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory().createSqlType(
                org.apache.calcite.sql.type.SqlTypeName.BIGINT), x.getType().isNullable()), TEXT_KEY, List.of(x));
    }

    /**
     * The key of {@code x} if it is an interval (or an interval cast to text), or a text literal, which PostgreSQL
     * reads as an interval beside one ({@link IntervalTextKey}: {@code age(a, b) > '18 years'} compared the text);
     * or null.
     */
    private static RexNode intervalKey(RexBuilder rex, RexNode x) {
        while (!SqlTypeUtil.isInterval(x.getType()) && x instanceof RexCall c && c.getKind() == SqlKind.CAST) {
            x = c.getOperands().get(0);
        }
        if (x instanceof org.apache.calcite.rex.RexLiteral literal && SqlTypeUtil.inCharFamily(literal.getType())
                && !literal.isNull()) {
            return rex.makeBigintLiteral(java.math.BigDecimal.valueOf(IntervalTextKey.key(
                    literal.getValueAs(String.class))));
        }
        if (!SqlTypeUtil.isInterval(x.getType())) {
            return null;
        }
        return rex.makeCall(rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory().createSqlType(
                org.apache.calcite.sql.type.SqlTypeName.BIGINT), x.getType().isNullable()), INTERVAL_KEY,
                List.of(IntervalFunctions.kind(rex, x), IntervalFunctions.asBigint(rex, x)));
    }

    /**
     * A sort by ages sorted by their keys, projected below it (from the timestamps where its input computes the age,
     * from the text otherwise) and dropped above it.
     */
    private static RelNode sort(RexBuilder rex, LogicalSort sort) {
        Keyed keyed = new Keyed(rex, sort.getInput());
        List<RelFieldCollation> fields = new ArrayList<>();
        for (RelFieldCollation field : sort.getCollation().getFieldCollations()) {
            int key = keyed.key(field.getFieldIndex());
            fields.add(key < 0 ? field : field.withFieldIndex(key));
        }
        if (!keyed.any()) {
            return sort;
        }
        RelNode input = keyed.input();
        RelNode sorted = LogicalSort.create(input, RelCollations.of(fields), sort.offset, sort.fetch);
        List<RexNode> refs = new ArrayList<>();
        for (int i = 0; i < keyed.fields; i++) {
            refs.add(RexInputRef.of(i, input.getRowType()));
        }
        return LogicalProject.create(sorted, List.of(), refs, sort.getRowType().getFieldNames());
    }

    /** MIN and MAX of ages as ARG_MIN and ARG_MAX of the age by its key. */
    private static RelNode minMax(RexBuilder rex, LogicalAggregate aggregate) {
        Keyed keyed = new Keyed(rex, aggregate.getInput());
        List<AggregateCall> calls = new ArrayList<>();
        List<Integer> changed = new ArrayList<>();
        for (AggregateCall call : aggregate.getAggCallList()) {
            SqlKind kind = call.getAggregation().getKind();
            int key = (kind == SqlKind.MIN || kind == SqlKind.MAX) && call.getArgList().size() == 1
                    ? keyed.key(call.getArgList().get(0)) : -1;
            if (key >= 0) {
                changed.add(calls.size());
                call = call.withArgList(List.of(call.getArgList().get(0), key));
            }
            calls.add(call);
        }
        if (!keyed.any()) {
            return aggregate;
        }
        RelNode input = keyed.input();
        for (int i : changed) {
            AggregateCall call = calls.get(i);
            calls.set(i, AggregateCall.create(call.getParserPosition(), call.getAggregation().getKind()
                    == SqlKind.MIN ? SqlStdOperatorTable.ARG_MIN : SqlStdOperatorTable.ARG_MAX, false,
                    call.isApproximate(), call.ignoreNulls(), call.rexList, call.getArgList(), call.filterArg,
                    call.distinctKeys, call.collation, aggregate.getGroupCount(), input, call.getType(),
                    call.getName()));
        }
        return aggregate.copy(aggregate.getTraitSet(), input, aggregate.getGroupSet(), aggregate.getGroupSets(),
                calls);
    }

    /** An operator's input with the keys of some of its ages projected after its fields. */
    private static final class Keyed {
        private final RexBuilder rex;
        private final RelNode original;
        private final LogicalProject project;
        private final List<RexNode> exprs = new ArrayList<>();
        private final List<String> names;
        final int fields;

        Keyed(RexBuilder rex, RelNode input) {
            this.rex = rex;
            this.original = input;
            this.project = input instanceof LogicalProject p ? p : null;
            this.fields = input.getRowType().getFieldCount();
            this.names = new ArrayList<>(input.getRowType().getFieldNames());
            if (project != null) {
                exprs.addAll(project.getProjects());
            } else {
                for (int i = 0; i < fields; i++) {
                    exprs.add(RexInputRef.of(i, input.getRowType()));
                }
            }
        }

        /** The field of field {@code i}'s key, projected now, if field {@code i} is an age; else -1. */
        int key(int i) {
            RexNode key = Age.key(rex, exprs.get(i));
            if (key == null && AgeFields.isAge(original, i)) {
                key = textKey(rex, exprs.get(i));
            }
            if (key == null) {
                return -1;
            }
            names.add("$age_key" + exprs.size());
            exprs.add(key);
            return exprs.size() - 1;
        }

        boolean any() {
            return exprs.size() > fields;
        }

        RelNode input() {
            return project != null ? LogicalProject.create(project.getInput(), project.getHints(), exprs, names,
                    project.getVariablesSet()) : LogicalProject.create(original, List.of(), exprs, names);
        }
    }

    /** The functions themselves, called from generated code (never with NULL: they are strict). */
    @Strict
    public static final class Functions {
        private Functions() {
        }

        /**
         * The key of an age's text, as {@link Age.Functions#ageKey}'s (an interval's key: a year-month interval's
         * months of 30 days, a day-time interval's milliseconds, in microseconds).
         */
        public static long textKey(String age) {
            return IntervalTextKey.key(age);
        }

        /** An interval's key; see {@link #textKey}. */
        public static long intervalKey(int kind, long value) {
            try {
                return Math.multiplyExact(value, kind == IntervalFunctions.MONTHS ? 30L * 86_400_000_000L : 1000L);
            } catch (ArithmeticException e) {
                throw new io.relationshiplayer.sql.SqlException(Timestamps.FIELD_OVERFLOW, "interval out of range");
            }
        }
    }
}
