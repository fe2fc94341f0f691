package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import io.relationshiplayer.metrics.RlMetrics;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.SqlEngine;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sleep longer than a FoundationDB transaction lasts (its window shortened here to {@link #WINDOW}), as PostgreSQL
 * allows: an autocommit query sleeps past it, also a query that sleeps at every row of a scan, which goes on in new
 * transactions as any long read does; in snapshot mode, or inside BEGIN ... COMMIT, the transaction it outlived fails
 * its next read with 40001, as any statement past the window does.
 */
class SqlSleepPastWindowTest extends SqlServerFixture {
    static final Duration WINDOW = Duration.ofMillis(400);

    @Override
    Backend openBackend() {
        return Backend.embedded(EngineConfig.memory().withReadWindow(WINDOW));
    }

    @Override
    SqlEngine engine(RelationshipLayer layer) {
        return new SqlEngine(layer, new RlMetrics(), WINDOW.dividedBy(2));
    }

    private String withNaps() {
        String s = open();
        exec(s, "CREATE TABLE naps (id INT PRIMARY KEY)");
        exec(s, "INSERT INTO naps VALUES (1), (2), (3), (4), (5)");
        return s;
    }

    @Test
    void anAutocommitSleepOutlivesTheWindow() {
        String s = withNaps();
        assertThat(exec(s, "SELECT pg_sleep(1)").single()).isEqualTo("");
        assertThat(exec(s, "SELECT COUNT(*) FROM naps WHERE pg_sleep(1) = ''").single()).isEqualTo(5L);
    }

    @Test
    void aScanThatSleepsAtEveryRowGoesOnInNewTransactions() {
        String s = withNaps();
        long start = System.nanoTime();
        List<List<Object>> rows = exec(s, "SELECT id, pg_sleep(0.25) FROM naps ORDER BY id").rows();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(WINDOW.multipliedBy(3));
        assertThat(rows).containsExactly(row(1, ""), row(2, ""), row(3, ""), row(4, ""), row(5, ""));
    }

    @Test
    void insideATransactionTheNextReadAfterTheWindowIs40001() {
        String s = withNaps();
        exec(s, "BEGIN");
        assertThat(exec(s, "SELECT COUNT(*) FROM naps").single()).isEqualTo(5L);
        assertThat(exec(s, "SELECT pg_sleep(1)").single()).isEqualTo("");
        expectSql(Status.Code.ABORTED, "40001", () -> exec(s, "SELECT id FROM naps WHERE id > 1"));
        exec(s, "ROLLBACK");
        assertServing(s);
    }
}
