package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.Program;

/**
 * A filter of many OR'ed (or AND'ed) terms, and a projected CASE of many branches ({@link #cased}), are evaluated by a
 * chain of operators of at most {@link #CHUNK} terms or branches each, instead of one. Calcite compiles an operator's filter into one Java method, and Janino's compilation of a method
 * takes time quadratic in its size: an OR of 400 comparisons took it half a second to a second, in a step that no
 * cancel interrupts; code generation of a CASE of 999 branches took some 12 s and made a method past the JVM's 64 KB
 * limit. Split, each method is small and code generation and compilation are about linear.
 *
 * <p>An AND becomes filters one after another, each of a chunk of its terms. An OR becomes operators that each append
 * the OR of a chunk of its terms as a column, then a filter on the OR of those columns that projects what the original
 * did: the same three-valued result (OR is associative in SQL's logic too), the same rows and columns. A comparison of
 * a column with many values or ranges (Calcite's SEARCH, which code generation would expand into such an OR or AND) is
 * expanded here first.
 */
public final class WideConditions {
    /** The most terms of a condition one operator evaluates. */
    static final int CHUNK = 32;

    private WideConditions() {
    }

    /** {@code inner}, then the split of every wide condition in the plan it makes. */
    public static Program program(Program inner) {
        return (RelOptPlanner planner, RelNode rel, RelTraitSet traits, List<RelOptMaterialization> materializations,
                List<RelOptLattice> lattices) -> split(inner.run(planner, rel, traits, materializations, lattices));
    }

    static RelNode split(RelNode rel) {
        List<RelNode> inputs = rel.getInputs();
        List<RelNode> split = new ArrayList<>(inputs.size());
        boolean changed = false;
        for (RelNode input : inputs) {
            RelNode in = split(input);
            changed |= in != input;
            split.add(in);
        }
        RelNode out = changed ? rel.copy(rel.getTraitSet(), split) : rel;
        return out instanceof EnumerableCalc calc ? cased(calc) : out;
    }

    /**
     * {@code calc} with each projected CASE of more than {@link #CHUNK} branches evaluated by a chain of operators of at
     * most that many branches each, or {@link #chained} itself. Its condition filters first, as in {@code calc}; then
     * each step appends two columns, whether a branch has matched yet and the value it gave, evaluating its branches
     * only while none has: the conditions are evaluated in their order up to the first true one and only its value,
     * as one CASE does (so an error a skipped branch would raise is not raised). The last operator projects what
     * {@code calc} did, each such CASE now a choice between the last value and the ELSE. Only a CASE whose type is
     * nullable (it has no ELSE, or a nullable branch), whose result the choice keeps exactly.
     */
    private static RelNode cased(EnumerableCalc calc) {
        RexProgram program = calc.getProgram();
        List<RexNode> projects = new ArrayList<>();
        boolean wide = false;
        for (RexNode p : program.getProjectList()) {
            RexNode e = program.expandLocalRef((org.apache.calcite.rex.RexLocalRef) p);
            wide |= isWideCase(e);
            projects.add(e);
        }
        if (!wide) {
            return chained(calc);
        }
        RexBuilder rex = calc.getCluster().getRexBuilder();
        RelNode chain = calc.getInput();
        if (program.getCondition() != null) {
            RexProgramBuilder filter = new RexProgramBuilder(chain.getRowType(), rex);
            filter.addIdentity();
            filter.addCondition(program.expandLocalRef(program.getCondition()));
            chain = chained(EnumerableCalc.create(chain, filter.getProgram()));
        }
        for (int i = 0; i < projects.size(); i++) {
            if (!isWideCase(projects.get(i))) {
                continue;
            }
            RexCall caseCall = (RexCall) projects.get(i);
            List<RexNode> ops = caseCall.getOperands();
            RexNode matched = null;
            RexNode value = null;
            for (int from = 0; from < ops.size() - 1; from += 2 * CHUNK) {
                int to = Math.min(ops.size() - 1, from + 2 * CHUNK);
                List<RexNode> valueCase = new ArrayList<>();
                List<RexNode> matchCase = new ArrayList<>();
                if (matched != null) {
                    valueCase.add(matched);
                    valueCase.add(value);
                    matchCase.add(matched);
                    matchCase.add(rex.makeLiteral(true));
                }
                for (int b = from; b < to; b += 2) {
                    valueCase.add(ops.get(b));
                    valueCase.add(ops.get(b + 1));
                    matchCase.add(ops.get(b));
                    matchCase.add(rex.makeLiteral(true));
                }
                valueCase.add(rex.makeNullLiteral(caseCall.getType()));
                matchCase.add(rex.makeLiteral(false));
                RexProgramBuilder step = new RexProgramBuilder(chain.getRowType(), rex);
                step.addIdentity();
                RexNode v = rex.makeCall(caseCall.getType(), caseCall.getOperator(), valueCase);
                RexNode m = rex.makeCall(rex.getTypeFactory().createSqlType(
                        org.apache.calcite.sql.type.SqlTypeName.BOOLEAN), caseCall.getOperator(), matchCase);
                step.addProject(v, "$case");
                step.addProject(m, "$matched");
                int at = chain.getRowType().getFieldCount();
                chain = EnumerableCalc.create(chain, step.getProgram());
                value = rex.makeInputRef(v.getType(), at);
                matched = rex.makeInputRef(m.getType(), at + 1);
            }
            projects.set(i, rex.makeCall(caseCall.getType(), caseCall.getOperator(),
                    List.of(matched, value, ops.get(ops.size() - 1))));
        }
        RexProgramBuilder last = new RexProgramBuilder(chain.getRowType(), rex);
        List<RelDataTypeField> fields = program.getOutputRowType().getFieldList();
        for (int i = 0; i < fields.size(); i++) {
            last.addProject(projects.get(i), fields.get(i).getName());
        }
        return EnumerableCalc.create(chain, last.getProgram());
    }

