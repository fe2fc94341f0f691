package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.relationships.RelationalException.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Writers racing a parent's delete or key change: whatever commits first, no child is ever left without its parent, and
 * serialization conflicts are retried inside {@link RelationshipLayer#run} rather than reaching the caller.
 */
class ConcurrentIntegrityTest {
    private static final int THREADS = 6;
    /**
     * Each inserting thread inserts at least this many rows and goes on until the racer is done (at most
     * {@link #MAX_PER_THREAD}), then inserts {@link #AFTER_RACER} more.
     */
    private static final int PER_THREAD = 25;
    private static final int AFTER_RACER = 3;
    /** Keeps what a racer may have to cascade over well inside FoundationDB's transaction size. */
    private static final int MAX_PER_THREAD = 50;
    private static final long WAIT_SECONDS = 60;

    private static Backend backend;
    private static RelationshipLayer layer;
    private final AtomicLong ids = new AtomicLong(10_000);
    private String db;
    private ExecutorService pool;

    @BeforeAll
    static void open() {
        backend = Backend.open("embedded:memory");
        layer = TicketTracker.layer(backend);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    @BeforeEach
    void seeded() {
        db = TicketTracker.newDatabase(layer, "concurrent");
        TicketTracker.createSchema(layer, db);
        TicketTracker.seed(layer, db);
        pool = Executors.newFixedThreadPool(THREADS + 1);
    }

    @AfterEach
    void stop() throws InterruptedException {
        pool.shutdownNow();
        assertThat(pool.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS)).as("workers stopped").isTrue();
    }

    /** What the inserting threads saw: rows committed and rows refused for a missing parent. */
    private record Inserts(long committed, long refused) {
    }

    /**
     * Starts {@link #THREADS} threads each inserting tickets (one transaction each) with {@code column} =
     * {@code parent}, and one thread that runs {@code racer} once {@code head} inserts are done; the inserts go on
     * until the racer is done. Returns the racer's outcome (its result or its RelationalException).
     */
    private <T> Object race(String column, long parent, String constraint, int head, Callable<T> racer)
            throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch headDone = new CountDownLatch(head);
        CountDownLatch racerDone = new CountDownLatch(1);
        List<Future<Inserts>> inserters = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            inserters.add(pool.submit(() -> {
                assertThat(start.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
                long[] outcomes = new long[2];
                for (int i = 0; i < MAX_PER_THREAD && (i < PER_THREAD || racerDone.getCount() > 0); i++) {
                    insertChild(column, parent, constraint, outcomes);
                    headDone.countDown();
                }
                assertThat(racerDone.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("racer done").isTrue();
                for (int i = 0; i < AFTER_RACER; i++) {
                    insertChild(column, parent, constraint, outcomes);
                }
                return new Inserts(outcomes[0], outcomes[1]);
            }));
        }
        Future<Object> raced = pool.submit(() -> {
            assertThat(start.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(headDone.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("first inserts done").isTrue();
            try {
                return racer.call();
            } catch (RelationalException e) {
                assertNotConflict(e);
                return e;
            } finally {
                racerDone.countDown();
            }
        });
        long began = System.nanoTime();
        start.countDown();
        long committed = 0;
        long refused = 0;
        for (Future<Inserts> f : inserters) {
            Inserts r = get(f);
            committed += r.committed();
            refused += r.refused();
        }
        lastInserts = new Inserts(committed, refused);
        Object outcome = get(raced);
        System.out.printf("race on %s=%d: %d committed, %d refused, racer attempts %d, %d ms: %s%n", column, parent,
                committed, refused, racerAttempts.get(), (System.nanoTime() - began) / 1_000_000, outcome);
        return outcome;
    }

    private Inserts lastInserts;

    /** Inserts one ticket with {@code column} = {@code parent}; counts it committed or refused for its parent. */
    private void insertChild(String column, long parent, String constraint, long[] outcomes) {
        long id = ids.incrementAndGet();
        try {
            layer.run(db, s -> s.insert("tickets", row("id", id, "project_id", 10L, "reporter_id", 1L,
                    "title", "racer " + id, column, parent)));
            outcomes[0]++;
        } catch (RelationalException e) {
            assertNotConflict(e);
            assertThat(e.kind()).as(e.getMessage()).isEqualTo(Kind.FOREIGN_KEY_VIOLATION);
            assertThat(e.constraint()).isEqualTo(constraint);
            outcomes[1]++;
        }
    }
    private final AtomicInteger racerAttempts = new AtomicInteger();

    /** The racer's statement in a transaction of its own, counting the attempts layer.run makes. */
    private <T> Callable<T> racer(Function<Session, T> statement) {
        racerAttempts.set(0);
        return () -> layer.run(db, s -> {
            racerAttempts.incrementAndGet();
            return statement.apply(s);
        });
    }

    private static <T> T get(Future<T> f) throws Exception {
        try {
            return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error) {
                throw (Error) e.getCause();
            }
            throw (Exception) e.getCause();
        }
    }

    private static void assertNotConflict(RelationalException e) {
        if (e.kind() == Kind.CONFLICT) {
            throw new AssertionError("Kind.CONFLICT escaped RelationshipLayer.run: " + e.getMessage(), e);
        }
    }

    /** Every row's foreign keys (where not NULL) find their parent. */
    static void assertNoOrphans(RelationshipLayer layer, String db) {
        layer.run(db, s -> {
            for (Table t : s.catalog().tables()) {
                List<Row> rows = s.scanAll(t.name());
                for (ForeignKeyDef fk : t.foreignKeys()) {
                    List<Row> parents = s.access().parentsOfMany(t, fk, rows).join();
                    for (int i = 0; i < rows.size(); i++) {
                        boolean nullKey = Row.anyNull(rows.get(i).project(t.positions(fk.getColumnsList())));
                        assertThat(nullKey || parents.get(i) != null)
                                .as("orphan along " + fk.getName() + ": " + rows.get(i)).isTrue();
                    }
                }
            }
            return null;
        });
    }

    @Test
    void aCascadingDeleteRacingChildInsertsLeavesNoOrphan() throws Exception {
        // Children of ticket 200 (project 20) keep coming while the project is deleted, cascading to every ticket.
        Object deleted = race("parent_ticket_id", 200L, "tickets_parent_fkey", THREADS * PER_THREAD / 3,
                racer(s -> s.delete("projects", key(20L))));
        assertThat(deleted).as("the delete is never refused").isEqualTo(true);
        assertThat(lastInserts.committed()).as("children committed before the delete").isPositive();
        assertThat(lastInserts.refused()).as("children refused after it").isPositive();
        assertThat(TicketTracker.lookup(layer, db, "tickets", 200L)).isNull();
        List<Row> underTicket200 = layer.run(db, s -> {
            Table tickets = s.catalog().requireTable("tickets");
            return s.access().childrenOf(tickets, TicketTracker.foreignKey(tickets, "tickets_parent_fkey"),
                    key(200L), 0).join();
        });
        assertThat(underTicket200).isEmpty();
        assertNoOrphans(layer, db);
    }

    @Test
    void aRestrictedDeleteRacingChildInsertsLeavesNoOrphan() throws Exception {
        // Rounds where the delete starts before, among and after the inserts of tickets reported by a new user.
        int[] heads = {0, 5, THREADS * PER_THREAD / 2};
        int deletes = 0;
        int refusals = 0;
        for (int round = 0; round < heads.length; round++) {
            long user = 60L + round;
            layer.run(db, s -> s.insert("users", row("id", user, "email", "racer" + user + "@example.com")));
            Object outcome = race("reporter_id", user, "tickets_reporter_fkey", heads[round],
                    racer(s -> s.delete("users", key(user))));
            List<Row> reported = layer.run(db, s -> {
                Table tickets = s.catalog().requireTable("tickets");
                return s.access().childrenOf(tickets, TicketTracker.foreignKey(tickets, "tickets_reporter_fkey"),
                        key(user), 0).join();
            });
            if (outcome instanceof RelationalException) {
                RelationalException e = (RelationalException) outcome;
                TicketTracker.assertViolation(e, Kind.FOREIGN_KEY_VIOLATION, "tickets_reporter_fkey");
                assertThat(TicketTracker.lookup(layer, db, "users", user)).isNotNull();
                assertThat(lastInserts.refused()).as("no insert refused while the user stayed").isZero();
                refusals++;
            } else {
                assertThat(outcome).isEqualTo(true);
                assertThat(TicketTracker.lookup(layer, db, "users", user)).isNull();
                assertThat(reported).as("tickets reported by deleted user " + user).isEmpty();
                assertThat(lastInserts.committed()).as("no insert committed before the delete").isZero();
                deletes++;
            }
            assertThat(reported).hasSize((int) lastInserts.committed());
            assertNoOrphans(layer, db);
        }
        assertThat(deletes + refusals).isEqualTo(heads.length);
        assertThat(refusals).as("the round starting after half the inserts is refused").isPositive();
    }

    @Test
    void aKeyChangeCascadingRacingChildInsertsLeavesNoOrphan() throws Exception {
        // Tickets keep arriving for project 10 (inserted with project_id 10) while its key changes to 11.
        Object updated = race("project_id", 10L, "tickets_project_fkey", THREADS * PER_THREAD / 3,
                racer(s -> s.update("projects", key(10L), row("id", 11L))));
        assertThat(updated).isInstanceOf(Row.class);
        List<Row> all = layer.run(db, s -> s.scanAll("tickets"));
        assertThat(all).filteredOn(r -> Long.valueOf(10L).equals(r.get("project_id"))).isEmpty();
        assertThat(all).filteredOn(r -> Long.valueOf(11L).equals(r.get("project_id")))
                .hasSize(4 + (int) lastInserts.committed());
        assertNoOrphans(layer, db);
    }
}
