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
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rex.RexNode;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.relationships.Indexes;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import org.apache.calcite.rel.logical.LogicalTableModify;

/** Rules that push filters, orders and limits into Record Layer reads, and run reads and writes as Enumerable. */
public final class RecordLayerRules {
    private RecordLayerRules() {
    }

    /** Rule to narrow a table scan under a LogicalFilter to the best key's access path, leaving the rest above. */
    public static final RelOptRule FILTER = new FilterRule();

    /** Rule to drop a sort the scan's key order satisfies, and push its LIMIT and OFFSET into the scan. */
    public static final RelOptRule SORT_ON_SCAN = new SortRule();

    /** As {@link #SORT_ON_SCAN}, through a projection that only selects columns (ORDER BY of a projected column). */
    public static final RelOptRule SORT_THROUGH_PROJECT = new ProjectedSortRule();

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

    /**
     * Rule to convert a LogicalJoin whose inner side is a table scan joined on a key of that table (its primary key,
     * or a prefix of one of its indexes: a foreign key's index for parent to children) to a batched lookup join. Only
     * a scan of the whole table: one narrowed to an access path is left to the other joins.
     */
    public static final RelOptRule LOOKUP_JOIN = new LookupJoinRule(false);

    /** As {@link #LOOKUP_JOIN}, when the inner scan is under a projection of some of its columns. */
    public static final RelOptRule LOOKUP_JOIN_PROJECTED = new LookupJoinRule(true);

    /** Rule to answer COUNT(*) of a whole table, or grouped by a COUNT index's columns, from a COUNT index. */
    public static final RelOptRule COUNT_ON_SCAN = new CountRule(false);

    /** As {@link #COUNT_ON_SCAN}, over a projection (COUNT(*) ignores which columns are projected). */
    public static final RelOptRule COUNT_THROUGH_PROJECT = new CountRule(true);

    public static final List<RelOptRule> RULES = List.of(FILTER, SORT_ON_SCAN, SORT_THROUGH_PROJECT, COUNT_ON_SCAN,
            COUNT_THROUGH_PROJECT, TO_ENUMERABLE, MODIFY,
            LOOKUP_JOIN, LOOKUP_JOIN_PROJECTED);

    private static final class LookupJoinRule extends RelOptRule {
        private final boolean projected;

        LookupJoinRule(boolean projected) {
            super(projected
                    ? operand(LogicalJoin.class, operand(RelNode.class, any()), operand(LogicalProject.class,
                    operand(RecordLayerTableScan.class, none())))
                    : operand(LogicalJoin.class, operand(RelNode.class, any()), operand(RecordLayerTableScan.class,
                    none())), projected ? "RecordLayerLookupJoinRule:projected" : "RecordLayerLookupJoinRule");
            this.projected = projected;
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalJoin join = call.rel(0);
            RecordLayerTableScan scan = projected ? call.rel(3) : call.rel(2);
            // The lookup reads the inner table by the join key alone: a scan the filter rule narrowed (a key or index
            // range, an IN list) carries conditions the lookup would drop, so only a whole-table scan is replaced.
            if (scan.path.kind() != AccessPath.Kind.FULL_SCAN) {
                return;
            }
            if (join.getJoinType() != JoinRelType.INNER && join.getJoinType() != JoinRelType.LEFT) {
                return;
            }
            JoinInfo info = join.analyzeCondition();
            if (info.leftKeys.isEmpty() || (!info.isEqui() && join.getJoinType() != JoinRelType.INNER)) {
                return;
            }
            int innerCount = join.getRight().getRowType().getFieldCount();
            int[] columns = new int[innerCount];
            for (int i = 0; i < innerCount; i++) {
                columns[i] = i;
            }
            if (projected) {
                LogicalProject project = call.rel(2);
                for (int i = 0; i < innerCount; i++) {
                    RexNode e = project.getProjects().get(i);
                    if (!(e instanceof org.apache.calcite.rex.RexInputRef)) {
                        return;
                    }
                    columns[i] = ((org.apache.calcite.rex.RexInputRef) e).getIndex();
                }
            }
            int[] inner = info.rightKeys.toIntArray();
            for (int i = 0; i < inner.length; i++) {
                inner[i] = columns[inner[i]];
            }
            int[] outer = info.leftKeys.toIntArray();
            Lookup lookup = lookup(scan.recordLayerTable, inner, outer);
            if (lookup == null) {
                return;
            }
            RelNode input = convert(join.getLeft(), join.getLeft().getTraitSet().replace(EnumerableConvention.INSTANCE));
            org.apache.calcite.rel.type.RelDataType rowType = projected
                    ? org.apache.calcite.sql.validate.SqlValidatorUtil.deriveJoinRowType(join.getLeft().getRowType(),
                    scan.getRowType(), join.getJoinType(), join.getCluster().getTypeFactory(), null, List.of())
                    : join.getRowType();
            RelNode result = new RecordLayerLookupJoin(join.getCluster(),
                    join.getTraitSet().replace(EnumerableConvention.INSTANCE), input, rowType,
                    scan.getTable(), scan.recordLayerTable, lookup.outer, lookup.recordIndex, lookup.inner,
                    join.getJoinType(), lookup.description, lookup.fanout);
            if (projected) {
                int outerCount = join.getLeft().getRowType().getFieldCount();
                List<RexNode> exprs = new ArrayList<>();
                org.apache.calcite.rex.RexBuilder rex = join.getCluster().getRexBuilder();
                for (int i = 0; i < outerCount; i++) {
                    exprs.add(rex.makeInputRef(result, i));
                }
                for (int i = 0; i < innerCount; i++) {
                    exprs.add(rex.makeInputRef(result, outerCount + columns[i]));
                }
                result = LogicalProject.create(result, List.of(), exprs, join.getRowType().getFieldNames(),
                        com.google.common.collect.ImmutableSet.of());
            }
            if (!info.isEqui()) {
                RexNode remainder = info.getRemaining(join.getCluster().getRexBuilder());
                result = org.apache.calcite.rel.logical.LogicalFilter.create(result, remainder);
            }
            call.transformTo(result);
        }

