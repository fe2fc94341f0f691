package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * On a backend that answers at once, a point statement whose fast path the session's runner has cached runs on the
 * thread that called its handler: no task for the statement pool. Its first run (which plans it), a statement that is
 * not a point statement, and a point statement after the catalog changed under it still run, with the right rows.
 */
class SqlInlinePointStatementsTest extends SqlServerFixture {
    @Override
    boolean inlinePointStatements() {
        return true;
    }

    @Test
    void aCachedPointSelectAndUpdateRunWithoutTheStatementPool() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        exec(s, "INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)");
        String select = "SELECT v FROM t WHERE id = ?";
        assertThat(exec(s, select, 1).single()).isEqualTo(10); // planned: on the pool
        int before = streams.started();
        assertThat(exec(s, select, 2).single()).isEqualTo(20);
        assertThat(exec(s, select, 3).single()).isEqualTo(30);
        assertThat(exec(s, select, 4).raw()).isEmpty();
        String update = "UPDATE t SET v = v + 1 WHERE id = ?";
        exec(s, update, 1);
        int afterFirstUpdate = streams.started();
        assertThat(afterFirstUpdate).isEqualTo(before + 1); // the update's first run planned it, on the pool
        assertThat(exec(s, update, 2).end().getAffectedRows()).isEqualTo(1);
        assertThat(streams.started()).isEqualTo(afterFirstUpdate);
        assertThat(exec(s, select, 2).single()).isEqualTo(21);
        exec(s, "SELECT COUNT(*) FROM t"); // not a point statement: on the pool
        assertThat(streams.started()).isGreaterThan(afterFirstUpdate);
    }

    @Test
    void aPointStatementAfterItsTableChangedIsPlannedAgainAndAnswersTheNewColumns() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        exec(s, "INSERT INTO t VALUES (1, 10)");
        String select = "SELECT * FROM t WHERE id = ?";
        assertThat(exec(s, select, 1).raw()).hasSize(1);
        exec(s, "ALTER TABLE t ADD COLUMN w VARCHAR(5) DEFAULT 'x'");
        Result r = exec(s, select, 1);
        assertThat(r.header().getColumnsCount()).isEqualTo(3);
        assertThat(r.raw()).hasSize(1);
        assertServing(s);
    }
}
