package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.grpc.Status;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.proto.v1.SqlError;
import io.relationshiplayer.sql.SqlException;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Statement text too large or too deep fails with 54001 before any parser sees it; long chains of operators within the
 * bounds give their answer or 54001, never an internal error. On the server's default limits: planning a chain of a
 * thousand terms takes seconds on a loaded machine, and a statement timeout of a few seconds (the runaway statements'
 * in {@link SqlRunawayStatementTest}) stopped it there with 57014.
 */
class SqlStatementSizeTest extends SqlServerFixture {
    /** How soon text past the bounds fails: it is refused before any parser sees it. */
    private static final Duration TEST_LIMIT = Duration.ofSeconds(10);
    /**
     * How long a chain of operators within the bounds may take to answer: a guard against a hang, not a measure (the
     * sum of 900 terms took 3.5 s at a load average of 11 on two cores).
     */
    private static final Duration PLAN_LIMIT = Duration.ofSeconds(60);

    private static String chain(String term, String op, int terms) {
        return IntStream.range(0, terms).mapToObj(i -> term).collect(Collectors.joining(op));
    }

    @Test
    void aHalfMillionTermExpressionFailsWith54001AtOnce() {
        String s = open();
        String sql = "SELECT " + chain("1", "+", 500_000);
        SqlError e = assertTimeoutPreemptively(TEST_LIMIT, () -> expectSql(Status.Code.RESOURCE_EXHAUSTED,
                SqlException.STATEMENT_TOO_COMPLEX, () -> exec(s, sql)));
        assertThat(e.getMessage()).contains("statement too complex").containsAnyOf(ServerLimits.MAX_STATEMENT_DEPTH,
                ServerLimits.MAX_STATEMENT_BYTES);
        String deep = "SELECT " + chain("1", "+", 100_000);
        SqlError d = assertTimeoutPreemptively(TEST_LIMIT, () -> expectSql(Status.Code.RESOURCE_EXHAUSTED,
                SqlException.STATEMENT_TOO_COMPLEX, () -> exec(s, deep)));
        assertThat(d.getMessage()).contains(ServerLimits.MAX_STATEMENT_DEPTH);
        assertServing(s);
    }

    @Test
    void aTextPastTheSizeBoundFailsWith54001() {
        String s = open();
        String sql = "SELECT '" + "x".repeat(ServerLimits.DEFAULT_MAX_STATEMENT_BYTES) + "'";
        SqlError e = assertTimeoutPreemptively(TEST_LIMIT, () -> expectSql(Status.Code.RESOURCE_EXHAUSTED,
                SqlException.STATEMENT_TOO_COMPLEX, () -> exec(s, sql)));
        assertThat(e.getMessage()).contains(ServerLimits.MAX_STATEMENT_BYTES);
        assertServing(s);
    }

    @Test
    void operatorsInsideLiteralsAndCommentsDoNotCount() {
        String s = open();
        String sql = "SELECT '" + chain("1", "+", 10_000) + "' AS t /* " + chain("a", " AND ", 5_000) + " */ -- "
                + chain("(", "", 5_000);
        assertThat(exec(s, sql).single()).isEqualTo(chain("1", "+", 10_000));
    }

    /** A long OR or AND gives its answer or 54001, never an internal error (a stack overflow). */
    @Test
    void longOrAndAndChainsAnswerOrFailWith54001() {
        String s = open();
        String or = "SELECT COUNT(*) FROM (VALUES 1, 2, 3, 2000) AS t(x) WHERE "
                + IntStream.rangeClosed(1, 1_000).mapToObj(i -> "x = " + i).collect(Collectors.joining(" OR "));
        answerOr54001(s, or, 2L);
        String and = "SELECT COUNT(*) FROM (VALUES 1, 2, 3) AS t(x) WHERE " + chain("x > 0", " AND ", 10_000);
        answerOr54001(s, and, 3L);
        String deepParens = "SELECT " + "(".repeat(900) + "1" + ")".repeat(900);
        answerOr54001(s, deepParens, 1);
        String longSum = "SELECT " + chain("1", " + ", 900);
        answerOr54001(s, longSum, 900);
        assertServing(s);
    }

    private void answerOr54001(String session, String sql, Object expected) {
        Throwable t = assertTimeoutPreemptively(PLAN_LIMIT, () -> catchThrowable(() -> {
            assertThat(exec(session, sql).single()).isEqualTo(expected);
        }));
        if (t != null) {
            expectSql(Status.Code.RESOURCE_EXHAUSTED, SqlException.STATEMENT_TOO_COMPLEX, () -> {
                throw t;
            });
        }
    }
}
