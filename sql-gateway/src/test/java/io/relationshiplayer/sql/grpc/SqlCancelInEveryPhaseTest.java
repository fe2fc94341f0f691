package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementBounds;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A call's deadline stops a statement in whichever phase of its preparation it is, not at the end of the phase:
 * each statement below spends seconds in one phase that used to be a single step nothing could interrupt (a select
 * list of 1,600 items in validation and conversion, a CASE of 999 branches in code generation). Under a 300 ms deadline each has stopped (its work, not only the
 * call) well before its phase would have ended, and its session serves the next statement at once.
 */
class SqlCancelInEveryPhaseTest extends SqlServerFixture {
    private static final long DEADLINE_MS = 300;
    /** From the call's start: its deadline plus a margin for a loaded machine; each phase below takes longer unstopped. */
    private static final Duration ENDS_WITHIN = Duration.ofMillis(1_300);

    private static String list(int n, java.util.function.IntFunction<String> item, String separator) {
        return IntStream.range(0, n).mapToObj(item).collect(Collectors.joining(separator));
    }

    private void stopsSoon(String sql) {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        assertServing(s); // planned once: what follows times the long statement, not the planner's first use
        long start = System.nanoTime();
        Throwable t = catchThrowable(() -> drain(SqlServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(DEADLINE_MS, TimeUnit.MILLISECONDS).execute(request(s, sql))));
        assertThat(t).isInstanceOf(StatusRuntimeException.class);
        assertThat(((StatusRuntimeException) t).getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        await().pollInterval(Duration.ofMillis(5)).atMost(ENDS_WITHIN.minusNanos(System.nanoTime() - start))
                .until(() -> sessions.engine().metrics().runningStatements() == 0);
        assertServing(s);
    }

    @Test
    void aLongSelectListStopsDuringValidationAndConversion() {
        stopsSoon("SELECT " + list(StatementBounds.MAX_TARGET_LIST, i -> "v + " + i, ", ") + " FROM t");
    }

    @Test
    void aCaseOfManyBranchesStopsDuringCodeGeneration() {
        stopsSoon("SELECT CASE " + list(999, i -> "WHEN v = " + i + " THEN " + i, " ") + " END FROM t");
    }

    @Test
    void aSelectListPastPostgresBoundIs54011AtItsFirstExtraItem() {
        String s = open();
        String sql = "SELECT " + list(StatementBounds.MAX_TARGET_LIST + 1, i -> "1", ",");
        SqlError e = expectSql(Status.Code.RESOURCE_EXHAUSTED, SqlException.TOO_MANY_COLUMNS, () -> exec(s, sql));
        assertThat(e.getMessage()).isEqualTo("target lists can have at most 1664 entries");
        assertThat(e.getColumn()).isEqualTo("SELECT ".length() + 2 * StatementBounds.MAX_TARGET_LIST + 1);
        assertServing(s);
    }
}
