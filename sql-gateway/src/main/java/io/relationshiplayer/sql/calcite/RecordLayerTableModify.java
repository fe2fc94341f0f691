package io.relationshiplayer.sql.calcite;

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
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rex.RexNode;

/**
 * INSERT, UPDATE or DELETE of a Record Layer table: its input (the new rows, the rows to delete, or the rows to update
 * followed by their new values) goes through the relationship layer's write path, so every constraint and referential
 * action applies.
 */
public final class RecordLayerTableModify extends TableModify implements EnumerableRel {
    static final Method MODIFY = Types.lookupMethod(RecordLayerTable.RecordLayerQueryable.class, "modify",
            String.class, org.apache.calcite.linq4j.Enumerable.class, String[].class);

    RecordLayerTableModify(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
                           Prepare.CatalogReader catalogReader, RelNode input, Operation operation,
                           List<String> updateColumnList, List<RexNode> sourceExpressionList, boolean flattened) {
        super(cluster, traits, table, catalogReader, input, operation, updateColumnList, sourceExpressionList,
                flattened);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new RecordLayerTableModify(getCluster(), traitSet, getTable(), getCatalogReader(), sole(inputs),
                getOperation(), getUpdateColumnList(), getSourceExpressionList(), isFlattened());
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        BlockBuilder builder = new BlockBuilder();
        Result input = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
        Expression arrays = ArrayRows.of(builder, input, "child");
        Expression table = builder.append("table", getTable().getExpression(
                RecordLayerTable.RecordLayerQueryable.class));
        List<Expression> columns = new ArrayList<>();
        if (getUpdateColumnList() != null) {
            getUpdateColumnList().forEach(c -> columns.add(Expressions.constant(c)));
        }
        Expression call = Expressions.call(table, MODIFY, Expressions.constant(getOperation().name()), arrays,
                Expressions.newArrayInit(String.class, columns));
        builder.add(Expressions.return_(null, call));
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
                pref.prefer(JavaRowFormat.SCALAR));
        return implementor.result(physType, builder.toBlock());
    }
}
