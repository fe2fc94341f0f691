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
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A join that reads the inner table by key for batches of outer rows: the outer rows of a batch are collected, their
 * distinct keys looked up together (primary-key lookups or index prefix scans, all in flight at once) and the matches
 * joined. Along a foreign key this is child to parent by primary key, or parent to children through the foreign key's
 * index. The inner table is not an input: it is never scanned whole.
 */
public final class RecordLayerLookupJoin extends SingleRel implements EnumerableRel {
    static final Method LOOKUP_JOIN = Types.lookupMethod(RecordLayerTable.RecordLayerQueryable.class, "lookupJoin",
            org.apache.calcite.linq4j.Enumerable.class, int[].class, String.class, int[].class, boolean.class);

    final RelOptTable innerTable;
    final RecordLayerTable inner;
    final int[] outerKeys;
    final String recordIndex;
    final int[] innerKeys;
    final JoinRelType joinType;
    final String lookupDescription;
    /** Inner rows expected per outer row: 1 by a unique key, children per parent along a foreign key. */
    final double fanout;

    RecordLayerLookupJoin(RelOptCluster cluster, RelTraitSet traits, RelNode outer, RelDataType rowType,
                          RelOptTable innerTable, RecordLayerTable inner, int[] outerKeys, String recordIndex,
                          int[] innerKeys, JoinRelType joinType, String lookupDescription, double fanout) {
        super(cluster, traits, outer);
        this.rowType = rowType;
        this.innerTable = innerTable;
        this.inner = inner;
        this.outerKeys = outerKeys;
        this.recordIndex = recordIndex;
        this.innerKeys = innerKeys;
        this.joinType = joinType;
        this.lookupDescription = lookupDescription;
        this.fanout = fanout;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new RecordLayerLookupJoin(getCluster(), traitSet, sole(inputs), rowType, innerTable, inner, outerKeys,
                recordIndex, innerKeys, joinType, lookupDescription, fanout);
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return Math.max(1, mq.getRowCount(getInput()) * fanout);
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double outer = mq.getRowCount(getInput());
        double rows = estimateRowCount(mq);
        return planner.getCostFactory().makeCost(rows, outer, outer * 0.5);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        List<String> keys = new ArrayList<>();
        List<String> names = getRowType().getFieldNames();
        int outerCount = getInput().getRowType().getFieldCount();
        for (int i = 0; i < outerKeys.length; i++) {
            keys.add(names.get(outerKeys[i]) + " = " + names.get(outerCount + innerKeys[i]));
        }
        return super.explainTerms(pw).item("joinType", joinType.lowerName).item("table",
                innerTable.getQualifiedName()).item("keys", keys).item("lookup", lookupDescription);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        BlockBuilder builder = new BlockBuilder();
        Result outer = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
        Expression arrays = ArrayRows.of(builder, outer, "outer");
        Expression table = builder.append("inner", innerTable.getExpression(
                RecordLayerTable.RecordLayerQueryable.class));
        builder.add(Expressions.return_(null, Expressions.call(table, LOOKUP_JOIN, arrays,
                Expressions.constant(outerKeys), Expressions.constant(recordIndex, String.class),
                Expressions.constant(innerKeys), Expressions.constant(joinType == JoinRelType.LEFT))));
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY);
        return implementor.result(physType, builder.toBlock());
    }
}
