package io.relationshiplayer.cli;

import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.SqlStatement;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import io.relationshiplayer.sql.RowStream;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlSession;
import io.relationshiplayer.sql.StatementResult;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What {@code rl server} runs on a thread of its own from its first moment, while the main thread opens the backend
 * and starts listening: a short OLTP session on a SQL engine of its own over a throwaway memory engine, so that what a
 * restarted server's first transactions need (Calcite's planner, its metadata handlers and code generator, which cost
 * about a second the first time; the fast path of point statements; the relationship layer's write path with its key
 * checks; the Record Layer) is loaded and has run, mostly before the first client arrives. It reads and writes nothing
 * of the real backend. Only point statements, batches and short transactions, the bulk of a restarted server's first
 * load: a first join or aggregate still plans cold (a few hundred milliseconds). gRPC's first calls are not warmed (a
 * throwaway server would cost more than they do); the class-data-sharing archive of {@code ./rl} is made from
 * {@code rl warm-up}, which runs this and a gRPC round, so their classes are mapped.
 */
final class ServerWarmUp {
    /** How long the loop of point statements runs at most (it stops earlier after {@link #ROUNDS} rounds). */
    static final long LOOP_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    static final int ROUNDS = 50;
    private static final String DEBIT = "UPDATE a SET b = b - ? WHERE id = ?";
    private static final String CREDIT = "UPDATE a SET b = b + ? WHERE id = ?";

    private ServerWarmUp() {
    }

    /** Runs the warm-up; returns the milliseconds it took, or -1 if it failed (the server starts all the same). */
    static long run() {
        long start = System.nanoTime();
        try (Backend backend = Backend.open("embedded:memory");
             SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                     .open("rl_warm_up")) {
            run(s, "CREATE TABLE a (id BIGINT PRIMARY KEY, b BIGINT NOT NULL, c VARCHAR(10) UNIQUE)");
            run(s, "CREATE TABLE t (id BIGINT PRIMARY KEY, a_id BIGINT NOT NULL REFERENCES a, x DECIMAL(9, 2))");
            run(s, "INSERT INTO a VALUES (?, ?, ?), (?, ?, ?)", 1L, 1_000_000L, "x", 2L, 1_000_000L, "y");
            long deadline = System.nanoTime() + LOOP_NANOS;
            for (int i = 0; i < ROUNDS && System.nanoTime() < deadline; i++) {
                long from = 1 + (i & 1);
                long to = 3 - from;
                s.executeBatch(List.of(new SqlSession.BatchItem(DEBIT, List.of(1L, from)),
                        new SqlSession.BatchItem(CREDIT, List.of(1L, to)),
                        new SqlSession.BatchItem("INSERT INTO t (id, a_id, x) VALUES (?, ?, ?)", List.of(2L * i, from, 1))),
                        false, false, () -> { });
                s.execute(DEBIT, List.of(1L, from), true, false);
                run(s, "INSERT INTO t VALUES (?, ?, ?)", 2L * i + 1, to, 2);
                s.execute(CREDIT, List.of(1L, to), false, true);
                run(s, "SELECT b, c FROM a WHERE id = ?", from);
                run(s, "DELETE FROM t WHERE id = ?", 2L * i + 1);
            }
        } catch (RuntimeException | LinkageError e) {
            return -1; // only a warm-up: the first real statements pay what it did not
        }
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private static void run(SqlSession s, String sql, Object... params) {
        StatementResult r = s.execute(sql, List.of(params));
        if (r instanceof StatementResult.Query q) {
            try (RowStream rows = q.rows()) {
                while (rows.hasNext()) {
                    rows.next();
                }
            }
        }
    }

    /** A few calls through a throwaway server on a loopback port: loads gRPC's and Netty's classes, client and server. */
    static void grpcRound() throws Exception {
        try (RunningServer server = RunningServer.start(ServerConfig.defaults().withAddress("127.0.0.1", 0)
                .withBackend(BackendSpec.parse("embedded:memory"), LatencyProfile.NONE));
             SqlClient client = SqlClient.connect(server.target(), ClientSecurity.plaintext(),
                     SqlClient.Options.DEFAULTS);
             io.relationshiplayer.client.SqlSession s = client.openSession("rl_warm_up")) {
            s.update("CREATE TABLE a (id BIGINT PRIMARY KEY, b BIGINT NOT NULL)");
            s.executeBatch(List.of(SqlStatement.of("INSERT INTO a VALUES (?, ?)", 1L, 1L),
                    SqlStatement.of(DEBIT, 1L, 1L)));
            s.query("SELECT b FROM a WHERE id = ?", 1L);
        }
    }

    /** {@code rl warm-up}: the warm-up and a gRPC round (the build makes the class-data-sharing archive from it). */
    @picocli.CommandLine.Command(name = "warm-up", hidden = true, description = "Runs the server's warm-up and exits.")
    static final class Command implements java.util.concurrent.Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            long ms = run();
            grpcRound();
            spec.commandLine().getErr().println(ms < 0 ? "rl warm-up: failed" : "rl warm-up: " + ms + " ms");
            return ms < 0 ? 1 : 0;
        }
    }
}
