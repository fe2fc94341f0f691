package io.relationshiplayer.bench.study;

import io.relationshiplayer.bench.ProgressLine;
import io.relationshiplayer.bench.bank.Latencies;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.tickets.DirectTicketLayer;
import io.relationshiplayer.bench.JitSettling;
import io.relationshiplayer.tickets.GrpcTicketLayer;
import io.relationshiplayer.tickets.RandomTickets;
import io.relationshiplayer.tickets.TicketLayer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * The study's four proxy / no-proxy experiments, both paths in one run on one backend: the Record Layer used directly
 * ({@link DirectTicketLayer}) and the record service on a loopback port ({@link GrpcTicketLayer} to an
 * {@link InProcessServer}). Each run times only its loop of calls (System.nanoTime around it, as the study did) and
 * each call within it; runs alternate which path goes first. Each cell runs once per client count ({@link Clients}:
 * the N calls shared among C concurrent clients). Tables print beside the study's own rows, then the goals: proxy
 * overhead under 5 % on every row with cluster latency, under 40 µs per single-record call without latency, full
 * scans through the proxy within 10 % of direct. With {@code --out DIR}, {@link StudyOutput} writes every run as CSV
 * and JSON, the tables as text and the figures as SVG and PNG.
 *
 * <pre>
 * StudyBenchmark [--latency none|cluster] [--backend embedded:memory|embedded:DIR|fdb:[CLUSTER-FILE]]
 *                [--runs 3] [--warmup-seconds 10 [--warmup-max 120]] [--quick | --full] [--tickets 75000] [--batches 500]
 *                [--experiments get-single,get-multiple,create-single,create-multiple]
 *                [--sizes EXPERIMENT=N,N,...]... [--clients 1,8,64] [--out DIR] [--seed S]
 *                [--reference path/to/study-results.csv]
 * </pre>
 */
public final class StudyBenchmark implements AutoCloseable {
    /** Per-row goal with cluster latency: the proxy adds less than this, in percent. */
    static final double CLUSTER_GOAL_PCT = 5.0;
    /** Goal without latency: the proxy adds less than this per single-record call, in microseconds. */
    static final double PER_CALL_GOAL_MICROS = 40.0;
    /** Goal for full scans: the proxy within this much of direct, in percent. */
    static final double SCAN_GOAL_PCT = 10.0;
    /** Goal for concurrent clients (8, 64): the proxy's calls per second within this much of direct's, in percent. */
    static final double CLIENTS_GOAL_PCT = 10.0;
    /** Tickets per transaction when loading the store for the read experiments. */
    private static final int LOAD_BATCH = 500;

    /** The timings of one size of one experiment with one client count on both paths. */
    record Row(Experiment experiment, int n, int clients, Timings direct, Timings proxy, CallStats directCalls,
               CallStats proxyCalls) {
        double increasePct() {
            return (proxy.mean() - direct.mean()) / direct.mean() * 100;
        }

        /** Microseconds the proxy added per call. */
        double addedMicrosPerCall(int batches) {
            return (proxy.mean() - direct.mean()) * 1000 / experiment.calls(n, batches);
        }

        /** Calls per second of the mean run on one path. */
        double callsPerSecond(Timings path, int batches) {
            return experiment.calls(n, batches) / path.mean() * 1000;
        }
    }

    private final StudySettings settings;
    private final PrintStream progress;
    private final Random random;
    private final Clients clients = new Clients();
    /** Whether the store holds the read experiments' tickets. */
    private boolean loaded;

    StudyBenchmark(StudySettings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
        this.random = new Random(settings.seed());
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        StudySettings settings;
        try {
            settings = StudySettings.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bench study: " + e.getMessage());
            return 2;
        }
        StudyReference reference = StudyReference.resolve(settings.reference());
        Path dir = settings.out().orElse(null);
        if (dir != null) {
            Files.createDirectories(dir);
        }
        try (OutputStream file = dir == null ? OutputStream.nullOutputStream()
                : Files.newOutputStream(dir.resolve(StudyOutput.TABLES))) {
            PrintStream both = new PrintStream(new TeeStream(out, file), true, StandardCharsets.UTF_8);
            StudyTable table = new StudyTable(settings, reference, both);
            table.printHeader();
            List<Row> all = new ArrayList<>();
            WireFloor floor;
            try (StudyBenchmark bench = new StudyBenchmark(settings, err)) {
                bench.warmUp();
                try (Backend backend = Backend.open(settings.backend(), settings.latency());
                     InProcessServer server = InProcessServer.start(backend);
                     TicketLayer direct = DirectTicketLayer.open(backend.recordDatabase(), backend.spec().toString());
                     TicketLayer proxy = GrpcTicketLayer.connect(server.target())) {
                    for (Map.Entry<Experiment, List<Integer>> e : settings.sizes().entrySet()) {
                        List<Row> rows = bench.experiment(e.getKey(), e.getValue(), direct, proxy);
                        table.printExperiment(e.getKey(), rows);
                        all.addAll(rows);
                        for (Row r : rows) {
                            String key = "study." + settings.latencyName() + "." + e.getKey().id + ".c"
                                    + r.clients() + ".p50";
                            io.relationshiplayer.bench.check.RatioCheck.record(key,
                                    r.proxyCalls().p50Micros() / r.directCalls().p50Micros());
                        }
                    }
                    floor = WireFloor.measure(server.target());
                }
            }
            table.printGoals(all);
            both.println(floor != null ? floor.line() : "  the wire's floor: not measured (a health check failed)");
            both.flush();
            if (dir != null) {
                List<Path> written = new StudyOutput(settings, reference).write(dir, all);
                err.println("wrote " + written.size() + " files to " + dir.toAbsolutePath().normalize() + ": "
                        + written.stream().map(p -> p.getFileName().toString()).toList());
            }
        }
        return 0;
    }

