package io.relationshiplayer.sql.calcite;

import com.google.common.collect.ImmutableSet;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.relationships.Indexes;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * Rule to convert a {@link LogicalJoin} whose inner side is a whole-table scan (or a projection of one) joined on a
 * key of that table (its primary key, or a prefix of one of its indexes: a foreign key's index for parent to
 * children) to a batched {@link RecordLayerLookupJoin}. A scan narrowed to an access path is left to the other joins;
 * a filter over the whole-table scan (of an inner join) is applied to the joined rows, so the planner weighs reading
 * the inner rows by key against reading them through the filter's own access path.
 */
final class RecordLayerLookupJoinRule extends RelOptRule {
    /** What sits between the join and the inner scan. */
    enum Shape {
        /** The scan itself. */
        SCAN,
        /** A projection of some of its columns. */
        PROJECTED,
        /** A filter (inner joins only): it is applied to the joined rows, after each lookup. */
        FILTERED,
        /** A projection of a filter, as SQL's conversion trims the columns a join does not use. */
        PROJECTED_FILTERED
    }

    private final Shape shape;

    RecordLayerLookupJoinRule(Shape shape) {
        super(operand(LogicalJoin.class, operand(RelNode.class, any()), switch (shape) {
            case SCAN -> operand(RecordLayerTableScan.class, none());
            case PROJECTED -> operand(LogicalProject.class, operand(RecordLayerTableScan.class, none()));
            case FILTERED -> operand(LogicalFilter.class, operand(RecordLayerTableScan.class, none()));
            case PROJECTED_FILTERED -> operand(LogicalProject.class, operand(LogicalFilter.class,
                    operand(RecordLayerTableScan.class, none())));
        }), "RecordLayerLookupJoinRule:" + shape.name().toLowerCase(java.util.Locale.ROOT));
        this.shape = shape;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalJoin join = call.rel(0);
        LogicalProject project = shape == Shape.PROJECTED || shape == Shape.PROJECTED_FILTERED ? call.rel(2) : null;
        LogicalFilter filter = shape == Shape.FILTERED ? call.rel(2)
                : shape == Shape.PROJECTED_FILTERED ? call.rel(3) : null;
        RecordLayerTableScan scan = call.rel(call.getRelList().size() - 1);
        boolean projected = project != null;
        // The lookup reads the inner table by the join key alone: a scan the filter rule narrowed (a key or index
        // range, an IN list) carries conditions the lookup would drop, so only a whole-table scan is replaced.
        if (scan.path.kind() != AccessPath.Kind.FULL_SCAN) {
            return;
        }
        // Under a LEFT join an inner row failing the filter must still yield the outer row with NULLs: a filter
        // above the join cannot say that.
        if (filter != null && (join.getJoinType() != JoinRelType.INNER || !filter.getVariablesSet().isEmpty())) {
            return;
        }
        if (join.getJoinType() != JoinRelType.INNER && join.getJoinType() != JoinRelType.LEFT) {
            return;
        }
        JoinInfo info = join.analyzeCondition();
        if (info.leftKeys.isEmpty() || (!info.isEqui() && join.getJoinType() != JoinRelType.INNER)) {
            return;
        }
        int innerCount = join.getRight().getRowType().getFieldCount();
        int[] columns = new int[innerCount];
        for (int i = 0; i < innerCount; i++) {
            columns[i] = i;
        }
        if (projected) {
            for (int i = 0; i < innerCount; i++) {
                RexNode e = project.getProjects().get(i);
                if (!(e instanceof RexInputRef)) {
                    return;
                }
                columns[i] = ((RexInputRef) e).getIndex();
            }
        }
        int[] inner = info.rightKeys.toIntArray();
        for (int i = 0; i < inner.length; i++) {
            inner[i] = columns[inner[i]];
        }
        int[] outer = info.leftKeys.toIntArray();
        Lookup lookup = lookup(scan.recordLayerTable, inner, outer);
        if (lookup == null) {
            return;
        }
        RelNode input = convert(join.getLeft(), join.getLeft().getTraitSet().replace(EnumerableConvention.INSTANCE));
        RelDataType rowType = projected
                ? SqlValidatorUtil.deriveJoinRowType(join.getLeft().getRowType(), scan.getRowType(),
                join.getJoinType(), join.getCluster().getTypeFactory(), null, List.of())
                : join.getRowType();
        RelNode result = new RecordLayerLookupJoin(join.getCluster(),
                join.getTraitSet().replace(EnumerableConvention.INSTANCE), input, rowType,
                scan.getTable(), scan.recordLayerTable, lookup.outer, lookup.recordIndex, lookup.inner,
                join.getJoinType(), lookup.description, lookup.fanout);
        RexBuilder rex = join.getCluster().getRexBuilder();
        int outerCount = join.getLeft().getRowType().getFieldCount();
        if (filter != null) {
            result = LogicalFilter.create(result, RexUtil.shift(filter.getCondition(), outerCount));
        }
        if (projected) {
            List<RexNode> exprs = new ArrayList<>();
            for (int i = 0; i < outerCount; i++) {
                exprs.add(rex.makeInputRef(result, i));
            }
            for (int i = 0; i < innerCount; i++) {
                exprs.add(rex.makeInputRef(result, outerCount + columns[i]));
            }
            result = LogicalProject.create(result, List.of(), exprs, join.getRowType().getFieldNames(),
                    ImmutableSet.of());
        }
        if (!info.isEqui()) {
            result = LogicalFilter.create(result, info.getRemaining(rex));
        }
        call.transformTo(result);
    }

