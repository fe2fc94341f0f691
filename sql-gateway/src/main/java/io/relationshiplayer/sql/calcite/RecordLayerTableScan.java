package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/** A read of a whole table in primary-key order; filters and sorts above it may narrow it to an access path. */
public final class RecordLayerTableScan extends TableScan implements RecordLayerRel {
    final RecordLayerTable recordLayerTable;

    RecordLayerTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, RecordLayerTable rlTable) {
        super(cluster, traits, List.of(), table);
        this.recordLayerTable = rlTable;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new RecordLayerTableScan(getCluster(), traitSet, table, recordLayerTable);
    }

    @Override
    public void register(RelOptPlanner planner) {
        for (RelOptRule rule : RecordLayerRules.RULES) {
            planner.addRule(rule);
        }
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return Math.max(1, recordLayerTable.rowCount());
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = estimateRowCount(mq);
        return planner.getCostFactory().makeCost(rows, rows, rows * 2);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("access", "FULL_SCAN");
    }

    @Override
    public void implement(Implementor implementor) {
        implementor.table = recordLayerTable;
        implementor.relOptTable = table;
    }
}
