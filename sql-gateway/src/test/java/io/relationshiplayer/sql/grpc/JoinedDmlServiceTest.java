package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.ExecuteBatchRequest;
import io.relationshiplayer.proto.v1.ParameterSet;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.sql.SqlException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A joined UPDATE or DELETE ({@code UPDATE ... FROM}, {@code DELETE ... USING}) over the service: prepared and run
 * with parameters, in an ExecuteBatch over parameter sets (each target row written once per item), and stopped while
 * it reads its join, by the statement timeout or by a client's cancel, writing nothing: in autocommit and inside BEGIN
 * (which it aborts, as PostgreSQL's does). {@code dml_joins.sqltest} has the statements' results; the file runner has
 * no timeout.
 */
class JoinedDmlServiceTest extends SqlServerFixture {
    private String tables() {
        String s = open();
        exec(s, "CREATE TABLE dj_c_parents (id INT PRIMARY KEY, name VARCHAR(10))");
        exec(s, "CREATE TABLE dj_c_items (id INT PRIMARY KEY, parent_id INT REFERENCES dj_c_parents, n INT)");
        exec(s, "INSERT INTO dj_c_parents VALUES (1, 'a'), (2, 'b')");
        exec(s, "INSERT INTO dj_c_items VALUES (10, 1, 0), (11, 1, 0), (12, 2, 0)");
        return s;
    }

    private List<List<Object>> items(String s) {
        return exec(s, "SELECT id, n FROM dj_c_items ORDER BY id").rows();
    }

    @Test
    void preparedAndBatchedWithParameters() {
        String s = tables();
        String prepared = sql().prepare(PrepareRequest.newBuilder().setSessionId(s).setSql(
                "UPDATE dj_c_items AS i SET n = i.n + ? FROM dj_c_parents p, dj_c_parents q "
                        + "WHERE p.id = i.parent_id AND p.name = ?").build()).getStatementId();
        assertThat(execPrepared(s, prepared, 5, "a").end().getAffectedRows()).isEqualTo(2L);
        assertThat(execPrepared(s, prepared, 1, "b").end().getAffectedRows()).isEqualTo(1L);
        assertThat(items(s)).containsExactly(List.of(10, 5), List.of(11, 5), List.of(12, 1));
        var r = sql().executeBatch(ExecuteBatchRequest.newBuilder().setSessionId(s).setSql(
                "UPDATE dj_c_items SET n = dj_c_items.n * ? FROM dj_c_parents p, dj_c_parents q "
                        + "WHERE p.id = dj_c_items.parent_id AND p.name = ?")
                .addParamSets(set(10, "a")).addParamSets(set(3, "b")).addParamSets(set(2, "none")).build());
        assertThat(r.getAffectedRowsList()).containsExactly(2L, 1L, 0L);
        assertThat(items(s)).containsExactly(List.of(10, 50), List.of(11, 50), List.of(12, 3));
        r = sql().executeBatch(ExecuteBatchRequest.newBuilder().setSessionId(s).setSql(
                "DELETE FROM dj_c_items USING dj_c_parents p WHERE p.id = dj_c_items.parent_id AND p.name = ?")
                .addParamSets(set("b")).addParamSets(set("b")).build());
        assertThat(r.getAffectedRowsList()).containsExactly(1L, 0L);
        assertThat(items(s)).containsExactly(List.of(10, 50), List.of(11, 50));
    }

    private static ParameterSet set(Object... params) {
        ParameterSet.Builder b = ParameterSet.newBuilder();
        for (Object p : params) {
            b.addParams(v(p));
        }
        return b.build();
    }

    @Test
    void theStatementTimeoutStopsAJoinedUpdateAndDeleteBeforeTheyWrite() {
        String s = tables();
        List<List<Object>> before = items(s);
        exec(s, "SET statement_timeout = 300");
        assertThat(expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED, () -> exec(s,
                "UPDATE dj_c_items SET n = n + 1 FROM dj_c_parents p WHERE p.id = dj_c_items.parent_id "
                        + "AND pg_sleep(1) = ''")).getMessage())
                .isEqualTo("canceling statement due to statement timeout");
        expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED, () -> exec(s,
                "DELETE FROM dj_c_items USING dj_c_parents p WHERE p.id = dj_c_items.parent_id AND pg_sleep(1) = ''"));
        exec(s, "SET statement_timeout = 0");
        assertThat(items(s)).isEqualTo(before);
        assertThat(exec(s, "UPDATE dj_c_items SET n = n + 1 FROM dj_c_parents p WHERE p.id = dj_c_items.parent_id "
                + "AND p.name = 'a'").end().getAffectedRows()).isEqualTo(2L); // the session goes on
    }

    @Test
    void aJoinedUpdateStoppedInsideATransactionAbortsIt() {
        String s = tables();
        exec(s, "BEGIN");
        exec(s, "UPDATE dj_c_items SET n = 5 FROM dj_c_parents p WHERE p.id = dj_c_items.parent_id AND p.id = 2");
        exec(s, "SET statement_timeout = 300");
        expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED, () -> exec(s,
                "UPDATE dj_c_items SET n = 7 FROM dj_c_parents p WHERE p.id = dj_c_items.parent_id "
                        + "AND pg_sleep(0.2) = ''"));
        expectSql(Status.Code.FAILED_PRECONDITION, SqlException.IN_FAILED_TRANSACTION, () -> items(s));
        exec(s, "COMMIT"); // rolls back
        exec(s, "SET statement_timeout = 0");
        assertThat(items(s)).containsExactly(List.of(10, 0), List.of(11, 0), List.of(12, 0));
    }

    @Test
    void aClientCancelStopsAJoinedDelete() {
        String s = tables();
        exec(s, "SELECT pg_sleep(0)");
        Started call = start(s, "DELETE FROM dj_c_items USING dj_c_parents p WHERE p.id = dj_c_items.parent_id "
                + "AND pg_sleep(30) = ''");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> sessions.engine().metrics().runningStatements() == 1);
        call.cancel("the client gave up");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> sessions.engine().metrics().runningStatements() == 0);
        assertThat(call.ended().join()).isInstanceOf(StatusRuntimeException.class);
        assertThat(items(s)).hasSize(3);
    }
}
