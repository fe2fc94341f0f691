package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.BatchStatement;
import io.relationshiplayer.proto.v1.ExecuteBatchRequest;
import io.relationshiplayer.proto.v1.ExecuteBatchResponse;
import io.relationshiplayer.proto.v1.ParameterSet;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.SqlError;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * INSERT ... ON CONFLICT in ExecuteBatch: each item runs through the write path as the statement does on its own, all
 * in the batch's one transaction (of its own, or the session's); RETURNING is refused, the reply having no rows.
 */
class SqlBatchUpsertTest extends SqlServerFixture {
    private static final String BUMP = "INSERT INTO counters (k, n) VALUES (?, 1) ON CONFLICT (k) "
            + "DO UPDATE SET n = counters.n + excluded.n";

    String s;

    @BeforeEach
    void schema() {
        s = open();
        exec(s, "CREATE TABLE counters (k VARCHAR(10) PRIMARY KEY, n INTEGER NOT NULL, note VARCHAR(10) UNIQUE)");
    }

    @Test
    void onePreparedUpsertOverManyParameterSets() {
        ExecuteBatchResponse r = sql().executeBatch(ExecuteBatchRequest.newBuilder().setSessionId(s).setSql(BUMP)
                .addParamSets(set("a")).addParamSets(set("b")).addParamSets(set("a")).addParamSets(set("a")).build());
        assertThat(r.getAffectedRowsList()).containsExactly(1L, 1L, 1L, 1L);
        assertThat(r.getInTransaction()).isFalse();
        assertThat(exec(s, "SELECT k, n FROM counters ORDER BY k").rows()).containsExactly(row("a", 3), row("b", 1));
    }

    @Test
    void upsertsMixedWithOtherStatementsAreAllOrNothing() {
        exec(s, "INSERT INTO counters VALUES ('a', 1, 'first')");
        ExecuteBatchResponse r = sql().executeBatch(ExecuteBatchRequest.newBuilder().setSessionId(s)
                .addStatements(statement("INSERT INTO counters VALUES (?, 5, NULL)", "b"))
                .addStatements(statement("INSERT INTO counters VALUES ('a', 9, NULL) ON CONFLICT DO NOTHING"))
                .addStatements(statement(BUMP, "b"))
                .addStatements(statement("UPDATE counters SET note = ? WHERE k = 'b'", "second")).build());
        assertThat(r.getAffectedRowsList()).containsExactly(1L, 0L, 1L, 1L);
        assertThat(exec(s, "SELECT k, n, note FROM counters ORDER BY k").rows())
                .containsExactly(row("a", 1, "first"), row("b", 6, "second"));

        // A conflict on a key the ON CONFLICT does not name is the item's 23505, and nothing of the batch stays.
        SqlError e = expectSql(Status.Code.ALREADY_EXISTS, "23505", () -> sql().executeBatch(
                ExecuteBatchRequest.newBuilder().setSessionId(s)
                        .addStatements(statement(BUMP, "c"))
                        .addStatements(statement("INSERT INTO counters VALUES ('d', 1, 'first') ON CONFLICT (k) "
                                + "DO NOTHING")).build()));
        assertThat(e.getMessage()).startsWith("batch item 1: ");
        assertThat(exec(s, "SELECT k, n FROM counters ORDER BY k").rows()).containsExactly(row("a", 1), row("b", 6));
        assertServing(s);
    }

    @Test
    void inTheSessionsTransactionUntilItRollsBack() {
        ExecuteBatchResponse r = sql().executeBatch(ExecuteBatchRequest.newBuilder().setSessionId(s).setSql(BUMP)
                .setBeginTransaction(true).addParamSets(set("a")).addParamSets(set("a")).build());
        assertThat(r.getAffectedRowsList()).containsExactly(1L, 1L);
        assertThat(r.getInTransaction()).isTrue();
        assertThat(exec(s, "SELECT n FROM counters WHERE k = 'a'").single()).isEqualTo(2);
        exec(s, "ROLLBACK");
        assertThat(exec(s, "SELECT COUNT(*) FROM counters").single()).isEqualTo(0L);

        ExecuteBatchResponse committed = sql().executeBatch(ExecuteBatchRequest.newBuilder().setSessionId(s)
                .setSql(BUMP).setBeginTransaction(true).setCommit(true).addParamSets(set("z")).build());
        assertThat(committed.getInTransaction()).isFalse();
        assertThat(exec(s, "SELECT k, n FROM counters").rows()).containsExactly(row("z", 1));
    }

    @Test
    void returningIsRefusedBeforeAnythingRuns() {
        SqlError e = expectSql(Status.Code.UNIMPLEMENTED, "0A000", () -> sql().executeBatch(
                ExecuteBatchRequest.newBuilder().setSessionId(s)
                        .addStatements(statement(BUMP, "a"))
                        .addStatements(statement("INSERT INTO counters VALUES ('b', 1, NULL) RETURNING n")).build()));
        assertThat(e.getMessage()).startsWith("batch item 1: ").contains("RETURNING");
        assertThat(exec(s, "SELECT COUNT(*) FROM counters").single()).isEqualTo(0L);
        assertServing(s);
    }

    @Test
    void returningIsRefusedInEveryFormOfBatchAndNoRowIsDropped() {
        exec(s, "INSERT INTO counters VALUES ('a', 1, NULL), ('b', 2, NULL)");
        // one text over parameter sets
        SqlError e = expectSql(Status.Code.UNIMPLEMENTED, "0A000", () -> sql().executeBatch(
                ExecuteBatchRequest.newBuilder().setSessionId(s).setSql("DELETE FROM counters WHERE k = ? returning n")
                        .addParamSets(set("a")).addParamSets(set("b")).build()));
        assertThat(e.getMessage()).startsWith("batch item 0: ").contains("RETURNING", "run the statement on its own");
        // a prepared statement
        String prepared = sql().prepare(PrepareRequest.newBuilder().setSessionId(s)
                .setSql("UPDATE counters SET n = n + 1 WHERE k = ? RETURNING k, n").build()).getStatementId();
        expectSql(Status.Code.UNIMPLEMENTED, "0A000", () -> sql().executeBatch(ExecuteBatchRequest.newBuilder()
                .setSessionId(s).setStatementId(prepared).addParamSets(set("a")).build()));
        // ON CONFLICT with RETURNING, inside the session's transaction, after an item without: nothing runs
        exec(s, "BEGIN");
        e = expectSql(Status.Code.UNIMPLEMENTED, "0A000", () -> sql().executeBatch(
                ExecuteBatchRequest.newBuilder().setSessionId(s)
                        .addStatements(statement("UPDATE counters SET n = 10 WHERE k = 'a'"))
                        .addStatements(statement(BUMP + " RETURNING counters.n", "b")).build()));
        assertThat(e.getMessage()).startsWith("batch item 1: ");
        exec(s, "COMMIT");
        assertThat(exec(s, "SELECT k, n FROM counters ORDER BY k").rows()).containsExactly(row("a", 1), row("b", 2));
        // run on its own, the statement returns its rows
        assertThat(execPrepared(s, prepared, "a").rows()).containsExactly(row("a", 2));
        assertServing(s);
    }

    private static ParameterSet set(Object... params) {
        ParameterSet.Builder b = ParameterSet.newBuilder();
        for (Object p : params) {
            b.addParams(v(p));
        }
        return b.build();
    }

    private static BatchStatement statement(String sql, Object... params) {
        BatchStatement.Builder b = BatchStatement.newBuilder().setSql(sql);
        for (Object p : params) {
            b.addParams(v(p));
        }
        return b.build();
    }
}
