package io.relationshiplayer.sql.calcite;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Which fields of a plan are {@code age()}'s text ({@link AgeOrder}): an age computed by a projection, followed
 * through projections of the field, filters, sorts, group keys, MIN/MAX, joins and set operations whose every input
 * has an age there.
 */
final class AgeFields {
    private AgeFields() {
    }

    /** {@code x} without casts to an interval or to text of any length. */
    static RexNode strip(RexNode x) {
        while (x instanceof RexCall c && c.getKind() == SqlKind.CAST && c.getOperands().size() == 1
                && (SqlTypeUtil.isInterval(c.getType()) || SqlTypeUtil.inCharFamily(c.getType())
                && c.getType().getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED)) {
            x = c.getOperands().get(0);
        }
        return x;
    }

    /** Whether field {@code i} of {@code rel} is an age. */
    static boolean isAge(RelNode rel, int i) {
        if (rel instanceof Project p) {
            RexNode e = strip(p.getProjects().get(i));
            if (e instanceof RexCall c && Age.isAge(c)) {
                return true;
            }
            return e instanceof RexInputRef ref && isAge(p.getInput(), ref.getIndex());
        }
        if (rel instanceof Filter || rel instanceof Sort) {
            return isAge(rel.getInput(0), i);
        }
        if (rel instanceof Aggregate a) {
            if (i < a.getGroupCount()) {
                return isAge(a.getInput(), a.getGroupSet().asList().get(i));
            }
            AggregateCall call = a.getAggCallList().get(i - a.getGroupCount());
            SqlKind kind = call.getAggregation().getKind();
            return (kind == SqlKind.MIN || kind == SqlKind.MAX || kind == SqlKind.ARG_MIN || kind == SqlKind.ARG_MAX
                    || kind == SqlKind.ANY_VALUE || kind == SqlKind.SINGLE_VALUE) && !call.getArgList().isEmpty()
                    && isAge(a.getInput(), call.getArgList().get(0));
        }
        if (rel instanceof Join j) {
            int left = j.getLeft().getRowType().getFieldCount();
            return i < left ? isAge(j.getLeft(), i) : isAge(j.getRight(), i - left);
        }
        if (rel instanceof SetOp s) {
            return s.getInputs().stream().allMatch(input -> isAge(input, i));
        }
        return false;
    }
}
