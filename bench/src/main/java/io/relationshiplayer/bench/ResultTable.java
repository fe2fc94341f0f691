package io.relationshiplayer.bench;

import io.relationshiplayer.client.text.TextColumn;
import io.relationshiplayer.client.text.TextTable;
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

    /** The goal's verdict runs free at the end; the rule spans its longest, "not met (writes)". */
    private static final TextTable TABLE = TextTable.builder().freeLast(true)
            .column(TextColumn.left("engine", 8)).column(TextColumn.right("threads", 7))
            .column(TextColumn.right("reads/s", 12)).column(TextColumn.right("FDB reads/s", 11))
            .column(TextColumn.right("ratio", 7)).column(TextColumn.right("writes/s", 12))
            .column(TextColumn.right("FDB writes/s", 12)).column(TextColumn.right("ratio", 7))
            .column("  ", TextColumn.left("goal", 16)).build();

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
        out.println(TABLE.header());
        out.println(TABLE.rule());
        for (Row r : rows) {
            double fdbReads = reference.reads(r.durable());
            double fdbWrites = reference.writes(r.durable());
            out.println(TABLE.row(List.of(r.engine(), Integer.toString(r.threads()), count(r.readsPerSecond()),
                    count(fdbReads), ratio(r.readsPerSecond() / fdbReads), count(r.writesPerSecond()),
                    count(fdbWrites), ratio(r.writesPerSecond() / fdbWrites), verdict(r.durable(),
                            r.readsPerSecond(), r.writesPerSecond()))));
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

    private static String count(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    private static String ratio(double ratio) {
        return String.format(Locale.ROOT, "%.2fx", ratio);
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
