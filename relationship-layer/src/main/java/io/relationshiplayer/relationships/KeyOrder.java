package io.relationshiplayer.relationships;

import java.util.List;

/**
 * A unique key's columns named in another order, as a foreign key may reference them ({@code REFERENCES p (b, a)} of
 * a {@code PRIMARY KEY (a, b)}): the permutation that puts values given in that order into the key's, which every
 * read of the key (a primary-key read, a unique index's prefix) takes.
 */
public final class KeyOrder {
    private KeyOrder() {
    }

    /**
     * For each of {@code keyColumns}, the index in {@code columns} of the same column; null unless {@code columns} are
     * exactly the key's columns, each once, in any order (names compared as the catalog keys them).
     */
    public static int[] of(List<String> keyColumns, List<String> columns) {
        int n = keyColumns.size();
        if (columns.size() != n) {
            return null;
        }
        int[] order = new int[n];
        boolean[] used = new boolean[n];
        for (int i = 0; i < n; i++) {
            order[i] = -1;
            for (int j = 0; j < n; j++) {
                if (!used[j] && Table.key(keyColumns.get(i)).equals(Table.key(columns.get(j)))) {
                    order[i] = j;
                    used[j] = true;
                    break;
                }
            }
            if (order[i] < 0) {
                return null;
            }
        }
        return order;
    }

    /** {@code values}, given in the order {@link #of} was computed against, in the key's order. */
    public static Object[] apply(int[] order, Object[] values) {
        Object[] out = new Object[order.length];
        for (int i = 0; i < order.length; i++) {
            out[i] = values[order[i]];
        }
        return out;
    }

    /** {@code positions}, given in the order {@link #of} was computed against, in the key's order. */
    public static int[] apply(int[] order, int[] positions) {
        int[] out = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            out[i] = positions[order[i]];
        }
        return out;
    }

    /** Whether two lists name the same columns, each once, in any order. */
    public static boolean sameSet(List<String> a, List<String> b) {
        return a != null && of(a, b) != null;
    }
}
