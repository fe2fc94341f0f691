package io.relationshiplayer.sql.calcite;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;

/**
 * An ORDER BY the read's key order already satisfies (so no sort runs; descending reads the key range in reverse),
 * with its OFFSET and LIMIT, which stop the scan early.
 */
public final class RecordLayerSort extends Sort implements RecordLayerRel {
    RecordLayerSort(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelCollation collation, RexNode offset,
                    RexNode fetch) {
        super(cluster, traits, input, collation, offset, fetch);
    }

    @Override
    public Sort copy(RelTraitSet traitSet, RelNode input, RelCollation collation, RexNode offset, RexNode fetch) {
        return new RecordLayerSort(getCluster(), traitSet, input, collation, offset, fetch);
    }

    /** Free: the read below already returns rows in this order, and a limit only reads less. */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return planner.getCostFactory().makeZeroCost();
    }

    boolean reverse() {
        return !collation.getFieldCollations().isEmpty()
                && collation.getFieldCollations().get(0).getDirection() == RelFieldCollation.Direction.DESCENDING;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("order", collation.getFieldCollations().isEmpty() ? "none"
                : reverse() ? "reverse key order" : "key order");
    }

    @Override
    public void implement(Implementor implementor) {
        implementor.visitChild(getInput());
        implementor.reverse = reverse();
        implementor.offset = offset;
        implementor.fetch = fetch;
    }
}
