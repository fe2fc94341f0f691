package io.relationshiplayer.bench.study;

import io.relationshiplayer.bench.study.StudyBenchmark.Row;
import io.relationshiplayer.client.text.TextColumn;
import io.relationshiplayer.client.text.TextTable;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Prints the study's tables: N, direct and proxy ms +/- err, % increase, µs added per call, and the study's row. */
final class StudyTable {
    /** Ours, then the study's nearest row after a |; lines stripped, so that a missing study row leaves just "-". */
    private static final TextTable EXPERIMENT = TextTable.builder().strip(true)
            .column(TextColumn.right("N", 8)).column(TextColumn.right("direct ms", 22))
            .column(TextColumn.right("proxy ms", 22)).column(TextColumn.right("% inc", 8))
            .column(TextColumn.right("+µs/call", 11)).column(" | ", TextColumn.left("study N", 8))
            .column(TextColumn.right("no-proxy ms", 22)).column(TextColumn.right("proxy ms", 22))
            .column(TextColumn.right("% inc", 8)).build();
    private static final TextTable LATENCIES = TextTable.builder().prefix("  ").freeLast(true)
            .column(TextColumn.right("N", 8)).column(TextColumn.right("clients", 7))
            .column(TextColumn.right("calls", 10)).column(" | ", TextColumn.right("direct p50", 10))
            .column(TextColumn.right("p99", 9)).column(TextColumn.right("max", 9))
            .column(" | ", TextColumn.right("proxy p50", 9)).column(TextColumn.right("p99", 9))
            .column(TextColumn.right("max", 9)).column(" | ", TextColumn.left("p50 proxy/direct")).build();
    private static final TextTable CLIENTS = TextTable.builder().prefix("  ")
            .column(TextColumn.right("N", 8)).column(TextColumn.right("clients", 7))
            .column(TextColumn.right("direct ms", 22)).column(TextColumn.right("proxy ms", 22))
            .column(TextColumn.right("% inc", 8)).column(" | ", TextColumn.right("direct /s", 12))
            .column(TextColumn.right("speed-up", 8)).column(" | ", TextColumn.right("proxy /s", 12))
            .column(TextColumn.right("speed-up", 8)).build();

    private final StudySettings settings;
    private final StudyReference reference;
    private final PrintStream out;

    StudyTable(StudySettings settings, StudyReference reference, PrintStream out) {
        this.settings = settings;
        this.reference = reference;
        this.out = out;
    }

    private String warmup() {
        return settings.warmupMaxSeconds() > settings.warmupSeconds() && settings.warmupSeconds() > 0
                ? String.format(Locale.ROOT, "a warm-up of at least %.0f s, until the JIT compiler settles (at most "
                        + "%.0f s)", settings.warmupSeconds(), settings.warmupMaxSeconds())
                : String.format(Locale.ROOT, "%.0f s of warm-up", settings.warmupSeconds());
    }

    void printHeader() {
        out.printf(Locale.ROOT, "Study benchmark: the Record Layer directly vs through the record service (gRPC on "
                + "loopback), one JVM, backend %s, latency %s; %d run(s) per cell after %s "
                + "and one untimed run per path; ms = mean, +/- = 99.9 %% half-width (z * s / sqrt(runs)) as the "
                + "study reported; clients %s (the N calls shared among them).%n", settings.backend(),
                settings.latencyName(), settings.runs(), warmup(), settings.clients());
        out.printf(Locale.ROOT, "Study figures: %s (20 runs, a fresh JVM per command, 3-node cluster over 1 Gb).%n",
                reference.source());
        out.println("Machine: " + machine() + " (client, server and backend share these cores)");
    }