        private record Lookup(int[] outer, int[] inner, String recordIndex, String description, double fanout) {
        }

        /** The key of {@code table} the join's inner columns bind: the primary key, else an index prefix. */
        private static Lookup lookup(RecordLayerTable rl, int[] inner, int[] outer) {
            Table table = rl.table();
            int[] pk = table.primaryKey();
            Lookup byPk = ordered(pk, inner, outer, pk.length);
            if (byPk != null) {
                return new Lookup(byPk.outer, byPk.inner, null, "primary key of " + table.name(), 1);
            }
            double rows = Math.max(1, rl.rowCount());
            List<Object[]> indexes = new ArrayList<>();
            for (IndexDef u : table.uniqueConstraints()) {
                indexes.add(new Object[] {Indexes.recordIndex(table.name(), u.getName()),
                        table.positions(Indexes.columnNames(u)), "unique " + u.getName(), 1.0});
            }
            for (ForeignKeyDef fk : table.foreignKeys()) {
                double parents = Math.max(1, rl.rowCountOf(fk.getReferencedTable()));
                indexes.add(new Object[] {Indexes.foreignKeyIndex(table.name(), fk),
                        table.positions(fk.getColumnsList()), "foreign key index " + fk.getName(),
                        Math.max(1, rows / parents)});
            }
            for (IndexDef i : table.indexes()) {
                indexes.add(new Object[] {Indexes.recordIndex(table.name(), i.getName()),
                        table.positions(Indexes.columnNames(i)), "index " + i.getName(), Math.max(1, rows * 0.01)});
            }
            for (Object[] idx : indexes) {
                int[] cols = (int[]) idx[1];
                Lookup l = ordered(cols, inner, outer, inner.length);
                if (l != null) {
                    double fanout = inner.length == cols.length ? (Double) idx[3] : Math.max(1, rows * 0.1);
                    return new Lookup(l.outer, l.inner, (String) idx[0], (String) idx[2], fanout);
                }
            }
            return null;
        }

        /** The join keys reordered to the first {@code n} key columns, if they are exactly those columns. */
        private static Lookup ordered(int[] keyColumns, int[] inner, int[] outer, int n) {
            if (inner.length != n || keyColumns.length < n) {
                return null;
            }
            int[] o = new int[n];
            int[] in = new int[n];
            for (int k = 0; k < n; k++) {
                int at = -1;
                for (int j = 0; j < inner.length; j++) {
                    if (inner[j] == keyColumns[k]) {
                        at = j;
                    }
                }
                if (at < 0) {
                    return null;
                }
                o[k] = outer[at];
                in[k] = inner[at];
            }
            return new Lookup(o, in, null, null, 1);
        }
    }

