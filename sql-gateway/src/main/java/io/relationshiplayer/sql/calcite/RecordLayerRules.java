package io.relationshiplayer.sql.calcite;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rel.logical.LogicalTableModify;

/** Rules that push filters, orders and limits into Record Layer reads, and run reads and writes as Enumerable. */
public final class RecordLayerRules {
    private RecordLayerRules() {
    }

    /** Rule to convert a LogicalFilter on a table scan to a RecordLayerFilter on the best key, leaving the rest. */
    public static final RelOptRule FILTER = new FilterRule();

    /** Rule to drop a sort the scan's key order satisfies, and push its LIMIT and OFFSET into the scan. */
    public static final RelOptRule SORT_ON_SCAN = new SortRule(RecordLayerTableScan.class, "RecordLayerSortRule:scan");

    /** As {@link #SORT_ON_SCAN}, above a RecordLayerFilter (the order is the access path's). */
    public static final RelOptRule SORT_ON_FILTER = new SortRule(RecordLayerFilter.class,
            "RecordLayerSortRule:filter");

    /** Rule to run a Record Layer read inside an Enumerable plan. */
    public static final RelOptRule TO_ENUMERABLE = ConverterRule.Config.INSTANCE
            .withConversion(RelNode.class, RecordLayerRel.CONVENTION, EnumerableConvention.INSTANCE,
                    "RecordLayerToEnumerableConverterRule")
            .withRuleFactory(ToEnumerableRule::new).toRule(ConverterRule.class);

    /** Rule to convert a LogicalTableModify of a Record Layer table to one through the relationship layer. */
    public static final RelOptRule MODIFY = ConverterRule.Config.INSTANCE
            .withConversion(LogicalTableModify.class, m -> m.getTable().unwrap(RecordLayerTable.class) != null,
                    Convention.NONE, EnumerableConvention.INSTANCE, "RecordLayerTableModifyRule")
            .withRuleFactory(ModifyRule::new).toRule(ConverterRule.class);

    public static final List<RelOptRule> RULES = List.of(FILTER, SORT_ON_SCAN, SORT_ON_FILTER, TO_ENUMERABLE, MODIFY);

    private static final class FilterRule extends RelOptRule {
        FilterRule() {
            super(operand(LogicalFilter.class, operand(RecordLayerTableScan.class, none())), "RecordLayerFilterRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalFilter filter = call.rel(0);
            RecordLayerTableScan scan = call.rel(1);
            AccessPathTranslator.Translation t = new AccessPathTranslator(scan.recordLayerTable.table(),
                    filter.getCluster().getRexBuilder()).translate(filter.getCondition());
            if (t.path().kind() == AccessPath.Kind.FULL_SCAN) {
                return;
            }
            RelNode read = new RecordLayerFilter(filter.getCluster(), scan.getTraitSet(), scan, filter.getCondition(),
                    t.path(), scan.recordLayerTable);
            call.transformTo(t.remainder() == null ? read : LogicalFilter.create(read, t.remainder()));
        }
    }

    private static final class SortRule extends RelOptRule {
        SortRule(Class<? extends RecordLayerRel> input, String description) {
            super(operand(LogicalSort.class, operand(input, any())), description);
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            Sort sort = call.rel(0);
            RelNode input = call.rel(1);
            RecordLayerTable table;
            AccessPath path;
            if (input instanceof RecordLayerFilter) {
                path = ((RecordLayerFilter) input).path;
                table = tableOf(input.getInput(0));
            } else {
                path = AccessPath.FULL_SCAN;
                table = ((RecordLayerTableScan) input).recordLayerTable;
            }
            if (table == null || !satisfies(table, path, sort.getCollation())) {
                return;
            }
            RelTraitSet traits = input.getTraitSet().replace(sort.getCollation());
            call.transformTo(new RecordLayerSort(sort.getCluster(), traits, input, sort.getCollation(), sort.offset,
                    sort.fetch));
        }

        private static RecordLayerTable tableOf(RelNode n) {
            if (n instanceof org.apache.calcite.plan.volcano.RelSubset) {
                n = ((org.apache.calcite.plan.volcano.RelSubset) n).getOriginal();
            }
            return n instanceof RecordLayerTableScan ? ((RecordLayerTableScan) n).recordLayerTable : null;
        }

        /** Whether reading in key order (forward or reverse) yields the collation. */
        static boolean satisfies(RecordLayerTable table, AccessPath path, RelCollation collation) {
            List<RelFieldCollation> fields = collation.getFieldCollations();
            if (fields.isEmpty()) {
                return true;
            }
            int[] order = path.orderColumns(table.table());
            if (fields.size() > order.length) {
                return false;
            }
            RelFieldCollation.Direction dir = fields.get(0).getDirection();
            for (int i = 0; i < fields.size(); i++) {
                RelFieldCollation f = fields.get(i);
                if (f.getFieldIndex() != order[i] || f.getDirection() != dir
                        || (dir != RelFieldCollation.Direction.ASCENDING
                        && dir != RelFieldCollation.Direction.DESCENDING)) {
                    return false;
                }
                boolean nullable = !table.table().column(order[i]).getNotNull();
                RelFieldCollation.NullDirection wanted = dir == RelFieldCollation.Direction.ASCENDING
                        ? RelFieldCollation.NullDirection.FIRST : RelFieldCollation.NullDirection.LAST;
                if (nullable && f.nullDirection != wanted) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class ToEnumerableRule extends ConverterRule {
        ToEnumerableRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            RelTraitSet traits = rel.getTraitSet().replace(getOutConvention());
            return new RecordLayerToEnumerableConverter(rel.getCluster(), traits, rel);
        }
    }

    private static final class ModifyRule extends ConverterRule {
        ModifyRule(Config config) {
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
}
