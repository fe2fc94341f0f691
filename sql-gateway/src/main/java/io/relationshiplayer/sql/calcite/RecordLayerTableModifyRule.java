package io.relationshiplayer.sql.calcite;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalTableModify;

/** Rule to convert a {@link LogicalTableModify} of a Record Layer table to a {@link RecordLayerTableModify}. */
final class RecordLayerTableModifyRule extends ConverterRule {
    static final Config DEFAULT_CONFIG = Config.INSTANCE
            .withConversion(LogicalTableModify.class, m -> m.getTable().unwrap(RecordLayerTable.class) != null,
                    Convention.NONE, EnumerableConvention.INSTANCE, "RecordLayerTableModifyRule")
            .withRuleFactory(RecordLayerTableModifyRule::new);

    RecordLayerTableModifyRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalTableModify m = (LogicalTableModify) rel;
        RelTraitSet traits = m.getTraitSet().replace(EnumerableConvention.INSTANCE);
        RelNode input = convert(m.getInput(), m.getInput().getTraitSet().replace(EnumerableConvention.INSTANCE));
        return new RecordLayerTableModify(m.getCluster(), traits, m.getTable(), m.getCatalogReader(), input,
                m.getOperation(), m.getUpdateColumnList(), m.getSourceExpressionList(), m.isFlattened());
    }
}
