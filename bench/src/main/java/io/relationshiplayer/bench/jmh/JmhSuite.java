package io.relationshiplayer.bench.jmh;

import io.relationshiplayer.bench.FdbReference;
import io.relationshiplayer.bench.sql.SqlBenchmark;
import io.relationshiplayer.client.text.TextColumn;
import io.relationshiplayer.client.text.TextTable;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * {@code rl bench jmh}: the JMH microbenchmarks of this package through JMH's Runner, JMH's own log on the progress
 * stream, then a table of every score beside the score it competes with, measured in the same run: gRPC against
 * direct for loads and scans ({@link RecordPathsJmh}), a prepared SQL SELECT against a record load over gRPC
 * ({@link SqlPathsJmh}), the memory engine against FoundationDB's published per-core figures ({@link EngineJmh}).
 *
 * <pre>
 * JmhSuite [REGEX...] [--quick] [--list] [--forks F] [--threads T] [--iterations I] [--time S] [--warmup S]
 *          [--param NAME=VALUE]... [--json FILE]
 * </pre>
 */
public final class JmhSuite {
    /** What each benchmark competes with: the benchmark whose score divides its own, and what the ratio says. */
    record Pair(String benchmark, String reference, String meaning) {
    }

    static final List<Pair> PAIRS = List.of(
            new Pair("RecordPathsJmh.loadGrpc", "RecordPathsJmh.loadDirect", "time, gRPC / direct"),
            new Pair("RecordPathsJmh.scanGrpc", "RecordPathsJmh.scanDirect", "time, gRPC / direct (goal < 1.10)"),
            new Pair("SqlPathsJmh.sqlPrimaryKeySelect", "SqlPathsJmh.recordLoadGrpc",
                    String.format(Locale.ROOT, "time, SQL / record (goal < %.1f)", SqlBenchmark.RATIO_GOAL)));
    /** Every score beside the one it competes with; the meaning runs free, the rule spans 27 columns of it. */
    static final TextTable TABLE = TextTable.builder().freeLast(true).column(TextColumn.left("benchmark", 34))
            .column(TextColumn.right("score", 16)).column(TextColumn.left("unit", 8))
            .column(" | ", TextColumn.left("competes with", 30)).column(TextColumn.right("its score", 14))
            .column(TextColumn.right("ratio", 8)).column("  ", TextColumn.left("meaning", 27)).build();
    /** Quick runs: a small store, one short warm-up and two short iterations. */
    static final Map<String, String> QUICK_PARAMS = Map.of("tickets", "2000", "rows", "2000", "keys", "20000");

    private JmhSuite() {
    }

    /** Runs the benchmarks matching the arguments' patterns; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        ChainedOptionsBuilder options = new OptionsBuilder();
        List<String> includes = new ArrayList<>();
        Map<String, String> params = new LinkedHashMap<>();
        boolean quick = false;
        boolean list = false;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--quick") || a.equals("--list")) {
                    quick |= a.equals("--quick");
                    list |= a.equals("--list");
                    continue;
                }
                if (!a.startsWith("--")) {
                    includes.add(a);
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + a);
                }
                String v = args[++i];
                switch (a) {
                    case "--forks" -> options.forks(Integer.parseInt(v));
                    case "--threads" -> options.threads(Integer.parseInt(v));
                    case "--iterations" -> options.measurementIterations(Integer.parseInt(v));
                    case "--time" -> options.measurementTime(seconds(v));
                    case "--warmup" -> options.warmupTime(seconds(v));
                    case "--json" -> options.resultFormat(ResultFormatType.JSON).result(v);
                    case "--param" -> {
                        String[] kv = v.split("=", 2);
                        if (kv.length != 2) {
                            throw new IllegalArgumentException("--param takes NAME=VALUE, got " + v);
                        }
                        params.put(kv[0], kv[1]);
                    }
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("bench jmh: " + e.getMessage());
            return 2;
        }
        if (includes.isEmpty()) {
            includes.add(JmhSuite.class.getPackageName().replace(".", "\\.") + "\\..*");
        }
        includes.forEach(options::include);
        if (quick) {
            // Options given explicitly win: quick settings only fill what they left out.
            options.parent(new OptionsBuilder().warmupIterations(1).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(2).measurementTime(TimeValue.seconds(1)).build());
            QUICK_PARAMS.forEach(params::putIfAbsent);
        }
        params.forEach(options::param);
        OutputFormat log = OutputFormatFactory.createFormatInstance(list ? out : err, VerboseMode.NORMAL);
        Runner runner = new Runner(options.build(), log);
        if (list) {
            runner.list();
            return 0;
        }
        Collection<RunResult> results = runner.run();
        print(results, FdbReference.resolve(Optional.empty()), out);
        return 0;
    }

    private static TimeValue seconds(String v) {
        return TimeValue.milliseconds(Math.round(Double.parseDouble(v) * 1000));
    }

    /** Every score, and the ratio to the score it competes with where that ran too. */
    static void print(Collection<RunResult> results, FdbReference fdb, PrintStream out) {
        Map<String, RunResult> byName = new LinkedHashMap<>();
        for (RunResult r : results) {
            byName.put(shortName(r), r);
        }
        out.printf(Locale.ROOT, "JMH on %d cores (other work on the machine makes these noisy); ratio = score / the "
                + "score it competes with, measured in this run%n", Runtime.getRuntime().availableProcessors());
        out.println(TABLE.header());
        out.println(TABLE.rule());
        for (Map.Entry<String, RunResult> e : byName.entrySet()) {
            var score = e.getValue().getPrimaryResult();
            String name = e.getKey();
            String against = "";
            double theirs = Double.NaN;
            String meaning = "";
            Optional<Pair> pair = PAIRS.stream().filter(p -> p.benchmark().equals(name)).findFirst();
            if (pair.isPresent() && byName.containsKey(pair.get().reference())) {
                against = pair.get().reference();
                theirs = byName.get(against).getPrimaryResult().getScore();
                meaning = pair.get().meaning();
            } else if (name.equals("EngineJmh.pointRead") || name.equals("EngineJmh.smallCommit")) {
                boolean reads = name.endsWith("pointRead");
                against = "FoundationDB memory, 1 core";
                theirs = reads ? fdb.memoryReads() : fdb.memoryWrites();
                meaning = "ops/s, ours / FoundationDB's (goal >= 2)";
            }
            boolean paired = !Double.isNaN(theirs);
            out.println(TABLE.row(List.of(name, String.format(Locale.ROOT, "%,.3f", score.getScore()),
                    score.getScoreUnit(), paired ? against : "-", paired ? String.format(Locale.ROOT, "%,.3f", theirs)
                            : "-", paired ? String.format(Locale.ROOT, "%.2fx", score.getScore() / theirs) : "-",
                    meaning)));
        }
    }

    /** {@code Class.method}, without the package. */
    static String shortName(RunResult r) {
        String full = r.getParams().getBenchmark();
        int method = full.lastIndexOf('.');
        int type = full.lastIndexOf('.', method - 1);
        return full.substring(type + 1);
    }
}
