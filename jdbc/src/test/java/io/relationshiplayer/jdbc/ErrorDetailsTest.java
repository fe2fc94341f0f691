package io.relationshiplayer.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * The errors a user meets daily, as pgjdbc reports them: the SQLSTATE, the server's message and, for an error in the
 * statement's text, its 1-based character offset (the message's {@code \n  Position: N} and
 * {@link ServerErrorMessage#getPosition()}), against a real server.
 */
class ErrorDetailsTest {
    private static SQLException failure(Statement st, String sql) {
        SQLException e = catchThrowableOfType(() -> st.execute(sql), SQLException.class);
        assertThat((Throwable) e).as(sql).isNotNull().isInstanceOf(RlSQLException.class);
        return e;
    }

    private static ServerErrorMessage server(SQLException e) {
        return ((RlSQLException) e).getServerErrorMessage();
    }

    private static void assertPosition(SQLException e, String state, int position) {
        assertThat(e.getSQLState()).isEqualTo(state);
        assertThat(e.getMessage()).endsWith("(SQLSTATE " + state + ")\n  Position: " + position);
        assertThat(server(e).getPosition()).isEqualTo(position);
        assertThat(server(e).getSQLState()).isEqualTo(state);
    }

    private static void assertNoPosition(SQLException e, String state) {
        assertThat(e.getSQLState()).isEqualTo(state);
        // the message ends with the SQLSTATE, or with PostgreSQL's DETAIL and HINT after it, as pgjdbc's lines
        String after = (server(e).getDetail() == null ? "" : "\n  Detail: " + server(e).getDetail())
                + (server(e).getHint() == null ? "" : "\n  Hint: " + server(e).getHint());
        assertThat(e.getMessage()).endsWith("(SQLSTATE " + state + ")" + after).doesNotContain("Position");
        assertThat(server(e).getPosition()).isZero();
        assertThat(server(e).getLine()).isZero();
        assertThat(server(e).getColumn()).isZero();
    }

    @Test
    void errorsInTheTextSayTheirPositionAsPostgresDoes() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("position")); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE p (id BIGINT PRIMARY KEY, name VARCHAR(20))");
            SQLException end = failure(st, "SELECT 1 FROM");
            assertThat((Throwable) end).isInstanceOf(SQLSyntaxErrorException.class);
            assertPosition(end, "42601", 14); // PostgreSQL 15: syntax error at end of input, Position: 14
            assertThat(server(end).getMessage()).isEqualTo("syntax error at end of input");
            assertThat(server(end).getLine()).isEqualTo(1);
            assertThat(server(end).getColumn()).isEqualTo(14);
            assertPosition(failure(st, "SELEC 1"), "42601", 1);
            SQLException table = failure(st, "SELECT * FROM nowhere");
            assertThat((Throwable) table).isInstanceOf(SQLSyntaxErrorException.class);
            assertPosition(table, "42P01", 15);
            assertThat(server(table).getMessage()).isEqualTo("relation \"nowhere\" does not exist");
            assertPosition(failure(st, "SELECT nope FROM p"), "42703", 8);
            SQLException cast = failure(st, "SELECT 'x'::int");
            assertThat((Throwable) cast).isInstanceOf(SQLDataException.class);
            assertPosition(cast, "22P02", 8);
            // characters, not UTF-16 chars or bytes: the emoji is one, CR LF two, as PostgreSQL counts them
            SQLException lines = failure(st, "SELECT 'é😀',\r\n  1\r\nFROM nowhere");
            assertPosition(lines, "42P01", 25);
            assertThat(server(lines).getLine()).isEqualTo(3);
            assertThat(server(lines).getColumn()).isEqualTo(6);
            assertPosition(failure(st, "SELECT 1\nFROM p\nWHERE"), "42601", 22);
            // DDL's own parser counts as Calcite's: the same offset after an emoji
            assertPosition(failure(st, "CREATE TABLE e (a VARCHAR(10) DEFAULT '😀' nope)"), "42601", 43);
        }
    }

    @Test
    void preparedStatementsTransactionsAndBatchesSayThePositionInTheirOwnText() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("position_more")); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE p (id BIGINT PRIMARY KEY, name VARCHAR(20))");
            try (PreparedStatement ps = c.prepareStatement("SELECT ? FROM nowhere")) { // planned at execution
                ps.setLong(1, 1);
                assertPosition(catchThrowableOfType(ps::executeQuery, SQLException.class), "42P01", 15);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO p VALUES (?, ?)")) {
                ps.setLong(1, 1);
                ps.setString(2, "a");
                ps.execute();
                SQLException again = catchThrowableOfType(ps::execute, SQLException.class);
                assertThat((Throwable) again).isInstanceOf(SQLIntegrityConstraintViolationException.class);
                assertNoPosition(again, "23505");
            }
            st.addBatch("INSERT INTO p VALUES (2, 'b')");
            st.addBatch("INSERT INTO nowhere VALUES (3)");
            BatchUpdateException batch = catchThrowableOfType(st::executeBatch, BatchUpdateException.class);
            assertThat(batch.getMessage()).startsWith("batch item 1: ").endsWith("\n  Position: 13");
            assertThat(batch.getMessage()).doesNotContain("batch item 1: batch item"); // named once (it was twice)
            assertPosition((SQLException) batch.getCause(), "42P01", 13);
            c.setAutoCommit(false); // the statement carries BEGIN: the position is still its text's
            assertPosition(failure(st, "SELECT name FROM p WHERE nope = 1"), "42703", 26);
            c.rollback();
        }
    }

    @Test
    void errorsNotAboutThePositionHaveNone() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("no_position")); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE p (id BIGINT PRIMARY KEY)");
            st.execute("CREATE TABLE ch (id BIGINT PRIMARY KEY, p BIGINT REFERENCES p)");
            st.execute("INSERT INTO p VALUES (1)");
            SQLException unique = failure(st, "INSERT INTO p VALUES (1)");
            assertThat((Throwable) unique).isInstanceOf(SQLIntegrityConstraintViolationException.class);
            assertNoPosition(unique, "23505");
            assertThat(server(unique).getMessage()).isEqualTo("duplicate key value violates unique constraint \"p_pkey\"");
            assertThat(server(unique).getDetail()).isEqualTo("Key (id)=(1) already exists.");
            SQLException foreign = failure(st, "INSERT INTO ch VALUES (1, 7)");
            assertThat((Throwable) foreign).isInstanceOf(SQLIntegrityConstraintViolationException.class);
            assertNoPosition(foreign, "23503");
            assertThat(server(foreign).getMessage()).isEqualTo("insert or update on table \"ch\" violates foreign key "
                    + "constraint \"ch_p_fkey\"");
            assertThat(server(foreign).getDetail()).isEqualTo("Key (p)=(7) is not present in table \"p\".");
            SQLException zero = failure(st, "SELECT 1 / 0 FROM p");
            assertThat((Throwable) zero).isInstanceOf(SQLDataException.class);
            assertNoPosition(zero, "22012");
            assertThat(server(zero).getMessage()).isEqualTo("division by zero");
        }
    }

    @Test
    void constraintErrorsCarryPostgresDetailAndHintAsPgjdbcDoes() throws SQLException {
        try (Connection c = TestServer.connect(TestServer.url("details")); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, name VARCHAR(20) NOT NULL CHECK (name <> 'x'))");
            st.execute("CREATE TABLE ch (id BIGINT PRIMARY KEY, tid BIGINT REFERENCES t)");
            st.execute("INSERT INTO t VALUES (1, 'a')");
            st.execute("INSERT INTO ch VALUES (1, 1)");
            // PostgreSQL 15 (pgjdbc): "ERROR: duplicate key value violates unique constraint "t_pkey"
            //   Detail: Key (id)=(1) already exists."
            SQLException unique = failure(st, "INSERT INTO t VALUES (1, 'b')");
            assertThat(unique.getMessage()).isEqualTo("duplicate key value violates unique constraint \"t_pkey\" "
                    + "(SQLSTATE 23505)\n  Detail: Key (id)=(1) already exists.");
            assertThat(server(unique).getDetail()).isEqualTo("Key (id)=(1) already exists.");
            assertThat(server(unique).getHint()).isNull();
            assertThat(server(unique).toString()).isEqualTo(unique.getMessage());
            SQLException deleted = failure(st, "DELETE FROM t WHERE id = 1");
            assertThat(server(deleted).getMessage()).isEqualTo("update or delete on table \"t\" violates foreign key "
                    + "constraint \"ch_tid_fkey\" on table \"ch\"");
            assertThat(server(deleted).getDetail()).isEqualTo("Key (id)=(1) is still referenced from table \"ch\".");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                ps.setLong(1, 2);
                ps.setString(2, null);
                SQLException nulls = catchThrowableOfType(ps::execute, SQLException.class);
                assertThat(server(nulls).getMessage()).isEqualTo("null value in column \"name\" of relation \"t\" "
                        + "violates not-null constraint");
                assertThat(server(nulls).getDetail()).isEqualTo("Failing row contains (2, null).");
            }
            SQLException check = failure(st, "INSERT INTO t VALUES (3, 'x')");
            assertThat(server(check).getMessage()).isEqualTo("new row for relation \"t\" violates check constraint "
                    + "\"t_name_check\"");
            assertThat(server(check).getDetail()).isEqualTo("Failing row contains (3, x).");
            // a DETAIL and a HINT
            SQLException drop = failure(st, "DROP TABLE t");
            assertThat(drop.getMessage()).isEqualTo("cannot drop table t because other objects depend on it "
                    + "(SQLSTATE 2BP01)\n  Detail: constraint ch_tid_fkey on table ch depends on table t"
                    + "\n  Hint: Use DROP ... CASCADE to drop the dependent objects too.");
            assertThat(server(drop).getHint()).isEqualTo("Use DROP ... CASCADE to drop the dependent objects too.");
            // an error with a position has neither: the Position line alone, as before
            SQLException table = failure(st, "SELECT * FROM nowhere");
            assertThat(table.getMessage()).isEqualTo("relation \"nowhere\" does not exist (SQLSTATE 42P01)"
                    + "\n  Position: 15");
            assertThat(server(table).getDetail()).isNull();
            assertThat(server(table).getHint()).isNull();
            // a batch item's failure keeps its detail
            st.addBatch("INSERT INTO t VALUES (5, 'e')");
            st.addBatch("INSERT INTO t VALUES (1, 'again')");
            BatchUpdateException batch = catchThrowableOfType(st::executeBatch, BatchUpdateException.class);
            assertThat(server((SQLException) batch.getCause()).getDetail()).isEqualTo("Key (id)=(1) already exists.");
        }
    }

    @Test
    void aLostConnectionIsAConnectionException() throws Exception {
        RunningServer own = RunningServer.start(ServerConfig.defaults());
        try (Connection c = TestServer.connect("jdbc:rl://127.0.0.1:" + own.port() + "/lost");
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (id BIGINT PRIMARY KEY)");
            own.close();
            SQLException lost = failure(st, "SELECT * FROM t");
            assertThat((Throwable) lost).isInstanceOf(SQLNonTransientConnectionException.class);
            assertThat(lost.getSQLState()).isEqualTo("08006"); // as pgjdbc's for a connection that went away
            assertThat(lost.getMessage()).startsWith("cannot reach 127.0.0.1:").doesNotContain("Position");
            assertThat(server(lost).getPosition()).isZero();
        } finally {
            own.close();
        }
    }
}
