package io.relationshiplayer.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A point statement's fast path is planned once per engine, catalog version and text, whichever session needs it
 * first, and the other sessions (each with a Calcite runner of its own) take it, also those that asked for it while it
 * was being planned: the clients of a restarted server no longer plan the same statements at once.
 */
class SharedPlansTest {
    private static final String DEBIT = "UPDATE accounts SET balance = balance - ? WHERE id = ?";
    private static final String BALANCE = "SELECT balance, id FROM accounts WHERE id = ?";

    @Test
    void sessionsThatStartTogetherPlanEachPointStatementOnce() throws Exception {
        int clients = 8;
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession setup = engine.open("bank")) {
                setup.execute("CREATE TABLE accounts (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL)", List.of());
                setup.execute("INSERT INTO accounts VALUES (0, 100), (1, 100), (2, 100), (3, 100), (4, 100), (5, 100), "
                        + "(6, 100), (7, 100)", List.of());
            }
            long plannedBefore = engine.plansPrepared();
            List<SqlSession> sessions = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                sessions.add(engine.open("bank")); // all open at once: each has a runner (and plan cache) of its own
            }
            CyclicBarrier start = new CyclicBarrier(clients);
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            try {
                List<Future<Long>> balances = new ArrayList<>();
                for (int i = 0; i < clients; i++) {
                    SqlSession s = sessions.get(i);
                    long id = i;
                    balances.add(pool.submit(() -> {
                        start.await();
                        StatementResult debit = s.execute(DEBIT, List.of(10L + id, id));
                        assertThat(((StatementResult.Update) debit).count()).isEqualTo(1);
                        return balance(s, id);
                    }));
                }
                for (int i = 0; i < clients; i++) {
                    assertThat(balances.get(i).get(60, TimeUnit.SECONDS)).as("account " + i).isEqualTo(90L - i);
                }
            } finally {
                pool.shutdownNow();
                sessions.forEach(SqlSession::close);
            }
            assertThat(engine.plansPrepared() - plannedBefore).as("plans made by %d sessions of the same two point "
                    + "statements", clients).isEqualTo(2);
        }
    }

    @Test
    void aSessionOnItsFullPlansPreparesThemFromASharedFastPath() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession a = engine.open("bank"); SqlSession b = engine.open("bank")) {
                oneAccountPlannedBy(a);
                long planned = b.plansPrepared();
                assertThat(balance(b, 1)).as("the fast path a planned").isEqualTo(100L);
                assertThat(b.plansPrepared()).as("b took a's fast path").isEqualTo(planned);
                b.fastPath(false);
                b.execute(DEBIT, List.of(1L, 1L));
                assertThat(balance(b, 1)).as("on the full plan, prepared now").isEqualTo(99L);
                assertThat(b.plansPrepared()).as("b prepared the debit and the full plan of the SELECT")
                        .isEqualTo(planned + 2);
                b.fastPath(true);
                assertThat(balance(b, 1)).isEqualTo(99L);
                StatementResult.Query explain = (StatementResult.Query) b.execute("EXPLAIN PLAN FOR " + BALANCE,
                        List.of(1L));
                try (RowStream rows = explain.rows()) {
                    assertThat(String.valueOf(rows.next()[0])).startsWith("FastPath(PK_POINT SELECT accounts)");
                }
            }
        }
    }

    @Test
    void aPlanOfAnotherCatalogVersionIsNotTaken() {
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlEngine engine = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())));
            try (SqlSession a = engine.open("bank"); SqlSession b = engine.open("bank")) {
                oneAccountPlannedBy(a);
                a.execute("DROP TABLE accounts", List.of());
                a.execute("CREATE TABLE accounts (id BIGINT PRIMARY KEY, note VARCHAR(5), balance BIGINT NOT NULL)",
                        List.of());
                a.execute("INSERT INTO accounts VALUES (1, 'x', 7)", List.of());
                assertThat(balance(b, 1)).as("planned against the new table").isEqualTo(7L);
            }
        }
    }

    /** An account 1 with 100 in it, whose balance {@code a} read (planning the SELECT's fast path). */
    private static void oneAccountPlannedBy(SqlSession a) {
        a.execute("CREATE TABLE accounts (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL)", List.of());
        a.execute("INSERT INTO accounts VALUES (1, 100)", List.of());
        assertThat(balance(a, 1)).isEqualTo(100L);
    }

    private static long balance(SqlSession s, long id) {
        StatementResult.Query q = (StatementResult.Query) s.execute(BALANCE, List.of(id));
        try (RowStream rows = q.rows()) {
            Object[] row = rows.next();
            assertThat(row[1]).isEqualTo(id);
            return (Long) row[0];
        }
    }
}
