package io.relationshiplayer.sql.calcite;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;

/** The part of a filter a primary-key or index read answers: the scan reads only the matching key range. */
public final class RecordLayerFilter extends Filter implements RecordLayerRel {
    final AccessPath path;
    private final RecordLayerTable table;

    RecordLayerFilter(RelOptCluster cluster, RelTraitSet traits, RelNode input, RexNode condition, AccessPath path,
                      RecordLayerTable table) {
        super(cluster, traits, input, condition);
        this.path = path;
        this.table = table;
    }

    @Override
    public Filter copy(RelTraitSet traitSet, RelNode input, RexNode condition) {
        return new RecordLayerFilter(getCluster(), traitSet, input, condition, path, table);
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        double rows = mq.getRowCount(getInput());
        return Math.max(1, rows * path.selectivity(table().table()));
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = estimateRowCount(mq);
        // Replaces the scan below it: cheaper than reading the table, by the share of it the path skips.
        return planner.getCostFactory().makeCost(rows, rows, rows).multiplyBy(0.1);
    }

    private RecordLayerTable table() {
        return table;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("access", path.describe(table().table()));
    }

    @Override
    public void implement(Implementor implementor) {
        implementor.visitChild(getInput());
        implementor.path = path;
    }
}
