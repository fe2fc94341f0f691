package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.sql.SqlException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code pg_sleep} waits as long as it is told, and no longer than its statement may run: the session's
 * {@code SET statement_timeout}, a client's cancel and the call's deadline each stop it at once with 57014 (PostgreSQL's
 * query_canceled), and the session runs its next statement. The server's own statement timeout is its default (five
 * minutes), far from every wait here: a shorter one raced the client's cancel on a loaded machine. (That it bounds a
 * longer session timeout: {@link SqlRunawayStatementTest}.)
 */
class SqlSleepTest extends SqlServerFixture {
    /** From the stop to the error: a margin for a loaded machine of two shared cores (the wait ends at once). */
    private static final Duration STOPS_WITHIN = Duration.ofMillis(800);

    private int running() {
        return sessions.engine().metrics().runningStatements();
    }

    @Test
    void itSleepsTheSecondsItIsGiven() {
        String s = open();
        assertThat(exec(s, "SELECT pg_sleep(0)").single()).isEqualTo(""); // planned: what follows times the wait
        long start = System.nanoTime();
        assertThat(exec(s, "SELECT pg_sleep(0.3)").single()).isEqualTo("");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
        start = System.nanoTime();
        assertThat(exec(s, "SELECT pg_sleep_for(INTERVAL '0.3' SECOND)").single()).isEqualTo("");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }

