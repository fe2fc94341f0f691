package io.relationshiplayer.cli.shell;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The shell's {@code \h}: brief syntax of the statements the engine runs, as psql's {@code \h} gives PostgreSQL's.
 * Only what the engine accepts is listed (its DDL parser and Calcite's queries), so that a reader does not try
 * PostgreSQL syntax that is refused with 0A000.
 */
final class SyntaxHelp {
    /** One statement: its name (what {@code \h NAME} matches), what it does, its syntax. */
    record Entry(String name, String description, String syntax) {
    }

    static final List<Entry> ENTRIES = List.of(
            new Entry("ALTER TABLE", "add a column or constraint to a table, or drop a constraint",
                    "ALTER TABLE table ADD [COLUMN] column type [NOT NULL] [DEFAULT expr] [UNIQUE]\n"
                            + "    [REFERENCES table [(column)] [ON DELETE action] [ON UPDATE action]]\n"
                            + "ALTER TABLE table ADD [CONSTRAINT name] UNIQUE (column [, ...])\n"
                            + "ALTER TABLE table ADD [CONSTRAINT name] FOREIGN KEY (column [, ...])\n"
                            + "    REFERENCES table [(column [, ...])] [ON DELETE action] [ON UPDATE action]\n"
                            + "ALTER TABLE table DROP CONSTRAINT [IF EXISTS] name"),
            new Entry("BEGIN", "start a transaction (serializable; FoundationDB's 5 s window)", "BEGIN"),
            new Entry("COMMIT", "commit the current transaction", "COMMIT"),
            new Entry("COPY", "load rows from the lines that follow (up to \\.), or export them (run by the client)",
                    "COPY table [(column [, ...])] FROM STDIN [[WITH] (option [, ...])]\n"
                            + "COPY {table [(column [, ...])] | (query)} TO STDOUT [[WITH] (option [, ...])]\n"
                            + "option: FORMAT text | csv, HEADER [boolean], DELIMITER 'c', NULL 'text', QUOTE 'c',"
                            + " ESCAPE 'c'\n"
                            + "files: \\copy table FROM 'file' ... and \\copy {table | (query)} TO 'file' ..."),
            new Entry("CREATE COUNT INDEX", "keep row counts (and sums) per group with every write",
                    "CREATE COUNT INDEX [IF NOT EXISTS] name ON table (column [, ...])\n"
                            + "    [WITH SUM (int_column [, ...])]"),
            new Entry("CREATE INDEX", "define an index",
                    "CREATE [UNIQUE] INDEX [IF NOT EXISTS] [name] ON table (column [ASC | DESC] [, ...])"),
            new Entry("CREATE TABLE", "define a table",
                    "CREATE TABLE [IF NOT EXISTS] table (\n"
                            + "    column type [NOT NULL | NULL] [DEFAULT expr] [PRIMARY KEY] [UNIQUE]\n"
                            + "        [REFERENCES table [(column)] [ON DELETE action] [ON UPDATE action]] [, ...]\n"
                            + "    [, [CONSTRAINT name] PRIMARY KEY (column [, ...])]\n"
                            + "    [, [CONSTRAINT name] UNIQUE (column [, ...])]\n"
                            + "    [, [CONSTRAINT name] FOREIGN KEY (column [, ...]) REFERENCES table [(column [, ...])]]\n"
                            + ")\n"
                            + "type: BIGINT | INTEGER | SMALLINT | DOUBLE | DECIMAL(p, s) | BOOLEAN | VARCHAR(n) | "
                            + "VARBINARY(n) | DATE | TIME | TIMESTAMP\n"
                            + "action: NO ACTION | RESTRICT | CASCADE | SET NULL | SET DEFAULT"),
            new Entry("DELETE", "delete rows of a table", "DELETE FROM table [WHERE condition]"),
            new Entry("DESCRIBE", "show a table's columns", "DESCRIBE table"),
            new Entry("DROP INDEX", "remove an index", "DROP INDEX [IF EXISTS] name [ON table]"),
            new Entry("DROP TABLE", "remove a table", "DROP TABLE [IF EXISTS] table [CASCADE | RESTRICT]"),
            new Entry("EXPLAIN", "show a statement's plan, with each scan's access path and index",
                    "EXPLAIN [PLAN FOR] statement"),
            new Entry("INSERT", "create rows of a table",
                    "INSERT INTO table [(column [, ...])] { VALUES (expr [, ...]) [, ...] | query }"),
            new Entry("ROLLBACK", "abort the current transaction", "ROLLBACK"),
            new Entry("SELECT", "read rows",
                    "[WITH name AS (query) [, ...]]\n"
                            + "SELECT [DISTINCT] { * | expr [[AS] name] } [, ...]\n"
                            + "    [FROM from_item [, ...]] [WHERE condition]\n"
                            + "    [GROUP BY expr [, ...]] [HAVING condition]\n"
                            + "    [{ UNION | INTERSECT | EXCEPT } [ALL] select]\n"
                            + "    [ORDER BY expr [ASC | DESC] [, ...]] [LIMIT count] [OFFSET start]\n"
                            + "from_item: table [[AS] alias] | (query) [AS] alias\n"
                            + "    | from_item [INNER | LEFT | RIGHT | FULL] JOIN from_item ON condition\n"
                            + "TABLE table [ORDER BY ...] [LIMIT count]"),
            new Entry("SET", "set a session setting", "SET max_staleness = seconds"),
            new Entry("SHOW CREATE", "the DDL that recreates a table (with its indexes) or a view",
                    "SHOW CREATE TABLE table\nSHOW CREATE VIEW view"),
            new Entry("SHOW TABLES", "list the tables", "SHOW TABLES"),
            new Entry("TRUNCATE", "empty tables in one transaction",
                    "TRUNCATE [TABLE] table [, ...] [CASCADE | RESTRICT]"),
            new Entry("UPDATE", "update rows of a table",
                    "UPDATE table SET column = expr [, ...] [WHERE condition]"));

    private SyntaxHelp() {
    }

    /** {@code \h}: the statements' names; {@code \h NAME}: the entries whose name starts with NAME (any case). */
    static void print(String topic, PrintWriter out) {
        String wanted = topic.strip().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
        if (wanted.isEmpty() || wanted.equals("*")) {
            out.println("Available help (\\h NAME for one):");
            ENTRIES.forEach(e -> out.println("  " + e.name()));
            return;
        }
        List<Entry> found = ENTRIES.stream().filter(e -> e.name().startsWith(wanted)).toList();
        if (found.isEmpty()) {
            out.println("No help available for \"" + topic.strip() + "\".");
            out.println("Try \\h with no arguments to see available help.");
            return;
        }
        for (Entry e : found) {
            out.println("Command:     " + e.name());
            out.println("Description: " + e.description());
            out.println("Syntax:");
            out.println(e.syntax());
            out.println();
        }
    }
}
