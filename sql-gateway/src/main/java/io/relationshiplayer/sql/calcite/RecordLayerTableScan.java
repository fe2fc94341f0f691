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

/**
 * A read of a table through an access path: the whole table in primary-key order, or the key range, points or index
 * prefix a filter on it narrowed it to (the filter rule replaces the scan with one carrying the path, so the cost is
 * that of the rows the path reads, never the whole table's).
 */
public final class RecordLayerTableScan extends TableScan implements RecordLayerRel {
    final RecordLayerTable recordLayerTable;
    final AccessPath path;

    RecordLayerTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, RecordLayerTable rlTable) {
        this(cluster, traits, table, rlTable, AccessPath.FULL_SCAN);
    }

    RecordLayerTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, RecordLayerTable rlTable,
                         AccessPath path) {
        super(cluster, traits, List.of(), table);
        this.recordLayerTable = rlTable;
        this.path = path;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new RecordLayerTableScan(getCluster(), traitSet, table, recordLayerTable, path);
    }

    @Override
    public void register(RelOptPlanner planner) {
        for (RelOptRule rule : RecordLayerRules.RULES) {
            planner.addRule(rule);
        }
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        double rows = Math.max(1, recordLayerTable.rowCount());
        return Math.max(1, rows * path.selectivity(recordLayerTable.table()));
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = estimateRowCount(mq);
        // A key lookup costs a round trip even when it finds one row; a scan reads (io) what it returns.
        return planner.getCostFactory().makeCost(rows, rows, path.kind() == AccessPath.Kind.FULL_SCAN ? rows * 2
                : 1 + rows);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("access", path.describe(recordLayerTable.table()));
    }

    @Override
    public void implement(Implementor implementor) {
        implementor.table = recordLayerTable;
        implementor.relOptTable = table;
        implementor.path = path;
    }
}
