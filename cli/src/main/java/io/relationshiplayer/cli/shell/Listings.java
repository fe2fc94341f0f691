package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.TableLayout;
import io.relationshiplayer.cli.sql.Values;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.TableColumn;
import io.relationshiplayer.proto.v1.TableConstraint;
import io.relationshiplayer.proto.v1.TableSummary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** The shell's {@code \d}: the tables, and one table's columns, keys, foreign keys and indexes, from the catalog. */
final class Listings {
    private static final List<String> KINDS = List.of("primary key", "unique", "foreign key", "index",
            "materialized join");

    private Listings() {
    }

    static void tables(SqlSession client, PrintWriter out) {
        List<List<String>> tables = new ArrayList<>();
        List<List<String>> views = new ArrayList<>();
        for (TableSummary t : client.listTables()) {
            (t.getKind().equals("view") ? views : tables).add(List.of(t.getName(),
                    Long.toString(t.getColumnCount())));
        }
        if (tables.isEmpty() && views.isEmpty()) {
            out.println("No tables.");
            return;
        }
        if (!tables.isEmpty()) {
            out.println("Tables");
            TableLayout.printText(out, List.of("table", "columns"), tables);
        }
        if (!views.isEmpty()) {
            out.println("Views");
            TableLayout.printText(out, List.of("view", "columns"), views);
        }
    }

    static void describe(SqlSession client, String table, PrintWriter out) {
        DescribeTableResponse d = client.describeTable(table);
        boolean view = d.getConstraintsList().stream().anyMatch(c -> c.getKind().equals("view"));
        out.println((view ? "View " : "Table ") + d.getTable());
        List<List<String>> rows = new ArrayList<>();
        for (TableColumn c : d.getColumnsList()) {
            rows.add(List.of(c.getName(), Values.typeName(c.getType()), c.getNullable() ? "" : "not null",
                    c.getDefaultSql()));
        }
        TableLayout.printText(out, List.of("column", "type", "nullable", "default"), rows);
        if (d.getPrimaryKeyCount() > 0) {
            out.println("Primary key: (" + String.join(", ", d.getPrimaryKeyList()) + ")");
        }
        String kind = null;
        for (String k : KINDS) {
            for (TableConstraint c : d.getConstraintsList()) {
                if (!c.getKind().equals(k) || k.equals("primary key")) {
                    continue;
                }
                if (!k.equals(kind)) {
                    kind = k;
                    out.println(heading(k));
                }
                out.println("  " + c.getName() + " " + c.getDefinition());
            }
        }
        for (TableConstraint c : d.getConstraintsList()) {
            if (c.getKind().equals("view")) {
                out.println("View definition:");
                out.println("  " + c.getDefinition());
            } else if (!KINDS.contains(c.getKind())) {
                out.println("  " + c.getKind() + " " + c.getName() + " " + c.getDefinition());
            }
        }
    }

    private static String heading(String kind) {
        switch (kind) {
            case "unique":
                return "Unique keys:";
            case "foreign key":
                return "Foreign keys:";
            case "index":
                return "Indexes:";
            default:
                return "Materialized joins:";
        }
    }
}
