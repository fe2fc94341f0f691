package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import sqlline.SqlLine;

/** Real JDBC tools over the driver: SQLLine (a JDBC shell) driven by a script, and a HikariCP pool. */
class ToolsTest {
    @Test
    void sqllineConnectsListsTablesAndColumnsQueriesAndReportsAnError() throws Exception {
        String url = TestServer.url("sqlline");
        try (Connection c = TestServer.connect(url); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL UNIQUE)");
            st.execute("INSERT INTO projects VALUES (1, 'relationship'), (2, 'foundation')");
        }
        String script = String.join("\n",
                "!tables",
                "!columns projects",
                "SELECT name FROM projects WHERE id = 2;",
                "SELECT * FROM nowhere;",
                "!quit", "");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SqlLine sqlline = new SqlLine();
        sqlline.setOutputStream(out);
        sqlline.setErrorStream(out);
        SqlLine.Status status = sqlline.begin(new String[] {"-u", url, "-n", "", "-p", "", "--color=false",
            "--incremental=true"}, new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)), false);
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).as(text).contains("0: " + url + "> !tables"); // connected: the prompt names the URL
        assertThat(text).as(text).contains("projects").contains("TABLE");
        assertThat(text).as(text).containsPattern("projects +\\| name +\\| 12 +\\| VARCHAR");
        assertThat(text).as(text).contains("| foundation |").contains("1 row selected")
                .doesNotContain("| relationship");
        assertThat(text).as(text).contains("42P01").contains("nowhere");
        assertThat(status).isNotNull();
    }

    @Test
    void aHikariPoolLendsConnectionsThatWorkConcurrently() throws Exception {
        String url = TestServer.url("hikari");
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(3);
        config.setMinimumIdle(1);
        config.setConnectionTimeout(10_000);
        config.setAutoCommit(false);
        try (HikariDataSource pool = new HikariDataSource(config)) {
            try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
                assertThat(c.getAutoCommit()).isFalse();
                st.execute("CREATE TABLE hits (id BIGINT PRIMARY KEY, worker INTEGER NOT NULL)");
            }
            ExecutorService workers = Executors.newFixedThreadPool(3);
            try {
                List<Future<Integer>> done = new ArrayList<>();
                for (int w = 0; w < 3; w++) {
                    int worker = w;
                    Callable<Integer> job = () -> {
                        try (Connection c = pool.getConnection();
                             PreparedStatement ps = c.prepareStatement("INSERT INTO hits VALUES (?, ?)")) {
                            for (int i = 0; i < 20; i++) {
                                ps.setLong(1, worker * 1000L + i);
                                ps.setInt(2, worker);
                                ps.addBatch();
                            }
                            int n = ps.executeBatch().length;
                            c.commit();
                            return n;
                        }
                    };
                    done.add(workers.submit(job));
                }
                for (Future<Integer> f : done) {
                    assertThat(f.get()).isEqualTo(20);
                }
            } finally {
                workers.shutdownNow();
            }
            // a connection given back mid-transaction is rolled back by the pool, not committed
            try (Connection c = pool.getConnection(); Statement st = c.createStatement()) {
                st.executeUpdate("DELETE FROM hits WHERE worker = 0");
            }
            try (Connection c = pool.getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT worker, COUNT(*) FROM hits GROUP BY worker ORDER BY worker")) {
                for (int w = 0; w < 3; w++) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getInt(1)).isEqualTo(w);
                    assertThat(rs.getLong(2)).isEqualTo(20);
                }
                assertThat(rs.next()).isFalse();
                c.commit();
            }
            assertThat(pool.getHikariPoolMXBean().getTotalConnections()).isBetween(1, 3);
        } catch (SQLException e) {
            throw new AssertionError(e.getSQLState() + ": " + e.getMessage(), e);
        }
    }
}
