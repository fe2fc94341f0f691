package io.relationshiplayer.bench;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** Prints measured throughput beside FoundationDB's published figures, with the ratio and the goal for each engine. */
final class ResultTable {
    /** The memory engine should do at least twice FoundationDB's per-core figures. */
    static final double MEMORY_GOAL = 2.0;
    /** The durable engine should at least match FoundationDB's ssd engine. */
    static final double DURABLE_GOAL = 1.0;

    /** One cell of the benchmark: an engine at a number of client threads. */
    record Row(String engine, boolean durable, int threads, double readsPerSecond, double writesPerSecond) {
    }

    private final FdbReference reference;

    ResultTable(FdbReference reference) {
        this.reference = Objects.requireNonNull(reference, "reference is null");
    }

    static double goalFactor(boolean durable) {
        return durable ? DURABLE_GOAL : MEMORY_GOAL;
    }

    void print(List<Row> rows, PrintStream out) {
        out.println("FoundationDB figures (one process, one core): " + reference.source());
        out.printf(Locale.ROOT, "ours: one JVM on %d available cores; memory compared with FDB memory (goal %.0fx), "
                + "durable with FDB ssd (goal %.0fx)%n", Runtime.getRuntime().availableProcessors(), MEMORY_GOAL,
                DURABLE_GOAL);
        String header = String.format(Locale.ROOT, "%-8s %7s %12s %11s %7s %12s %12s %7s  %s", "engine", "threads",
                "reads/s", "FDB reads/s", "ratio", "writes/s", "FDB writes/s", "ratio", "goal");
        out.println(header);
        out.println("-".repeat(header.length() + 12));
        for (Row r : rows) {
            double fdbReads = reference.reads(r.durable());
            double fdbWrites = reference.writes(r.durable());
            out.printf(Locale.ROOT, "%-8s %7d %,12.0f %,11.0f %6.2fx %,12.0f %,12.0f %6.2fx  %s%n", r.engine(),
                    r.threads(), r.readsPerSecond(), fdbReads, r.readsPerSecond() / fdbReads, r.writesPerSecond(),
                    fdbWrites, r.writesPerSecond() / fdbWrites, verdict(r.durable(), r.readsPerSecond(),
                            r.writesPerSecond()));
        }
        out.println();
        for (String engine : rows.stream().map(Row::engine).distinct().toList()) {
            List<Row> mine = rows.stream().filter(r -> r.engine().equals(engine)).toList();
            boolean durable = mine.get(0).durable();
            Row bestReads = mine.stream().max(Comparator.comparingDouble(Row::readsPerSecond)).orElseThrow();
            Row bestWrites = mine.stream().max(Comparator.comparingDouble(Row::writesPerSecond)).orElseThrow();
            double factor = goalFactor(durable);
            out.printf(Locale.ROOT, "goal %-7s reads >= %,.0f/s: best %,.0f/s at %d threads; writes >= %,.0f/s: best "
                            + "%,.0f/s at %d threads -> %s%n", engine, factor * reference.reads(durable),
                    bestReads.readsPerSecond(), bestReads.threads(), factor * reference.writes(durable),
                    bestWrites.writesPerSecond(), bestWrites.threads(),
                    verdict(durable, bestReads.readsPerSecond(), bestWrites.writesPerSecond()));
        }
    }

    private String verdict(boolean durable, double reads, double writes) {
        double factor = goalFactor(durable);
        boolean readsMet = reads >= factor * reference.reads(durable);
        boolean writesMet = writes >= factor * reference.writes(durable);
        if (readsMet && writesMet) {
            return "met";
        }
        if (!readsMet && !writesMet) {
            return "not met";
        }
        return readsMet ? "not met (writes)" : "not met (reads)";
    }
}
