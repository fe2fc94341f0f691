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
 * prefix a filter on it narrowed it to (the filter rule offers one scan per path the filter allows, each costed by the
 * rows its path reads, and the planner keeps the cheapest).
 */
public final class RecordLayerTableScan extends TableScan implements RecordLayerRel {
    final RecordLayerTable recordLayerTable;
    final AccessPath path;
    /** The rows the path reads, estimated once (the planner asks many times). */
    private Double rows;

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
        RecordLayerTableScan copy = new RecordLayerTableScan(getCluster(), traitSet, table, recordLayerTable, path);
        copy.rows = rows;
        return copy;
    }

    @Override
    public void register(RelOptPlanner planner) {
        for (RelOptRule rule : RecordLayerRules.RULES) {
            planner.addRule(rule);
        }
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        if (rows == null) {
            rows = path.kind() == AccessPath.Kind.FULL_SCAN ? Math.max(1, recordLayerTable.rowCount())
                    : recordLayerTable.estimateRows(path);
        }
        return rows;
    }

    /**
     * The rows the path reads: the planner compares costs by rows, so of the paths a filter allows the one reading
     * fewest wins, and between equal estimates the one binding more of its key ({@link AccessPath#preference}).
     */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double rows = estimateRowCount(mq);
        double tieBreak = (1_000 - path.preference(recordLayerTable.table())) * 1e-6;
        // A key lookup costs a round trip even when it finds one row; a scan reads (io) what it returns.
        return planner.getCostFactory().makeCost(rows + tieBreak, rows, path.kind() == AccessPath.Kind.FULL_SCAN
                ? rows * 2 : 1 + rows);
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
