package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Batches, streaming, transactions, SQLSTATE subclasses, cancel and timeout against a real server. */
class StatementsTest {
    private static long count(Connection c, String table) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A table of {@code rows} rows, written by one prepared batch. */
    private static void fill(Connection c, String table, int rows) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY, grp INTEGER NOT NULL)");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
            for (int i = 0; i < rows; i++) {
                ps.setLong(1, i);
                ps.setInt(2, i % 10);
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            assertThat(counts).hasSize(rows).containsOnly(1);
        }
    }

    @Test
    void batchesGoInOneCallAndAFailingItemWritesNothing() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("batch"))) {
            fill(c, "b", 300);
            assertThat(count(c, "b")).isEqualTo(300);
            try (Statement st = c.createStatement()) {
                st.addBatch("UPDATE b SET grp = 99 WHERE id < 10");
                st.addBatch("DELETE FROM b WHERE id >= 290");
                st.addBatch("INSERT INTO b VALUES (1000, 1)");
                assertThat(st.executeBatch()).containsExactly(10, 10, 1);
                assertThat(st.executeBatch()).isEmpty();
            }
            assertThat(count(c, "b")).isEqualTo(291);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO b VALUES (?, ?)")) {
                ps.setLong(1, 2000);
                ps.setInt(2, 1);
                ps.addBatch();
                ps.setLong(1, 5); // exists
                ps.setInt(2, 1);
                ps.addBatch();
                BatchUpdateException e = (BatchUpdateException) org.assertj.core.api.Assertions.catchThrowable(
                        ps::executeBatch);
                assertThat(e.getSQLState()).isEqualTo("23505");
                assertThat(e.getMessage()).startsWith("batch item 1: ");
                assertThat(e.getCause()).isInstanceOf(SQLIntegrityConstraintViolationException.class);
                assertThat((Object) e.getNextException()).isSameAs(e.getCause());
            }
            assertThat(count(c, "b")).isEqualTo(291); // all or nothing: 2000 was not written either
        }
    }

    @Test
    void rowsStreamInBatchesOfTheFetchSizeAndAnotherStatementDetachesAnOpenResult() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("stream"))) {
            fill(c, "s", 2_000);
            try (Statement a = c.createStatement(); Statement b = c.createStatement()) {
                a.setFetchSize(7);
                ResultSet rs = a.executeQuery("SELECT id FROM s ORDER BY id");
                assertThat(rs.getFetchSize()).isEqualTo(7);
                // the rows per batch the client library puts in the ExecuteRequest
                assertThat(a.unwrap(RlStatement.class).connection.session().fetchSize()).isEqualTo(7);
                for (int i = 0; i < 100; i++) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(i);
                }
                // the session runs one call at a time: the rest of a's result is read into memory first
                try (ResultSet other = b.executeQuery("SELECT COUNT(*) FROM s WHERE grp = 3")) {
                    assertThat(other.next()).isTrue();
                    assertThat(other.getLong(1)).isEqualTo(200);
                }
                long expected = 100;
                while (rs.next()) {
                    assertThat(rs.getLong(1)).isEqualTo(expected++);
                }
                assertThat(expected).isEqualTo(2_000);
                assertThat(rs.isAfterLast()).isTrue();

                b.setFetchSize(0);
                try (ResultSet all = b.executeQuery("SELECT id FROM s")) {
                    assertThat(b.unwrap(RlStatement.class).connection.session().fetchSize()).isZero();
                    assertThat(all.next()).isTrue();
                }
                a.setMaxRows(5);
                try (ResultSet five = a.executeQuery("SELECT id FROM s")) {
                    int n = 0;
                    while (five.next()) {
                        n++;
                    }
                    assertThat(n).isEqualTo(5);
                }
                a.setMaxRows(0);
                // closing a result before its end cancels it; the session serves the next statement
                ResultSet partial = a.executeQuery("SELECT a.id, b.id FROM s a CROSS JOIN s b");
                assertThat(partial.next()).isTrue();
                partial.close();
                assertThat(count(c, "s")).isEqualTo(2_000);
            }
        }
    }

    @Test
    void transactionsCommitAndRollBackAndAreSerializable() throws SQLException {
        String url = TestServer.url("tx");
        try (Connection c = TestServer.connect(url); Connection other = TestServer.connect(url)) {
            assertThat(c.getAutoCommit()).isTrue();
            assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE kv (k BIGINT PRIMARY KEY, v BIGINT NOT NULL)");
                c.setAutoCommit(false);
                st.execute("CREATE INDEX kv_v ON kv (v)"); // DDL opens no transaction: it commits on its own
                st.executeUpdate("INSERT INTO kv VALUES (1, 10)");
                st.executeUpdate("INSERT INTO kv VALUES (2, 20)");
                assertThat(count(c, "kv")).isEqualTo(2);
                assertThat(count(other, "kv")).isZero(); // not committed yet
                c.rollback();
                assertThat(count(c, "kv")).isZero();
                st.executeUpdate("INSERT INTO kv VALUES (3, 30)");
                st.executeUpdate("INSERT INTO kv VALUES (7, 70)");
                Statement reader = c.createStatement();
                reader.setFetchSize(1);
                ResultSet open = reader.executeQuery("SELECT k FROM kv ORDER BY k");
                assertThat(open.next()).isTrue();
                c.commit(); // cursors close at commit: the open result is cancelled, the commit goes through
                assertThat(open.isClosed()).isTrue();
                assertThat(count(other, "kv")).isEqualTo(2);
                st.executeUpdate("DELETE FROM kv WHERE k = 7");
                c.commit();
                assertThat(count(other, "kv")).isEqualTo(1);
                // a failed statement aborts the transaction until rollback
                st.executeUpdate("INSERT INTO kv VALUES (4, 40)");
                assertThatThrownBy(() -> st.executeUpdate("INSERT INTO kv VALUES (3, 0)"))
                        .isInstanceOf(SQLIntegrityConstraintViolationException.class);
                assertThatThrownBy(() -> st.executeUpdate("INSERT INTO kv VALUES (5, 50)"))
                        .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("25P02");
                c.rollback();
                assertThat(count(c, "kv")).isEqualTo(1);
                st.executeUpdate("INSERT INTO kv VALUES (6, 60)");
                c.setAutoCommit(true); // commits the open transaction
                assertThat(count(other, "kv")).isEqualTo(2);
                assertThatThrownBy(c::commit).isInstanceOf(SQLException.class);
            }
        }
    }

    @Test
    void aConflictIsATransactionRollback() throws SQLException {
        String url = TestServer.url("conflict");
        try (Connection a = TestServer.connect(url); Connection b = TestServer.connect(url)) {
            try (Statement st = a.createStatement()) {
                st.execute("CREATE TABLE counters (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)");
                st.execute("INSERT INTO counters VALUES (1, 0)");
            }
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            try (Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
                assertThat(count(a, "counters")).isEqualTo(1);
                assertThat(count(b, "counters")).isEqualTo(1);
                sa.executeUpdate("UPDATE counters SET n = n + 1 WHERE id = 1");
                sb.executeUpdate("UPDATE counters SET n = n + 1 WHERE id = 1");
                a.commit();
                assertThatThrownBy(b::commit).isInstanceOf(SQLTransactionRollbackException.class)
                        .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("40001");
                b.rollback();
                try (ResultSet rs = sb.executeQuery("SELECT n FROM counters")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(1);
                }
            }
        }
    }

    @Test
    void sqlStatesChooseTheJdbcSubclass() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("errors")); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE p (id BIGINT PRIMARY KEY)");
            st.execute("CREATE TABLE ch (id BIGINT PRIMARY KEY, p BIGINT REFERENCES p)");
            st.execute("INSERT INTO p VALUES (1)");
            assertThatThrownBy(() -> st.execute("INSERT INTO p VALUES (1)"))
                    .isInstanceOf(SQLIntegrityConstraintViolationException.class)
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("23505");
            assertThatThrownBy(() -> st.execute("INSERT INTO ch VALUES (1, 7)"))
                    .isInstanceOf(SQLIntegrityConstraintViolationException.class)
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("23503");
            assertThatThrownBy(() -> st.execute("SELEC 1"))
                    .isInstanceOf(SQLSyntaxErrorException.class)
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("42601");
            assertThatThrownBy(() -> st.executeQuery("SELECT * FROM nowhere"))
                    .isInstanceOf(SQLSyntaxErrorException.class)
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("42P01");
            assertThatThrownBy(() -> st.executeQuery("SELECT 1 / 0 FROM p"))
                    .isInstanceOf(java.sql.SQLDataException.class)
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("22012");
            try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM ch")) { // the connection is still good
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isZero();
            }
        }
    }

    @Test
    void aQueryTimeoutAndACancelStopTheStatement() throws Exception {
        try (Connection c = TestServer.connect(TestServer.url("cancel"))) {
            fill(c, "big", 2_000);
            String forever = "SELECT COUNT(*) FROM big a CROSS JOIN big b CROSS JOIN big c"; // 8e9 rows
            try (Statement st = c.createStatement()) {
                st.setQueryTimeout(1);
                long started = System.nanoTime();
                assertThatThrownBy(() -> {
                    try (ResultSet rs = st.executeQuery(forever)) {
                        rs.next();
                    }
                }).isInstanceOf(SQLTimeoutException.class).isInstanceOf(RlSQLException.class)
                        .satisfies(e -> assertThat(((RlSQLException) e).getServerErrorMessage().getPosition()).isZero())
                        .satisfies(e -> assertThat(e.getMessage()).isEqualTo("statement timeout: canceling statement "
                                + "due to statement timeout (setQueryTimeout) (SQLSTATE 57014)")) // no gRPC words
                        .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("57014");
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(15_000);
                st.setQueryTimeout(0);
                assertThat(count(c, "big")).isEqualTo(2_000); // the session is free again
            }
            try (Statement st = c.createStatement()) {
                CompletableFuture<Throwable> failure = CompletableFuture.supplyAsync(() -> {
                    try (ResultSet rs = st.executeQuery(forever)) {
                        rs.next();
                        return null;
                    } catch (Throwable t) {
                        return t;
                    }
                });
                // a call cancelled even before it reaches the server fails the same way
                org.awaitility.Awaitility.await().atMost(10, TimeUnit.SECONDS)
                        .until(() -> st.unwrap(RlStatement.class).started());
                st.cancel();
                Throwable t = failure.get(15, TimeUnit.SECONDS);
                assertThat(t).isInstanceOf(SQLException.class).isNotInstanceOf(SQLTimeoutException.class);
                assertThat(((SQLException) t).getSQLState()).isEqualTo("57014");
                assertThat(t).isInstanceOf(RlSQLException.class).message().doesNotContain("Position");
            }
            assertThat(count(c, "big")).isEqualTo(2_000);
        }
    }
}
