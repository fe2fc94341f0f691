package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.relationships.Indexes;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * Rule to answer a {@link LogicalAggregate} over a whole-table scan from a COUNT index: COUNT(*) of the table, or
 * COUNT(*) and SUMs grouped by exactly a COUNT index's columns; directly on the scan, or through a projection.
 */
final class RecordLayerCountRule extends RelOptRule {
    private final boolean projected;

    RecordLayerCountRule(boolean projected) {
        super(projected
                ? operand(LogicalAggregate.class, operand(LogicalProject.class,
                operand(RecordLayerTableScan.class, none())))
                : operand(LogicalAggregate.class, operand(RecordLayerTableScan.class, none())),
                projected ? "RecordLayerCountRule:projected" : "RecordLayerCountRule");
        this.projected = projected;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalAggregate agg = call.rel(0);
        RecordLayerTableScan scan = projected ? call.rel(2) : call.rel(1);
        if (scan.path.kind() != AccessPath.Kind.FULL_SCAN || agg.getAggCallList().isEmpty()
                || agg.getGroupType() != Aggregate.Group.SIMPLE) {
            return;
        }
        // Each aggregate: COUNT(*) (-1), or SUM of a column (its position in the scan's row).
        List<Integer> aggregates = new ArrayList<>();
        for (AggregateCall c : agg.getAggCallList()) {
            SqlKind kind = c.getAggregation().getKind();
            if (c.isDistinct() || c.filterArg >= 0) {
                return;
            }
            if (kind == SqlKind.COUNT && c.getArgList().isEmpty()) {
                aggregates.add(-1);
            } else if (kind == SqlKind.SUM && c.getArgList().size() == 1) {
                Integer column = scanColumn(call, c.getArgList().get(0));
                if (column == null) {
                    return;
                }
                aggregates.add(column);
            } else {
                return;
            }
        }
        RelTraitSet traits = agg.getTraitSet().replace(EnumerableConvention.INSTANCE);
        if (agg.getGroupSet().isEmpty()) {
            if (aggregates.equals(List.of(-1))) {
                call.transformTo(new RecordLayerCount(agg.getCluster(), traits, scan.getTable(), agg.getRowType()));
            }
            return;
        }
        // GROUP BY exactly the columns of a COUNT index (in any order): its groups are the answer.
        List<Integer> groupColumns = new ArrayList<>();
        for (int field : agg.getGroupSet()) {
            Integer column = scanColumn(call, field);
            if (column == null) {
                return;
            }
            groupColumns.add(column);
        }
        if (new HashSet<>(groupColumns).size() != groupColumns.size()) {
            return; // a column grouped twice (through the projection): the index's groups are not the answer
        }
        Table table = scan.recordLayerTable.table();
        for (IndexDef index : table.countIndexes()) {
            int[] columns = table.positions(Indexes.columnNames(index));
            if (columns.length != groupColumns.size()
                    || !scan.recordLayerTable.countIndexReadable(index.getName())) {
                continue;
            }
            int[] order = new int[columns.length];
            boolean matches = true;
            for (int g = 0; g < order.length && matches; g++) {
                order[g] = -1;
                for (int k = 0; k < columns.length; k++) {
                    if (columns[k] == groupColumns.get(g)) {
                        order[g] = k;
                    }
                }
                matches = order[g] >= 0;
            }
            int[] values = new int[aggregates.size()];
            List<String> sums = index.getSumColumnsList();
            for (int a = 0; a < values.length && matches; a++) {
                values[a] = aggregates.get(a) < 0 ? -1 : sums.indexOf(table.column(aggregates.get(a)).getName());
                matches = aggregates.get(a) < 0 || values[a] >= 0;
            }
            if (matches) {
                call.transformTo(new RecordLayerCount(agg.getCluster(), traits, scan.getTable(), agg.getRowType(),
                        index.getName(), order, values));
                return;
            }
        }
    }

    /** The scan's column an aggregate's input field is (through the projection), or null for an expression. */
    private Integer scanColumn(RelOptRuleCall call, int field) {
        if (!projected) {
            return field;
        }
        RexNode e = ((LogicalProject) call.rel(1)).getProjects().get(field);
        return e instanceof RexInputRef ? ((RexInputRef) e).getIndex() : null;
    }
}
