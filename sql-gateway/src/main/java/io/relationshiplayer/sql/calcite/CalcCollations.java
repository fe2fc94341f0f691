package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * Gives back to each {@link EnumerableCalc} of an optimized plan the order its input has. Calcite's last program step
 * (its calc program, a Hep planner run after the Volcano planner) makes new calcs with {@code EnumerableCalc.create},
 * which asks the metadata for its input's order, and the metadata knows none for a Record Layer read's converter: the
 * calc then says it is unordered, though its rows come in its input's order and an operator above it relies on that (a
 * merge union or a merge join that the Volcano planner chose for that order). Nothing noticed while the Hep planner
 * put the calc in with {@code replaceInput}; a copy of that operator (as {@link CancelChecks} makes to put its checks
 * in) checks its inputs' order and failed, XX000 {@code EnumerableMergeUnion input does not satisfy collation} or
 * {@code wrong collation in left or right input}.
 */
final class CalcCollations {
    private CalcCollations() {
    }

    /** {@code rel} with every calc that claims no order but keeps its input's (or a prefix of it) saying so. */
    static RelNode restore(RelNode rel) {
        List<RelNode> inputs = rel.getInputs();
        List<RelNode> restored = new ArrayList<>(inputs.size());
        boolean changed = false;
        for (RelNode input : inputs) {
            RelNode in = restore(input);
            changed |= in != input;
            restored.add(in);
        }
        RelNode out = changed ? rel.copy(rel.getTraitSet(), restored) : rel;
        if (!(out instanceof EnumerableCalc calc) || !unordered(calc)) {
            return out;
        }
        List<RelCollation> kept = kept(calc.getProgram(),
                calc.getInput().getTraitSet().getTraits(RelCollationTraitDef.INSTANCE));
        if (kept.isEmpty()) {
            return out;
        }
        return calc.copy(calc.getTraitSet().replace(kept), calc.getInput(), calc.getProgram());
    }

    private static boolean unordered(EnumerableCalc calc) {
        List<RelCollation> own = calc.getTraitSet().getTraits(RelCollationTraitDef.INSTANCE);
        return own == null || own.stream().allMatch(c -> c.getFieldCollations().isEmpty());
    }

    /**
     * The input column {@code e} passes on in its order: the column itself, or a cast of it within the numbers or
     * within text (a union's input cast to the union's type: INTEGER to BIGINT), which keeps the order; else -1.
     */
    private static int source(RexNode e) {
        if (e instanceof RexInputRef ref) {
            return ref.getIndex();
        }
        if (e.getKind() == SqlKind.CAST && e instanceof RexCall call
                && call.getOperands().get(0) instanceof RexInputRef ref) {
            SqlTypeFamily from = call.getOperands().get(0).getType().getSqlTypeName().getFamily();
            SqlTypeFamily to = call.getType().getSqlTypeName().getFamily();
            boolean keeps = from == to && (from == SqlTypeFamily.NUMERIC || from == SqlTypeFamily.CHARACTER);
            return keeps ? ref.getIndex() : -1;
        }
        return -1;
    }

    /** Of each input order, the longest leading part whose columns {@code program} passes on, renumbered. */
    static List<RelCollation> kept(RexProgram program, List<RelCollation> input) {
        List<RelCollation> kept = new ArrayList<>();
        if (input == null) {
            return kept;
        }
        List<RexLocalRef> projects = program.getProjectList();
        int fields = program.getInputRowType().getFieldCount();
        int[] target = new int[fields];
        java.util.Arrays.fill(target, -1);
        for (int i = 0; i < projects.size(); i++) {
            int source = source(program.expandLocalRef(projects.get(i)));
            if (source >= 0 && source < fields && target[source] < 0) {
                target[source] = i;
            }
        }
        for (RelCollation collation : input) {
            List<RelFieldCollation> fields2 = new ArrayList<>();
            for (RelFieldCollation f : collation.getFieldCollations()) {
                int t = target[f.getFieldIndex()];
                if (t < 0) {
                    break;
                }
                fields2.add(f.withFieldIndex(t));
            }
            if (!fields2.isEmpty()) {
                RelCollation c = RelCollations.of(fields2);
                if (!kept.contains(c)) {
                    kept.add(c);
                }
            }
        }
        return kept;
    }
}