    private static final class FilterRule extends RelOptRule {
        FilterRule() {
            super(operand(LogicalFilter.class, operand(RecordLayerTableScan.class, none())), "RecordLayerFilterRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalFilter filter = call.rel(0);
            RecordLayerTableScan scan = call.rel(1);
            if (scan.path.kind() != AccessPath.Kind.FULL_SCAN) {
                return;
            }
            AccessPathTranslator.Translation t = new AccessPathTranslator(scan.recordLayerTable.table(),
                    filter.getCluster().getRexBuilder()).translate(filter.getCondition());
            if (t.path().kind() == AccessPath.Kind.FULL_SCAN) {
                return;
            }
            RelNode read = new RecordLayerTableScan(scan.getCluster(), scan.getTraitSet(), scan.getTable(),
                    scan.recordLayerTable, t.path());
            call.transformTo(t.remainder() == null ? read : LogicalFilter.create(read, t.remainder()));
            // The same read in key order and in reverse: an ORDER BY (already a collation request by the time this
            // rule narrows the scan) is then met without a sort.
            for (RelCollation order : keyOrders(scan.recordLayerTable, t.path())) {
                RelNode sorted = new RecordLayerSort(scan.getCluster(), read.getTraitSet().replace(order), read, order,
                        null, null);
                call.transformTo(t.remainder() == null ? sorted : LogicalFilter.create(sorted, t.remainder()));
            }
        }
    }

    /**
     * The collations a read yields, forward and reverse, over the columns it is ordered by (none for IN lists). Keys
     * sort NULL first; over NOT NULL columns either NULL placement is equally true, and both are offered, since
     * Calcite matches a requested collation's NULL placement exactly.
     */
    static List<RelCollation> keyOrders(RecordLayerTable table, AccessPath path) {
        int[] order = path.orderColumns(table.table());
        if (order.length == 0) {
            return List.of();
        }
        boolean notNull = true;
        for (int c : order) {
            notNull &= table.table().column(c).getNotNull();
        }
        List<RelCollation> out = new ArrayList<>();
        out.add(collation(order, RelFieldCollation.Direction.ASCENDING, RelFieldCollation.NullDirection.FIRST));
        out.add(collation(order, RelFieldCollation.Direction.DESCENDING, RelFieldCollation.NullDirection.LAST));
        if (notNull) {
            out.add(collation(order, RelFieldCollation.Direction.ASCENDING, RelFieldCollation.NullDirection.LAST));
            out.add(collation(order, RelFieldCollation.Direction.DESCENDING, RelFieldCollation.NullDirection.FIRST));
        }
        return out;
    }

    private static RelCollation collation(int[] columns, RelFieldCollation.Direction dir,
                                          RelFieldCollation.NullDirection nulls) {
        List<RelFieldCollation> fields = new ArrayList<>();
        for (int c : columns) {
            fields.add(new RelFieldCollation(c, dir, nulls));
        }
        return org.apache.calcite.rel.RelCollations.of(fields);
    }

