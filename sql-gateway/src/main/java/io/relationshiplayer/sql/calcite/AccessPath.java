package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.calcite.rex.RexNode;

/**
 * How a scan reads its table: the whole table in primary-key order, or a primary-key or index lookup with an equality
 * prefix, then an IN list or a range on the next key column. Operands are literals or parameters.
 *
 * @param kind          the kind of read
 * @param index         the index (secondary index, unique constraint or foreign key; null for the primary key)
 * @param recordIndex   the Record Layer index name (null for the primary key)
 * @param keyColumns    positions of the key's columns, in key order
 * @param equal         operands equal to the first key columns
 * @param in            alternatives for the key column after the equality prefix (IN lists), else empty
 * @param low           lower bound on that column, or null
 * @param lowInclusive  whether the lower bound is included
 * @param high          upper bound on that column, or null
 * @param highInclusive whether the upper bound is included
 */
public record AccessPath(Kind kind, @Nullable String index, @Nullable String recordIndex, int[] keyColumns,
                         List<RexNode> equal, List<RexNode> in, @Nullable RexNode low, boolean lowInclusive,
                         @Nullable RexNode high, boolean highInclusive) {

    public enum Kind { FULL_SCAN, PK_POINT, PK_RANGE, PK_IN, INDEX_RANGE, INDEX_IN }

    public static final AccessPath FULL_SCAN = new AccessPath(Kind.FULL_SCAN, null, null, new int[0], List.of(),
            List.of(), null, false, null, false);

    public boolean isPrimaryKey() {
        return index == null;
    }

    /**
     * The columns whose order the read returns rows in, after the equality prefix (which is constant), or empty
     * when IN lists break the order.
     */
    public int[] orderColumns(Table t) {
        if (kind == Kind.PK_IN || kind == Kind.INDEX_IN) {
            return new int[0];
        }
        List<Integer> out = new ArrayList<>();
        int[] key = kind == Kind.FULL_SCAN ? t.primaryKey() : keyColumns;
        for (int i = equal.size(); i < key.length; i++) {
            out.add(key[i]);
        }
        if (!isPrimaryKey()) {
            for (int c : t.primaryKey()) {
                if (!out.contains(c)) {
                    out.add(c);
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The explain text: the kind, the index and the pushed predicates with operand placeholders. */
    public String describe(Table t) {
        if (kind == Kind.FULL_SCAN) {
            return "FULL_SCAN";
        }
        StringBuilder sb = new StringBuilder(kind.name()).append('(');
        sb.append(index == null ? "primary key" : "index " + index).append(": ");
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < equal.size(); i++) {
            parts.add(t.column(keyColumns[i]).getName() + " = " + equal.get(i));
        }
        String next = equal.size() < keyColumns.length ? t.column(keyColumns[equal.size()]).getName() : "";
        if (!in.isEmpty()) {
            parts.add(next + " IN " + in);
        }
        if (low != null) {
            parts.add(next + (lowInclusive ? " >= " : " > ") + low);
        }
        if (high != null) {
            parts.add(next + (highInclusive ? " <= " : " < ") + high);
        }
        return sb.append(String.join(", ", parts)).append(')').toString();
    }

    /**
     * How much of the key the path binds, to break ties between paths whose row estimates are equal: ten per
     * equality column, a unique key bound whole above all, then IN lists over ranges, and the primary key over an
     * index (no second read of the record).
     */
    public int preference(Table t) {
        boolean primary = isPrimaryKey();
        int bound = 10 * equal.size() + (primary ? 1 : 0);
        switch (kind) {
            case FULL_SCAN:
                return 0;
            case PK_IN:
            case INDEX_IN:
                return bound + 8;
            default:
                if (equal.size() == keyColumns.length) {
                    return bound + (primary ? 4 : 0) + (primary || isUnique(t) ? 100 : 0);
                }
                return bound + (low != null ? 3 : 0) + (high != null ? 3 : 0);
        }
    }

    /** Whether the path reads a unique constraint's index. */
    public boolean isUnique(Table t) {
        return index != null && t.uniqueConstraints().stream().anyMatch(u -> u.getName().equals(index));
    }

    /** A rough share of the table the read visits, for the cost model. */
    public double selectivity(Table t) {
        switch (kind) {
            case PK_POINT:
                return 0;
            case PK_IN:
            case INDEX_IN:
                return Math.min(1, 0.01 * in.size());
            case FULL_SCAN:
                return 1;
            default:
                double s = Math.pow(0.1, equal.size());
                if (low != null || high != null) {
                    s *= low != null && high != null ? 0.1 : 0.3;
                }
                return s;
        }
    }
}
