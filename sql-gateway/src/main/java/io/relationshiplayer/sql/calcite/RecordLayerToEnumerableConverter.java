package io.relationshiplayer.sql.calcite;

import java.lang.reflect.Method;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterImpl;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * Runs a Record Layer read inside an Enumerable plan: generates the call of {@link RecordLayerTable#query} with the
 * plan's data context and the read, a {@link RecordLayerRead} value stashed in the plan (its operands are literal
 * values or parameter slots, so the prepared plan is reused with new parameters).
 */
public final class RecordLayerToEnumerableConverter extends ConverterImpl implements EnumerableRel {
    static final Method QUERY = Types.lookupMethod(RecordLayerTable.RecordLayerQueryable.class, "query",
            DataContext.class, RecordLayerRead.class);

    RecordLayerToEnumerableConverter(RelOptCluster cluster, RelTraitSet traits, RelNode input) {
        super(cluster, ConventionTraitDef.INSTANCE, traits, input);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new RecordLayerToEnumerableConverter(getCluster(), traitSet, sole(inputs));
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return super.computeSelfCost(planner, mq).multiplyBy(0.1);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        RecordLayerRel.Implementor read = new RecordLayerRel.Implementor();
        read.visitChild(getInput());
        // a TIME column read whole by the operator above (TimePhysType)
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
                pref.prefer(JavaRowFormat.ARRAY));
        RecordLayerRead spec = RecordLayerRead.of(read.path, read.reverse, read.offset, read.fetch,
                physType.getFormat() == JavaRowFormat.SCALAR);
        BlockBuilder list = new BlockBuilder();
        Expression table = list.append("table",
                read.relOptTable.getExpression(RecordLayerTable.RecordLayerQueryable.class));
        Expression call = Expressions.call(table, QUERY, implementor.getRootExpression(),
                implementor.stash(spec, RecordLayerRead.class));
        list.add(Expressions.return_(null, list.append("enumerable", call)));
        return TimePhysType.result(physType, list.toBlock());
    }
}
