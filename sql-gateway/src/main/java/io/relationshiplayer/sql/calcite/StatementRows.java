package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.relationships.Table;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.annotation.Nonnull;

/**
 * Rows of the running INSERT, UPDATE or DELETE that the session works on besides the store, for the clauses Calcite
 * does not have: the rows it wrote (for RETURNING), the rows an INSERT proposes (held back from the store, for ON
 * CONFLICT to decide on one by one), and the conflicting row and the proposed row that an ON CONFLICT DO UPDATE
 * computes new values from. Plans read each set as the tables of a schema of its own ({@link Kind#schema()}), whose
 * tables have the columns of the database's tables; rows are in Calcite's internal form.
 */
public final class StatementRows {
    /** A set of rows, read by plans as the tables of {@link #schema()}. */
    public enum Kind {
        /** The rows the statement wrote: inserted, new values of updated, deleted. */
        WRITTEN,
        /** The existing row a proposed row conflicts with. */
        EXISTING,
        /** The proposed row that conflicts (PostgreSQL's EXCLUDED). */
        EXCLUDED;

        /** The schema its tables are in. */
        public String schema() {
            return "rl$" + name().toLowerCase(Locale.ROOT);
        }
    }

    /** A row an INSERT proposes: in Calcite's internal form, and as the values the write path takes. */
    public record Proposed(@Nonnull Object[] internal, @Nonnull Map<String, Object> values) {
    }

    private final boolean holdInserts;
    private final List<Proposed> proposed = new ArrayList<>();
    private final Map<Kind, List<Object[]>> sets = new EnumMap<>(Kind.class);

    /** {@code holdInserts}: an INSERT's rows are proposed here instead of being written. */
    public StatementRows(boolean holdInserts) {
        this.holdInserts = holdInserts;
    }

    boolean holdsInserts() {
        return holdInserts;
    }

    void propose(Table t, Object[] internal) {
        Object[] row = java.util.Arrays.copyOf(internal, t.columnCount());
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < t.columnCount(); i++) {
            Object v = SqlTypes.toColumn(t.column(i), row[i]);
            values.put(t.column(i).getName(), v);
            if (v instanceof java.time.LocalDateTime || v instanceof io.relationshiplayer.proto.values.TimeOfDay) {
                // EXCLUDED reads a TIMESTAMP(p) or TIME(p) rounded to the column, as PostgreSQL's proposed row is
                row[i] = SqlTypes.toInternal(t.column(i), v);
            }
        }
        proposed.add(new Proposed(row, values));
    }

    /** The rows an INSERT proposed, in its order. */
    @Nonnull
    public List<Proposed> proposed() {
        return Collections.unmodifiableList(proposed);
    }

    /** Adds rows the statement wrote (to {@link Kind#WRITTEN}). */
    public void written(@Nonnull List<Row> rows) {
        List<Object[]> written = sets.computeIfAbsent(Kind.WRITTEN, k -> new ArrayList<>());
        rows.forEach(r -> written.add(internal(r)));
    }

    /** Replaces the rows of {@code kind}. */
    public void set(@Nonnull Kind kind, @Nonnull List<Object[]> rows) {
        sets.put(kind, List.copyOf(rows));
    }

    /** The rows of {@code kind}. */
    @Nonnull
    public List<Object[]> rows(@Nonnull Kind kind) {
        return Collections.unmodifiableList(sets.getOrDefault(kind, List.of()));
    }

    /** A stored row in Calcite's internal form. */
    @Nonnull
    public static Object[] internal(@Nonnull Row row) {
        Table t = row.table();
        Object[] out = new Object[t.columnCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = SqlTypes.toInternal(t.column(i), row.get(i));
        }
        return out;
    }
}
