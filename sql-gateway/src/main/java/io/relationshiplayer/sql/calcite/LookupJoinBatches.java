package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.AccessPaths;
import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One batch of a lookup join: the outer rows' distinct keys looked up together, then the matches joined. */
final class LookupJoinBatches {
    private LookupJoinBatches() {
    }

    static void join(Session s, Table t, List<Object[]> batch, int[] outerKeys, String recordIndex,
                                  int[] innerKeys, boolean leftOuter, java.util.Collection<Object[]> out) {
        AccessPaths ap = s.access();
        Map<List<Object>, java.util.concurrent.CompletableFuture<List<Row>>> lookups = new LinkedHashMap<>();
        List<List<Object>> keys = new ArrayList<>(batch.size());
        for (Object[] o : batch) {
            Object[] key = new Object[outerKeys.length];
            boolean hasNull = false;
            for (int i = 0; i < key.length; i++) {
                key[i] = o[outerKeys[i]] == null ? null : KeyValues.equal(t, innerKeys[i], o[outerKeys[i]]);
                hasNull |= key[i] == null || key[i] == KeyValues.NONE; // either matches no row
            }
            List<Object> k = hasNull ? null : Arrays.asList(key);
            keys.add(k);
            if (k != null && !lookups.containsKey(k)) {
                lookups.put(k, recordIndex == null && key.length == t.primaryKey().length
                        ? ap.lookup(t, key).thenApply(r -> r == null ? List.<Row>of() : List.of(r))
                        : ap.scanRecordIndex(t, recordIndex, innerKeys, key, null, null, false, null, 0).asList());
            }
        }
        PlanAnalysis.lookups(lookups.size());
        int width = t.columnCount();
        for (int i = 0; i < batch.size(); i++) {
            Object[] o = batch.get(i);
            List<Row> matches = keys.get(i) == null ? List.of() : lookups.get(keys.get(i)).join();
            for (Row r : matches) {
                Object[] joined = Arrays.copyOf(o, o.length + width);
                for (int c = 0; c < width; c++) {
                    joined[o.length + c] = SqlTypes.toInternal(t.column(c), r.get(c));
                }
                out.add(joined);
            }
            if (matches.isEmpty() && leftOuter) {
                out.add(Arrays.copyOf(o, o.length + width));
            }
        }
    }
}
