package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Indexes;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * {@code COUNT(*)} of a whole table answered from the COUNT index the record service keeps for every record type: one
 * read, whatever the table's size, in the statement's transaction (its own uncommitted rows included). Grouped, it is
 * {@code GROUP BY} a COUNT index's columns with {@code COUNT(*)}: one scan of that index's groups.
 */
public final class RecordLayerCount extends AbstractRelNode implements EnumerableRel {
    static final Method COUNT = Types.lookupMethod(RecordLayerTable.RecordLayerQueryable.class, "countRows");
    static final Method COUNT_GROUPS = Types.lookupMethod(RecordLayerTable.RecordLayerQueryable.class, "countGroups",
            String.class, int[].class, int[].class);

    private final RelOptTable table;
    /** The COUNT index read for a grouped count; null for the table's row count. */
    private final String countIndex;
    /** For each group column of the output, its position among the index's columns. */
    private final int[] groupOrder;
    /** For each aggregate of the output: -1 for COUNT(*), else the position of its column among the index's sums. */
    private final int[] values;

    RecordLayerCount(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, RelDataType rowType) {
        this(cluster, traits, table, rowType, null, new int[0], new int[] {-1});
    }

    RecordLayerCount(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, RelDataType rowType,
                     String countIndex, int[] groupOrder, int[] values) {
        super(cluster, traits);
        this.table = table;
        this.rowType = rowType;
        this.countIndex = countIndex;
        this.groupOrder = groupOrder;
        this.values = values;
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        if (countIndex == null) {
            return planner.getCostFactory().makeTinyCost();
        }
        double groups = estimateRowCount(mq);
        return planner.getCostFactory().makeCost(groups, groups, 1 + groups * 0.1);
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        if (countIndex == null) {
            return 1;
        }
        RecordLayerTable rl = table.unwrap(RecordLayerTable.class);
        return Math.max(1, (rl == null ? 100 : rl.rowCount()) * 0.1);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("table", table.getQualifiedName()).item("access",
                countIndex == null ? "COUNT_INDEX" : "COUNT_INDEX(" + countIndex + ")");
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        BlockBuilder builder = new BlockBuilder();
        Expression queryable = builder.append("table", table.getExpression(
                RecordLayerTable.RecordLayerQueryable.class));
        if (countIndex == null) {
            builder.add(Expressions.return_(null, Expressions.call(queryable, COUNT)));
        } else {
            builder.add(Expressions.return_(null, Expressions.call(queryable, COUNT_GROUPS,
                    Expressions.constant(countIndex), Expressions.constant(groupOrder), Expressions.constant(values))));
        }
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
                countIndex == null ? JavaRowFormat.SCALAR : JavaRowFormat.ARRAY);
        return implementor.result(physType, builder.toBlock());
    }

    /**
     * A COUNT index's groups as rows: the group columns in {@code groupOrder} (positions among the index's columns),
     * then {@code values} (-1: the group's row count; k: its k-th sum), in Calcite's internal representation.
     */
    static List<Object> groupRows(Session s, Table t, String countIndex, int[] groupOrder, int[] values) {
        int[] columns = t.positions(Indexes.columnNames(t.requireCountIndex(countIndex)));
        List<Object> rows = new ArrayList<>();
        for (Object[] g : s.access().countGroups(t, countIndex)) {
            Object[] out = new Object[groupOrder.length + values.length];
            for (int i = 0; i < groupOrder.length; i++) {
                out[i] = SqlTypes.toInternal(t.column(columns[groupOrder[i]]), g[groupOrder[i]]);
            }
            for (int i = 0; i < values.length; i++) {
                out[groupOrder.length + i] = g[columns.length + 1 + values[i]];
            }
            rows.add(out);
        }
        return rows;
    }
}
