package io.relationshiplayer.bench.relationships;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The foreign-key benchmark's inserts as SQL, through a client, into each of several databases ({@code --postgres}):
 * the same four child tables and the same rows, one multi-row INSERT of a batch's rows per transaction, each run on
 * fresh tables, the order of the tables alternating between runs after a warm-up round. Prints each database's median
 * times and its ratios foreign key / no foreign key and index and foreign key / index only.
 */
final class InsertComparison {
    /** A database the inserts go to. */
    interface Target {
        /** The column heading of its times. */
        String name();

        /** What it is and how it is reached. */
        String describe() throws Exception;

        /**
         * One timed run into fresh tables of {@code kind} (a {@code ForeignKeyBenchmark.Kind}'s name): {@link #times}.
         */
        double[] run(String kind) throws Exception;
    }

    private InsertComparison() {
    }

    /**
     * A run's seconds: its first INSERT (planned anew after the tables were made: apart, so that the planner's cost
     * does not hide the foreign key's) and the others, from the nano times of the start, the first's end and the end.
     */
    static double[] times(long start, long firstEnd, long end) {
        return new double[] {(firstEnd - start) / 1e9, (end - firstEnd) / 1e9};
    }

    /** Runs and prints; a database that fails is reported and left out. */
    static void compare(List<Target> targets, List<String> kinds, List<String> labels, int runs, int batch,
                        PrintStream out) {
        out.printf(Locale.ROOT, "The same inserts as SQL, one %d-row INSERT per transaction, median of %d runs after a "
                + "warm-up round; the times leave out each run's first INSERT (it plans), given apart:%n", batch, runs);
        List<Target> measured = new ArrayList<>();
        List<double[]> medians = new ArrayList<>();
        List<double[]> firsts = new ArrayList<>();
        for (Target t : targets) {
            double[][] seconds = new double[kinds.size()][runs];
            double[][] first = new double[kinds.size()][runs];
            try {
                out.println("  " + t.name().replace(" (s)", "") + ": " + t.describe());
                for (int run = -1; run < runs; run++) {
                    for (int i = 0; i < kinds.size(); i++) {
                        int k = run % 2 == 0 ? i : kinds.size() - 1 - i;
                        double[] s = t.run(kinds.get(k));
                        if (run >= 0) {
                            first[k][run] = s[0];
                            seconds[k][run] = s[1];
                        }
                    }
                }
            } catch (Exception e) {
                out.println("  " + t.name().replace(" (s)", "") + ": failed (" + e.getMessage() + "): left out");
                continue;
            }
            double[] m = new double[kinds.size()];
            double[] f = new double[kinds.size()];
            for (int k = 0; k < m.length; k++) {
                m[k] = ForeignKeyBenchmark.median(seconds[k]);
                f[k] = ForeignKeyBenchmark.median(first[k]);
            }
            measured.add(t);
            medians.add(m);
            firsts.add(f);
        }
        if (measured.isEmpty()) {
            out.println();
            return;
        }
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "  %-36s", "table"));
        measured.forEach(t -> header.append(String.format(Locale.ROOT, " %24s", t.name())));
        out.println(header);
        for (int k = 0; k < kinds.size(); k++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-36s", labels.get(k)));
            for (double[] m : medians) {
                row.append(String.format(Locale.ROOT, " %24.3f", m[k]));
            }
            out.println(row);
        }
        int none = kinds.indexOf("NONE");
        int index = kinds.indexOf("INDEX_ONLY");
        int fk = kinds.indexOf("FOREIGN_KEY");
        int both = kinds.indexOf("INDEX_AND_FOREIGN_KEY");
        for (int j = 0; j < measured.size(); j++) {
            double[] m = medians.get(j);
            double[] f = firsts.get(j);
            out.printf(Locale.ROOT, "  %s: foreign key / no foreign key %.2fx, index and foreign key / index only "
                    + "%.2fx; first INSERT %.0f to %.0f ms%n", measured.get(j).name().replace(" (s)", ""),
                    m[fk] / m[none], m[both] / m[index], Arrays.stream(f).min().orElse(0) * 1e3,
                    Arrays.stream(f).max().orElse(0) * 1e3);
        }
        out.println();
    }
}
