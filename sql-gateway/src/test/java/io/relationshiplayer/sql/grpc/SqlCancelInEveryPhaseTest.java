package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.grpc.Status;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.StatementBounds;
import io.relationshiplayer.sql.calcite.StatementCancel;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.Test;

/**
 * A client's cancel stops a statement inside whichever phase of its preparation it is, not at the end of the phase:
 * each statement below spends seconds in one phase that used to be a single step nothing could interrupt (a select
 * list of 1,664 items in validation and conversion, a CASE of 999 branches in code generation). The call is cancelled
 * as the statement enters that phase (a planner hook of Calcite's), and its work (the statement and any step left to
 * end alone) has stopped well before the phase would have ended; the session then plans and runs a new statement.
 */
class SqlCancelInEveryPhaseTest extends SqlServerFixture {
    /** From the cancel: a margin for a loaded machine; each phase below takes longer unstopped. */
    private static final Duration STOPS_WITHIN = Duration.ofMillis(1_000);

    private static String list(int n, java.util.function.IntFunction<String> item, String separator) {
        return IntStream.range(0, n).mapToObj(item).collect(Collectors.joining(separator));
    }

    private void stopsSoon(Hook phase, String sql) {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        assertServing(s); // planned once: what follows times the long statement, not the planner's first use
        AtomicReference<Started> call = new AtomicReference<>();
        AtomicLong cancelledAt = new AtomicLong();
        try (Hook.Closeable cancelOnEntry = phase.add((java.util.function.Consumer<Object>) o -> {
            Started c = call.get();
            if (c != null && c.call().get() != null && cancelledAt.compareAndSet(0, System.nanoTime())) {
                c.cancel("the test cancels as the phase starts");
            }
        })) {
            call.set(start(s, sql));
            await().atMost(Duration.ofSeconds(60)).until(() -> cancelledAt.get() != 0);
            await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(60)).until(() ->
                    sessions.engine().metrics().runningStatements() == 0 && StatementCancel.leftRunning() == 0);
        }
        assertThat(Duration.ofNanos(System.nanoTime() - cancelledAt.get())).isLessThan(STOPS_WITHIN);
        assertThat(call.get().ended().join()).isNotNull();
        assertThat(exec(s, "SELECT v + 4242 FROM t WHERE v > 7").raw()).isEmpty(); // a new text: planned now
    }

    @Test
    void aLongSelectListStopsDuringValidationAndConversion() {
        stopsSoon(Hook.PARSE_TREE, "SELECT " + list(StatementBounds.MAX_TARGET_LIST, i -> "v + " + i, ", ")
                + " FROM t");
    }

    @Test
    void aCaseOfManyBranchesStopsDuringCodeGeneration() {
        stopsSoon(Hook.PLAN_BEFORE_IMPLEMENTATION, "SELECT CASE " + list(999, i -> "WHEN v = " + i + " THEN " + i, " ")
                + " END FROM t");
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

    @Test
    void starsThatExpandPastTheBoundAre54011AsInPostgres() {
        String s = open();
        exec(s, "CREATE TABLE wide (id INT PRIMARY KEY, " + list(599, i -> "c" + i + " INT", ", ") + ")");
        assertThat(exec(s, "SELECT a.*, b.* FROM wide a, wide b").header().getColumnsCount()).isEqualTo(1_200);
        SqlError e = expectSql(Status.Code.RESOURCE_EXHAUSTED, SqlException.TOO_MANY_COLUMNS,
                () -> exec(s, "SELECT a.*, b.*, c.* FROM wide a, wide b, wide c"));
        assertThat(e.getMessage()).isEqualTo("target lists can have at most 1664 entries");
        assertServing(s);
    }
}
