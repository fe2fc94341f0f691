package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalFilter;

/**
 * Rule to narrow a whole-table {@link RecordLayerTableScan} under a {@link LogicalFilter} to the access paths the
 * filter's conjuncts bind, each leaving the rest in a filter above the scan: every usable path is offered, and the
 * planner picks by their costs (the rows each reads, estimated from the store's statistics).
 */
final class RecordLayerFilterRule extends RelOptRule {
    RecordLayerFilterRule() {
        super(operand(LogicalFilter.class, operand(RecordLayerTableScan.class, none())), "RecordLayerFilterRule");
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalFilter filter = call.rel(0);
        RecordLayerTableScan scan = call.rel(1);
        if (scan.path.kind() != AccessPath.Kind.FULL_SCAN) {
            return;
        }
        for (AccessPathTranslator.Translation t : new AccessPathTranslator(scan.recordLayerTable.table(),
                filter.getCluster().getRexBuilder()).translations(filter.getCondition())) {
            offer(call, scan, t);
        }
    }

    /** The scan narrowed to {@code t}'s path, with its remainder above, unordered and in each order it yields. */
    private static void offer(RelOptRuleCall call, RecordLayerTableScan scan, AccessPathTranslator.Translation t) {
        RelNode read = new RecordLayerTableScan(scan.getCluster(), scan.getTraitSet(), scan.getTable(),
                scan.recordLayerTable, t.path());
        call.transformTo(t.remainder() == null ? read : LogicalFilter.create(read, t.remainder()));
        // The same read in key order and in reverse: an ORDER BY (already a collation request by the time this
        // rule narrows the scan) is then met without a sort.
        for (RelCollation order : keyOrders(scan.recordLayerTable, t.path())) {
            RelNode sorted = new RecordLayerSort(scan.getCluster(), read.getTraitSet().replace(order), read, order,
                    null, null);
            call.transformTo(t.remainder() == null ? sorted : LogicalFilter.create(sorted, t.remainder()));
        }
    }

    /**
     * The collations a read yields, forward and reverse, over the columns it is ordered by (none for IN lists). Keys
     * sort NULL first; over NOT NULL columns either NULL placement is equally true, and both are offered, since
     * Calcite matches a requested collation's NULL placement exactly.
     */
    static List<RelCollation> keyOrders(RecordLayerTable table, AccessPath path) {
        int[] order = path.orderColumns(table.table());
        if (order.length == 0) {
            return List.of();
        }
        boolean notNull = true;
        for (int c : order) {
            notNull &= table.table().column(c).getNotNull();
        }
        List<RelCollation> out = new ArrayList<>();
        out.add(collation(order, RelFieldCollation.Direction.ASCENDING, RelFieldCollation.NullDirection.FIRST));
        out.add(collation(order, RelFieldCollation.Direction.DESCENDING, RelFieldCollation.NullDirection.LAST));
        if (notNull) {
            out.add(collation(order, RelFieldCollation.Direction.ASCENDING, RelFieldCollation.NullDirection.LAST));
            out.add(collation(order, RelFieldCollation.Direction.DESCENDING, RelFieldCollation.NullDirection.FIRST));
        }
        return out;
    }

    private static RelCollation collation(int[] columns, RelFieldCollation.Direction dir,
                                          RelFieldCollation.NullDirection nulls) {
        List<RelFieldCollation> fields = new ArrayList<>();
        for (int c : columns) {
            fields.add(new RelFieldCollation(c, dir, nulls));
        }
        return RelCollations.of(fields);
    }
}
