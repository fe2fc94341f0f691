package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.TableLayout;
import io.relationshiplayer.cli.sql.Values;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.TableColumn;
import io.relationshiplayer.proto.v1.TableConstraint;
import io.relationshiplayer.proto.v1.TableSummary;
import io.relationshiplayer.sql.SqlIdentifiers;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The shell's {@code \d} family, from the catalog: {@code \d} the tables and views, {@code \dt} the tables,
 * {@code \dv} the views, {@code \di} the indexes, {@code \d TABLE} a table's columns, keys, checks, foreign keys (its
 * own, and other tables' that reference it) and indexes, {@code \d+ TABLE} the same with each column's keys, checks
 * and indexes and the table's row count.
 */
final class Listings {
    private static final List<String> KINDS = List.of("primary key", "unique", "check", "foreign key", "index",
            "count index", "materialized join");

    private Listings() {
    }

    /** Runs {@code command} (\d, \d+, \dt, \dv or \di) with its argument. */
    static void run(SqlSession client, String command, String arg, PrintWriter out) {
        switch (command) {
            case "\\dt" -> relations(client, true, false, out);
            case "\\dv" -> relations(client, false, true, out);
            case "\\di" -> indexes(client, arg, out);
            default -> {
                if (arg.isEmpty()) {
                    relations(client, true, true, out);
                } else {
                    describe(client, arg, command.equals("\\d+"), out);
                }
            }
        }
    }