    private static final class SortRule extends RelOptRule {
        SortRule() {
            super(operand(LogicalSort.class, operand(RecordLayerTableScan.class, none())), "RecordLayerSortRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            Sort sort = call.rel(0);
            RecordLayerTableScan scan = call.rel(1);
            if (!satisfies(scan.recordLayerTable, scan.path, sort.getCollation())) {
                return;
            }
            RelTraitSet traits = scan.getTraitSet().replace(sort.getCollation());
            call.transformTo(new RecordLayerSort(sort.getCluster(), traits, scan, sort.getCollation(), sort.offset,
                    sort.fetch));
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

    private static final class ProjectedSortRule extends RelOptRule {
        ProjectedSortRule() {
            super(operand(LogicalSort.class, operand(LogicalProject.class, operand(RecordLayerTableScan.class,
                    none()))), "RecordLayerSortRule:projected");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            Sort sort = call.rel(0);
            LogicalProject project = call.rel(1);
            RecordLayerTableScan scan = call.rel(2);
            List<RelFieldCollation> mapped = new ArrayList<>();
            for (RelFieldCollation f : sort.getCollation().getFieldCollations()) {
                RexNode e = project.getProjects().get(f.getFieldIndex());
                if (!(e instanceof org.apache.calcite.rex.RexInputRef)) {
                    return;
                }
                mapped.add(f.withFieldIndex(((org.apache.calcite.rex.RexInputRef) e).getIndex()));
            }
            RelCollation onScan = org.apache.calcite.rel.RelCollations.of(mapped);
            if (!SortRule.satisfies(scan.recordLayerTable, scan.path, onScan)) {
                return;
            }
            RelNode sorted = new RecordLayerSort(sort.getCluster(), scan.getTraitSet().replace(onScan), scan, onScan,
                    sort.offset, sort.fetch);
            call.transformTo(project.copy(project.getTraitSet().replace(sort.getCollation()), sorted,
                    project.getProjects(), project.getRowType()));
        }
    }

    private static final class CountRule extends RelOptRule {
        private final boolean projected;

        CountRule(boolean projected) {
            super(projected
                    ? operand(org.apache.calcite.rel.logical.LogicalAggregate.class, operand(LogicalProject.class,
                    operand(RecordLayerTableScan.class, none())))
                    : operand(org.apache.calcite.rel.logical.LogicalAggregate.class, operand(
                    RecordLayerTableScan.class, none())), projected ? "RecordLayerCountRule:projected"
                    : "RecordLayerCountRule");
            this.projected = projected;
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            org.apache.calcite.rel.logical.LogicalAggregate agg = call.rel(0);
            RecordLayerTableScan scan = projected ? call.rel(2) : call.rel(1);
            if (scan.path.kind() != AccessPath.Kind.FULL_SCAN || agg.getAggCallList().isEmpty()
                    || agg.getGroupType() != org.apache.calcite.rel.core.Aggregate.Group.SIMPLE) {
                return;
            }
            // Each aggregate: COUNT(*) (-1), or SUM of a column (its position in the scan's row).
            List<Integer> aggregates = new ArrayList<>();
            for (org.apache.calcite.rel.core.AggregateCall c : agg.getAggCallList()) {
                org.apache.calcite.sql.SqlKind kind = c.getAggregation().getKind();
                if (c.isDistinct() || c.filterArg >= 0) {
                    return;
                }
                if (kind == org.apache.calcite.sql.SqlKind.COUNT && c.getArgList().isEmpty()) {
                    aggregates.add(-1);
                } else if (kind == org.apache.calcite.sql.SqlKind.SUM && c.getArgList().size() == 1) {
                    Integer column = scanColumn(call, projected, c.getArgList().get(0));
                    if (column == null) {
                        return;
                    }
                    aggregates.add(column);
                } else {
                    return;
                }
            }
            RelTraitSet traits = agg.getTraitSet().replace(EnumerableConvention.INSTANCE);
            if (agg.getGroupSet().isEmpty()) {
                if (aggregates.equals(List.of(-1))) {
                    call.transformTo(new RecordLayerCount(agg.getCluster(), traits, scan.getTable(),
                            agg.getRowType()));
                }
                return;
            }
            // GROUP BY exactly the columns of a COUNT index (in any order): its groups are the answer.
            List<Integer> groupColumns = new ArrayList<>();
            for (int field : agg.getGroupSet()) {
                Integer column = scanColumn(call, projected, field);
                if (column == null) {
                    return;
                }
                groupColumns.add(column);
            }
            if (new java.util.HashSet<>(groupColumns).size() != groupColumns.size()) {
                return; // a column grouped twice (through the projection): the index's groups are not the answer
            }
            Table table = scan.recordLayerTable.table();
            for (IndexDef index : table.countIndexes()) {
                int[] columns = table.positions(Indexes.columnNames(index));
                if (columns.length != groupColumns.size()
                        || !scan.recordLayerTable.countIndexReadable(index.getName())) {
                    continue;
                }
                int[] order = new int[columns.length];
                boolean matches = true;
                for (int g = 0; g < order.length && matches; g++) {
                    order[g] = -1;
                    for (int k = 0; k < columns.length; k++) {
                        if (columns[k] == groupColumns.get(g)) {
                            order[g] = k;
                        }
                    }
                    matches = order[g] >= 0;
                }
                int[] values = new int[aggregates.size()];
                List<String> sums = index.getSumColumnsList();
                for (int a = 0; a < values.length && matches; a++) {
                    values[a] = aggregates.get(a) < 0 ? -1
                            : sums.indexOf(table.column(aggregates.get(a)).getName());
                    matches = aggregates.get(a) < 0 || values[a] >= 0;
                }
                if (matches) {
                    call.transformTo(new RecordLayerCount(agg.getCluster(), traits, scan.getTable(),
                            agg.getRowType(), index.getName(), order, values));
                    return;
                }
            }
        }

        /** The scan's column an aggregate's input field is (through the projection), or null for an expression. */
        private static Integer scanColumn(RelOptRuleCall call, boolean projected, int field) {
            if (!projected) {
                return field;
            }
            RexNode e = ((LogicalProject) call.rel(1)).getProjects().get(field);
            return e instanceof org.apache.calcite.rex.RexInputRef ? ((org.apache.calcite.rex.RexInputRef) e).getIndex()
                    : null;
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