    @Test
    void theSessionsStatementTimeoutStopsTheSleepWith57014() {
        String s = open();
        // planned before the timeout: a first plan takes longer than 200 ms on a loaded machine
        assertThat(exec(s, "SELECT pg_sleep(0.01)").single()).isEqualTo("");
        exec(s, "SET statement_timeout = 200");
        long start = System.nanoTime();
        SqlError e = expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED,
                () -> exec(s, "SELECT pg_sleep(10)"));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(e.getMessage()).isEqualTo("canceling statement due to statement timeout"); // PostgreSQL's words
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(200)).isLessThan(Duration.ofMillis(200)
                .plus(STOPS_WITHIN));
        assertThat(running()).isZero();
        // the session runs its next statement: under the same timeout, then without it
        assertThat(exec(s, "SELECT pg_sleep(0.01)").single()).isEqualTo("");
        exec(s, "SET statement_timeout TO DEFAULT");
        assertServing(s);
    }

    /** Nothing else could stop it meanwhile: the sleep has a minute to go and the server's timeout is minutes away. */
    @Test
    void aClientCancelStopsTheSleep() {
        String s = open();
        exec(s, "SELECT pg_sleep(0)");
        Started call = start(s, "SELECT pg_sleep(60)");
        await().atMost(Duration.ofSeconds(10)).until(() -> running() == 1);
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(10)).until(() -> running() == 1);
        long cancelled = System.nanoTime();
        call.cancel("the client gave up");
        await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> running() == 0);
        assertThat(Duration.ofNanos(System.nanoTime() - cancelled)).isLessThan(STOPS_WITHIN);
        assertThat(call.ended().join()).isInstanceOf(StatusRuntimeException.class);
        assertServing(s);
    }

    @Test
    void theCallsDeadlineStopsTheSleep() {
        String s = open();
        exec(s, "SELECT pg_sleep(0)");
        long start = System.nanoTime();
        Throwable t = catchThrowable(() -> SqlServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(300, TimeUnit.MILLISECONDS).execute(request(s, "SELECT pg_sleep(60)"))
                .forEachRemaining(r -> {
                }));
        assertThat(t).isInstanceOf(StatusRuntimeException.class);
        assertThat(((StatusRuntimeException) t).getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> running() == 0);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(300).plus(STOPS_WITHIN));
        assertServing(s);
    }

    @Test
    void aSleepOnEveryRowOfAScanStopsToo() {
        String s = open();
        exec(s, "CREATE TABLE naps (id INT PRIMARY KEY)");
        exec(s, "INSERT INTO naps VALUES (1), (2), (3), (4), (5)");
        exec(s, "SET statement_timeout = 300");
        long start = System.nanoTime();
        expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED,
                () -> exec(s, "SELECT id, pg_sleep(1) FROM naps"));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(300).plus(STOPS_WITHIN));
        exec(s, "SET statement_timeout = 0");
        assertServing(s);
    }

    /**
     * A query stopped by the statement timeout inside BEGIN aborts its transaction, as in PostgreSQL: the next
     * statement is 25P02 and COMMIT rolls back (the new-user tryout found the transaction going on and committing).
     */
    @Test
    void aQueryStoppedByTheTimeoutInsideATransactionAbortsIt() {
        String s = open();
        exec(s, "CREATE TABLE kept (id INT PRIMARY KEY)");
        exec(s, "INSERT INTO kept VALUES (10), (11), (12)");
        exec(s, "BEGIN");
        exec(s, "INSERT INTO kept VALUES (1)");
        exec(s, "SET statement_timeout = 300");
        expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED,
                () -> exec(s, "SELECT id FROM kept WHERE pg_sleep(0.2) = ''"));
        expectSql(Status.Code.FAILED_PRECONDITION, SqlException.IN_FAILED_TRANSACTION,
                () -> exec(s, "SELECT COUNT(*) FROM kept"));
        exec(s, "COMMIT");
        assertThat(exec(s, "SELECT COUNT(*) FROM kept").single()).isEqualTo(3L);
    }

    /** A batch's timeout and its call's cancel reach into its running item, not only between items. */
    @Test
    void aBatchItemThatSleepsIsStoppedByTheTimeoutAndByACancel() {
        String s = open();
        exec(s, "CREATE TABLE naps (id INT PRIMARY KEY, n INT)");
        exec(s, "INSERT INTO naps VALUES (1, 0)");
        io.relationshiplayer.proto.v1.ExecuteBatchRequest sleepy = io.relationshiplayer.proto.v1.ExecuteBatchRequest
                .newBuilder().setSessionId(s).addStatements(io.relationshiplayer.proto.v1.BatchStatement.newBuilder()
                        .setSql("UPDATE naps SET n = n + 1 WHERE pg_sleep(10) = ''")).build();
        exec(s, "SET statement_timeout = 200");
        long start = System.nanoTime();
        SqlError e = expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED,
                () -> sql().executeBatch(sleepy));
        assertThat(e.getMessage()).isEqualTo("canceling statement due to statement timeout");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(200).plus(STOPS_WITHIN));
        await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> running() == 0);
        exec(s, "SET statement_timeout = 0");
        start = System.nanoTime();
        Throwable t = catchThrowable(() -> SqlServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(300, TimeUnit.MILLISECONDS).executeBatch(sleepy));
        assertThat(t).isInstanceOf(StatusRuntimeException.class);
        await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> running() == 0);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(300).plus(STOPS_WITHIN));
        assertThat(exec(s, "SELECT n FROM naps").single()).isEqualTo(0); // neither wrote
        assertServing(s);
    }

    /**
     * A batch is a running statement (the gauge counted only single statements) until it has stopped and freed its
     * session: a client that waits for nothing to run finds the session free (its next call was once refused as busy).
     */
    @Test
    void aCancelledBatchRunsUntilItsSessionIsFree() throws Exception {
        String s = open();
        exec(s, "CREATE TABLE dozes (id INT PRIMARY KEY, n INT)");
        exec(s, "INSERT INTO dozes VALUES (1, 0)");
        var sleepy = io.relationshiplayer.proto.v1.ExecuteBatchRequest.newBuilder().setSessionId(s)
                .addStatements(io.relationshiplayer.proto.v1.BatchStatement.newBuilder()
                        .setSql("UPDATE dozes SET n = n + 1 WHERE pg_sleep(10) = ''")).build();
        var call = SqlServiceGrpc.newFutureStub(channel).executeBatch(sleepy);
        await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(10)).until(() -> running() == 1);
        call.cancel(true);
        await().pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(10)).until(() -> running() == 0);
        assertThat(exec(s, "SELECT n FROM dozes").single()).isEqualTo(0);
    }

    @Test
    void badStatementTimeoutsAre22023() {
        String s = open();
        assertServing(s); // planned before the 250 ms timeout below: a first plan takes longer on a loaded machine
        SqlError unit = expectSql(Status.Code.INVALID_ARGUMENT, "22023", () -> exec(s,
                "SET statement_timeout = '5 weeks'"));
        assertThat(unit.getMessage()).isEqualTo("invalid value for parameter \"statement_timeout\": \"5 weeks\"");
        assertThat(unit.getHint()).isEqualTo("Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", "
                + "\"h\", and \"d\"."); // PostgreSQL's HINT
        assertThat(unit.getDetail()).isEmpty();
        SqlError negative = expectSql(Status.Code.INVALID_ARGUMENT, "22023", () -> exec(s,
                "SET statement_timeout = -1"));
        assertThat(negative.getMessage()).contains("outside the valid range");
        exec(s, "SET statement_timeout = '1.5s'");
        exec(s, "SET statement_timeout TO 250");
        assertServing(s);
    }
}
