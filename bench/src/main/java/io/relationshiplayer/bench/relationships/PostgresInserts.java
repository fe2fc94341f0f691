package io.relationshiplayer.bench.relationships;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The foreign-key benchmark's inserts into PostgreSQL ({@code --postgres JDBC-URL}, e.g. the one
 * {@code scripts/postgres.sh start} prints), for PostgreSQL's ratios beside ours in the same run: the same four child
 * tables, the same rows, one multi-row INSERT per transaction of {@code --batch} rows (one round trip, as
 * {@code Session.insertAll} is one call). PostgreSQL's foreign key keeps no index of its own: "index on parent_id"
 * is the index its documentation advises. Its tables are {@code rl_fk_parents} and {@code rl_fk_children}, dropped
 * and made again for every run.
 */
final class PostgresInserts implements InsertComparison.Target {
    static final String PARENTS = "rl_fk_parents";
    static final String CHILDREN = "rl_fk_children";
    private static final int COLUMNS = 4;

    private final String url;
    private final int parents;
    private final List<List<Map<String, Object>>> batches;

    PostgresInserts(String url, int parents, List<List<Map<String, Object>>> batches) {
        this.url = url;
        this.parents = parents;
        this.batches = batches;
    }

    /** The DDL of the child table of {@code kind} (the benchmark's enum constant's name), ours and PostgreSQL's. */
    static List<String> childTable(String kind) {
        boolean foreignKey = kind.equals("FOREIGN_KEY") || kind.equals("INDEX_AND_FOREIGN_KEY");
        boolean index = kind.equals("INDEX_ONLY") || kind.equals("INDEX_AND_FOREIGN_KEY");
        String create = "CREATE TABLE " + CHILDREN + " (id BIGINT PRIMARY KEY, parent_id BIGINT NOT NULL"
                + (foreignKey ? " REFERENCES " + PARENTS : "") + ", note VARCHAR, amount BIGINT)";
        return index ? List.of(create, "CREATE INDEX " + CHILDREN + "_parent_idx ON " + CHILDREN + " (parent_id)")
                : List.of(create);
    }

    @Override
    public double[] run(String kind) throws SQLException {
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
                long first = -1;
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
                    first = first < 0 ? System.nanoTime() : first;
                }
                return InsertComparison.times(start, first, System.nanoTime());
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

    @Override
    public String name() {
        return "PostgreSQL (s)";
    }

    @Override
    public String describe() throws SQLException {
        return "PostgreSQL " + version() + " through its JDBC driver (fsync as the server has it)";
    }

    /** PostgreSQL's server version, as it reports it. */
    String version() throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             var rs = s.executeQuery("SHOW server_version")) {
            rs.next();
            return rs.getString(1);
        }
    }
}
