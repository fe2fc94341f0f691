package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.relationships.Session;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.relationships.Values;
import io.relationshiplayer.sql.calcite.SqlTypes;
import io.relationshiplayer.sql.calcite.StatementRows;
import io.relationshiplayer.sql.ddl.DmlClauses;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * An INSERT's ON CONFLICT, as PostgreSQL decides it: the rows the INSERT proposes ({@link StatementRows}) are taken one
 * at a time, in order, each seeing the ones before it. A row whose values are taken in a unique key that the
 * conflict target names (any unique key, without a target) is left out (DO NOTHING) or updates the row it conflicts
 * with (DO UPDATE, if its WHERE holds), else it is inserted. Every write goes through the relationship layer's write
 * path, so every constraint and referential action applies, and a row that another unique key refuses fails the
 * statement (23505). A proposed row's NOT NULL and CHECK constraints are checked before its conflict is looked for, as
 * PostgreSQL does: a row that breaks one fails the statement even where it would be left out or update another. A
 * row the statement inserted or updated is not updated again (21000). The new values of DO UPDATE are a query of the
 * conflicting row (named as the target table) and the proposed row ({@code excluded}).
 */
final class SqlOnConflict {
    private final SqlSession session;
    private final DmlClauses.OnConflict clause;
    private final StatementRows rows;
    private final List<Object> params;
    private final Table table;
    private final List<Table.KeyColumns> arbiters;
    private final ClauseQuery newValues;

    /** Checks the clause against the table (as PostgreSQL does before the statement runs). */
    SqlOnConflict(SqlSession session, String sql, DmlClauses clauses, StatementRows rows, List<Object> params) {
        this.session = session;
        this.clause = clauses.onConflict();
        this.rows = rows;
        this.params = params;
        this.table = session.transactionSession().catalog().requireTable(clauses.table());
        this.arbiters = arbiters();
        this.newValues = clause.doUpdate() ? newValuesQuery(sql, clauses) : null;
        if (newValues != null) {
            // Planned and run once over no rows: its errors come now, whatever the data.
            rows.set(StatementRows.Kind.EXISTING, List.of());
            rows.set(StatementRows.Kind.EXCLUDED, List.of());
            read(newValues.run(session, params));
        }
    }

    /** The unique keys a proposed row may conflict on: the target's, else all. */
    private List<Table.KeyColumns> arbiters() {
        List<Table.KeyColumns> keys = table.uniqueKeys();
        if (clause.constraint() != null) {
            String name = clause.constraint().name();
            return List.of(keys.stream().filter(k -> k.name().equalsIgnoreCase(name)).findFirst()
                    .orElseThrow(() -> new SqlException(SqlException.UNDEFINED_OBJECT, "constraint \"" + name
                            + "\" for table \"" + table.name() + "\" does not exist")));
        }
        if (clause.columns().isEmpty()) {
            return keys;
        }
        Set<Integer> target = new HashSet<>();
        for (DmlClauses.Name c : clause.columns()) {
            int i = table.columnIndex(c.name());
            if (i < 0) {
                throw new SqlException(SqlException.UNDEFINED_COLUMN, "column \"" + c.name() + "\" does not exist",
                        c.line(), c.column(), null);
            }
            target.add(i);
        }
        List<Table.KeyColumns> matching = new ArrayList<>();
        for (Table.KeyColumns k : keys) {
            Set<Integer> columns = new HashSet<>();
            Arrays.stream(table.positions(k.columns())).forEach(columns::add);
            if (columns.equals(target)) {
                matching.add(k);
            }
        }
        if (matching.isEmpty()) {
            throw new SqlException("42P10", "there is no unique or exclusion constraint matching the ON CONFLICT "
                    + "specification");
        }
        return matching;
    }

