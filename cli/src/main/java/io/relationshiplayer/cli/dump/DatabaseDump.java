package io.relationshiplayer.cli.dump;

import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.client.SqlValues;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.sql.SqlIdentifiers;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A SQL script that recreates a database, as pg_dump writes one: the tables in foreign-key order (a table after the
 * tables it references; in a cycle, or referencing itself, a foreign key is left out of CREATE TABLE and added by
 * ALTER TABLE ... ADD CONSTRAINT at the end, after the rows, together with the foreign keys of its table declared after
 * it, so that each table keeps its order), each with its indexes; the views, each after the views it reads; then
 * each table's rows in primary-key order as INSERT statements of up to {@link #ROWS_PER_INSERT} rows.
 */
public final class DatabaseDump {
    /** Rows per INSERT statement. */
    public static final int ROWS_PER_INSERT = 1_000;

    /** What to write: the schema, the rows or both. */
    public enum Part { SCHEMA, DATA, BOTH }

    private final SqlSession session;
    private final PrintWriter out;

    public DatabaseDump(SqlSession session, PrintWriter out) {
        this.session = session;
        this.out = out;
    }

    /** Writes the script. */
    public void write(Part part) {
        List<TableSchema> tables = new ArrayList<>();
        List<String> views = new ArrayList<>();
        for (Object[] row : session.query("SHOW TABLES")) {
            String name = (String) row[0];
            if ("view".equals(row[2])) {
                views.add(name);
            } else {
                tables.add(TableSchema.parse(name, showCreate("TABLE", name)));
            }
        }
        Map<TableSchema, List<TableSchema.ForeignKey>> deferred = new LinkedHashMap<>();
        List<TableSchema> ordered = order(tables, deferred);
        out.println("-- Relationship Layer dump of database " + session.database());
        out.println();
        if (part != Part.DATA) {
            for (TableSchema t : ordered) {
                out.println(t.ddlWithout(deferred.getOrDefault(t, List.of())));
                out.println();
            }
            for (String view : orderViews(views)) {
                out.println(view);
                out.println();
            }
        }
        if (part != Part.SCHEMA) {
            for (TableSchema t : ordered) {
                rows(t);
            }
        }
        if (part != Part.DATA) {
            deferred.forEach((t, fks) -> fks.forEach(fk -> out.println("ALTER TABLE " + SqlIdentifiers.quote(t.name())
                    + " ADD " + fk.clause() + ";")));
        }
        out.flush();
    }

    private String showCreate(String kind, String name) {
        return (String) session.query("SHOW CREATE " + kind + " " + SqlIdentifiers.quote(name)).get(0)[1];
    }

    /**
     * The tables, each after those it references. When none of the remaining tables is free of references to the
     * others (a cycle), the first in catalog order goes next, its foreign keys to tables not yet placed deferred; a
     * foreign key to its own table is always deferred (its rows may reference later rows).
     */
    static List<TableSchema> order(List<TableSchema> tables, Map<TableSchema, List<TableSchema.ForeignKey>> deferred) {
        List<TableSchema> remaining = new ArrayList<>(tables);
        List<TableSchema> ordered = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        while (!remaining.isEmpty()) {
            TableSchema next = remaining.stream().filter(t -> t.foreignKeys().stream().allMatch(fk ->
                    placed.contains(key(fk.references())) || key(fk.references()).equals(key(t.name()))))
                    .findFirst().orElse(remaining.get(0));
            List<TableSchema.ForeignKey> later = new ArrayList<>();
            for (TableSchema.ForeignKey fk : next.foreignKeys()) {
                // once one is deferred, those after it are too: ALTER TABLE adds them in the same order
                if (!later.isEmpty() || !placed.contains(key(fk.references()))) {
                    later.add(fk);
                }
            }
            if (!later.isEmpty()) {
                deferred.put(next, later);
            }
            placed.add(key(next.name()));
            remaining.remove(next);
            ordered.add(next);
        }
        return ordered;
    }

    /**
     * The views' CREATE VIEW statements, each after those of the views its query names (as a word); in catalog order
     * where that says nothing.
     */
    private List<String> orderViews(List<String> views) {
        Map<String, String> ddl = new LinkedHashMap<>();
        views.forEach(v -> ddl.put(v, showCreate("VIEW", v)));
        List<String> ordered = new ArrayList<>();
        List<String> remaining = new ArrayList<>(views);
        while (!remaining.isEmpty()) {
            String next = remaining.stream().filter(v -> remaining.stream().noneMatch(other -> !other.equals(v)
                    && mentions(ddl.get(v), other))).findFirst().orElse(remaining.get(0));
            remaining.remove(next);
            ordered.add(ddl.get(next));
        }
        return ordered;
    }

    private static boolean mentions(String ddl, String view) {
        String body = ddl.substring(ddl.indexOf(" AS ") + 4).toLowerCase(Locale.ROOT);
        return java.util.regex.Pattern.compile("(^|[^a-z0-9_])" + java.util.regex.Pattern.quote(
                view.toLowerCase(Locale.ROOT)) + "($|[^a-z0-9_])").matcher(body).find();
    }

    /** The rows of {@code t} in primary-key order, as INSERTs of up to {@link #ROWS_PER_INSERT} rows. */
    private void rows(TableSchema t) {
        String table = SqlIdentifiers.quote(t.name());
        String sql = "SELECT * FROM " + table + (t.primaryKey().isEmpty() ? "" : " ORDER BY " + t.primaryKey());
        int fetch = session.fetchSize();
        session.setFetchSize(ROWS_PER_INSERT);
        try (SqlResult result = session.execute(sql)) {
            List<String> columns = new ArrayList<>();
            result.columns().forEach(c -> columns.add(SqlIdentifiers.quote(c.getName())));
            String insert = "INSERT INTO " + table + " (" + String.join(", ", columns) + ") VALUES";
            int inBatch = 0;
            boolean any = false;
            while (result.hasNext()) {
                any = true;
                List<SqlValue> row = result.next();
                List<String> literals = new ArrayList<>(row.size());
                row.forEach(v -> literals.add(SqlLiterals.of(SqlValues.toJava(v))));
                out.print(inBatch == 0 ? insert + "\n  (" : ",\n  (");
                out.print(String.join(", ", literals));
                out.print(')');
                if (++inBatch == ROWS_PER_INSERT) {
                    out.println(";");
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                out.println(";");
            }
            if (any) {
                out.println();
            }
        } finally {
            session.setFetchSize(fetch);
        }
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