    /** Cores and load: a busy machine slows the proxy's thread hand-offs more than the direct path. */
    static String machine() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return String.format(Locale.ROOT, "%d cores, load average %s", Runtime.getRuntime().availableProcessors(),
                load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load));
    }

    /** The client count the study's tables and the goals use: 1 (the study's serial client) when it was run. */
    int serialClients() {
        return settings.clients().stream().min(Integer::compare).orElse(1);
    }

    /** The rows of {@link #serialClients()}: the ones that compare with the study's. */
    List<Row> serial(List<Row> rows) {
        return rows.stream().filter(r -> r.clients() == serialClients()).toList();
    }

    /** The study's table of one experiment, then per-call percentiles, then the client counts. */
    void printExperiment(Experiment e, List<Row> all) {
        out.println();
        String what = e.what.replace("BATCHES", String.format(Locale.ROOT, "%,d", settings.batches()));
        out.printf(Locale.ROOT, "%s: %s%s; call = %s%s%n", e.id, what, e.reads
                ? String.format(Locale.ROOT, "; %,d tickets stored", settings.tickets()) : "", e.call(),
                serialClients() == 1 ? "" : "; " + serialClients() + " clients (the study had one)");
        List<Row> rows = serial(all);
        out.println(EXPERIMENT.header());
        out.println(EXPERIMENT.rule());
        for (Row r : rows) {
            List<String> study = reference.nearest(e.id, r.n()).map(x -> List.of(thousands(x.n())
                    + (x.n() == r.n() ? "" : "*"), plusMinus(x.directMs(), x.directErrMs()),
                    plusMinus(x.proxyMs(), x.proxyErrMs()), format("%+.2f%%", x.increasePct())))
                    .orElse(List.of("-", "", "", ""));
            List<String> cells = new ArrayList<>(List.of(thousands(r.n()), plusMinus(r.direct().mean(),
                    r.direct().err()), plusMinus(r.proxy().mean(), r.proxy().err()),
                    format("%+.1f%%", r.increasePct()), format("%+,.1f", r.addedMicrosPerCall(settings.batches()))));
            cells.addAll(study);
            out.println(EXPERIMENT.row(cells));
        }
        if (rows.stream().anyMatch(r -> reference.nearest(e.id, r.n()).map(x -> x.n() != r.n()).orElse(false))) {
            out.println("* the study did not measure this N: its nearest row is shown");
        }
        printLatencies(all);
        if (settings.clients().size() > 1) {
            printClients(all);
        }
    }

    /** Per-call percentiles of every run of each cell; the proxy's p50 beside direct's as a ratio. */
    private void printLatencies(List<Row> rows) {
        out.println();
        out.println("  per call, µs (every call of every run):");
        out.println(LATENCIES.header());
        out.println(LATENCIES.rule());
        for (Row r : rows) {
            CallStats d = r.directCalls();
            CallStats p = r.proxyCalls();
            out.println(LATENCIES.row(List.of(thousands(r.n()), Integer.toString(r.clients()),
                    format("%,d", d.count()), micros(d.p50Micros()), micros(d.p99Micros()), micros(d.maxMicros()),
                    micros(p.p50Micros()), micros(p.p99Micros()), micros(p.maxMicros()),
                    format("%.2fx", p.p50Micros() / d.p50Micros()))));
        }
    }

    /** Time and throughput per client count, with the speed-up over the fewest clients measured in the same run. */
    private void printClients(List<Row> rows) {
        out.println();
        out.printf(Locale.ROOT, "  concurrent clients (the N calls shared among C clients; speed-up = calls/s over "
                + "%d client(s) in this run):%n", serialClients());
        out.println(CLIENTS.header());
        out.println(CLIENTS.rule());
        int b = settings.batches();
        for (Row r : rows) {
            Optional<Row> base = rows.stream().filter(x -> x.n() == r.n() && x.clients() == serialClients())
                    .findFirst();
            double d = r.callsPerSecond(r.direct(), b);
            double p = r.callsPerSecond(r.proxy(), b);
            out.println(CLIENTS.row(List.of(thousands(r.n()), Integer.toString(r.clients()),
                    plusMinus(r.direct().mean(), r.direct().err()), plusMinus(r.proxy().mean(), r.proxy().err()),
                    format("%+.1f%%", r.increasePct()), format("%,.0f", d),
                    format("%.2fx", base.map(x -> d / x.callsPerSecond(x.direct(), b)).orElse(Double.NaN)),
                    format("%,.0f", p),
                    format("%.2fx", base.map(x -> p / x.callsPerSecond(x.proxy(), b)).orElse(Double.NaN)))));
        }
    }

    private static String plusMinus(double ms, double err) {
        return format("%,.1f ± %,.1f", ms, err);
    }

    private static String micros(double us) {
        return format("%,.1f", us);
    }

    private static String thousands(long n) {
        return format("%,d", n);
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    void printGoals(List<Row> all) {
        List<Row> rows = serial(all);
        out.println();
        out.println("Goals (" + settings.latencyName() + " latency, " + serialClients() + " client(s); at the end: "
                + machine() + "):");
        boolean cluster = !settings.latency().isNone();
        if (cluster) {
            Optional<Row> worst = rows.stream().max(Comparator.comparingDouble(Row::increasePct));
            boolean met = rows.stream().allMatch(r -> r.increasePct() < StudyBenchmark.CLUSTER_GOAL_PCT);
            out.printf(Locale.ROOT, "  proxy overhead < %.0f%% on every row: %s%s%n", StudyBenchmark.CLUSTER_GOAL_PCT,
                    verdict(met), worst.map(r -> String.format(Locale.ROOT, " (worst: %s N=%,d %+.1f%%)",
                            r.experiment().id, r.n(), r.increasePct())).orElse(""));
        } else {
            out.printf(Locale.ROOT, "  proxy overhead < %.0f%% on every row: judged with --latency cluster%n",
                    StudyBenchmark.CLUSTER_GOAL_PCT);
            List<Row> single = rows.stream().filter(r -> r.experiment().singleRecord()).toList();
            if (single.isEmpty()) {
                out.printf(Locale.ROOT, "  < %.0f µs added per single-record call: not run (needs get-single or "
                        + "create-single)%n", StudyBenchmark.PER_CALL_GOAL_MICROS);
            } else {
                boolean met = single.stream()
                        .allMatch(r -> r.addedMicrosPerCall(settings.batches()) < StudyBenchmark.PER_CALL_GOAL_MICROS);
                StringBuilder detail = new StringBuilder();
                for (Row r : single) {
                    detail.append(String.format(Locale.ROOT, "%s%s N=%,d %+.1f µs", detail.length() == 0 ? "" : ", ",
                            r.experiment().id, r.n(), r.addedMicrosPerCall(settings.batches())));
                }
                out.printf(Locale.ROOT, "  < %.0f µs added per single-record call: %s (%s)%n",
                        StudyBenchmark.PER_CALL_GOAL_MICROS, verdict(met), detail);
            }
        }
        List<Row> scans = rows.stream().filter(r -> r.experiment() == Experiment.GET_MULTIPLE).toList();
        if (scans.isEmpty()) {
            out.printf(Locale.ROOT, "  full scan through the proxy within %.0f%% of direct: not run (needs "
                    + "get-multiple)%n", StudyBenchmark.SCAN_GOAL_PCT);
        } else {
            boolean met = scans.stream().allMatch(r -> r.increasePct() < StudyBenchmark.SCAN_GOAL_PCT);
            StringBuilder detail = new StringBuilder();
            for (Row r : scans) {
                detail.append(String.format(Locale.ROOT, "%sN=%,d %+.1f%%", detail.length() == 0 ? "" : ", ", r.n(),
                        r.increasePct()));
            }
            out.printf(Locale.ROOT, "  full scan of %,d tickets through the proxy within %.0f%% of direct: %s (%s)%s%n",
                    settings.tickets(), StudyBenchmark.SCAN_GOAL_PCT, verdict(met), detail,
                    settings.tickets() == 75_000 ? "" : "; the goal is stated for 75,000 tickets");
        }
        printClientsGoal(all);
    }

    /** More clients than the serial one: the proxy's calls per second against direct's, cell by cell. */
    private void printClientsGoal(List<Row> all) {
        double floor = 1 - StudyBenchmark.CLIENTS_GOAL_PCT / 100;
        List<Row> concurrent = all.stream().filter(r -> r.clients() != serialClients()).toList();
        if (concurrent.isEmpty()) {
            out.printf(Locale.ROOT, "  concurrent clients through the proxy within %.0f%% of direct's calls/s: not run "
                    + "(needs --clients, e.g. 1,8,64)%n", StudyBenchmark.CLIENTS_GOAL_PCT);
            return;
        }
        int b = settings.batches();
        boolean met = true;
        StringBuilder detail = new StringBuilder();
        for (Row r : concurrent) {
            double ratio = r.callsPerSecond(r.proxy(), b) / r.callsPerSecond(r.direct(), b);
            met &= ratio >= floor;
            detail.append(String.format(Locale.ROOT, "%s%s N=%,d %d clients %.2fx", detail.length() == 0 ? "" : ", ",
                    r.experiment().id, r.n(), r.clients(), ratio));
        }
        out.printf(Locale.ROOT, "  concurrent clients through the proxy within %.0f%% of direct's calls/s: %s "
                + "(proxy / direct: %s)%n", StudyBenchmark.CLIENTS_GOAL_PCT, verdict(met), detail);
    }

    private static String verdict(boolean met) {
        return met ? "met" : "not met";
    }
}
