package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * Rule to replace a {@link LogicalSort} the scan's key order satisfies by a {@link RecordLayerSort}, which pushes its
 * LIMIT and OFFSET into the read; directly on the scan, or through a projection that only selects columns.
 */
final class RecordLayerSortRule extends RelOptRule {
    private final boolean projected;

    RecordLayerSortRule(boolean projected) {
        super(projected
                ? operand(LogicalSort.class, operand(LogicalProject.class, operand(RecordLayerTableScan.class, none())))
                : operand(LogicalSort.class, operand(RecordLayerTableScan.class, none())),
                projected ? "RecordLayerSortRule:projected" : "RecordLayerSortRule");
        this.projected = projected;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Sort sort = call.rel(0);
        RecordLayerTableScan scan = projected ? call.rel(2) : call.rel(1);
        RelCollation onScan = sort.getCollation();
        if (projected) {
            LogicalProject project = call.rel(1);
            if (org.apache.calcite.rex.RexOver.containsOver(project.getProjects(), null)) {
                // window functions read every row of the scan: a LIMIT under them would cut their input
                // (COUNT(*) OVER () of ORDER BY id LIMIT 2 was 2), and the sort stays above them
                return;
            }
            List<RelFieldCollation> mapped = new ArrayList<>();
            for (RelFieldCollation f : sort.getCollation().getFieldCollations()) {
                RexNode e = project.getProjects().get(f.getFieldIndex());
                if (!(e instanceof RexInputRef)) {
                    return;
                }
                mapped.add(f.withFieldIndex(((RexInputRef) e).getIndex()));
            }
            onScan = RelCollations.of(mapped);
        }
        if (!satisfies(scan.recordLayerTable, scan.path, onScan)) {
            return;
        }
        RelNode sorted = new RecordLayerSort(sort.getCluster(), scan.getTraitSet().replace(onScan), scan, onScan,
                sort.offset, sort.fetch);
        if (projected) {
            LogicalProject project = call.rel(1);
            sorted = project.copy(project.getTraitSet().replace(sort.getCollation()), sorted, project.getProjects(),
                    project.getRowType());
        }
        call.transformTo(sorted);
    }

    /** Whether reading in key order (forward or reverse) yields the collation. */
    static boolean satisfies(RecordLayerTable table, AccessPath path, RelCollation collation) {
        List<RelFieldCollation> fields = collation.getFieldCollations();
        if (fields.isEmpty()) {
            return true;
        }
        int[] order = path.orderColumns(table.table());
        if (fields.size() > order.length) {
            return false;
        }
        RelFieldCollation.Direction dir = fields.get(0).getDirection();
        for (int i = 0; i < fields.size(); i++) {
            RelFieldCollation f = fields.get(i);
            if (f.getFieldIndex() != order[i] || f.getDirection() != dir
                    || (dir != RelFieldCollation.Direction.ASCENDING
                    && dir != RelFieldCollation.Direction.DESCENDING)) {
                return false;
            }
            boolean nullable = !table.table().column(order[i]).getNotNull();
            RelFieldCollation.NullDirection wanted = dir == RelFieldCollation.Direction.ASCENDING
                    ? RelFieldCollation.NullDirection.FIRST : RelFieldCollation.NullDirection.LAST;
            if (nullable && f.nullDirection != wanted) {
                return false;
            }
        }
        return true;
    }
}
