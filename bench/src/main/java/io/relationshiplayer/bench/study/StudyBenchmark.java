package io.relationshiplayer.bench.study;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.tickets.DirectTicketLayer;
import io.relationshiplayer.tickets.GrpcTicketLayer;
import io.relationshiplayer.tickets.RandomTickets;
import io.relationshiplayer.tickets.TicketLayer;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * The study's four proxy / no-proxy experiments, both paths in one run on one embedded memory backend: the Record
 * Layer used directly ({@link DirectTicketLayer}) and the record service on a loopback port
 * ({@link GrpcTicketLayer} to an {@link InProcessServer}). Each run times only its loop of calls (System.nanoTime
 * around it, as the study did); runs alternate which path goes first. Tables print beside the study's own rows, then
 * the goals: proxy overhead under 5 % on every row with cluster latency, under 40 µs per single-record call without
 * latency, full scans through the proxy within 10 % of direct.
 *
 * <pre>
 * StudyBenchmark [--latency none|cluster] [--runs 3] [--warmup-seconds 10] [--quick] [--tickets 75000]
 *                [--batches 500]
 *                [--experiments get-single,get-multiple,create-single,create-multiple]
 *                [--sizes EXPERIMENT=N,N,...]... [--seed S] [--reference path/to/study-results.csv]
 * </pre>
 */
public final class StudyBenchmark {
    /** Per-row goal with cluster latency: the proxy adds less than this, in percent. */
    static final double CLUSTER_GOAL_PCT = 5.0;
    /** Goal without latency: the proxy adds less than this per single-record call, in microseconds. */
    static final double PER_CALL_GOAL_MICROS = 40.0;
    /** Goal for full scans: the proxy within this much of direct, in percent. */
    static final double SCAN_GOAL_PCT = 10.0;
    /** Tickets per transaction when loading the store for the read experiments. */
    private static final int LOAD_BATCH = 500;

    /** What to run. */
    record Settings(String latencyName, LatencyProfile latency, int runs, double warmupSeconds, boolean quick,
                    int tickets, int batches, Map<Experiment, List<Integer>> sizes, long seed,
                    Optional<Path> reference) {

        static Settings parse(String[] args) {
            String latency = "none";
            int runs = 3;
            double warmupSeconds = 10;
            boolean quick = false;
            Integer tickets = null;
            int batches = 500;
            List<Experiment> experiments = List.of(Experiment.values());
            Map<Experiment, List<Integer>> overrides = new EnumMap<>(Experiment.class);
            long seed = 20_240_429L;
            Optional<Path> reference = Optional.empty();
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
                    case "--latency" -> latency = value.toLowerCase(Locale.ROOT);
                    case "--runs" -> runs = Integer.parseInt(value);
                    case "--warmup-seconds" -> warmupSeconds = Double.parseDouble(value);
                    case "--tickets" -> tickets = Integer.parseInt(value);
                    case "--batches" -> batches = Integer.parseInt(value);
                    case "--experiments" -> experiments = Arrays.stream(value.split(",")).map(String::trim)
                            .map(Experiment::named).toList();
                    case "--sizes" -> {
                        String[] kv = value.split("=", 2);
                        if (kv.length != 2) {
                            throw new IllegalArgumentException("--sizes takes EXPERIMENT=N,N,... , got " + value);
                        }
                        overrides.put(Experiment.named(kv[0].trim()), Arrays.stream(kv[1].split(","))
                                .map(String::trim).map(Integer::valueOf).toList());
                    }
                    case "--seed" -> seed = Long.parseLong(value);
                    case "--reference" -> reference = Optional.of(Path.of(value));
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            LatencyProfile profile = LatencyProfile.named(latency);
            int storeSize = tickets != null ? tickets : quick ? 10_000 : 75_000;
            if (runs <= 0 || warmupSeconds < 0 || storeSize <= 0 || batches <= 0) {
                throw new IllegalArgumentException("--runs, --tickets and --batches must be positive, "
                        + "--warmup-seconds not negative");
            }
            Map<Experiment, List<Integer>> sizes = new EnumMap<>(Experiment.class);
            for (Experiment e : experiments) {
                List<Integer> s = overrides.getOrDefault(e, quick ? e.quickSizes : e.studySizes);
                if (s.isEmpty() || s.stream().anyMatch(n -> n <= 0)) {
                    throw new IllegalArgumentException("sizes of " + e.id + " must be positive");
                }
                long perBatchLimit = Integer.MAX_VALUE / batches;
                if (e == Experiment.CREATE_MULTIPLE && s.stream().anyMatch(n -> n > perBatchLimit)) {
                    throw new IllegalArgumentException("create-multiple: BATCHES * N must fit a ticket id");
                }
                sizes.put(e, s);
            }
            for (Experiment e : overrides.keySet()) {
                if (!sizes.containsKey(e)) {
                    throw new IllegalArgumentException("--sizes names " + e.id + ", which --experiments leaves out");
                }
            }
            return new Settings(latency, profile, runs, warmupSeconds, quick, storeSize, batches, sizes, seed,
                    reference);
        }
    }

