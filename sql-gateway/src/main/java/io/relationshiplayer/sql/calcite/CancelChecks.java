package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptListener;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.tools.Program;

/**
 * Makes every phase of a statement stop soon after its {@link StatementCancel} is set: planning checks at every rule the
 * planner tries ({@link #LISTENER}) and between program steps ({@link #program}); the plan it makes checks on every row
 * that any operator passes to another ({@link Check}), so that an aggregate, a sort or a join that reads a great many
 * rows before its first result stops within a row, not at its end.
 */
public final class CancelChecks {
    private static final java.lang.reflect.Method CHECKED;

    static {
        try {
            CHECKED = CancelChecks.class.getMethod("checked", Enumerable.class, StatementCancel.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Set while an EXPLAIN (not EXPLAIN ANALYZE) is prepared on this thread. */
    private static final ThreadLocal<Boolean> EXPLAINING = new ThreadLocal<>();

    private CancelChecks() {
    }

    /** Prepares {@code body} as an EXPLAIN's: its plan, shown and never run, gets no row checks ({@link Check}). */
    public static <T> T explaining(java.util.function.Supplier<T> body) {
        EXPLAINING.set(Boolean.TRUE);
        try {
            return body.get();
        } finally {
            EXPLAINING.remove();
        }
    }

    /** A planner listener that fails with 57014 when the statement being prepared is cancelled. */
    public static final RelOptListener LISTENER = new RelOptListener() {
        @Override
        public void relEquivalenceFound(RelEquivalenceEvent event) {
            StatementCancel.checkPreparing();
        }

        @Override
        public void ruleAttempted(RuleAttemptedEvent event) {
            StatementCancel.checkPreparing();
        }

        @Override
        public void ruleProductionSucceeded(RuleProductionEvent event) {
        }

        @Override
        public void relDiscarded(RelDiscardedEvent event) {
        }

        @Override
        public void relChosen(RelChosenEvent event) {
        }
    };

    /** {@code inner}, checking for a cancel before and after, then putting a row check between every two operators. */
    public static Program program(Program inner) {
        return (RelOptPlanner planner, RelNode rel, RelTraitSet traits, List<RelOptMaterialization> materializations,
                List<RelOptLattice> lattices) -> {
            StatementCancel.checkPreparing();
            // the order of calcs made after the Volcano planner, which the operators above them rely on and copies check
            RelNode out = CalcCollations.restore(inner.run(planner, rel, traits, materializations, lattices));
            StatementCancel cancel = StatementCancel.preparing();
            if (cancel == null || EXPLAINING.get() != null) {
                return out; // an EXPLAIN's plan is shown, not run: no checks in it
            }
            cancel.check();
            return PlanAnalysis.instrument(insert(out, cancel));
        };
    }

    /** {@code rel} with a {@link Check} on every input of an enumerable operator that is itself enumerable. */
    static RelNode insert(RelNode rel, StatementCancel cancel) {
        List<RelNode> inputs = rel.getInputs();
        if (inputs.isEmpty()) {
            return rel;
        }
        List<RelNode> checked = new ArrayList<>(inputs.size());
        boolean changed = false;
        for (RelNode input : inputs) {
            RelNode in = insert(input, cancel);
            if (rel instanceof EnumerableRel && in instanceof EnumerableRel && !(in instanceof Check)) {
                in = new Check(in.getCluster(), in.getTraitSet(), in, cancel);
            }
            changed |= in != input;
            checked.add(in);
        }
        return changed ? rel.copy(rel.getTraitSet(), checked) : rel;
    }

    /** Rows of {@code rows}, failing with 57014 at the first row after {@code cancel} is set. */
    public static <T> Enumerable<T> checked(Enumerable<T> rows, StatementCancel cancel) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<T> enumerator() {
                cancel.check();
                Enumerator<T> e = rows.enumerator();
                return new Enumerator<>() {
                    @Override
                    public T current() {
                        return e.current();
                    }

                    @Override
                    public boolean moveNext() {
                        cancel.check();
                        return e.moveNext();
                    }

                    @Override
                    public void reset() {
                        e.reset();
                    }

                    @Override
                    public void close() {
                        e.close();
                    }
                };
            }
        };
    }

    /** Passes its input's rows on unchanged, checking for a cancel at each. */
    static final class Check extends SingleRel implements EnumerableRel {
        private final StatementCancel cancel;

        Check(RelOptCluster cluster, RelTraitSet traits, RelNode input, StatementCancel cancel) {
            super(cluster, traits, input);
            this.cancel = cancel;
        }

        @Override
        public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
            return new Check(getCluster(), traitSet, sole(inputs), cancel);
        }

        @Override
        public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
            BlockBuilder builder = new BlockBuilder();
            Result result = implementor.visitChild(this, 0, (EnumerableRel) getInput(), pref);
            // a cancel that came after the last check inside the operator's own code generation stops here, before
            // this block takes the operator's code in and is optimized with it
            StatementCancel.checkPreparing();
            Expression rows = builder.append("rows", result.block);
            // a reference that checks for a cancel whenever code generation's optimizer walks it (CheckedParameter)
            Expression flag = CheckedParameter.of(implementor.stash(cancel, StatementCancel.class));
            builder.add(Expressions.return_(null, Expressions.call(CHECKED, rows, flag)));
            // a TIME field read whole by the operator above (TimePhysType)
            return TimePhysType.result(result.physType, builder.toBlock());
        }
    }
}
