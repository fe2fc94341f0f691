package io.relationshiplayer.bench.mixed;

import io.relationshiplayer.bench.ConnectSecurity;
import io.relationshiplayer.bench.ProgressLine;
import io.relationshiplayer.bench.bank.Latencies;
import io.relationshiplayer.bench.bank.LocalSqlServer;
import io.relationshiplayer.bench.bank.SqlBench;
import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.client.text.TextTable;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/**
 * The mixed workload of glassdb's benchmark (github.com/mbrt/glassdb) through the SQL service over gRPC: over
 * N rows, 10 % transactions that read and update two random keys, 60 % strong reads of two keys, 30 % reads of one key
 * with bounded staleness, at each client count; throughput, latency percentiles and retries per class. At the end the
 * values are summed: each acknowledged update added 1 to two keys, so the sum must be twice their number.
 *
 * <pre>
 * MixedBenchmark [--rows 50000] [--clients 1,8,64] [--seconds 20] [--staleness 10] [--backend embedded:memory]
 *                [--connect host:port [--tls] [--ca-file F] [--cert F --key F] [--token T]] [--quick] [--seed S]
 * </pre>
 */
public final class MixedBenchmark {
    private static final TextTable TABLE = TextTable.markdown("Clients", "Class", "Txns", "TPS", "p50 (ms)",
            "p90 (ms)", "p99 (ms)", "Max (ms)", "Retries");
    private static final int LOAD_ROWS = 250;
    private static final int READ_CHUNK = 5_000;

    private final MixedSettings settings;
    private final PrintStream out;
    private final PrintStream progress;
    /** Transactions completed by every worker so far, for the progress line. */
    private final LongAdder completed = new LongAdder();

    private MixedBenchmark(MixedSettings settings, PrintStream out, PrintStream progress) {
        this.settings = settings;
        this.out = out;
        this.progress = progress;
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (1 if a check failed, 2 bad args). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        MixedSettings settings;
        ClientSecurity security;
        try {
            List<String> rest = new ArrayList<>(Arrays.asList(args));
            security = ConnectSecurity.take(rest);
            settings = MixedSettings.parse(rest.toArray(new String[0]));
        } catch (IllegalArgumentException e) {
            err.println("bench mixed: " + e.getMessage());
            return 2;
        }
        MixedBenchmark bench = new MixedBenchmark(settings, out, err);
        if (settings.connect().isPresent()) {
            try (SqlClient client = SqlClient.connect(settings.connect().get(), security, SqlBench.OPTIONS)) {
                return bench.run(client, "SQL service at " + settings.connect().get());
            }
        }
        try (LocalSqlServer server = LocalSqlServer.start(settings.backend());
             SqlClient client = SqlClient.connect(server.target(), ClientSecurity.plaintext(), SqlBench.OPTIONS)) {
            return bench.run(client, "SQL service in process on " + settings.backend());
        }
    }

    private int run(SqlClient client, String where) throws Exception {
        String database = "mixed_" + Long.toString(System.currentTimeMillis(), 36);
        out.printf(Locale.ROOT, "mixed workload (glassdb): %,d rows, clients %s, %.0f s each, max staleness %.0f s, "
                + "%s%n", settings.rows(), settings.clients(), settings.seconds(), settings.stalenessSeconds(), where);
        load(client, database);
        out.println();
        out.println(TABLE.header());
        out.println(TABLE.rule());
        long updates = 0;
        for (int clients : settings.clients()) {
            Level level = runLevel(client, database, clients);
            updates += level.updates();
            level.print(out, clients);
        }
        out.println();
        out.println("Reference: glassdb publishes this workload only as graphs (GCS backend, 10 transactions per "
                + "client DB): median throughput rising about linearly to ~7,000 tx/s at 500 concurrent transactions; "
                + "object-storage latency ~55 ms per 1 KiB download, ~70 ms per upload. No numeric rows to set beside "
                + "these; this machine: " + Runtime.getRuntime().availableProcessors() + " cores, one process.");
        long sum = sum(client, database);
        boolean ok = sum == 2 * updates;
        out.printf(Locale.ROOT, "verification: sum of values %,d, 2 x %,d acknowledged updates = %,d: %s%n", sum,
                updates, 2 * updates, ok ? "totals match" : "TOTALS DIFFER");
        out.println(ok ? "result: all checks passed" : "result: CHECKS FAILED");
        return ok ? 0 : 1;
    }

    private void load(SqlClient client, String database) {
        long start = System.nanoTime();
        try (SqlSession s = client.openSession(database)) {
            s.update("CREATE TABLE kv (k BIGINT PRIMARY KEY, v BIGINT NOT NULL)");
            for (int first = 0; first < settings.rows(); first += LOAD_ROWS) {
                int n = Math.min(LOAD_ROWS, settings.rows() - first);
                StringBuilder text = new StringBuilder("INSERT INTO kv (k, v) VALUES ");
                Object[] params = new Object[n];
                for (int i = 0; i < n; i++) {
                    text.append(i == 0 ? "(?, 0)" : ", (?, 0)");
                    params[i] = (long) first + i;
                }
                s.update(text.toString(), params);
            }
        }
        progress.printf(Locale.ROOT, "loaded %,d rows in %.1f s%n", settings.rows(), (System.nanoTime() - start) / 1e9);
    }

    private long sum(SqlClient client, String database) {
        long sum = 0;
        try (SqlSession s = client.openSession(database)) {
            for (long first = 0; first < settings.rows(); first += READ_CHUNK) {
                for (Object[] row : s.query("SELECT v FROM kv WHERE k >= ? AND k < ?", first, first + READ_CHUNK)) {
                    sum += (Long) row[0];
                }
            }
        }
        return sum;
    }

