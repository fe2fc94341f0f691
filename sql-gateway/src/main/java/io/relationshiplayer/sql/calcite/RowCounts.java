package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;

/**
 * The row counts of a database's tables for the cost model, each read from the store (its count index) once per
 * session of a statement: planning asks for a table's count many times (each access path, lookup join and scan cost),
 * and Calcite looks a table up anew each time it resolves its name. A new session (the next statement) reads them
 * anew. One per schema of a runner, which one statement at a time uses.
 */
final class RowCounts {
    private WeakReference<Session> session = new WeakReference<>(null);
    private final Map<String, Long> counts = new HashMap<>();

    /** The rows of {@code t} as {@code s} reads them: read on the first call of the session. */
    synchronized long of(Session s, Table t) {
        if (session.get() != s) {
            session = new WeakReference<>(s);
            counts.clear();
        }
        Long rows = counts.get(t.name());
        if (rows == null) {
            rows = s.access().rowCount(t);
            counts.put(t.name(), rows);
        }
        return rows;
    }
}
