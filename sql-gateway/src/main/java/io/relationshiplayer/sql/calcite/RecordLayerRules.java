package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;

/**
 * Rules and relational operators for the Record Layer calling convention: they push filters, orders, limits, counts
 * and key lookups into Record Layer reads, and run reads and writes inside Enumerable plans.
 */
public final class RecordLayerRules {
    private RecordLayerRules() {
    }

    /** Rule to narrow a table scan under a LogicalFilter to an access path, leaving the rest above. */
    public static final RelOptRule FILTER = new RecordLayerFilterRule();

    /** Rule to drop a sort the scan's key order satisfies, and push its LIMIT and OFFSET into the scan. */
    public static final RelOptRule SORT_ON_SCAN = new RecordLayerSortRule(false);

    /** As {@link #SORT_ON_SCAN}, through a projection that only selects columns (ORDER BY of a projected column). */
    public static final RelOptRule SORT_THROUGH_PROJECT = new RecordLayerSortRule(true);

    /** Rule to run a Record Layer read inside an Enumerable plan. */
    public static final RelOptRule TO_ENUMERABLE = RecordLayerToEnumerableConverterRule.DEFAULT_CONFIG.toRule();

    /** Rule to convert a LogicalTableModify of a Record Layer table to one through the relationship layer. */
    public static final RelOptRule MODIFY = RecordLayerTableModifyRule.DEFAULT_CONFIG.toRule();

    /** Rule to convert a LogicalJoin on a key of its inner whole-table scan to a batched lookup join. */
    public static final RelOptRule LOOKUP_JOIN = new RecordLayerLookupJoinRule(RecordLayerLookupJoinRule.Shape.SCAN);

    /** As {@link #LOOKUP_JOIN}, when the inner scan is under a projection of some of its columns. */
    public static final RelOptRule LOOKUP_JOIN_PROJECTED = new RecordLayerLookupJoinRule(RecordLayerLookupJoinRule.Shape.PROJECTED);

    /** As {@link #LOOKUP_JOIN}, when a filter is over the inner scan of an inner join: it then filters the joined rows. */
    public static final RelOptRule LOOKUP_JOIN_FILTERED =
            new RecordLayerLookupJoinRule(RecordLayerLookupJoinRule.Shape.FILTERED);

    /** As {@link #LOOKUP_JOIN_FILTERED}, under a projection of some of the filtered columns. */
    public static final RelOptRule LOOKUP_JOIN_PROJECTED_FILTERED =
            new RecordLayerLookupJoinRule(RecordLayerLookupJoinRule.Shape.PROJECTED_FILTERED);

    /** Rule to answer COUNT(*) of a whole table, or grouped by a COUNT index's columns, from a COUNT index. */
    public static final RelOptRule COUNT_ON_SCAN = new RecordLayerCountRule(false);

    /** As {@link #COUNT_ON_SCAN}, over a projection (COUNT(*) ignores which columns are projected). */
    public static final RelOptRule COUNT_THROUGH_PROJECT = new RecordLayerCountRule(true);

    /** Every rule of the adapter, as the planner registers them. */
    public static final List<RelOptRule> RULES = List.of(FILTER, SORT_ON_SCAN, SORT_THROUGH_PROJECT, COUNT_ON_SCAN,
            COUNT_THROUGH_PROJECT, TO_ENUMERABLE, MODIFY, LOOKUP_JOIN, LOOKUP_JOIN_PROJECTED,
            LOOKUP_JOIN_FILTERED, LOOKUP_JOIN_PROJECTED_FILTERED);
}