    /** {@code SELECT <assigned values> FROM <conflicting row> AS t, <proposed row> AS excluded [WHERE ...]}. */
    private ClauseQuery newValuesQuery(String sql, DmlClauses clauses) {
        ClauseQuery q = new ClauseQuery(sql).add("SELECT ");
        String separator = "";
        for (DmlClauses.Assignment a : clause.set()) {
            if (table.columnIndex(a.column().name()) < 0) {
                throw new SqlException(SqlException.UNDEFINED_COLUMN, "column \"" + a.column().name()
                        + "\" of relation \"" + table.name() + "\" does not exist", a.column().line(),
                        a.column().column(), null);
            }
            q.add(separator).copy(a.expression());
            separator = ", ";
        }
        String name = clauses.alias() == null ? table.name() : clauses.alias();
        q.add("\nFROM " + quoted(StatementRows.Kind.EXISTING.schema()) + "." + quoted(table.name()) + " AS "
                + quoted(name) + ", " + quoted(StatementRows.Kind.EXCLUDED.schema()) + "." + quoted(table.name())
                + " AS \"excluded\"");
        if (clause.where() != null) {
            q.add("\nWHERE ").copy(clause.where());
        }
        return q;
    }

    /** Inserts, updates or leaves out each proposed row; returns how many rows were inserted or updated. */
    long resolve() {
        Session s = session.transactionSession();
        Set<List<Object>> affected = new HashSet<>();
        long count = 0;
        for (StatementRows.Proposed p : rows.proposed()) {
            s.checkedRow(table.name(), p.values()); // NOT NULL and CHECK first, as PostgreSQL's ExecInsert
            Row existing = conflicting(s, p);
            Row written;
            if (existing == null) {
                written = s.insertAll(table.name(), List.of(p.values())).get(0);
            } else if (!clause.doUpdate()) {
                continue;
            } else if (affected.contains(key(existing))) {
                throw new SqlException("21000", "ON CONFLICT DO UPDATE command cannot affect row a second time");
            } else {
                Map<String, Object> changes = changes(existing, p);
                if (changes == null) {
                    continue;
                }
                written = s.updateRows(table, List.of(existing), List.of(changes)).get(0);
            }
            rows.written(List.of(written));
            affected.add(key(written));
            count++;
        }
        return count;
    }

    /** The row {@code p} conflicts with in an arbiter key, or null (NULLs conflict with nothing). */
    private Row conflicting(Session s, StatementRows.Proposed p) {
        List<CompletableFuture<Row>> lookups = new ArrayList<>();
        for (Table.KeyColumns k : arbiters) {
            Object[] values = new Object[k.columns().size()];
            for (int i = 0; i < values.length; i++) {
                int column = table.requireColumn(k.columns().get(i));
                values[i] = Values.coerce(table.column(column), p.values().get(table.column(column).getName()));
            }
            if (Arrays.stream(values).noneMatch(v -> v == null)) {
                lookups.add(s.access().findByKey(table, k.columns(), values));
            }
        }
        for (CompletableFuture<Row> lookup : lookups) {
            Row r = lookup.join();
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /** DO UPDATE's new values for {@code existing}, or null when its WHERE does not hold. */
    private Map<String, Object> changes(Row existing, StatementRows.Proposed p) {
        rows.set(StatementRows.Kind.EXISTING, List.<Object[]>of(StatementRows.internal(existing)));
        rows.set(StatementRows.Kind.EXCLUDED, List.<Object[]>of(p.internal()));
        List<Object[]> result = read(newValues.run(session, params));
        if (result.isEmpty()) {
            return null;
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        for (int i = 0; i < clause.set().size(); i++) {
            ColumnDef c = table.column(table.columnIndex(clause.set().get(i).column().name()));
            Object v = result.get(0)[i];
            // a TIMESTAMP(p) or TIME(p) rounded to the column, as every other write to it
            ColumnKind kind = c.getType().getKind();
            changes.put(c.getName(), kind == ColumnKind.TIMESTAMP || kind == ColumnKind.TIME
                    ? SqlTypes.toColumn(c, v) : v);
        }
        return changes;
    }

    private List<Object[]> read(StatementResult result) {
        List<Object[]> out = new ArrayList<>();
        try (RowStream stream = ((StatementResult.Query) result).rows()) {
            stream.forEachRemaining(out::add);
        }
        session.endOpenStream();
        return out;
    }

    /** A row's primary key as a set element: byte arrays compared by content. */
    private static List<Object> key(Row row) {
        List<Object> key = new ArrayList<>();
        for (Object v : row.primaryKey()) {
            key.add(v instanceof byte[] b ? ByteBuffer.wrap(b) : v);
        }
        return key;
    }

    /** {@code name} as a quoted identifier. */
    static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
