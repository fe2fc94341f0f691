package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlException;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Statements that would run away: a cancel, a deadline, the statement timeout or closing the session stops a statement
 * that has not sent a row yet (an aggregate over a huge cross join), freeing its session and its thread at once. (Text
 * too large or too deep: {@link SqlStatementSizeTest}.)
 */
class SqlRunawayStatementTest extends SqlServerFixture {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Duration TEST_LIMIT = Duration.ofSeconds(10);
    /** How soon a stopped statement must have let go of its session and thread. */
    private static final Duration STOPS_WITHIN = Duration.ofSeconds(2);

    /** 100 rows as VALUES; five of them cross joined are 10^10 rows, summed: hours of work before the first row. */
    private static final String HUNDRED = "(VALUES " + IntStream.rangeClosed(1, 100).mapToObj(Integer::toString)
            .collect(Collectors.joining(", ")) + ")";
    private static final String RUNAWAY = "SELECT SUM(a.x * b.x + c.x - d.x + e.x) FROM " + HUNDRED + " AS a(x), "
            + HUNDRED + " AS b(x), " + HUNDRED + " AS c(x), " + HUNDRED + " AS d(x), " + HUNDRED + " AS e(x)";

    @Override
    ServerLimits limits() {
        return ServerLimits.DEFAULTS.withStatementTimeout(TIMEOUT);
    }

    /**
     * A session on the test's database whose runner has already planned what {@link #assertServing} runs: after a
     * stop, the session is shown serving without a first plan of its own, which takes seconds on a loaded machine, past
     * this class's statement timeout (at a load average of 10, {@code SELECT 1 + 1} after a stop was stopped by it).
     */
    private String openWarm() {
        String s = open();
        // the first plans of a cold server, under the statement timeout: again until one is made in time
        await().atMost(Duration.ofMinutes(1)).ignoreException(StatusRuntimeException.class)
                .untilAsserted(() -> assertServing(s));
        return s;
    }

    /** Calcite's classes loaded and its planner and code generator run once, as a server does when it starts. */
    @BeforeAll
    void warmUp() {
        SqlEngine.warmUp();
    }

    private int running() {
        return sessions.engine().metrics().runningStatements();
    }

    @Test
    void aClientCancelBeforeTheFirstRowStopsTheAggregateAndFreesTheSession() {
        String s = openWarm();
        Started call = start(s, RUNAWAY);
        await().atMost(TEST_LIMIT).until(() -> running() == 1);
        stillRunning(); // well into the aggregate
        call.cancel("the client gave up");
        assertStoppedAndUsable(s);
        assertThat(call.ended().getNow(null)).isInstanceOf(StatusRuntimeException.class);
    }

    @Test
    void aDeadlineBeforeTheFirstRowStopsTheAggregateAndFreesTheSession() {
        String s = openWarm();
        Throwable t = catchThrowable(() -> SqlServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(700, TimeUnit.MILLISECONDS).execute(request(s, RUNAWAY)).forEachRemaining(r -> {
                }));
        assertThat(t).isInstanceOf(StatusRuntimeException.class);
        assertThat(((StatusRuntimeException) t).getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertStoppedAndUsable(s);
    }

    @Test
    void theStatementTimeoutStopsTheAggregateAndFreesTheSession() {
        String s = openWarm();
        SqlError e = assertTimeoutPreemptively(TEST_LIMIT, () -> expectSql(Status.Code.DEADLINE_EXCEEDED,
                SqlException.QUERY_CANCELED, () -> exec(s, RUNAWAY)));
        assertThat(e.getMessage()).contains(ServerLimits.STATEMENT_TIMEOUT);
        // The error is sent once the work has stopped: the session serves the very next call.
        assertThat(running()).isZero();
        assertServing(s);
    }

    @Test
    void closingTheSessionStopsItsRunningAggregate() {
        String s = openWarm();
        Iterator<ExecuteResponse> rows = sql().execute(request(s, RUNAWAY));
        CompletableFuture<Throwable> ended = CompletableFuture.supplyAsync(() -> catchThrowable(() ->
                rows.forEachRemaining(r -> {
                })));
        await().atMost(TEST_LIMIT).until(() -> running() == 1);
        stillRunning();
        sql().closeSession(CloseSessionRequest.newBuilder().setSessionId(s).build());
        await().atMost(STOPS_WITHIN).until(() -> running() == 0);
        assertThat(ended.join()).isInstanceOf(StatusRuntimeException.class);
        assertServing(open());
    }

    @Test
    void theServersStatementTimeoutStillBoundsALongerSessionTimeoutOfASleep() {
        String s = open();
        exec(s, "SET statement_timeout = '1h'");
        SqlError e = expectSql(Status.Code.DEADLINE_EXCEEDED, SqlException.QUERY_CANCELED,
                () -> exec(s, "SELECT pg_sleep(10)"));
        assertThat(e.getMessage()).contains(ServerLimits.STATEMENT_TIMEOUT); // still the server's: none shorter
    }

    /** The statement's work stopped soon (its thread is free, the gauge back to 0) and its session serves again. */
    private void assertStoppedAndUsable(String s) {
        await().atMost(STOPS_WITHIN).until(() -> running() == 0);
        await().atMost(STOPS_WITHIN).untilAsserted(() -> assertThat(streams.awaitIdle(0, TimeUnit.MILLISECONDS))
                .isTrue());
        assertServing(s);
    }

    /** The statement keeps running for a while (well into its work) before the test stops it. */
    private void stillRunning() {
        await().during(java.time.Duration.ofMillis(300)).atMost(TEST_LIMIT).until(() -> running() == 1);
    }
}
