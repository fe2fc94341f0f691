package io.relationshiplayer.bench.scans;

import io.relationshiplayer.bench.ProgressLine;
import io.relationshiplayer.bench.bank.Latencies;
import io.relationshiplayer.bench.bank.SqlBench;
import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.SqlResult;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/**
 * Concurrent full-table scans through the SQL service (issue 19: concurrent reads must not collapse): a table of N
 * rows, then for each client count C, C clients each scanning the whole table again and again for S seconds. Prints
 * per level the scans and rows per second, scan latency and the failures by SQLSTATE, so that throughput can be read
 * as concurrency grows past the cores.
 *
 * <pre>ScansBenchmark [--rows 20000] [--clients 1,2,8,32,150] [--seconds 10] [--backend embedded:memory]
 *     [--max-running-statements N] [--quick]</pre>
 */
public final class ScansBenchmark {
    private static final int LOAD_ROWS = 1_000;
    /** The per-client call and stream limits of the benchmark's server. */
    private static final int PER_CLIENT = 4_096;

    private ScansBenchmark() {
    }

    record Settings(int rows, List<Integer> clients, double seconds, BackendSpec backend, int maxRunning) {
        static Settings parse(String[] args) {
            Integer rows = null;
            List<Integer> clients = null;
            Double seconds = null;
            String backend = "embedded:memory";
            int maxRunning = 0;
            boolean quick = false;
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (name.equals("--quick")) {
                    quick = true;
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + name);
                }
                String value = args[++i];
                switch (name) {
                    case "--rows" -> rows = Integer.parseInt(value);
                    case "--clients" -> clients = Arrays.stream(value.split(",")).map(String::trim)
                            .map(Integer::valueOf).toList();
                    case "--seconds" -> seconds = Double.parseDouble(value);
                    case "--backend" -> backend = value;
                    case "--max-running-statements" -> maxRunning = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            int n = rows != null ? rows : quick ? 2_000 : 20_000;
            List<Integer> c = clients != null ? clients : quick ? List.of(1, 8) : List.of(1, 2, 8, 32, 150);
            double s = seconds != null ? seconds : quick ? 2 : 10;
            if (n < 1 || c.isEmpty() || c.stream().anyMatch(x -> x <= 0) || s <= 0 || maxRunning < 0) {
                throw new IllegalArgumentException("--rows, --clients and --seconds must be positive, "
                        + "--max-running-statements not negative");
            }
            return new Settings(n, c, s, BackendSpec.parse(backend), maxRunning);
        }
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bench scans: " + e.getMessage());
            return 2;
        }
        // Every client here shares one address, which the per-client limits (64 streams) would refuse past 64: raised,
        // as for many clients of their own; what bounds the work is the server's --max-running-statements.
        ServerLimits limits = ServerLimits.DEFAULTS.withMaxStreamsPerClient(PER_CLIENT)
                .withMaxCallsPerClient(PER_CLIENT);
        try (RunningServer server = RunningServer.start(ServerConfig.defaults().withBackend(settings.backend(),
                LatencyProfile.NONE).withLimits(limits).withMaxRunningStatements(settings.maxRunning()));
             SqlClient client = SqlClient.connect(server.target(), ClientSecurity.plaintext(), SqlBench.OPTIONS)) {
            String database = "scans_" + Long.toString(System.currentTimeMillis(), 36);
            load(client, database, settings.rows());
            out.printf(Locale.ROOT, "concurrent scans of %,d rows, %.0f s per level, SQL service in process on %s, "
                    + "%d cores; per-client limits raised to %,d (the clients share one address); "
                    + "max-running-statements %s%n", settings.rows(), settings.seconds(), settings.backend(),
                    Runtime.getRuntime().availableProcessors(), PER_CLIENT, settings.maxRunning() == 0 ? "default"
                    : Integer.toString(settings.maxRunning()));
            out.println("| clients | scans | scans/s | rows/s | p50 ms | p99 ms | max ms | failed |");
            out.println("|---|---|---|---|---|---|---|---|");
            boolean ok = true;
            for (int c : settings.clients()) {
                ok &= level(client, database, settings, c, out, err);
            }
            return ok ? 0 : 1;
        }
    }

    private static void load(SqlClient client, String database, int rows) {
        try (SqlSession s = client.openSession(database)) {
            s.update("CREATE TABLE t (id BIGINT PRIMARY KEY, v VARCHAR(40), n INTEGER)");
            for (int first = 0; first < rows; first += LOAD_ROWS) {
                int n = Math.min(LOAD_ROWS, rows - first);
                StringBuilder text = new StringBuilder("INSERT INTO t VALUES ");
                for (int i = first; i < first + n; i++) {
                    text.append(i == first ? "" : ", ").append('(').append(i).append(", 'value of row ").append(i)
                            .append("', ").append(i % 97).append(')');
                }
                s.update(text.toString());
            }
        }
    }

    /** One client count: every scan must return every row; false when any failed or came back short. */
    private static boolean level(SqlClient client, String database, Settings settings, int clients, PrintStream out,
                                 PrintStream err) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients, r -> {
            Thread t = new Thread(r, "scan-client");
            t.setDaemon(true);
            return t;
        });
        LongAdder scans = new LongAdder();
        Map<String, Integer> failures = new TreeMap<>();
        Map<String, String> firstMessage = new TreeMap<>();
        List<Latencies> latencies = new ArrayList<>();
        long start = System.nanoTime();
        long end = start + (long) (settings.seconds() * 1e9);
        List<Future<?>> done = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Latencies mine = new Latencies();
            latencies.add(mine);
            done.add(pool.submit(() -> {
                try (SqlSession s = client.openSession(database)) {
                    while (System.nanoTime() < end) {
                        long t = System.nanoTime();
                        try (SqlResult r = s.execute("SELECT id, v, n FROM t")) {
                            long n = 0;
                            while (r.hasNext()) { // streamed, as a client that exports would read it
                                r.next();
                                n++;
                            }
                            if (n == settings.rows()) {
                                mine.add(System.nanoTime() - t);
                                scans.increment();
                            } else {
                                synchronized (failures) {
                                    failures.merge("short result", 1, Integer::sum);
                                }
                            }
                        } catch (ClientException e) {
                            synchronized (failures) {
                                failures.merge(String.valueOf(e.sqlState()), 1, Integer::sum);
                                firstMessage.putIfAbsent(String.valueOf(e.sqlState()), e.getMessage());
                            }
                        }
                    }
                }
                return null;
            }));
        }
        try (ProgressLine line = ProgressLine.start(err, ProgressLine.terminal(), clients + " clients", "scans",
                scans::sum, 0, settings.seconds())) {
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Latencies all = Latencies.merge(latencies);
        long n = scans.sum();
        out.printf(Locale.ROOT, "| %d | %,d | %,.1f | %,.0f | %.1f | %.1f | %.1f | %s |%n", clients, n, n / seconds,
                n * (double) settings.rows() / seconds, all.percentileMs(0.5), all.percentileMs(0.99), all.maxMs(),
                failures.isEmpty() ? "0" : failures.toString());
        firstMessage.forEach((state, message) -> err.printf(Locale.ROOT, "  %d clients, first %s: %s%n", clients,
                state, message));
        return failures.isEmpty();
    }
}
