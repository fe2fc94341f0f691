package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;

/** Relational expressions that read through the Record Layer, and what they push into the read. */
public interface RecordLayerRel extends RelNode {
    /** Calling convention of relational expressions answered by Record Layer scans. */
    Convention CONVENTION = new Convention.Impl("RECORD_LAYER", RecordLayerRel.class);

    void implement(Implementor implementor);

    /** Collects, from the scan up, the table, the access path, the order and the limit of one read. */
    final class Implementor {
        RecordLayerTable table;
        org.apache.calcite.plan.RelOptTable relOptTable;
        AccessPath path = AccessPath.FULL_SCAN;
        boolean reverse;
        RexNode offset;
        RexNode fetch;
        final List<String> explain = new ArrayList<>();

        public void visitChild(RelNode input) {
            ((RecordLayerRel) input).implement(this);
        }
    }
}
