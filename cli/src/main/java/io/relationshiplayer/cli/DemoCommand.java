package io.relationshiplayer.cli;

import io.relationshiplayer.cli.sql.OutputFormat;
import io.relationshiplayer.cli.sql.ResultPrinter;
import io.relationshiplayer.cli.sql.StatementRunner;
import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.TableSummary;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code rl demo}: the ticket tracker through SQL over gRPC to a server in this process: schema with foreign keys,
 * a few thousand generated rows, joins, an aggregate, referential actions refused and cascaded, plans with indexes.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Version.class, sortOptions = false,
        description = "Runs the showcase: starts a server in process (memory backend by default), creates a ticket "
                + "tracker with foreign keys through SQL over gRPC, loads generated data, and runs joins, an "
                + "aggregate, referential actions and EXPLAINs, printing each statement, its result and its time.")
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--backend", defaultValue = "embedded:memory", paramLabel = "CONNECTION",
            description = "Backend of the in-process server: " + BackendSpec.FORMS + " (default ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = "--tickets", defaultValue = "2000", description = "Tickets to generate (default "
            + "${DEFAULT-VALUE}; users, projects, comments and labels come with them).")
    int tickets;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Rows per INSERT statement. */
    private static final int BATCH = 250;
    private static final String DATABASE = "demo";

    private PrintWriter out;
    private StatementRunner runner;

    @Override
    public Integer call() throws IOException {
        if (tickets < 10) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tickets must be at least 10");
        }
        out = spec.commandLine().getOut();
        BackendSpec backendSpec = BackendSpec.parse(backend);
        long started = System.nanoTime();
        try (RunningServer server = RunningServer.start(ServerConfig.defaults()
                .withBackend(backendSpec, LatencyProfile.NONE));
             SqlSession client = SqlSession.connect("127.0.0.1", server.port(), DATABASE)) {
            boolean terminal = Terminals.interactive();
            ResultPrinter printer = new ResultPrinter(out, OutputFormat.TABLE, terminal ? Terminals.width() : 0,
                    terminal && Terminals.ansi());
            runner = new StatementRunner(client, printer, out);
            out.printf("Relationship Layer demo: SQL over gRPC to a server in this process (%s, 127.0.0.1:%d), "
                    + "database %s%n", backendSpec, server.port(), DATABASE);
            dropPrevious(client);
            out.println();
            schema();
            DemoData data = new DemoData(tickets, BATCH);
            load(client, data, terminal);
            queries(data);
            out.printf("The demo took %.1f s. To continue:%n", (System.nanoTime() - started) / 1e9);
            out.printf("  ./rl shell                             an interactive SQL shell (\\? for help)%n");
            out.printf("  ./rl sql \"SELECT 1 + 1\"                one-shot SQL for scripts (--format csv|json)%n");
            out.printf("  ./rl server --memory                   a server; then ./rl shell --connect 127.0.0.1:7470%n");
            out.flush();
        }
        return 0;
    }

    /** A durable backend keeps the previous run's tables: drop them, children first. */
    private void dropPrevious(SqlSession client) {
        Set<String> existing = client.listTables().stream().map(TableSummary::getName)
                .map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
        for (int i = DemoData.TABLES.length - 1; i >= 0; i--) {
            if (existing.contains(DemoData.TABLES[i])) {
                quietly(client, "DROP TABLE " + DemoData.TABLES[i] + " CASCADE");
            }
        }
    }

    private void schema() {
        section("1. The schema: a ticket tracker; every referential action, indexes on what queries filter");
        for (String ddl : DemoData.SCHEMA) {
            show(ddl);
        }
    }

    private void load(SqlSession client, DemoData data, boolean terminal) {
        section(String.format(Locale.ROOT, "2. Data: %,d generated rows in multi-row INSERTs of %d rows",
                data.totalRows(), BATCH));
        for (DemoData.Load load : data.loads) {
            long start = System.nanoTime();
            int done = 0;
            int statements = 0;
            for (String insert : load.statements()) {
                try (SqlResult r = client.execute(insert)) {
                    done += (int) r.end().getAffectedRows();
                }
                statements++;
                if (terminal) {
                    out.print("\r" + bar(load.table(), done, load.rows()));
                    out.flush();
                }
            }
            String line = String.format(Locale.ROOT, "  %-14s %,7d rows in %3d INSERTs  (%.1f ms)", load.table(),
                    done, statements, (System.nanoTime() - start) / 1e6);
            out.println(terminal ? "\r" + line + " ".repeat(Math.max(0, 60 - line.length())) : line);
            out.flush();
        }
        out.println();
    }

    private static String bar(String table, int done, int total) {
        int width = 30;
        int filled = total == 0 ? width : (int) ((long) done * width / total);
        return String.format(Locale.ROOT, "  %-14s [%s%s] %,d/%,d", table, "#".repeat(filled),
                ".".repeat(width - filled), done, total);
    }

    private void queries(DemoData data) {
        section("3. Joins along foreign keys: tickets with their project and assignee (batched key lookups)");
        show("SELECT t.id, t.title, p.code AS project, u.name AS assignee, t.status, t.created\n"
                + "FROM tickets t\n"
                + "JOIN projects p ON t.project_id = p.id\n"
                + "LEFT JOIN users u ON t.assignee_id = u.id\n"
                + "WHERE t.id BETWEEN 1 AND 8\n"
                + "ORDER BY t.id");
        show("SELECT c.seq, u.name AS author, c.body\n"
                + "FROM comments c JOIN users u ON c.author_id = u.id\n"
                + "WHERE c.ticket_id = 1");

        section("4. An aggregate: open work per project");
        show("SELECT p.code, COUNT(*) AS tickets, SUM(t.estimate) AS estimate,\n"
                + "       SUM(CASE WHEN t.status = 'open' THEN 1 ELSE 0 END) AS open_tickets\n"
                + "FROM projects p JOIN tickets t ON t.project_id = p.id\n"
                + "GROUP BY p.code\n"
                + "ORDER BY tickets DESC");

        section("5. Referential actions: comments RESTRICT the deletion of their author");
        show("DELETE FROM users WHERE id = " + data.commentAuthor);

        String counts = "SELECT (SELECT COUNT(*) FROM projects) AS projects,\n"
                + "       (SELECT COUNT(*) FROM tickets) AS tickets,\n"
                + "       (SELECT COUNT(*) FROM comments) AS comments,\n"
                + "       (SELECT COUNT(*) FROM ticket_labels) AS ticket_labels";
        section("6. ... and deleting a project cascades to its tickets, their comments and labels");
        show(counts);
        show("DELETE FROM projects WHERE code = 'WEB'");
        show(counts);

        section("7. Plans: a filter on an indexed column is an index range scan");
        show("EXPLAIN SELECT id, title FROM tickets WHERE status = 'blocked'");
        section("8. ... and a join from a child to its parent is a lookup by the parent's primary key");
        show("EXPLAIN SELECT t.id, t.title, p.name\n"
                + "FROM tickets t JOIN projects p ON t.project_id = p.id\n"
                + "WHERE t.id = 42");
        section("9. Counts and sums per status come from a COUNT index, kept with every write: no table scan");
        show("SELECT status, COUNT(*) AS tickets, SUM(priority) AS priority_points\n"
                + "FROM tickets GROUP BY status ORDER BY tickets DESC");
        show("EXPLAIN SELECT status, COUNT(*) FROM tickets GROUP BY status");
    }

    private void section(String title) {
        out.printf("-- %s%n%n", title);
    }

    /** Prints the statement as typed at the shell, then its result and time, or its error. */
    private void show(String sql) {
        out.println("rl=> " + sql.replace("\n", "\n...  ") + ";");
        out.flush();
        runner.run(sql);
        out.flush();
    }

    private static void quietly(SqlSession client, String sql) {
        try (SqlResult r = client.execute(sql)) {
            r.end();
        } catch (SqlClientException e) {
            // a table the previous run left half made; CREATE will say what is wrong
        }
    }
}