    static void relations(SqlSession client, boolean withTables, boolean withViews, PrintWriter out) {
        List<List<String>> tables = new ArrayList<>();
        List<List<String>> views = new ArrayList<>();
        for (TableSummary t : client.listTables()) {
            boolean view = t.getKind().equals("view");
            if (view ? withViews : withTables) {
                (view ? views : tables).add(List.of(t.getName(), Long.toString(t.getColumnCount())));
            }
        }
        if (tables.isEmpty() && views.isEmpty()) {
            out.println(withTables && withViews ? "No tables." : withTables ? "No tables." : "No views.");
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

    /** psql's {@code \di}: every index, with its table, columns, and whether it is unique or a COUNT index. */
    static void indexes(SqlSession client, String table, PrintWriter out) {
        List<List<String>> rows = new ArrayList<>();
        for (TableSummary t : client.listTables()) {
            if (t.getKind().equals("view") || (!table.isEmpty() && !t.getName().equalsIgnoreCase(table))) {
                continue;
            }
            for (TableConstraint c : client.describeTable(t.getName()).getConstraintsList()) {
                String kind = c.getKind();
                if (kind.equals("primary key") || kind.equals("unique") || kind.equals("index")
                        || kind.equals("count index")) {
                    boolean unique = kind.equals("primary key") || kind.equals("unique");
                    rows.add(List.of(c.getName(), t.getName(), c.getDefinition(), unique ? "yes" : "no",
                            kind.equals("count index") ? "yes" : "no"));
                }
            }
        }
        if (rows.isEmpty()) {
            out.println("No indexes.");
            return;
        }
        out.println("Indexes");
        TableLayout.printText(out, List.of("index", "table", "columns", "unique", "count"), rows);
    }

    static void describe(SqlSession client, String table, boolean more, PrintWriter out) {
        DescribeTableResponse d = client.describeTable(table);
        boolean view = d.getConstraintsList().stream().anyMatch(c -> c.getKind().equals("view"));
        out.println((view ? "View " : "Table ") + d.getTable());
        List<List<String>> rows = new ArrayList<>();
        for (TableColumn c : d.getColumnsList()) {
            List<String> row = new ArrayList<>(List.of(c.getName(), Values.typeName(c.getType()),
                    c.getNullable() ? "" : "not null", c.getDefaultSql()));
            if (more && !view) {
                row.add(keysOf(d, c.getName()));
            }
            rows.add(row);
        }
        TableLayout.printText(out, more && !view ? List.of("column", "type", "nullable", "default",
                "constraints and indexes")
                : List.of("column", "type", "nullable", "default"), rows);
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
        if (!view) {
            referencedBy(client, d.getTable(), out);
        }
        for (TableConstraint c : d.getConstraintsList()) {
            if (c.getKind().equals("view")) {
                out.println("View definition:");
                out.println("  " + c.getDefinition());
            } else if (!KINDS.contains(c.getKind())) {
                out.println("  " + c.getKind() + " " + c.getName() + " " + c.getDefinition());
            }
        }
        if (more && !view) {
            List<Object[]> count = client.query("SELECT COUNT(*) FROM " + SqlIdentifiers.quote(tableName(client,
                    d.getTable())));
            out.println("Rows: " + count.get(0)[0]);
        }
    }

    /** psql's "Referenced by:": the foreign keys of every table (this one too) that reference {@code table}. */
    private static void referencedBy(SqlSession client, String table, PrintWriter out) {
        String name = tableName(client, table);
        List<String> lines = new ArrayList<>();
        for (TableSummary t : client.listTables()) {
            if (t.getKind().equals("view")) {
                continue;
            }
            for (TableConstraint c : client.describeTable(t.getName()).getConstraintsList()) {
                if (c.getKind().equals("foreign key") && c.getDefinition().contains(") REFERENCES " + name + " (")) {
                    lines.add("  TABLE " + t.getName() + " CONSTRAINT " + c.getName() + " FOREIGN KEY "
                            + c.getDefinition());
                }
            }
        }
        if (!lines.isEmpty()) {
            out.println("Referenced by:");
            lines.forEach(out::println);
        }
    }

    /** The table's name as the catalog spells it (\d takes any case). */
    private static String tableName(SqlSession client, String table) {
        for (TableSummary t : client.listTables()) {
            if (t.getName().toLowerCase(Locale.ROOT).equals(table.toLowerCase(Locale.ROOT))) {
                return t.getName();
            }
        }
        return table;
    }

    /** The keys, foreign keys and indexes whose column list has {@code column}, and the checks that read it. */
    private static String keysOf(DescribeTableResponse d, String column) {
        List<String> names = new ArrayList<>();
        if (d.getPrimaryKeyList().contains(column)) {
            names.add("primary key");
        }
        for (TableConstraint c : d.getConstraintsList()) {
            String def = c.getDefinition();
            if (List.of("unique", "foreign key", "index", "count index").contains(c.getKind()) && def.startsWith("(")
                    && def.indexOf(')') > 0) {
                for (String part : def.substring(1, def.indexOf(')')).split(", ")) {
                    if (part.replaceFirst(" DESC$", "").equals(column)) {
                        names.add(c.getName());
                    }
                }
            } else if (c.getKind().equals("check") && reads(def, column)) {
                names.add(c.getName());
            }
        }
        return String.join(", ", names);
    }

    /**
     * Whether a CHECK's text names {@code column}: as a word outside string literals (any case), or quoted exactly.
     */
    static boolean reads(String check, String column) {
        for (int i = 0; i < check.length(); ) {
            char ch = check.charAt(i);
            if (ch == '\'' || ch == '"') {
                int end = i + 1;
                StringBuilder text = new StringBuilder();
                while (end < check.length()) {
                    if (check.charAt(end) == ch) {
                        if (end + 1 < check.length() && check.charAt(end + 1) == ch) {
                            text.append(ch);
                            end += 2;
                            continue;
                        }
                        break;
                    }
                    text.append(check.charAt(end++));
                }
                if (ch == '"' && text.toString().equals(column)) {
                    return true;
                }
                i = end + 1;
            } else if (Character.isLetter(ch) || ch == '_') {
                int end = i;
                while (end < check.length() && (Character.isLetterOrDigit(check.charAt(end))
                        || check.charAt(end) == '_' || check.charAt(end) == '$')) {
                    end++;
                }
                if (check.substring(i, end).equalsIgnoreCase(column)) {
                    return true;
                }
                i = end;
            } else {
                i++;
            }
        }
        return false;
    }

    private static String heading(String kind) {
        switch (kind) {
            case "unique":
                return "Unique keys:";
            case "check":
                return "Check constraints:";
            case "foreign key":
                return "Foreign keys:";
            case "index":
                return "Indexes:";
            case "count index":
                return "Count indexes:";
            default:
                return "Materialized joins:";
        }
    }
}
