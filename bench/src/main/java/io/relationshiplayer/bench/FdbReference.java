package io.relationshiplayer.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nonnull;

/**
 * FoundationDB's published single-process throughput (one process on one core, 16-byte keys, 8-100 byte values),
 * read from {@code shared/reference/fdb-performance.csv} or, without that file, the same four figures as published
 * in FoundationDB's performance documentation (apple.github.io/foundationdb/performance.html).
 *
 * @param memoryReads reads/s of the memory storage engine
 * @param memoryWrites writes/s of the memory storage engine
 * @param ssdReads reads/s of the ssd storage engine
 * @param ssdWrites writes/s of the ssd storage engine
 * @param source where the figures came from
 */
public record FdbReference(double memoryReads, double memoryWrites, double ssdReads, double ssdWrites,
                           String source) {
    /** The relative locations tried from the working directory (the repository root, or a module inside it). */
    static final List<String> CANDIDATES = List.of("../shared/reference/fdb-performance.csv",
            "../../shared/reference/fdb-performance.csv", "shared/reference/fdb-performance.csv");

    static final FdbReference PUBLISHED = new FdbReference(90_000, 35_000, 55_000, 20_000,
            "built-in: FoundationDB performance documentation, single process on one core (E3-1240)");

    /** The figures from {@code explicit} if given, else from the first candidate file that exists, else built in. */
    @Nonnull
    public static FdbReference resolve(@Nonnull Optional<Path> explicit) throws IOException {
        if (explicit.isPresent()) {
            return load(explicit.get());
        }
        for (String candidate : CANDIDATES) {
            Path p = Path.of(candidate);
            if (Files.isRegularFile(p)) {
                return load(p);
            }
        }
        return PUBLISHED;
    }

    /** Parses rows {@code figure,engine,value,unit,note}; needs reads_per_core and writes_per_core of both engines. */
    @Nonnull
    static FdbReference load(@Nonnull Path csv) throws IOException {
        Map<String, Double> figures = new HashMap<>();
        for (String line : Files.readAllLines(csv)) {
            String[] f = line.split(",", 5);
            if (f.length >= 3 && f[0].endsWith("_per_core")) {
                figures.put(f[0] + "/" + f[1], Double.parseDouble(f[2]));
            }
        }
        return new FdbReference(need(figures, "reads_per_core/memory", csv), need(figures, "writes_per_core/memory", csv),
                need(figures, "reads_per_core/ssd", csv), need(figures, "writes_per_core/ssd", csv),
                csv.toAbsolutePath().normalize().toString());
    }

    private static double need(Map<String, Double> figures, String name, Path csv) {
        Double v = figures.get(name);
        if (v == null) {
            throw new IllegalArgumentException(csv + " has no figure " + name);
        }
        return v;
    }

    /** FoundationDB's reads/s for the engine ours is compared with (memory with memory, durable with ssd). */
    double reads(boolean durable) {
        return durable ? ssdReads : memoryReads;
    }

    double writes(boolean durable) {
        return durable ? ssdWrites : memoryWrites;
    }
}
