package io.relationshiplayer.cli;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The ticket tracker of {@code rl demo}: its schema (every referential action, indexes on what the queries filter)
 * and generated rows as multi-row INSERT statements, the same for every run (a fixed seed).
 */
final class DemoData {
    static final String[] TABLES = {"users", "projects", "labels", "tickets", "comments", "ticket_labels"};

    static final List<String> SCHEMA = List.of(
            "CREATE TABLE users (\n"
                    + "  id BIGINT PRIMARY KEY,\n"
                    + "  name VARCHAR(40) NOT NULL,\n"
                    + "  email VARCHAR(100) UNIQUE,\n"
                    + "  team VARCHAR(20),\n"
                    + "  karma INTEGER DEFAULT 0\n"
                    + ")",
            "CREATE INDEX users_team ON users (team)",
            "CREATE TABLE projects (\n"
                    + "  id BIGINT PRIMARY KEY,\n"
                    + "  code VARCHAR(10) NOT NULL UNIQUE,\n"
                    + "  name VARCHAR(60) NOT NULL,\n"
                    + "  owner_id BIGINT REFERENCES users (id) ON DELETE SET NULL,\n"
                    + "  budget DECIMAL(10,2)\n"
                    + ")",
            "CREATE TABLE labels (\n"
                    + "  name VARCHAR(20) PRIMARY KEY,\n"
                    + "  color VARCHAR(10)\n"
                    + ")",
            "CREATE TABLE tickets (\n"
                    + "  id BIGINT PRIMARY KEY,\n"
                    + "  project_id BIGINT NOT NULL REFERENCES projects (id) ON DELETE CASCADE ON UPDATE CASCADE,\n"
                    + "  reporter_id BIGINT NOT NULL DEFAULT 0 REFERENCES users (id) ON DELETE SET DEFAULT,\n"
                    + "  assignee_id BIGINT REFERENCES users (id) ON DELETE SET NULL,\n"
                    + "  title VARCHAR(100) NOT NULL,\n"
                    + "  status VARCHAR(12) NOT NULL DEFAULT 'open',\n"
                    + "  priority INTEGER NOT NULL DEFAULT 3,\n"
                    + "  estimate DOUBLE,\n"
                    + "  created DATE NOT NULL\n"
                    + ")",
            "CREATE INDEX tickets_status ON tickets (status)",
            "CREATE INDEX tickets_priority_created ON tickets (priority, created)",
            "CREATE COUNT INDEX tickets_per_status ON tickets (status) WITH SUM (priority)",
            "CREATE TABLE comments (\n"
                    + "  ticket_id BIGINT NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,\n"
                    + "  seq INTEGER NOT NULL,\n"
                    + "  author_id BIGINT REFERENCES users (id) ON DELETE RESTRICT,\n"
                    + "  body VARCHAR(200) NOT NULL,\n"
                    + "  PRIMARY KEY (ticket_id, seq)\n"
                    + ")",
            "CREATE TABLE ticket_labels (\n"
                    + "  ticket_id BIGINT NOT NULL,\n"
                    + "  label VARCHAR(20) NOT NULL,\n"
                    + "  PRIMARY KEY (ticket_id, label),\n"
                    + "  CONSTRAINT ticket_labels_ticket FOREIGN KEY (ticket_id) REFERENCES tickets (id)"
                    + " ON DELETE CASCADE,\n"
                    + "  CONSTRAINT ticket_labels_label FOREIGN KEY (label) REFERENCES labels (name)"
                    + " ON DELETE NO ACTION ON UPDATE CASCADE\n"
                    + ")");

    static final int USERS = 100;
    static final int PROJECTS = 8;
    private static final String[] TEAMS = {"core", "web", "ops", "data"};
    private static final String[] STATUSES = {"open", "in_progress", "blocked", "closed"};
    private static final String[][] LABELS = {{"bug", "red"}, {"feature", "green"}, {"docs", "blue"},
            {"performance", "orange"}, {"security", "purple"}, {"wontfix", "grey"}};
    private static final String[][] PROJECT_NAMES = {{"RL", "Relationship Layer"}, {"FDB", "FoundationDB"},
            {"WEB", "Website"}, {"OPS", "Operations"}, {"SQL", "SQL gateway"}, {"CLI", "The rl command"},
            {"DOC", "Documentation"}, {"BEN", "Benchmarks"}};
    private static final String[] WORDS = {"Parser", "Index", "Join", "Commit", "Scan", "Cursor", "Catalog",
            "Shell", "Plan", "Cache", "Session", "Stream"};
    private static final String[] PROBLEMS = {"fails on empty input", "is slow on large ranges",
            "needs documentation", "leaks a transaction", "ignores the limit", "crashes on NULL",
            "should support DESC", "times out under load"};

