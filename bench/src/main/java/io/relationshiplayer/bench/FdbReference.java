package io.relationshiplayer.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.Nonnull;

/**
 * FoundationDB's published single-process throughput (one process on one core, 16-byte keys, 8-100 byte values),
 * as published in FoundationDB's performance documentation (apple.github.io/foundationdb/performance.html), read from
 * the repository's {@code reference/fdb-performance.csv}.
 *
 * @param memoryReads reads/s of the memory storage engine
 * @param memoryWrites writes/s of the memory storage engine
 * @param ssdReads reads/s of the ssd storage engine
 * @param ssdWrites writes/s of the ssd storage engine
 * @param source where the figures came from
 */
public record FdbReference(double memoryReads, double memoryWrites, double ssdReads, double ssdWrites,
                           String source) {
    /** The figures of {@code explicit} if given, else of the shipped reference/fdb-performance.csv. */
    @Nonnull
    public static FdbReference resolve(@Nonnull Optional<Path> explicit) throws IOException {
        ReferenceFile file = ReferenceFile.read("fdb-performance.csv", explicit);
        return parse(file.lines(), file.source());
    }

    /** Parses rows {@code figure,engine,value,unit,note}; needs reads_per_core and writes_per_core of both engines. */
    @Nonnull
    static FdbReference load(@Nonnull Path csv) throws IOException {
        return resolve(Optional.of(csv));
    }

    private static FdbReference parse(List<String> lines, String csv) {
        Map<String, Double> figures = new HashMap<>();
        for (String line : lines) {
            String[] f = line.split(",", 5);
            if (f.length >= 3 && f[0].endsWith("_per_core")) {
                figures.put(f[0] + "/" + f[1], Double.parseDouble(f[2]));
            }
        }
        return new FdbReference(need(figures, "reads_per_core/memory", csv), need(figures, "writes_per_core/memory", csv),
                need(figures, "reads_per_core/ssd", csv), need(figures, "writes_per_core/ssd", csv), csv);
    }

    private static double need(Map<String, Double> figures, String name, String csv) {
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
