package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.ClosePreparedRequest;
import io.relationshiplayer.proto.v1.Column;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.PrepareResponse;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.sql.SqlSession;
import org.junit.jupiter.api.Test;

/** Explicit transactions across calls, conflicts between sessions, and prepared statements. */
class SqlTransactionTest extends SqlServerFixture {

    @Test
    void beginCommitAndRollbackSpanCalls() {
        String s = open();
        String other = open();
        exec(s, "CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(10))");

        Result begun = exec(s, "BEGIN");
        assertThat(begun.header().getCommand()).isEqualTo("BEGIN");
        assertThat(begun.end().getInTransaction()).isTrue();
        assertThat(exec(s, "INSERT INTO kv VALUES (?, ?)", 1L, "a").end().getInTransaction()).isTrue();
        exec(s, "INSERT INTO kv VALUES (?, ?)", 2L, "b");
        assertThat(exec(s, "SELECT COUNT(*) FROM kv").single()).as("read your writes").isEqualTo(2L);
        assertThat(exec(other, "SELECT COUNT(*) FROM kv").single()).as("not visible before COMMIT").isEqualTo(0L);
        Result committed = exec(s, "COMMIT");
        assertThat(committed.header().getCommand()).isEqualTo("COMMIT");
        assertThat(committed.end().getInTransaction()).isFalse();
        assertThat(exec(other, "SELECT k, v FROM kv ORDER BY k").rows()).containsExactly(row(1L, "a"),
                row(2L, "b"));

        exec(s, "BEGIN");
        exec(s, "UPDATE kv SET v = 'changed'");
        exec(s, "DELETE FROM kv WHERE k = 1");
        exec(s, "INSERT INTO kv VALUES (3, 'c')");
        assertThat(exec(s, "ROLLBACK").header().getCommand()).isEqualTo("ROLLBACK");
        assertThat(exec(other, "SELECT k, v FROM kv ORDER BY k").rows()).containsExactly(row(1L, "a"),
                row(2L, "b"));
        assertThat(exec(s, "SELECT k, v FROM kv ORDER BY k").rows()).containsExactly(row(1L, "a"), row(2L, "b"));
    }

    @Test
    void twoSessionsUpdatingTheSameRowConflictAndTheLoserIsAborted() {
        String setup = open();
        exec(setup, "CREATE TABLE counters (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)");
        exec(setup, "INSERT INTO counters VALUES (1, 0)");
        String a = open();
        String b = open();
        exec(a, "BEGIN");
        exec(b, "BEGIN");
        assertThat(exec(a, "SELECT n FROM counters WHERE id = 1").single()).isEqualTo(0L);
        assertThat(exec(b, "SELECT n FROM counters WHERE id = 1").single()).isEqualTo(0L);
        assertThat(exec(a, "UPDATE counters SET n = ? WHERE id = 1", 10L).end().getAffectedRows()).isEqualTo(1);
        assertThat(exec(b, "UPDATE counters SET n = ? WHERE id = 1", 20L).end().getAffectedRows()).isEqualTo(1);
        exec(a, "COMMIT");
        SqlError conflict = expectSql(Status.Code.ABORTED, "40001", () -> exec(b, "COMMIT"));
        assertThat(conflict.getMessage()).contains("retry");

        assertThat(exec(b, "SELECT n FROM counters WHERE id = 1").single()).as("the winner's update")
                .isEqualTo(10L);
        Result retried = exec(b, "BEGIN");
        assertThat(retried.end().getInTransaction()).isTrue();
        exec(b, "UPDATE counters SET n = n + 1 WHERE id = 1");
        exec(b, "COMMIT");
        assertThat(exec(a, "SELECT n FROM counters WHERE id = 1").single()).isEqualTo(11L);
        assertServing(a);
    }

    @Test
    void preparedStatementsAreReusedAndReplannedAfterACatalogChange() {
        String s = open();
        exec(s, "CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(20) NOT NULL)");
        for (long i = 1; i <= 5; i++) {
            exec(s, "INSERT INTO items VALUES (?, ?)", i, "item" + i);
        }
        PrepareResponse select = sql().prepare(PrepareRequest.newBuilder().setSessionId(s)
                .setSql("SELECT * FROM items WHERE id >= ? AND name <> '?' -- ?\nORDER BY id").build());
        assertThat(select.getStatementId()).isNotEmpty();
        assertThat(select.getParameterCount()).as("markers in literals and comments do not count").isEqualTo(1);
        assertThat(select.getColumnsKnown()).isFalse();
        PrepareResponse insert = sql().prepare(PrepareRequest.newBuilder().setSessionId(s)
                .setSql("INSERT INTO items (id, name) VALUES (?, ?)").build());
        assertThat(insert.getParameterCount()).isEqualTo(2);
        assertThat(insert.getStatementId()).isNotEqualTo(select.getStatementId());

        SqlSession engine = sessions.peek(s);
        assertThat(execPrepared(s, select.getStatementId(), 4L).rows()).containsExactly(row(4L, "item4"),
                row(5L, "item5"));
        long reusedBefore = engine.plansReused();
        long preparedBefore = engine.plansPrepared();
        assertThat(execPrepared(s, select.getStatementId(), 2L).rows()).hasSize(4);
        assertThat(execPrepared(s, select.getStatementId(), 5L).rows()).containsExactly(row(5L, "item5"));
        assertThat(execPrepared(s, insert.getStatementId(), 6L, "item6").end().getAffectedRows()).isEqualTo(1);
        assertThat(execPrepared(s, insert.getStatementId(), 7L, "item7").end().getAffectedRows()).isEqualTo(1);
        assertThat(engine.plansReused() - reusedBefore).as("executions served by a cached plan")
                .isGreaterThanOrEqualTo(3);
        assertThat(engine.plansPrepared() - preparedBefore).as("plans made: the INSERT's first execution")
                .isEqualTo(1);

        exec(s, "ALTER TABLE items ADD COLUMN note VARCHAR(20) DEFAULT 'n/a'");
        Result after = execPrepared(s, select.getStatementId(), 6L);
        assertThat(after.header().getColumnsList()).extracting(Column::getName).containsExactly("id", "name",
                "note");
        assertThat(after.rows()).containsExactly(row(6L, "item6", "n/a"), row(7L, "item7", "n/a"));
        execPrepared(s, insert.getStatementId(), 8L, "item8");
        assertThat(execPrepared(s, select.getStatementId(), 8L).rows()).containsExactly(row(8L, "item8", "n/a"));

        expectSql(Status.Code.INVALID_ARGUMENT, "42P02", () -> execPrepared(s, select.getStatementId()));
        sql().closePrepared(ClosePreparedRequest.newBuilder().setSessionId(s).setStatementId(select.getStatementId())
                .build());
        expectSql(Status.Code.NOT_FOUND, "26000", () -> execPrepared(s, select.getStatementId(), 1L));
        expectSql(Status.Code.NOT_FOUND, "26000", () -> execPrepared(s, "s999"));
        String other = open();
        expectSql(Status.Code.NOT_FOUND, "26000", () -> execPrepared(other, insert.getStatementId(), 9L, "x"));
        assertServing(s);
    }
}
