package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import java.util.concurrent.TimeUnit;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** EXPLAIN ANALYZE over gRPC: a query whose rows are the plan's lines; a deadline still stops it. */
class SqlExplainAnalyzeTest extends SqlServerFixture {
    private static final String HUNDRED = "(VALUES " + IntStream.rangeClosed(1, 100).mapToObj(Integer::toString)
            .collect(Collectors.joining(", ")) + ")";

    @Test
    void thePlanComesBackAsRowsOfText() {
        String s = open();
        exec(s, "CREATE TABLE kv (k BIGINT PRIMARY KEY, v VARCHAR(5))");
        exec(s, "INSERT INTO kv VALUES (1, 'a'), (2, 'b'), (3, 'c')");
        Result r = exec(s, "EXPLAIN ANALYZE SELECT v FROM kv WHERE k >= ?", 2L);
        assertThat(r.header().getCommand()).isEqualTo("EXPLAIN");
        assertThat(r.header().getColumnsList()).extracting(c -> c.getName()).containsExactly("QUERY PLAN");
        List<String> lines = r.rows().stream().map(row -> (String) row.get(0)).toList();
        assertThat(lines.get(0)).startsWith("EnumerableCalc").contains("rows=2 loops=1");
        assertThat(lines.get(1)).startsWith("  RecordLayerToEnumerableConverter").contains("rows=2 loops=1")
                .containsPattern("store: reads=[1-9]");
        assertThat(lines.get(2)).contains("PK_RANGE");
        assertThat(lines.get(lines.size() - 2)).startsWith("Planning Time: ");
        assertThat(lines.get(lines.size() - 1)).startsWith("Execution Time: ");
    }

    /** A deadline stops it as it stops any statement (the statement timeout is the same stop, from the server). */
    @Test
    void timestampLiteralsAreShownAsPostgresWritesThem() {
        String s = open();
        exec(s, "CREATE TABLE ev (id BIGINT PRIMARY KEY, ts TIMESTAMP)");
        exec(s, "CREATE INDEX ev_ts ON ev (ts)");
        exec(s, "INSERT INTO ev VALUES (1, TIMESTAMP '2024-01-02 03:04:05.123456')");
        List<String> lines = exec(s, "EXPLAIN ANALYZE SELECT id FROM ev WHERE ts < TIMESTAMP '2024-01-02 03:04:05.2'")
                .rows().stream().map(row -> (String) row.get(0)).toList();
        assertThat(lines).anyMatch(l -> l.contains("ts < TIMESTAMP '2024-01-02 03:04:05.2'"))
                .noneMatch(l -> l.contains("rl_timestamp("));
        assertThat(lines.get(0)).contains("rows=1");
    }

    @Test
    void aDeadlineStopsIt() {
        String s = open();
        String runaway = "EXPLAIN ANALYZE SELECT SUM(a.x * b.x + c.x - d.x + e.x) FROM " + HUNDRED + " AS a(x), "
                + HUNDRED + " AS b(x), " + HUNDRED + " AS c(x), " + HUNDRED + " AS d(x), " + HUNDRED + " AS e(x)";
        Throwable t = assertTimeoutPreemptively(Duration.ofSeconds(15), () -> catchThrowable(() -> SqlServiceGrpc
                .newBlockingStub(channel).withDeadlineAfter(1500, TimeUnit.MILLISECONDS).execute(request(s, runaway))
                .forEachRemaining(r -> {
                })));
        assertThat(t).isInstanceOf(StatusRuntimeException.class);
        assertThat(((StatusRuntimeException) t).getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        await().atMost(Duration.ofSeconds(5)).until(() -> sessions.engine().metrics().runningStatements() == 0);
        assertServing(s);
    }
}
