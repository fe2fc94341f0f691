package io.relationshiplayer.bench.relationships;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The foreign-key benchmark's inserts into PostgreSQL ({@code --postgres JDBC-URL}, e.g. the one
 * {@code scripts/postgres.sh start} prints), for PostgreSQL's ratios beside ours in the same run: the same four child
 * tables, the same rows, one multi-row INSERT per transaction of {@code --batch} rows (one round trip, as
 * {@code Session.insertAll} is one call). PostgreSQL's foreign key keeps no index of its own: "index on parent_id"
 * is the index its documentation advises. Its tables are {@code rl_fk_parents} and {@code rl_fk_children}, dropped
 * and made again for every run.
 */
final class PostgresInserts {
    private static final String PARENTS = "rl_fk_parents";
    private static final String CHILDREN = "rl_fk_children";
    private static final int COLUMNS = 4;

    private final String url;
    private final int parents;
    private final List<List<Map<String, Object>>> batches;

    PostgresInserts(String url, int parents, List<List<Map<String, Object>>> batches) {
        this.url = url;
        this.parents = parents;
        this.batches = batches;
    }

    /** The DDL of the child table of {@code kind} (the benchmark's enum constant's name). */
    static List<String> childTable(String kind) {
        boolean foreignKey = kind.equals("FOREIGN_KEY") || kind.equals("INDEX_AND_FOREIGN_KEY");
        boolean index = kind.equals("INDEX_ONLY") || kind.equals("INDEX_AND_FOREIGN_KEY");
        String create = "CREATE TABLE " + CHILDREN + " (id BIGINT PRIMARY KEY, parent_id BIGINT NOT NULL"
                + (foreignKey ? " REFERENCES " + PARENTS : "") + ", note VARCHAR, amount BIGINT)";
        return index ? List.of(create, "CREATE INDEX " + CHILDREN + "_parent_idx ON " + CHILDREN + " (parent_id)")
                : List.of(create);
    }

    /** One timed run into a fresh table of {@code kind}: seconds. */
    double run(String kind) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + CHILDREN + ", " + PARENTS);
                s.execute("CREATE TABLE " + PARENTS + " (id BIGINT PRIMARY KEY, name VARCHAR)");
                s.execute("INSERT INTO " + PARENTS + " SELECT g, 'parent ' || g FROM generate_series(1, " + parents
                        + ") g");
                for (String ddl : childTable(kind)) {
                    s.execute(ddl);
                }
                s.execute("ANALYZE " + PARENTS);
            }
            c.setAutoCommit(false);
            Map<Integer, PreparedStatement> bySize = new HashMap<>();
            try {
                long start = System.nanoTime();
                for (List<Map<String, Object>> batch : batches) {
                    PreparedStatement ps = bySize.get(batch.size());
                    if (ps == null) {
                        ps = c.prepareStatement(insert(batch.size()));
                        bySize.put(batch.size(), ps);
                    }
                    int p = 1;
                    for (Map<String, Object> row : batch) {
                        ps.setLong(p++, (Long) row.get("id"));
                        ps.setLong(p++, (Long) row.get("parent_id"));
                        ps.setString(p++, (String) row.get("note"));
                        ps.setLong(p++, (Long) row.get("amount"));
                    }
                    ps.executeUpdate();
                    c.commit();
                }
                return (System.nanoTime() - start) / 1e9;
            } finally {
                for (PreparedStatement ps : bySize.values()) {
                    ps.close();
                }
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("DROP TABLE IF EXISTS " + CHILDREN + ", " + PARENTS);
                }
            }
        }
    }

    /** {@code INSERT INTO rl_fk_children VALUES (?, ?, ?, ?), ...} of {@code rows} rows. */
    static String insert(int rows) {
        StringBuilder b = new StringBuilder("INSERT INTO " + CHILDREN + " (id, parent_id, note, amount) VALUES ");
        for (int r = 0; r < rows; r++) {
            b.append(r == 0 ? "" : ", ").append('(');
            for (int i = 0; i < COLUMNS; i++) {
                b.append(i == 0 ? "?" : ", ?");
            }
            b.append(')');
        }
        return b.toString();
    }

    /**
     * Runs every kind {@code runs} times after a warm-up round (the order alternating between runs) and prints
     * PostgreSQL's times and ratios beside {@code ours} (our foreign key / no foreign key, the same / index only).
     * An unreachable server is reported and skipped.
     */
    void compare(List<String> kinds, List<String> labels, int runs, int batch, double[] ours, PrintStream out) {
        double[][] seconds = new double[kinds.size()][runs];
        try {
            out.println(describe(version(), batch) + ", median of " + runs + " runs after a warm-up round:");
            for (int run = -1; run < runs; run++) {
                for (int i = 0; i < kinds.size(); i++) {
                    int k = run % 2 == 0 ? i : kinds.size() - 1 - i;
                    double s = run(kinds.get(k));
                    if (run >= 0) {
                        seconds[k][run] = s;
                    }
                }
            }
        } catch (SQLException e) {
            out.println("postgres: failed at " + url + " (" + e.getMessage() + "): skipped");
            return;
        }
        out.println(ForeignKeyBenchmark.INSERTS.header());
        double[] median = new double[kinds.size()];
        for (int k = 0; k < kinds.size(); k++) {
            median[k] = ForeignKeyBenchmark.median(seconds[k]);
            out.println(ForeignKeyBenchmark.INSERTS.row(List.of(labels.get(k), String.format(Locale.ROOT, "%.3f",
                    median[k]), "", String.format(Locale.ROOT, "%,.0f", rows() / median[k]),
                    ForeignKeyBenchmark.runs(seconds[k]))));
        }
        int none = kinds.indexOf("NONE");
        int index = kinds.indexOf("INDEX_ONLY");
        int fk = kinds.indexOf("FOREIGN_KEY");
        out.printf(Locale.ROOT, "  PostgreSQL's ratio foreign key / no foreign key: %.2fx (ours %.2fx)%n",
                median[fk] / median[none], ours[0]);
        out.printf(Locale.ROOT, "  PostgreSQL's ratio index and foreign key / index only: %.2fx (ours %.2fx)%n%n",
                median[kinds.indexOf("INDEX_AND_FOREIGN_KEY")] / median[index], ours[1]);
    }

    private long rows() {
        return batches.stream().mapToLong(List::size).sum();
    }

    /** PostgreSQL's server version, as it reports it. */
    String version() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             var rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            return rs.getString(1);
        }
    }

    static String describe(String version, int batch) {
        return String.format(Locale.ROOT, "PostgreSQL %s, JDBC, one %d-row INSERT per transaction (fsync as the server "
                + "has it)", version, batch);
    }
}
