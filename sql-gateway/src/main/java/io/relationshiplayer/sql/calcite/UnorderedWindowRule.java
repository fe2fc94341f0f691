package io.relationshiplayer.sql.calcite;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.rel.RelCollationTraitDef;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalWindow;

/**
 * Window functions whose output claims no order. Calcite's window operator emits its rows in the order of its
 * last window (grouped by partition, sorted by the window's ORDER BY), yet its plan says it keeps its input's order
 * ({@code RelMdCollation.window}); so an ORDER BY the input already had was dropped: {@code SELECT id, ROW_NUMBER()
 * OVER (ORDER BY x DESC) FROM t ORDER BY id} came back in the window's order, not by id. This rule makes the same
 * operator as Calcite's, with no order claimed of it or asked of its input, so the statement's ORDER BY sorts its
 * output. It replaces Calcite's rule in every planner ({@link #register}).
 */
public final class UnorderedWindowRule extends ConverterRule {
    static final UnorderedWindowRule INSTANCE = Config.INSTANCE
            .withConversion(LogicalWindow.class, Convention.NONE, EnumerableConvention.INSTANCE,
                    "UnorderedWindowRule")
            .withRuleFactory(UnorderedWindowRule::new).toRule(UnorderedWindowRule.class);

    private UnorderedWindowRule(Config config) {
        super(config);
    }

    /** Puts this rule in place of Calcite's window rule in {@code planner}. */
    public static void register(RelOptPlanner planner) {
        planner.removeRule(EnumerableRules.ENUMERABLE_WINDOW_RULE);
        planner.addRule(INSTANCE);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalWindow window = (LogicalWindow) rel;
        RelNode input = window.getInput();
        RelNode unordered = convert(input, input.getTraitSet().replace(EnumerableConvention.INSTANCE)
                .replaceIf(RelCollationTraitDef.INSTANCE, () -> RelCollations.EMPTY));
        RelNode calcite = ((ConverterRule) EnumerableRules.ENUMERABLE_WINDOW_RULE).convert(window);
        return calcite.copy(calcite.getTraitSet().replaceIf(RelCollationTraitDef.INSTANCE, () -> RelCollations.EMPTY),
                java.util.List.of(unordered));
    }
}