    private record Lookup(int[] outer, int[] inner, String recordIndex, String description, double fanout) {
    }

    /**
     * An index the inner table may be looked up by.
     *
     * @param recordIndex the Record Layer index (null: the primary key, the columns its leading ones)
     * @param columns     positions of its columns, in key order
     * @param description how EXPLAIN names the lookup
     * @param fanout      rows expected per full key (1 for a unique key, children per parent for a foreign key)
     */
    private record IndexKey(String recordIndex, int[] columns, String description, double fanout) {
    }

    /** The key of {@code table} the join's inner columns bind: the primary key, else an index prefix. */
    private static Lookup lookup(RecordLayerTable rl, int[] inner, int[] outer) {
        Table table = rl.table();
        int[] pk = table.primaryKey();
        Lookup byPk = ordered(pk, inner, outer, pk.length);
        if (byPk != null) {
            return new Lookup(byPk.outer, byPk.inner, null, "primary key of " + table.name(), 1);
        }
        double rows = Math.max(1, rl.rowCount());
        List<IndexKey> indexes = new ArrayList<>();
        for (IndexDef u : table.uniqueConstraints()) {
            indexes.add(new IndexKey(Indexes.recordIndex(table.name(), u),
                    table.positions(Indexes.columnNames(u)), "unique " + u.getName(), 1.0));
        }
        for (ForeignKeyDef fk : table.foreignKeys()) {
            double parents = Math.max(1, rl.rowCountOf(fk.getReferencedTable()));
            String recordIndex = Indexes.foreignKeyIndex(table.name(), fk);
            indexes.add(new IndexKey(recordIndex, table.positions(fk.getColumnsList()), recordIndex == null
                    ? "primary key prefix of " + table.name() + " (foreign key " + fk.getName() + ")"
                    : "foreign key index " + fk.getName(), Math.max(1, rows / parents)));
        }
        for (IndexDef i : table.indexes()) {
            indexes.add(new IndexKey(Indexes.recordIndex(table.name(), i),
                    table.positions(Indexes.columnNames(i)), "index " + i.getName(), Math.max(1, rows * 0.01)));
        }
        for (IndexKey idx : indexes) {
            Lookup l = ordered(idx.columns, inner, outer, inner.length);
            if (l != null) {
                double fanout = inner.length == idx.columns.length ? idx.fanout : Math.max(1, rows * 0.1);
                return new Lookup(l.outer, l.inner, idx.recordIndex, idx.description, fanout);
            }
        }
        return null;
    }

    /** The join keys reordered to the first {@code n} key columns, if they are exactly those columns. */
    private static Lookup ordered(int[] keyColumns, int[] inner, int[] outer, int n) {
        if (inner.length != n || keyColumns.length < n) {
            return null;
        }
        int[] o = new int[n];
        int[] in = new int[n];
        for (int k = 0; k < n; k++) {
            int at = -1;
            for (int j = 0; j < inner.length; j++) {
                if (inner[j] == keyColumns[k]) {
                    at = j;
                }
            }
            if (at < 0) {
                return null;
            }
            o[k] = outer[at];
            in[k] = inner[at];
        }
        return new Lookup(o, in, null, null, 1);
    }
}
