package io.relationshiplayer.sql.calcite;

import java.lang.reflect.Method;
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
 * read, whatever the table's size, in the statement's transaction (its own uncommitted rows included).
 */
public final class RecordLayerCount extends AbstractRelNode implements EnumerableRel {
    static final Method COUNT = Types.lookupMethod(RecordLayerTable.RecordLayerQueryable.class, "countRows");

    private final RelOptTable table;

    RecordLayerCount(RelOptCluster cluster, RelTraitSet traits, RelOptTable table, RelDataType rowType) {
        super(cluster, traits);
        this.table = table;
        this.rowType = rowType;
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return planner.getCostFactory().makeTinyCost();
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return 1;
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("table", table.getQualifiedName()).item("access", "COUNT_INDEX");
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        BlockBuilder builder = new BlockBuilder();
        Expression queryable = builder.append("table", table.getExpression(
                RecordLayerTable.RecordLayerQueryable.class));
        builder.add(Expressions.return_(null, Expressions.call(queryable, COUNT)));
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.SCALAR);
        return implementor.result(physType, builder.toBlock());
    }
}
