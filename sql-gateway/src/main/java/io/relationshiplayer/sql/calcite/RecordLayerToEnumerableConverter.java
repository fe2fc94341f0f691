package io.relationshiplayer.sql.calcite;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.avatica.util.ByteString;
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
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.BuiltInMethod;

/**
 * Runs a Record Layer read inside an Enumerable plan: generates the call of {@link RecordLayerTable#query} with the
 * access path, its operands (literals as constants, parameters from the data context) and the order and limit.
 */
public final class RecordLayerToEnumerableConverter extends ConverterImpl implements EnumerableRel {
    static final Method QUERY = Types.lookupMethod(RecordLayerTable.RecordLayerQueryable.class, "query",
            String.class, String.class, int[].class, Object[].class, Object[].class, Object[].class, boolean.class,
            Object[].class, boolean.class, boolean.class, long.class, long.class, boolean.class);

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
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
                pref.prefer(JavaRowFormat.ARRAY));
        Expression root = implementor.getRootExpression();
        AccessPath p = read.path;
        BlockBuilder list = new BlockBuilder();
        Expression table = list.append("table",
                read.relOptTable.getExpression(RecordLayerTable.RecordLayerQueryable.class));
        Expression call = Expressions.call(table, QUERY,
                Expressions.constant(p.kind().name()),
                Expressions.constant(p.recordIndex(), String.class),
                Expressions.constant(p.keyColumns()),
                operands(root, p.equal()),
                operands(root, p.in()),
                operands(root, p.low() == null ? List.of() : List.of(p.low())),
                Expressions.constant(p.lowInclusive()),
                operands(root, p.high() == null ? List.of() : List.of(p.high())),
                Expressions.constant(p.highInclusive()),
                Expressions.constant(read.reverse),
                count(root, read.offset, 0),
                count(root, read.fetch, -1),
                Expressions.constant(physType.getFormat() == JavaRowFormat.SCALAR));
        list.add(Expressions.return_(null, list.append("enumerable", call)));
        return implementor.result(physType, list.toBlock());
    }

    /** Operands as an Object[]: literal values as constants, parameters read from the data context at run time. */
    private static Expression operands(Expression root, List<RexNode> nodes) {
        List<Expression> out = new ArrayList<>(nodes.size());
        for (RexNode n : nodes) {
            out.add(Expressions.box(operand(root, n)));
        }
        return Expressions.newArrayInit(Object.class, out);
    }

    private static Expression operand(Expression root, RexNode n) {
        RexNode stripped = RexUtil.removeCast(n);
        if (stripped instanceof RexDynamicParam) {
            return Expressions.call(root, BuiltInMethod.DATA_CONTEXT_GET.method,
                    Expressions.constant("?" + ((RexDynamicParam) stripped).getIndex()));
        }
        Object v = ((RexLiteral) stripped).getValue2();
        if (v instanceof ByteString) {
            v = ((ByteString) v).getBytes();
        }
        return Expressions.constant(v, Object.class);
    }

    /** OFFSET or FETCH as a long: a literal, a parameter, or the default when absent. */
    private static Expression count(Expression root, RexNode n, long absent) {
        if (n == null) {
            return Expressions.constant(absent);
        }
        if (n instanceof RexLiteral) {
            return Expressions.constant(((RexLiteral) n).getValueAs(Long.class));
        }
        return Expressions.call(Counts.class, "asLong", operand(root, n));
    }

    /** Run-time conversion of a parameter that holds an OFFSET or FETCH. */
    public static final class Counts {
        private Counts() {
        }

        public static long asLong(Object o) {
            return o == null ? -1 : ((Number) o).longValue();
        }
    }
}