    /** One table's rows as INSERT statements of at most {@code batch} rows, and how many rows in all. */
    record Load(String table, List<String> statements, int rows) {
    }

    /** The author of ticket 1's first comment: deleting this user is refused (comments RESTRICT). */
    final long commentAuthor;
    final List<Load> loads = new ArrayList<>();

    DemoData(int tickets, int batch) {
        Random random = new Random(42);
        List<String> users = new ArrayList<>();
        users.add("(0, 'ghost', NULL, NULL, 0)");
        for (int i = 1; i < USERS; i++) {
            users.add(String.format(Locale.ROOT, "(%d, 'user%d', %s, %s, %s)", i, i,
                    i % 7 == 0 ? "NULL" : "'user" + i + "@example.com'",
                    i % 11 == 0 ? "NULL" : "'" + TEAMS[random.nextInt(TEAMS.length)] + "'",
                    i % 13 == 0 ? "NULL" : String.valueOf(random.nextInt(100) - 10)));
        }
        loads.add(load("users", "INSERT INTO users (id, name, email, team, karma) VALUES", users, batch));

        List<String> projects = new ArrayList<>();
        for (int p = 1; p <= PROJECTS; p++) {
            projects.add(String.format(Locale.ROOT, "(%d, '%s', '%s', %s, %s)", p, PROJECT_NAMES[p - 1][0],
                    PROJECT_NAMES[p - 1][1], p == 3 ? "NULL" : String.valueOf(1 + random.nextInt(USERS - 1)),
                    p == 4 ? "NULL" : String.format(Locale.ROOT, "%d.%02d", 500 + random.nextInt(5000),
                            random.nextInt(100))));
        }
        loads.add(load("projects", "INSERT INTO projects (id, code, name, owner_id, budget) VALUES", projects,
                batch));

        List<String> labels = new ArrayList<>();
        for (String[] l : LABELS) {
            labels.add("('" + l[0] + "', '" + l[1] + "')");
        }
        loads.add(load("labels", "INSERT INTO labels (name, color) VALUES", labels, batch));

        List<String> ticketRows = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        List<String> ticketLabels = new ArrayList<>();
        LocalDate start = LocalDate.of(2024, 1, 1);
        long firstAuthor = -1;
        for (int t = 1; t <= tickets; t++) {
            ticketRows.add(String.format(Locale.ROOT, "(%d, %d, %d, %s, '%s %s', '%s', %d, %s, DATE '%s')", t,
                    1 + random.nextInt(PROJECTS), 1 + random.nextInt(USERS - 1),
                    random.nextInt(5) == 0 ? "NULL" : String.valueOf(1 + random.nextInt(USERS - 1)),
                    WORDS[random.nextInt(WORDS.length)], PROBLEMS[random.nextInt(PROBLEMS.length)],
                    STATUSES[random.nextInt(STATUSES.length)], 1 + random.nextInt(5),
                    random.nextInt(4) == 0 ? "NULL" : (random.nextInt(40) + 1) / 2.0 + "E0",
                    start.plusDays(random.nextInt(365))));
            int n = t == 1 ? 2 : random.nextInt(3);
            for (int seq = 1; seq <= n; seq++) {
                long author = 1 + random.nextInt(USERS - 1);
                if (firstAuthor < 0) {
                    firstAuthor = author;
                }
                comments.add(String.format(Locale.ROOT, "(%d, %d, %d, 'comment %d on ticket %d')", t, seq, author,
                        seq, t));
            }
            int first = random.nextInt(LABELS.length - 1);
            int count = random.nextInt(3);
            for (int k = 0; k < count; k++) {
                ticketLabels.add("(" + t + ", '" + LABELS[(first + k) % (LABELS.length - 1)][0] + "')");
            }
        }
        commentAuthor = firstAuthor;
        loads.add(load("tickets", "INSERT INTO tickets (id, project_id, reporter_id, assignee_id, title, status, "
                + "priority, estimate, created) VALUES", ticketRows, batch));
        loads.add(load("comments", "INSERT INTO comments (ticket_id, seq, author_id, body) VALUES", comments, batch));
        loads.add(load("ticket_labels", "INSERT INTO ticket_labels (ticket_id, label) VALUES", ticketLabels, batch));
    }

    int totalRows() {
        return loads.stream().mapToInt(Load::rows).sum();
    }

    private static Load load(String table, String insert, List<String> rows, int batch) {
        List<String> statements = new ArrayList<>();
        for (int from = 0; from < rows.size(); from += batch) {
            statements.add(insert + "\n  " + String.join(",\n  ", rows.subList(from, Math.min(rows.size(),
                    from + batch))));
        }
        return new Load(table, statements, rows.size());
    }
}
