package io.relationshiplayer.bench;

import com.apple.foundationdb.Database;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Point reads and small commits per second of the embedded engines (memory; durable in a temporary directory) at 1, 8
 * and 64 client threads, printed beside FoundationDB's published single-process figures.
 *
 * <pre>
 * EngineBenchmark [--seconds 3] [--warmup-seconds 1] [--keys 100000] [--reads-per-transaction 10]
 *                 [--threads 1,8,64] [--engines memory,durable] [--reference path/to/fdb-performance.csv]
 * </pre>
 */
public final class EngineBenchmark {
    private static final long SEED = 20_240_601L;

    private final Settings settings;

    /** What to run; defaults are those of FoundationDB's published figures and the brief. */
    record Settings(double seconds, double warmupSeconds, int keys, int readsPerTransaction, List<Integer> threads,
                    List<String> engines, Optional<Path> reference) {

        static Settings parse(String[] args) {
            double seconds = 3;
            double warmup = 1;
            int keys = 100_000;
            int readsPerTransaction = 10;
            List<Integer> threads = List.of(1, 8, 64);
            List<String> engines = List.of("memory", "durable");
            Optional<Path> reference = Optional.empty();
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + name);
                }
                String value = args[++i];
                switch (name) {
                    case "--seconds" -> seconds = Double.parseDouble(value);
                    case "--warmup-seconds" -> warmup = Double.parseDouble(value);
                    case "--keys" -> keys = Integer.parseInt(value);
                    case "--reads-per-transaction" -> readsPerTransaction = Integer.parseInt(value);
                    case "--threads" -> threads = Arrays.stream(value.split(",")).map(String::trim)
                            .map(Integer::valueOf).toList();
                    case "--engines" -> engines = Arrays.stream(value.split(",")).map(String::trim).toList();
                    case "--reference" -> reference = Optional.of(Path.of(value));
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            if (seconds <= 0 || warmup < 0 || keys <= 0 || readsPerTransaction <= 0
                    || threads.stream().anyMatch(t -> t <= 0)) {
                throw new IllegalArgumentException("--seconds, --keys, --reads-per-transaction and --threads must be "
                        + "positive, --warmup-seconds not negative");
            }
            for (String engine : engines) {
                if (!engine.equals("memory") && !engine.equals("durable")) {
                    throw new IllegalArgumentException("unknown engine '" + engine + "': expected memory or durable");
                }
            }
            return new Settings(seconds, warmup, keys, readsPerTransaction, threads, engines, reference);
        }
    }

    EngineBenchmark(Settings settings) {
        this.settings = settings;
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bench engine: " + e.getMessage());
            return 2;
        }
        FdbReference reference = FdbReference.resolve(settings.reference());
        List<ResultTable.Row> rows = new EngineBenchmark(settings).run();
        new ResultTable(reference).print(rows, out);
        return 0;
    }

    List<ResultTable.Row> run() throws Exception {
        List<ResultTable.Row> rows = new ArrayList<>();
        for (String engine : settings.engines()) {
            boolean durable = engine.equals("durable");
            Path dir = durable ? Files.createTempDirectory("rl-bench-durable-") : null;
            try (Database db = EmbeddedDatabase.open(durable ? EngineConfig.durable(dir) : EngineConfig.memory())) {
                long t0 = System.nanoTime();
                Workload workload = Workload.preload(db, settings.keys(), SEED);
                System.err.printf(Locale.ROOT, "%s: preloaded %,d keys in %.1f s%n", engine, workload.keyCount(),
                        (System.nanoTime() - t0) / 1e9);
                for (int threads : settings.threads()) {
                    double reads = measure(threads, () -> {
                        workload.readTransaction(db, settings.readsPerTransaction());
                        return settings.readsPerTransaction();
                    });
                    double writes = measure(threads, () -> {
                        workload.smallCommit(db);
                        return 1;
                    });
                    System.err.printf(Locale.ROOT, "%s, %d threads: %,.0f reads/s, %,.0f writes/s%n", engine, threads,
                            reads, writes);
                    rows.add(new ResultTable.Row(engine, durable, threads, reads, writes));
                }
            } finally {
                if (dir != null) {
                    deleteRecursively(dir);
                }
            }
            // The closed engine's data is garbage now: collect it here rather than inside the next engine's cells.
            System.gc();
        }
        return rows;
    }

    private double measure(int threads, Throughput.Operation op) throws InterruptedException {
        return Throughput.measure(threads, Math.round(settings.warmupSeconds() * 1000),
                Math.round(settings.seconds() * 1000), op);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