    List<Row> experiment(Experiment e, List<Integer> sizes, TicketLayer direct, TicketLayer proxy) {
        if (e.reads && !loaded) {
            load(direct);
        }
        int smallest = sizes.stream().min(Integer::compare).orElseThrow();
        for (TicketLayer layer : List.of(direct, proxy)) {
            measure(e, smallest, 1, layer);
        }
        List<Row> rows = new ArrayList<>();
        for (int n : sizes) {
            for (int c : settings.clients()) {
                rows.add(cell(e, n, c, direct, proxy));
            }
        }
        if (!e.reads) {
            loaded = false;
        }
        return rows;
    }

    private Row cell(Experiment e, int n, int c, TicketLayer direct, TicketLayer proxy) {
        Timings directMs = new Timings();
        Timings proxyMs = new Timings();
        List<Latencies> directCalls = new ArrayList<>();
        List<Latencies> proxyCalls = new ArrayList<>();
        for (int r = 0; r < settings.runs(); r++) {
            // Alternate which path goes first, so that neither always runs on a warmer (or more cluttered) heap.
            boolean directFirst = r % 2 == 0;
            Clients.Run[] runs = new Clients.Run[2];
            long before = clients.done();
            try (ProgressLine line = ProgressLine.start(progress, ProgressLine.terminal(), String.format(Locale.ROOT,
                    "%s N=%,d clients=%d run %d/%d", e.id, n, c, r + 1, settings.runs()), "calls",
                    () -> clients.done() - before, 0, 0)) {
                for (TicketLayer layer : directFirst ? List.of(direct, proxy) : List.of(proxy, direct)) {
                    runs[layer == direct ? 0 : 1] = measure(e, n, c, layer);
                }
            }
            directMs.add(runs[0].millis());
            proxyMs.add(runs[1].millis());
            directCalls.add(runs[0].calls());
            proxyCalls.add(runs[1].calls());
            progress.printf(Locale.ROOT, "%s N=%,d clients=%d run %d/%d: direct %,.1f ms, proxy %,.1f ms%n", e.id, n,
                    c, r + 1, settings.runs(), runs[0].millis(), runs[1].millis());
        }
        return new Row(e, n, c, directMs, proxyMs, CallStats.of(directCalls), CallStats.of(proxyCalls));
    }

