package io.relationshiplayer.sql.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * On a backend that answers at once, an autocommit point SELECT whose fast path the session's runner has cached runs
 * on the thread that called its handler: no task for the statement pool. Its first run (which plans it), writes,
 * statements in a transaction, statements that are not point statements, and a point SELECT after the catalog changed
 * under it (planned again, never on the transport thread) go to the pool, all with the right rows.
 */
class SqlInlinePointStatementsTest extends SqlServerFixture {
    private static final String SELECT = "SELECT v FROM t WHERE id = ?";

    @Override
    boolean inlinePointStatements() {
        return true;
    }

    private String table() {
        String s = open();
        exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        exec(s, "INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)");
        return s;
    }

    @Test
    void aCachedPointSelectRunsWithoutThePoolAndEverythingElseWithIt() {
        String s = table();
        assertThat(exec(s, SELECT, 1).single()).isEqualTo(10); // planned: on the pool
        int before = streams.started();
        assertThat(exec(s, SELECT, 2).single()).isEqualTo(20);
        assertThat(exec(s, SELECT, 3).single()).isEqualTo(30);
        assertThat(exec(s, SELECT, 4).raw()).isEmpty();
        assertThat(streams.started()).isEqualTo(before);
        String update = "UPDATE t SET v = v + 1 WHERE id = ?";
        exec(s, update, 1);
        assertThat(exec(s, update, 2).end().getAffectedRows()).isEqualTo(1); // a write: on the pool each time
        assertThat(streams.started()).isEqualTo(before + 2);
        exec(s, "BEGIN");
        assertThat(exec(s, SELECT, 2).single()).isEqualTo(21); // in a transaction: on the pool
        exec(s, "COMMIT");
        assertThat(streams.started()).isEqualTo(before + 5);
        exec(s, "SELECT COUNT(*) FROM t"); // not a point statement: on the pool
        assertThat(streams.started()).isEqualTo(before + 6);
    }

    @Test
    void aPointSelectAfterItsTableChangedIsPlannedAgainOnThePool() {
        String s = table();
        String star = "SELECT * FROM t WHERE id = ?";
        assertThat(exec(s, star, 1).raw()).hasSize(1);
        assertThat(exec(s, star, 1).raw()).hasSize(1);
        exec(s, "ALTER TABLE t ADD COLUMN w VARCHAR(5) DEFAULT 'x'");
        int before = streams.started();
        Result r = exec(s, star, 1);
        assertThat(r.header().getColumnsCount()).isEqualTo(3);
        assertThat(r.raw()).hasSize(1);
        assertThat(streams.started()).as("planned again on the pool").isEqualTo(before + 1);
        assertThat(exec(s, star, 2).raw()).hasSize(1);
        assertThat(streams.started()).as("then cached again: inline").isEqualTo(before + 1);
    }

    @Test
    void aPointSelectThatBeginsATransactionRunsOnThePoolOnceAndLeavesItOpen() {
        String s = table();
        exec(s, SELECT, 1);
        exec(s, SELECT, 1); // cached, as above
        exec(s, "ALTER TABLE t ADD COLUMN w INT"); // it needs planning again
        int before = streams.started();
        Result r = drain(sql().execute(request(s, SELECT, 2).toBuilder().setBeginTransaction(true).build()));
        assertThat(r.single()).isEqualTo(20);
        assertThat(r.end().getInTransaction()).isTrue();
        assertThat(streams.started()).isEqualTo(before + 1);
        exec(s, "COMMIT");
        assertServing(s);
    }
}
