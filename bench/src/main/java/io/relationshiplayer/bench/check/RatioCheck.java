package io.relationshiplayer.bench.check;

import io.relationshiplayer.client.text.TextColumn;
import io.relationshiplayer.client.text.TextTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmarks as a regression check (issue 16): a benchmark records the ratios it measures (proxy / direct, SQL /
 * record load, with / without foreign keys; ratios only, since the machines are shared and noisy), and with
 * {@code --check} they are compared against a committed baseline file ({@link #DEFAULT_BASELINE}); a ratio worse than
 * its baseline by more than its margin fails the command (exit code 3). {@code --update-baseline} writes the measured
 * ratios into the file on purpose, keeping each key's margin. {@code --baseline FILE} names another file.
 *
 * <p>The file has one line per ratio, {@code key = baseline margin}: the run fails when
 * {@code ratio > baseline * (1 + margin)}. Lines starting with # are comments and are kept on update.
 */
public final class RatioCheck {
    /** The committed baseline, relative to the repository root (where {@code ./run-tests} runs). */
    public static final String DEFAULT_BASELINE = "bench/baseline.properties";
    /** Exit code of a check that found a ratio worse than its baseline and margin. */
    public static final int REGRESSED = 3;
    /** Margin given to a key the file does not have yet, on update. */
    static final double DEFAULT_MARGIN = 1.0;

    /** A ratio per line, headerless: its name, its value, then the verdict running free. */
    static final TextTable LINES = TextTable.builder().prefix("  ").freeLast(true).column(TextColumn.left("", 48))
            .column(TextColumn.right("", 8)).column("  ", TextColumn.left("")).build();
    private static final Map<String, Double> MEASURED = new LinkedHashMap<>();

    private RatioCheck() {
    }

    /** A benchmark's measured ratio; higher is worse. */
    public static synchronized void record(String key, double ratio) {
        if (Double.isFinite(ratio)) {
            MEASURED.put(key, ratio);
        }
    }

    static synchronized Map<String, Double> measured() {
        return new LinkedHashMap<>(MEASURED);
    }

    static synchronized void clear() {
        MEASURED.clear();
    }

    /** A benchmark's entry point: args in, exit code out. */
    @FunctionalInterface
    public interface Benchmark {
        int run(String[] args, PrintStream out, PrintStream err) throws Exception;
    }

    /**
     * Runs {@code benchmark} with {@code args} less the check's own options ({@code --check},
     * {@code --update-baseline}, {@code --baseline FILE}); then checks or updates the baseline as they ask.
     */
    public static int run(String name, String[] args, PrintStream out, PrintStream err, Benchmark benchmark)
            throws Exception {
        boolean check = false;
        boolean update = false;
        Path file = Path.of(DEFAULT_BASELINE);
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--check" -> check = true;
                case "--update-baseline" -> update = true;
                case "--baseline" -> {
                    if (i + 1 >= args.length) {
                        err.println("bench " + name + ": missing value after --baseline");
                        return 2;
                    }
                    file = Path.of(args[++i]);
                }
                default -> rest.add(args[i]);
            }
        }
        if (check && update) {
            err.println("bench " + name + ": --check and --update-baseline exclude each other");
            return 2;
        }
        clear();
        int code = benchmark.run(rest.toArray(new String[0]), out, err);
        if (code != 0 || !(check || update)) {
            return code;
        }
        Map<String, Double> ratios = measured();
        if (ratios.isEmpty()) {
            err.println("bench " + name + ": the run recorded no ratio to check");
            return 1;
        }
        Baseline baseline = Files.exists(file) ? Baseline.read(file) : new Baseline(new ArrayList<>());
        if (update) {
            baseline.update(ratios, DEFAULT_MARGIN);
            baseline.write(file);
            out.printf(Locale.ROOT, "%nbaseline %s updated with %d ratio(s) of bench %s%n", file, ratios.size(), name);
            return 0;
        }
        return compare(name, file, baseline, ratios, out, err);
    }

    static int compare(String name, Path file, Baseline baseline, Map<String, Double> ratios, PrintStream out,
                       PrintStream err) {
        out.printf(Locale.ROOT, "%nCheck of bench %s against %s (fails when ratio > baseline x (1 + margin)):%n", name,
                file);
        int failed = 0;
        for (Map.Entry<String, Double> e : ratios.entrySet()) {
            Baseline.Entry b = baseline.get(e.getKey());
            if (b == null) {
                out.println(LINES.row(List.of(e.getKey(), String.format(Locale.ROOT, "%.2f", e.getValue()),
                        "no baseline (add it with --update-baseline)")));
                continue;
            }
            double limit = b.ratio() * (1 + b.margin());
            boolean ok = e.getValue() <= limit;
            out.println(LINES.row(List.of(e.getKey(), String.format(Locale.ROOT, "%.2f", e.getValue()),
                    String.format(Locale.ROOT, "baseline %.2f, margin %.0f %%, limit %.2f: %s", b.ratio(),
                            b.margin() * 100, limit, ok ? "ok" : "REGRESSED"))));
            if (!ok) {
                failed++;
                err.printf(Locale.ROOT, "bench %s --check: ratio %s is %.2f, worse than its baseline %.2f by more "
                        + "than the margin of %.0f %% (limit %.2f; baseline file %s)%n", name, e.getKey(),
                        e.getValue(), b.ratio(), b.margin() * 100, limit, file);
            }
        }
        out.printf(Locale.ROOT, "check: %s%n", failed == 0 ? "passed" : failed + " ratio(s) regressed");
        return failed == 0 ? 0 : REGRESSED;
    }

    /** The baseline file's lines: comments kept, entries in order. */
    static final class Baseline {
        record Entry(String key, double ratio, double margin) {
        }

        private final List<Object> lines; // String (comment or blank) or Entry

        Baseline(List<Object> lines) {
            this.lines = lines;
        }

        static Baseline read(Path file) throws IOException {
            List<Object> lines = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    lines.add(line);
                    continue;
                }
                int eq = t.indexOf('=');
                String[] values = eq < 0 ? new String[0] : t.substring(eq + 1).strip().split("\\s+");
                if (values.length != 2) {
                    throw new IOException(file + ": expected 'key = baseline margin', got '" + line + "'");
                }
                lines.add(new Entry(t.substring(0, eq).strip(), Double.parseDouble(values[0]),
                        Double.parseDouble(values[1])));
            }
            return new Baseline(lines);
        }

        Entry get(String key) {
            for (Object o : lines) {
                if (o instanceof Entry e && e.key().equals(key)) {
                    return e;
                }
            }
            return null;
        }

        void update(Map<String, Double> ratios, double defaultMargin) {
            for (Map.Entry<String, Double> r : ratios.entrySet()) {
                Entry old = get(r.getKey());
                Entry next = new Entry(r.getKey(), r.getValue(), old == null ? defaultMargin : old.margin());
                if (old == null) {
                    lines.add(next);
                } else {
                    lines.set(lines.indexOf(old), next);
                }
            }
        }

        void write(Path file) throws IOException {
            StringBuilder sb = new StringBuilder();
            for (Object o : lines) {
                if (o instanceof Entry e) {
                    sb.append(String.format(Locale.ROOT, "%s = %.3f %.2f%n", e.key(), e.ratio(), e.margin()));
                } else {
                    sb.append(o).append(System.lineSeparator());
                }
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
        }
    }
}
