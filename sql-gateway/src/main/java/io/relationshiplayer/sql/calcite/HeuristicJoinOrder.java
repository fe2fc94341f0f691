package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.JoinPushThroughJoinRule;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.Programs;

/**
 * Orders the joins of a statement that joins many inputs by a heuristic instead of by the Volcano planner's exhaustive
 * search: the search's rules that re-associate joins ({@link JoinPushThroughJoinRule}, {@link CoreRules#JOIN_ASSOCIATE})
 * make a number of join orders that grows exponentially with the inputs, so that eight inputs took seconds to plan and
 * seventeen ran out of time. From {@link #MIN_JOINS} joins on, as Calcite's {@code Programs.heuristicJoinOrder} does,
 * a HEP phase gathers the joins into one {@code MultiJoin} (with the conditions of filters above them), orders it into
 * a left-deep tree by estimated rows ({@code LoptOptimizeJoinRule}, which joins a factor without a condition to the
 * others only when no factor with one is left), and the Volcano planner then plans that order without the
 * re-associating rules. It keeps its other rules: a join may still swap its inputs, become a lookup join, a hash or a
 * merge join. Fewer joins keep the exhaustive search, which finds the cheapest order.
 */
public final class HeuristicJoinOrder {
    /**
     * The number of joins (joined inputs less one) from which joins are ordered heuristically: five inputs on. The
     * exhaustive search of five inputs took 90 to 100 ms to plan in a warm JVM, the heuristic 23 to 32 ms.
     */
    public static final int MIN_JOINS = 4;

    /** The rules of the exhaustive search that change which inputs a join joins. */
    private static final List<RelOptRule> REASSOCIATING = List.of(CoreRules.JOIN_ASSOCIATE,
            JoinPushThroughJoinRule.LEFT, JoinPushThroughJoinRule.RIGHT);

    /** Subqueries become joins, and correlations are removed, before the joins are gathered. */
    private static final Program UNNEST = Programs.sequence(Programs.subQuery(DefaultRelMetadataProvider.INSTANCE),
            Programs.decorrelate());

    /** Gathers the joins, and the conditions of the filters above them, into MultiJoins, bottom up. */
    private static final Program GATHER = Programs.of(HepProgram.builder()
            .addRuleInstance(CoreRules.FILTER_INTO_JOIN)
            .addMatchOrder(HepMatchOrder.BOTTOM_UP)
            .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
            .build(), false, DefaultRelMetadataProvider.INSTANCE);

    /** Expands each MultiJoin into a left-deep tree of joins in the order of its heuristic. */
    private static final Program ORDER = Programs.of(HepProgram.builder()
            .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
            .build(), false, DefaultRelMetadataProvider.INSTANCE);

    private HeuristicJoinOrder() {
    }

    /** {@code planning}, run on a plan whose joins are first ordered heuristically when it has many of them. */
    public static Program program(Program planning) {
        return (RelOptPlanner planner, RelNode rel, RelTraitSet traits, List<RelOptMaterialization> materializations,
                List<RelOptLattice> lattices) -> {
            if (RelOptUtil.countJoins(rel) < MIN_JOINS) {
                return planning.run(planner, rel, traits, materializations, lattices);
            }
            RelNode ordered = rel;
            for (Program p : List.of(UNNEST, GATHER, ORDER)) {
                ordered = p.run(planner, ordered, traits, materializations, lattices);
            }
            REASSOCIATING.forEach(planner::removeRule);
            return planning.run(planner, ordered, traits, materializations, lattices);
        };
    }
}