    private Level runLevel(SqlClient client, String database, int clients) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients, r -> {
            Thread t = new Thread(r, "mixed-client");
            t.setDaemon(true);
            return t;
        });
        long before = completed.sum();
        long start = System.nanoTime();
        long end = start + (long) (settings.seconds() * 1e9);
        List<Future<Worker>> futures = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Worker w = new Worker(client, database, new Random(settings.seed() * 1_000 + clients * 100L + c), end);
            futures.add(pool.submit(() -> {
                w.run();
                return w;
            }));
        }
        List<Worker> workers = new ArrayList<>();
        try (ProgressLine line = ProgressLine.start(progress, ProgressLine.terminal(), clients + " clients",
                "transactions", () -> completed.sum() - before, 0, settings.seconds())) {
            for (Future<Worker> f : futures) {
                workers.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        return new Level(workers, System.nanoTime() - start);
    }

    /** One client count's results. */
    private record Level(List<Worker> workers, long elapsedNanos) {
        long updates() {
            return workers.stream().mapToLong(w -> w.latencies.get(TxClass.UPDATE).count()).sum();
        }

        void print(PrintStream out, int clients) {
            long total = 0;
            for (TxClass c : TxClass.values()) {
                Latencies l = Latencies.merge(workers.stream().map(w -> w.latencies.get(c)).toList());
                long retries = workers.stream().mapToLong(w -> w.retries.get(c)).sum();
                total += l.count();
                out.println(row(clients, c.label, l.count(), elapsedNanos, l, retries));
            }
            Latencies all = Latencies.merge(workers.stream().flatMap(w -> w.latencies.values().stream()).toList());
            out.println(row(clients, "all", total, elapsedNanos, all,
                    workers.stream().flatMap(w -> w.retries.values().stream()).mapToLong(x -> x).sum()));
        }
    }

    /** One class's line of the table; {@code latencies} merged (sorted). */
    static String row(int clients, String label, long txns, long elapsedNanos, Latencies latencies, long retries) {
        return TABLE.row(List.of(Integer.toString(clients), label, String.format(Locale.ROOT, "%,d", txns),
                String.format(Locale.ROOT, "%,.0f", txns / (elapsedNanos / 1e9)), ms(latencies.percentileMs(0.5)),
                ms(latencies.percentileMs(0.9)), ms(latencies.percentileMs(0.99)),
                String.format(Locale.ROOT, "%.1f", latencies.maxMs()), String.format(Locale.ROOT, "%,d", retries)));
    }

    private static String ms(double ms) {
        return String.format(Locale.ROOT, "%.2f", ms);
    }

    /** One client: a session at the current version and one allowed stale reads. */
    private final class Worker {
        final SqlClient client;
        final String database;
        final Random random;
        final long end;
        final Map<TxClass, Latencies> latencies = new EnumMap<>(TxClass.class);
        final Map<TxClass, Long> retries = new EnumMap<>(TxClass.class);

        Worker(SqlClient client, String database, Random random, long end) {
            this.client = client;
            this.database = database;
            this.random = random;
            this.end = end;
            for (TxClass c : TxClass.values()) {
                latencies.put(c, new Latencies());
                retries.put(c, 0L);
            }
        }

        void run() {
            try (SqlSession strong = client.openSession(database); SqlSession weak = client.openSession(database)) {
                weak.update(String.format(Locale.ROOT, "SET max_staleness = %s", settings.stalenessSeconds()));
                while (System.nanoTime() < end) {
                    TxClass c = TxClass.of(random.nextInt(100));
                    long a = random.nextInt(settings.rows());
                    long b = random.nextInt(settings.rows() - 1);
                    b = b >= a ? b + 1 : b;
                    long start = System.nanoTime();
                    while (!attempt(c, c == TxClass.WEAK_READ ? weak : strong, a, b)) {
                        retries.merge(c, 1L, Long::sum);
                    }
                    latencies.get(c).add(System.nanoTime() - start);
                    completed.increment();
                }
            }
        }

        /** One attempt; false when it hit a serialization failure and must run again. */
        private boolean attempt(TxClass c, SqlSession s, long a, long b) {
            try {
                switch (c) {
                    case UPDATE -> {
                        s.update("BEGIN");
                        long va = value(s.query("SELECT v FROM kv WHERE k = ?", a));
                        long vb = value(s.query("SELECT v FROM kv WHERE k = ?", b));
                        s.update("UPDATE kv SET v = ? WHERE k = ?", va + 1, a);
                        s.update("UPDATE kv SET v = ? WHERE k = ?", vb + 1, b);
                        s.update("COMMIT");
                    }
                    case STRONG_READ -> check(s.query("SELECT k, v FROM kv WHERE k IN (?, ?)", a, b).size() == 2);
                    case WEAK_READ -> value(s.query("SELECT v FROM kv WHERE k = ?", a));
                    default -> throw new IllegalStateException();
                }
                return true;
            } catch (ClientException e) {
                if (!e.isRetryable()) {
                    throw e;
                }
                if (c == TxClass.UPDATE) {
                    s.update("ROLLBACK");
                }
                return false;
            }
        }

        private long value(List<Object[]> rows) {
            check(rows.size() == 1);
            return (Long) rows.get(0)[0];
        }

        private void check(boolean found) {
            if (!found) {
                throw new IllegalStateException("a key of the table was not found");
            }
        }
    }
}
