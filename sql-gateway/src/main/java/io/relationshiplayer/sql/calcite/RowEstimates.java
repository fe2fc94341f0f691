package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.AccessPaths;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import java.util.Arrays;
import javax.annotation.Nullable;
import org.apache.calcite.rex.RexNode;

/**
 * The rows an access path reads, for the cost model. Where its operands are literals the store is asked (an index
 * dive: the matching keys counted up to {@link #DIVE_LIMIT}, one snapshot read per path and IN value), so between two
 * indexes the one that matches fewer rows of this data wins; with parameters, or beyond the limit, a share of the
 * table's row count by the path's kind ({@link AccessPath#selectivity}).
 */
final class RowEstimates {
    /** Keys counted before a dive gives up and the share estimate takes over. */
    static final int DIVE_LIMIT = 256;

    /** IN lists longer than this are estimated by share: a dive per value would cost more than it saves. */
    static final int MAX_DIVES = 32;
    private static final Object ABSENT = new Object();

    private RowEstimates() {
    }

    /** The estimate for {@code path} over {@code t} with {@code rowCount} rows now. */
    static double rows(Session s, Table t, AccessPath path, double rowCount) {
        double share = Math.max(1, Math.max(1, rowCount) * path.selectivity(t));
        if (path.kind() == AccessPath.Kind.FULL_SCAN || path.kind() == AccessPath.Kind.PK_POINT) {
            return share;
        }
        int[] key = path.keyColumns();
        int next = path.equal().size();
        Object[] equal = new Object[next];
        for (int i = 0; i < next; i++) {
            equal[i] = literal(t, path.equal().get(i), key[i]);
        }
        Object[] in = new Object[path.in().size()];
        for (int i = 0; i < in.length; i++) {
            in[i] = literal(t, path.in().get(i), key[next]);
        }
        Object low = path.low() == null ? ABSENT : literal(t, path.low(), key[next]);
        Object high = path.high() == null ? ABSENT : literal(t, path.high(), key[next]);
        if (in.length > MAX_DIVES || Arrays.asList(equal).contains(null) || Arrays.asList(in).contains(null)
                || low == null || high == null) {
            return share;
        }
        AccessPaths access = s.access();
        long counted = 0;
        if (path.in().isEmpty()) {
            counted = access.countUpTo(t, path.recordIndex(), key, equal,
                    path.low() == null ? null : new AccessPaths.Bound(new Object[] {low}, path.lowInclusive()),
                    path.high() == null ? null : new AccessPaths.Bound(new Object[] {high}, path.highInclusive()),
                    DIVE_LIMIT);
        } else {
            for (Object v : in) {
                Object[] point = Arrays.copyOf(equal, equal.length + 1);
                point[equal.length] = v;
                counted += access.countUpTo(t, path.recordIndex(), key, point, null, null, DIVE_LIMIT);
            }
        }
        if (counted >= DIVE_LIMIT) {
            return Math.max(counted, share);
        }
        return Math.max(1, counted);
    }

    /**
     * A literal operand as the key column's Java type; null for a parameter, a literal NULL (the read then returns
     * nothing, and the share estimate is as good as any) or a value no value of the column equals.
     */
    @Nullable
    private static Object literal(Table t, RexNode operand, int column) {
        if (RecordLayerRead.Operand.of(operand) instanceof RecordLayerRead.Literal literal && literal.value() != null) {
            Object key = KeyValues.equal(t, column, literal.value());
            return key == KeyValues.NONE ? null : key;
        }
        return null;
    }
}
