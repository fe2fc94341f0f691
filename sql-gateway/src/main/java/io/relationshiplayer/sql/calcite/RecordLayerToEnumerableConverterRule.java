package io.relationshiplayer.sql.calcite;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/** Rule to run a Record Layer read inside an Enumerable plan through a {@link RecordLayerToEnumerableConverter}. */
final class RecordLayerToEnumerableConverterRule extends ConverterRule {
    static final Config DEFAULT_CONFIG = Config.INSTANCE
            .withConversion(RelNode.class, RecordLayerRel.CONVENTION, EnumerableConvention.INSTANCE,
                    "RecordLayerToEnumerableConverterRule")
            .withRuleFactory(RecordLayerToEnumerableConverterRule::new);

    RecordLayerToEnumerableConverterRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        RelTraitSet traits = rel.getTraitSet().replace(getOutConvention());
        return new RecordLayerToEnumerableConverter(rel.getCluster(), traits, rel);
    }
}