    /** The timings of one size of one experiment on both paths. */
    record Row(Experiment experiment, int n, Timings direct, Timings proxy) {
        double increasePct() {
            return (proxy.mean() - direct.mean()) / direct.mean() * 100;
        }

        /** Microseconds the proxy added per call. */
        double addedMicrosPerCall(int batches) {
            return (proxy.mean() - direct.mean()) * 1000 / experiment.calls(n, batches);
        }
    }

    private final Settings settings;
    private final PrintStream progress;
    private final Random random;
    /** Whether the store holds the read experiments' tickets. */
    private boolean loaded;

    StudyBenchmark(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
        this.random = new Random(settings.seed());
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bench study: " + e.getMessage());
            return 2;
        }
        StudyReference reference = StudyReference.resolve(settings.reference());
        StudyTable table = new StudyTable(settings, reference, out);
        table.printHeader();
        List<Row> all = new ArrayList<>();
        StudyBenchmark bench = new StudyBenchmark(settings, err);
        bench.warmUp();
        try (Backend backend = Backend.open(BackendSpec.memory(), settings.latency());
             InProcessServer server = InProcessServer.start(backend.recordDatabase());
             TicketLayer direct = DirectTicketLayer.open(backend.recordDatabase(), backend.spec().toString());
             TicketLayer proxy = GrpcTicketLayer.connect(server.target())) {
            for (Map.Entry<Experiment, List<Integer>> e : settings.sizes().entrySet()) {
                List<Row> rows = bench.experiment(e.getKey(), e.getValue(), direct, proxy);
                table.printExperiment(e.getKey(), rows);
                all.addAll(rows);
            }
        }
        table.printGoals(all);
        return 0;
    }

    List<Row> experiment(Experiment e, List<Integer> sizes, TicketLayer direct, TicketLayer proxy) {
        if (e.reads && !loaded) {
            load(direct);
        }
        int smallest = sizes.stream().min(Integer::compare).orElseThrow();
        for (TicketLayer layer : List.of(direct, proxy)) {
            measure(e, smallest, layer);
        }
        List<Row> rows = new ArrayList<>();
        for (int n : sizes) {
            Row row = new Row(e, n, new Timings(), new Timings());
            for (int r = 0; r < settings.runs(); r++) {
                // Alternate which path goes first, so that neither always runs on a warmer (or more cluttered) heap.
                boolean directFirst = r % 2 == 0;
                double[] ms = new double[2];
                for (TicketLayer layer : directFirst ? List.of(direct, proxy) : List.of(proxy, direct)) {
                    ms[layer == direct ? 0 : 1] = measure(e, n, layer);
                }
                row.direct().add(ms[0]);
                row.proxy().add(ms[1]);
                progress.printf(Locale.ROOT, "%s N=%,d run %d/%d: direct %,.1f ms, proxy %,.1f ms%n", e.id, n, r + 1,
                        settings.runs(), ms[0], ms[1]);
            }
            rows.add(row);
        }
        if (!e.reads) {
            loaded = false;
        }
        return rows;
    }

    /**
     * Runs both paths' code (gRPC, protobuf, the service, the Record Layer) for a while on a backend without latency,
     * so that the JIT has compiled it before anything is timed: the gRPC path takes some ten thousand calls to reach
     * steady state, which a run with cluster latency would otherwise spend measuring.
     */
    void warmUp() throws java.io.IOException {
        if (settings.warmupSeconds() <= 0) {
            return;
        }
        long start = System.nanoTime();
        long calls = 0;
        try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.NONE);
             InProcessServer server = InProcessServer.start(backend.recordDatabase());
             TicketLayer direct = DirectTicketLayer.open(backend.recordDatabase(), "warm-up");
             TicketLayer proxy = GrpcTicketLayer.connect(server.target())) {
            List<Ticket> tickets = new RandomTickets(new Random(settings.seed())).next(0, 1_000);
            direct.saveAll(tickets.subList(0, 500));
            direct.saveAll(tickets.subList(500, 1_000));
            long until = start + (long) (settings.warmupSeconds() * 1e9);
            while (System.nanoTime() < until) {
                for (TicketLayer layer : List.of(direct, proxy)) {
                    for (int i = 0; i < 200; i++) {
                        layer.load(tickets.get(i * 5).getId());
                        layer.save(tickets.get(i * 5 + 1));
                    }
                    layer.saveAll(tickets.subList(0, 10));
                    layer.scan(t -> { });
                    calls += 402;
                }
            }
        }
        progress.printf(Locale.ROOT, "warmed up both paths: %,d calls in %.1f s (untimed)%n", calls,
                (System.nanoTime() - start) / 1e9);
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

    /** One run of one experiment on one path: untimed preparation, then the timed loop; returns milliseconds. */
    double measure(Experiment e, int n, TicketLayer layer) {
        switch (e) {
            case GET_SINGLE:
                return getSingle(n, layer);
            case GET_MULTIPLE:
                return getMultiple(n, layer);
            case CREATE_SINGLE:
                return createSingle(n, layer);
            case CREATE_MULTIPLE:
            default:
                return createMultiple(n, layer);
        }
    }

    private double getSingle(int n, TicketLayer layer) {
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
        int missing = 0;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            if (layer.load(ids[i % ids.length]) == null) {
                missing++;
            }
        }
        long elapsed = System.nanoTime() - start;
        check(missing == 0, "get-single: " + missing + " loads found nothing");
        return elapsed / 1e6;
    }

    private double getMultiple(int n, TicketLayer layer) {
        long[] counts = new long[n];
        quiesce();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            counts[i] = layer.scan(t -> { });
        }
        long elapsed = System.nanoTime() - start;
        check(Arrays.stream(counts).allMatch(c -> c == settings.tickets()), "get-multiple: scans returned "
                + Arrays.toString(counts) + " tickets, not " + settings.tickets());
        return elapsed / 1e6;
    }

    private double createSingle(int n, TicketLayer layer) {
        layer.deleteAll();
        List<Ticket> tickets = new RandomTickets(random).next(0, n);
        quiesce();
        long start = System.nanoTime();
        for (Ticket t : tickets) {
            layer.save(t);
        }
        long elapsed = System.nanoTime() - start;
        check(layer.scan(t -> { }) == n, "create-single: the store does not hold the " + n + " tickets saved");
        layer.deleteAll();
        return elapsed / 1e6;
    }

    private double createMultiple(int n, TicketLayer layer) {
        layer.deleteAll();
        RandomTickets random = new RandomTickets(this.random);
        List<List<Ticket>> lists = new ArrayList<>(settings.batches());
        for (int i = 0; i < settings.batches(); i++) {
            lists.add(random.next(i * n, n));
        }
        quiesce();
        long start = System.nanoTime();
        for (List<Ticket> batch : lists) {
            layer.saveAll(batch);
        }
        long elapsed = System.nanoTime() - start;
        check(layer.scan(t -> { }) == (long) n * settings.batches(), "create-multiple: the store does not hold the "
                + (long) n * settings.batches() + " tickets saved");
        layer.deleteAll();
        return elapsed / 1e6;
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
}