    /** A CASE of more than {@link #CHUNK} branches, of a nullable type, whose conditions are deterministic. */
    private static boolean isWideCase(RexNode e) {
        return e.getKind() == SqlKind.CASE && ((RexCall) e).getOperands().size() > 2 * CHUNK + 1
                && e.getType().isNullable() && RexUtil.isDeterministic(e);
    }

    /** {@code calc} as a chain of operators of at most {@link #CHUNK} condition terms each, or itself. */
    private static RelNode chained(EnumerableCalc calc) {
        RexProgram program = calc.getProgram();
        if (program.getCondition() == null) {
            return calc;
        }
        RexBuilder rex = calc.getCluster().getRexBuilder();
        RexNode condition = program.expandLocalRef(program.getCondition());
        condition = RexUtil.flatten(rex, RexUtil.expandSearch(rex, null, condition)); // as code generation would
        boolean or = condition.getKind() == SqlKind.OR;
        if (!(or || condition.getKind() == SqlKind.AND) || ((RexCall) condition).getOperands().size() <= CHUNK
                || !RexUtil.isDeterministic(condition)) {
            return calc; // a non-deterministic term (random()) is left where it is evaluated once per row
        }
        List<RexNode> terms = ((RexCall) condition).getOperands();
        RelNode chain = calc.getInput();
        int width = chain.getRowType().getFieldCount();
        List<RexNode> chunkColumns = new ArrayList<>();
        for (int from = 0; from < terms.size(); from += CHUNK) {
            List<RexNode> chunk = terms.subList(from, Math.min(terms.size(), from + CHUNK));
            RexNode part = chunk.size() == 1 ? chunk.get(0) : rex.makeCall(condition.getType(),
                    ((RexCall) condition).getOperator(), chunk);
            RexProgramBuilder step = new RexProgramBuilder(chain.getRowType(), rex);
            step.addIdentity();
            if (or) {
                // the chunk's OR as one more column, at the end of the row
                chunkColumns.add(rex.makeInputRef(part.getType(), width + chunkColumns.size()));
                step.addProject(part, "$or" + chunkColumns.size());
            } else {
                step.addCondition(part);
            }
            chain = EnumerableCalc.create(chain, step.getProgram());
        }
        RexProgramBuilder last = new RexProgramBuilder(chain.getRowType(), rex);
        List<RelDataTypeField> fields = program.getOutputRowType().getFieldList();
        for (int i = 0; i < fields.size(); i++) {
            last.addProject(program.expandLocalRef(program.getProjectList().get(i)), fields.get(i).getName());
        }
        if (or) {
            last.addCondition(rex.makeCall(condition.getType(), ((RexCall) condition).getOperator(), chunkColumns));
        }
        return EnumerableCalc.create(chain, last.getProgram());
    }
}
