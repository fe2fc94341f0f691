package io.relationshiplayer.sql.calcite;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import com.google.common.collect.TreeRangeSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.metadata.DelegatingMetadataRel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.Sarg;

/**
 * The planner's metadata, with the predicates of a long VALUES list (an IN list of many values becomes one) computed
 * here with a check for a cancel at every {@value #CHECK_EVERY} values, and once per statement: Calcite's
 * (RelMdPredicates) gathers the values of each column into a set and then a range set, in one step that checks
 * nothing, 0.1 to 0.2 s of CPU for 60,000 values and more under load, and again for every rule that asks anew. The
 * predicates are Calcite's: a column of one value equals it, a column of several is a SEARCH of their ranges.
 */
public final class CheckedMetadataQuery extends RelMetadataQuery {
    /** Values lists of more rows than this get their predicates here; also how many values go between checks. */
    static final int CHECK_EVERY = 1_024;

    /** The predicates of the statement's long VALUES lists, shared by its metadata queries (a list never changes). */
    private final Map<Values, RelOptPredicateList> known;

    private CheckedMetadataQuery(Map<Values, RelOptPredicateList> known) {
        this.known = known;
    }

    /** Makes {@code cluster}, a statement's, answer its planner's metadata with these queries. */
    public static void install(org.apache.calcite.plan.RelOptCluster cluster) {
        Map<Values, RelOptPredicateList> known = new java.util.IdentityHashMap<>();
        cluster.setMetadataQuerySupplier(() -> new CheckedMetadataQuery(known));
    }

    @Override
    public RelOptPredicateList getPulledUpPredicates(RelNode rel) {
        RelNode r = rel;
        while (r instanceof DelegatingMetadataRel delegating) { // a planner's wrapper, as Calcite's handlers unwrap it
            r = delegating.getMetadataDelegateRel();
        }
        if (r instanceof Values values && values.tuples.size() > CHECK_EVERY) {
            RelOptPredicateList predicates = known.get(values);
            if (predicates == null) {
                predicates = predicates(values);
                known.put(values, predicates);
            }
            return predicates;
        }
        return super.getPulledUpPredicates(rel);
    }

    /** Calcite's RelMdPredicates.getPredicates(Values), checking for a cancel at every {@value #CHECK_EVERY} values. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static RelOptPredicateList predicates(Values values) {
        ImmutableList<ImmutableList<RexLiteral>> tuples = values.tuples;
        if (tuples.isEmpty()) {
            return RelOptPredicateList.EMPTY;
        }
        int columns = tuples.get(0).size();
        List<Set<RexLiteral>> columnValues = new ArrayList<>(columns);
        for (int i = 0; i < columns; i++) {
            columnValues.add(new HashSet<>());
        }
        for (int t = 0; t < tuples.size(); t++) {
            if (t % CHECK_EVERY == 0) {
                StatementCancel.checkPreparing();
            }
            List<RexLiteral> tuple = tuples.get(t);
            for (int i = 0; i < tuple.size(); i++) {
                columnValues.get(i).add(tuple.get(i));
            }
        }
        RexBuilder rexBuilder = values.getCluster().getRexBuilder();
        List<RexNode> predicates = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            Set<RexLiteral> set = columnValues.get(i);
            if (set.size() == 1) {
                predicates.add(equalsConstant(values, rexBuilder, i, set.iterator().next()));
                continue;
            }
            RelDataType type = values.getRowType().getFieldList().get(i).getType();
            if (type.isStruct() || SqlTypeUtil.isCollection(type) || SqlTypeUtil.isMap(type)) {
                continue;
            }
            RexUnknownAs unknownAs = RexUnknownAs.UNKNOWN;
            RangeSet<Comparable> ranges = TreeRangeSet.create();
            int n = 0;
            for (RexLiteral literal : set) {
                if (++n % CHECK_EVERY == 0) {
                    StatementCancel.checkPreparing();
                }
                if (RexUtil.isNull(literal)) {
                    unknownAs = RexUnknownAs.TRUE;
                    continue;
                }
                ranges.add(Range.singleton(Objects.requireNonNull(literal.getValueAs(Comparable.class))));
            }
            StatementCancel.checkPreparing();
            Sarg sarg = Sarg.of(unknownAs, ranges);
            StatementCancel.checkPreparing();
            predicates.add(rexBuilder.makeCall(SqlStdOperatorTable.SEARCH, rexBuilder.makeInputRef(values, i),
                    rexBuilder.makeSearchArgumentLiteral(sarg, type)));
        }
        return RelOptPredicateList.of(rexBuilder, predicates);
    }

    /** As RelMdPredicates' eqConstant: column {@code i} of {@code rel} is {@code e}. */
    private static RexNode equalsConstant(RelNode rel, RexBuilder rexBuilder, int i, RexNode e) {
        RexInputRef ref = rexBuilder.makeInputRef(rel, i);
        if (RexLiteral.isNullLiteral(e)) {
            return rexBuilder.makeCall(SqlStdOperatorTable.IS_NULL, ref);
        }
        if (ref.getType().isNullable() || e.getType().isNullable()) {
            return rexBuilder.makeCall(SqlStdOperatorTable.IS_NOT_DISTINCT_FROM, ref, e);
        }
        return rexBuilder.makeCall(SqlStdOperatorTable.EQUALS, ref, e);
    }
}