    /**
     * Runs both paths' code (gRPC, protobuf, the service, the Record Layer) for a while on a backend without latency,
     * so that the JIT has compiled it before anything is timed: the gRPC path takes some ten thousand calls to reach
     * steady state, which a run with cluster latency would otherwise spend measuring.
     */
    void warmUp() throws IOException {
        if (settings.warmupSeconds() <= 0) {
            return;
        }
        long calls = 0;
        JitSettling warmup;
        try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.NONE);
             InProcessServer server = InProcessServer.start(backend);
             TicketLayer direct = DirectTicketLayer.open(backend.recordDatabase(), "warm-up");
             TicketLayer proxy = GrpcTicketLayer.connect(server.target())) {
            List<Ticket> tickets = new RandomTickets(new Random(settings.seed())).next(0, 1_000);
            direct.saveAll(tickets.subList(0, 500));
            direct.saveAll(tickets.subList(500, 1_000));
            // The clock starts after the set-up, which on a busy machine could otherwise take the whole warm-up.
            warmup = JitSettling.start(settings.warmupSeconds(), settings.warmupMaxSeconds());
            // Mostly single loads and saves, the calls the JIT must have compiled before the timed runs; a scan of
            // the 1,000 tickets every tenth round (scans took most of the warm-up when there was one per round).
            for (int round = 0; !warmup.done(); round++) {
                for (TicketLayer layer : List.of(direct, proxy)) {
                    for (int i = 0; i < 200; i++) {
                        layer.load(tickets.get(i * 5).getId());
                        layer.save(tickets.get(i * 5 + 1));
                    }
                    layer.saveAll(tickets.subList(0, 10));
                    calls += 401;
                    if (round % 10 == 0) {
                        layer.scan(t -> { });
                        calls++;
                    }
                }
            }
        }
        progress.printf(Locale.ROOT, "warmed up both paths: %,d calls (untimed); %s%n", calls, warmup.describe());
    }

    /** Empties the store and fills it with the read experiments' tickets, untimed. */
    private void load(TicketLayer layer) {
        long start = System.nanoTime();
        layer.deleteAll();
        RandomTickets tickets = new RandomTickets(random);
        for (int first = 0; first < settings.tickets(); first += LOAD_BATCH) {
            layer.saveAll(tickets.next(first, Math.min(LOAD_BATCH, settings.tickets() - first)));
        }
        loaded = true;
        progress.printf(Locale.ROOT, "stored %,d tickets in %.1f s (untimed)%n", settings.tickets(),
                (System.nanoTime() - start) / 1e9);
    }

    /** One run of one experiment on one path: untimed preparation, then the timed calls of C clients. */
    Clients.Run measure(Experiment e, int n, int c, TicketLayer layer) {
        switch (e) {
            case GET_SINGLE:
                return getSingle(n, c, layer);
            case GET_MULTIPLE:
                return getMultiple(n, c, layer);
            case CREATE_SINGLE:
                return createSingle(n, c, layer);
            case CREATE_MULTIPLE:
            default:
                return createMultiple(n, c, layer);
        }
    }

    private Clients.Run getSingle(int n, int c, TicketLayer layer) {
        IntStream.Builder stored = IntStream.builder();
        layer.scan(t -> stored.add(t.getId()));
        int[] ids = stored.build().toArray();
        check(ids.length == settings.tickets(), "get-single: the scan found " + ids.length + " tickets, not "
                + settings.tickets());
        for (int i = ids.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = ids[i];
            ids[i] = ids[j];
            ids[j] = t;
        }
        quiesce();
        AtomicInteger missing = new AtomicInteger();
        Clients.Run run = clients.time(c, n, i -> {
            if (layer.load(ids[i % ids.length]) == null) {
                missing.incrementAndGet();
            }
        });
        check(missing.get() == 0, "get-single: " + missing + " loads found nothing");
        return run;
    }

    private Clients.Run getMultiple(int n, int c, TicketLayer layer) {
        long[] counts = new long[n];
        quiesce();
        Clients.Run run = clients.time(c, n, i -> counts[i] = layer.scan(t -> { }));
        check(Arrays.stream(counts).allMatch(x -> x == settings.tickets()), "get-multiple: scans returned "
                + Arrays.toString(counts) + " tickets, not " + settings.tickets());
        return run;
    }

    private Clients.Run createSingle(int n, int c, TicketLayer layer) {
        layer.deleteAll();
        List<Ticket> tickets = new RandomTickets(random).next(0, n);
        quiesce();
        Clients.Run run = clients.time(c, n, i -> layer.save(tickets.get(i)));
        check(layer.scan(t -> { }) == n, "create-single: the store does not hold the " + n + " tickets saved");
        layer.deleteAll();
        return run;
    }

    private Clients.Run createMultiple(int n, int c, TicketLayer layer) {
        layer.deleteAll();
        RandomTickets random = new RandomTickets(this.random);
        List<List<Ticket>> lists = new ArrayList<>(settings.batches());
        for (int i = 0; i < settings.batches(); i++) {
            lists.add(random.next(i * n, n));
        }
        quiesce();
        Clients.Run run = clients.time(c, settings.batches(), i -> layer.saveAll(lists.get(i)));
        check(layer.scan(t -> { }) == (long) n * settings.batches(), "create-multiple: the store does not hold the "
                + (long) n * settings.batches() + " tickets saved");
        layer.deleteAll();
        return run;
    }

    @Override
    public void close() {
        clients.close();
    }

    /** Collects the garbage of the untimed preparation before the timed loop rather than inside it. */
    private static void quiesce() {
        System.gc();
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException(message);
        }
    }

    /** Writes to two streams: the tables go to the terminal and to the output directory's text file. */
    private static final class TeeStream extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        TeeStream(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int x) throws IOException {
            a.write(x);
            b.write(x);
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            a.write(bytes, off, len);
            b.write(bytes, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }
    }
}
