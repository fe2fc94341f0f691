package io.relationshiplayer.bench.study;

import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the study benchmark runs, from its command line.
 *
 * @param backend the backend both paths share (embedded memory, embedded durable, or a real cluster)
 * @param clients the client counts each cell runs with; 1 is the study's serial client
 * @param out     where CSV, JSON, the tables and the figures go, if anywhere
 */
record StudySettings(String latencyName, LatencyProfile latency, BackendSpec backend, int runs,
                     double warmupSeconds, double warmupMaxSeconds, boolean quick, boolean full, int tickets, int batches,
                     Map<Experiment, List<Integer>> sizes, List<Integer> clients, long seed,
                     Optional<Path> reference, Optional<Path> out) {
    /** Repetitions per cell with {@code --full}, as in the study. */
    static final int STUDY_RUNS = 20;
    /** Client counts with {@code --full}. */
    static final List<Integer> FULL_CLIENTS = List.of(1, 8, 64);

    static StudySettings parse(String[] args) {
        String latency = "none";
        String backend = "embedded:memory";
        Integer runs = null;
        double warmupSeconds = 10;
        Double warmupMax = null;
        boolean quick = false;
        boolean full = false;
        Integer tickets = null;
        int batches = 500;
        List<Experiment> experiments = List.of(Experiment.values());
        Map<Experiment, List<Integer>> overrides = new EnumMap<>(Experiment.class);
        List<Integer> clients = null;
        long seed = 20_240_429L;
        Optional<Path> reference = Optional.empty();
        Optional<Path> out = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("--quick") || name.equals("--full")) {
                quick |= name.equals("--quick");
                full |= name.equals("--full");
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + name);
            }
            String value = args[++i];
            switch (name) {
                case "--latency" -> latency = value.toLowerCase(Locale.ROOT);
                case "--backend" -> backend = value;
                case "--runs" -> runs = Integer.parseInt(value);
                case "--warmup-seconds" -> warmupSeconds = Double.parseDouble(value);
                case "--warmup-max" -> warmupMax = Double.parseDouble(value);
                case "--tickets" -> tickets = Integer.parseInt(value);
                case "--batches" -> batches = Integer.parseInt(value);
                case "--experiments" -> experiments = Arrays.stream(value.split(",")).map(String::trim)
                        .map(Experiment::named).toList();
                case "--sizes" -> {
                    String[] kv = value.split("=", 2);
                    if (kv.length != 2) {
                        throw new IllegalArgumentException("--sizes takes EXPERIMENT=N,N,... , got " + value);
                    }
                    overrides.put(Experiment.named(kv[0].trim()), integers(kv[1]));
                }
                case "--clients" -> clients = integers(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--reference" -> reference = Optional.of(Path.of(value));
                case "--out" -> out = Optional.of(Path.of(value));
                default -> throw new IllegalArgumentException("unknown option " + name);
            }
        }
        if (quick && full) {
            throw new IllegalArgumentException("--quick and --full exclude each other");
        }
        LatencyProfile profile = LatencyProfile.named(latency);
        BackendSpec spec = BackendSpec.parse(backend);
        if (spec.kind() == BackendSpec.Kind.FDB && !profile.isNone()) {
            throw new IllegalArgumentException("--latency models a cluster on an embedded engine; a real cluster ("
                    + backend + ") has its own: leave --latency none");
        }
        int repetitions = runs != null ? runs : full ? STUDY_RUNS : 3;
        int storeSize = tickets != null ? tickets : quick ? 10_000 : 75_000;
        List<Integer> clientCounts = clients != null ? clients : full ? FULL_CLIENTS : List.of(1);
        // The warm-up goes on past --warmup-seconds until the JIT compiler has settled (JitSettling), for at most
        // --warmup-max seconds: a partly compiled proxy path measured the compiler as much as the hop.
        double maxWarmup = warmupMax != null ? warmupMax : Math.max(warmupSeconds, 120);
        if (repetitions <= 0 || warmupSeconds < 0 || storeSize <= 0 || batches <= 0) {
            throw new IllegalArgumentException("--runs, --tickets and --batches must be positive, "
                    + "--warmup-seconds not negative");
        }
        if (maxWarmup < warmupSeconds) {
            throw new IllegalArgumentException("--warmup-max must be at least --warmup-seconds");
        }
        if (clientCounts.isEmpty() || clientCounts.stream().anyMatch(c -> c <= 0 || c > 1024)
                || clientCounts.stream().distinct().count() != clientCounts.size()) {
            throw new IllegalArgumentException("--clients takes distinct counts from 1 to 1024, got " + clientCounts);
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
        return new StudySettings(latency, profile, spec, repetitions, warmupSeconds, maxWarmup, quick, full, storeSize, batches,
                sizes, List.copyOf(clientCounts), seed, reference, out);
    }

    private static List<Integer> integers(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).map(Integer::valueOf).toList();
    }
}
