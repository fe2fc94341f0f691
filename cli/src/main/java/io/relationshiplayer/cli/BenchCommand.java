package io.relationshiplayer.cli;

import io.relationshiplayer.bench.EngineBenchmark;
import io.relationshiplayer.bench.bank.BankBenchmark;
import io.relationshiplayer.bench.mixed.MixedBenchmark;
import io.relationshiplayer.bench.sql.SqlBenchmark;
import io.relationshiplayer.bench.study.StudyBenchmark;
import io.relationshiplayer.bench.check.RatioCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** {@code rl bench}: the benchmarks; each prints its figures beside the reference it competes with. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "Runs a benchmark.",
        subcommands = {BenchCommand.ForeignKeys.class, BenchCommand.Engine.class, BenchCommand.Study.class,
            BenchCommand.Bank.class, BenchCommand.Mixed.class, BenchCommand.Scans.class, BenchCommand.Sql.class,
            BenchCommand.Cancel.class, BenchCommand.Jmh.class})
final class BenchCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** The embedded engines' point reads and small commits against FoundationDB's published figures. */
    @Command(name = "engine", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "Point reads and small commits per second of the embedded engines at 1, 8 and 64 threads, "
                    + "beside FoundationDB's published single-process figures.")
    static final class Engine extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--seconds S|measured seconds per cell (default 5)",
                "--warmup-seconds S|untimed seconds before each cell",
                "--keys N|keys in the store",
                "--reads-per-transaction N|point reads in each read transaction",
                "--threads LIST|thread counts, e.g. 1,8,64",
                "--engines LIST|memory,durable",
                "--reference FILE|FoundationDB's figures (default: the ones shipped)"}};
        }

        @Override
        public Integer call() throws Exception {
            return EngineBenchmark.run(argv(), System.out, System.err);
        }
    }

    /** The study's four proxy / no-proxy experiments beside the study's published tables. */
    @Command(name = "study", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "The study's experiments (get-single, get-multiple, create-single, create-multiple), the "
                    + "Record Layer directly and through the record service on a loopback port in the same run, "
                    + "beside the study's tables, with per-call p50/p99/max and the goals met or not.")
    static final class Study extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--latency MODEL|none (default) or cluster: FoundationDB's published latencies injected",
                "--backend STRING|embedded:memory (default), embedded:DIR or fdb:[CLUSTER-FILE]",
                "--runs R|runs per cell (3)",
                "--warmup-seconds S|untimed warm-up of both paths: at least S seconds (10), then until the JIT "
                        + "compiler has settled",
                "--warmup-max S|the longest the warm-up waits for the JIT compiler (120)",
                "--quick|a short run: fewer tickets, sizes and runs",
                "--full|the study's full design: 20 runs, clients 1,8,64",
                "--tickets N|tickets stored for the reads (75000)",
                "--batches B|transactions of create-multiple (500)",
                "--experiments LIST|e.g. get-single,create-single",
                "--sizes EXPERIMENT=N,N|the N of an experiment (repeatable)",
                "--clients LIST|concurrent clients sharing the N calls, e.g. 1,8,64",
                "--out DIR|CSV, JSON, tables, SVG and PNG figures",
                "--seed S|random seed",
                "--reference FILE|the study's figures (default: the ones shipped)"}, BenchOptions.CHECK};
        }

        @Override
        public Integer call() throws Exception {
            return RatioCheck.run("study", argv(), System.out, System.err, StudyBenchmark::run);
        }
    }

    /** The JMH microbenchmarks: service paths direct against gRPC, SQL against records, the engine. */
    @Command(name = "jmh", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "JMH microbenchmarks: a ticket load and a streamed scan, direct against gRPC; a prepared "
                    + "primary-key SELECT against a record load over gRPC; the memory engine's point read and "
                    + "commit against FoundationDB's figures; each score beside the one it competes with. "
                    + "Arguments: [REGEX...], the benchmarks to run (e.g. RecordPathsJmh).")
    static final class Jmh extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--quick|one 1 s warm-up and two 1 s iterations, a small store",
                "--list|list the benchmarks and exit",
                "--forks F|JMH forks",
                "--threads T|JMH threads",
                "--iterations I|measured iterations",
                "--time S|seconds per iteration",
                "--warmup S|seconds per warm-up iteration",
                "--param NAME=VALUE|a benchmark parameter: tickets, rows, keys (repeatable)",
                "--json FILE|JMH's JSON results"}};
        }

        @Override
        public Integer call() throws Exception {
            return io.relationshiplayer.bench.jmh.JmhSuite.run(argv(), System.out, System.err);
        }
    }

    /** The bank-transfer benchmark through the SQL service, beside the report's FoundationDB and PostgreSQL rows. */
    @Command(name = "bank", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "Bank transfers (each one ExecuteBatch call, or an explicit SQL transaction with --transfer "
                    + "transaction, over gRPC) with balance and log verification, beside the report's FoundationDB and "
                    + "PostgreSQL rows.")
    static final class Bank extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--accounts N|accounts (10000)",
                "--clients C|concurrent clients (16)",
                "--seconds S|measured seconds (60), after --warmup",
                "--warmup S|seconds of transfers verified but not counted (10; 1 with --quick; 0 with --nemesis or "
                        + "--transfers), then until "
                        + "the JIT compiler has settled",
                "--warmup-max S|the longest the warm-up waits for the JIT compiler (120; --quick: --warmup)",
                "--transfers N|run this many transfers instead of --seconds",
                "--backend STRING|embedded:memory (default), embedded:DIR or fdb:[CLUSTER-FILE]",
                "--nemesis SECONDS|durable only: SIGKILL and restart the server SECONDS after the transfers start, "
                        + "then SECONDS after each restarted server's first acknowledged transfer; a timed run goes "
                        + "on until --kills kills were each followed by a served transfer",
                "--kills K|kills the run must survive (1)",
                "--fault KIND|kill (SIGKILL, default) or stop (SIGSTOP for --stop-seconds, then SIGCONT)",
                "--stop-seconds S|how long --fault stop freezes the server (10)",
                "--postgres JDBC-URL|the same workload against PostgreSQL, for a row measured here",
                "--transfer SHAPE|batch (default: the three statements in one ExecuteBatch call) or transaction "
                        + "(BEGIN on the debit, COMMIT on the log insert: three calls)",
                "--quick|1,000 accounts, 4 clients, 3 s",
                "--seed S|random seed",
                "--reference FILE|the report's figures (default: the ones shipped)"}, BenchOptions.SECURITY};
        }

        @Override
        public Integer call() throws Exception {
            return BankBenchmark.run(argv(), System.out, System.err);
        }
    }

    /** The glassdb mixed workload through the SQL service. */
    @Command(name = "mixed", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "The glassdb workload: 10%% two-key updates, 60%% strong two-key reads, 30%% one-key reads with "
                    + "bounded staleness; throughput, latency percentiles and retries per class.")
    static final class Mixed extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--rows N|rows of the table (50000)",
                "--clients LIST|client counts, one level each (1,8,64)",
                "--seconds S|seconds per level (20)",
                "--staleness S|staleness allowed to the weak reads (10)",
                "--backend STRING|embedded:memory (default) or embedded:DIR",
                "--quick|a short run",
                "--seed S|random seed"}, BenchOptions.SECURITY};
        }

        @Override
        public Integer call() throws Exception {
            return MixedBenchmark.run(argv(), System.out, System.err);
        }
    }

    /** Concurrent full-table scans as concurrency grows past the cores. */
    @Command(name = "scans", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "Concurrent full-table scans through the SQL service: per client count, scans and rows per "
                    + "second, scan latency and failures by SQLSTATE, as concurrency grows past the cores.")
    static final class Scans extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--rows N|rows of the table (20000)",
                "--clients LIST|client counts, one level each (1,2,8,32,150)",
                "--seconds S|seconds per level (10)",
                "--backend STRING|embedded:memory (default) or embedded:DIR",
                "--max-running-statements N|the server's bound (default: four per core, at least eight)",
                "--quick|2,000 rows, 1 and 8 clients, 2 s"}};
        }

        @Override
        public Integer call() throws Exception {
            return io.relationshiplayer.bench.scans.ScansBenchmark.run(argv(), System.out, System.err);
        }
    }

    /** The SQL service against the record service: point reads, a foreign-key join, planning with the plan cache. */
    @Command(name = "sql", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "The SQL service over gRPC on the embedded memory backend: a prepared primary-key SELECT "
                    + "against the record service's LoadRecords (goal: under 1.2x), a 1-parent-50-children join "
                    + "through the foreign key (latency, rows/s), planning of a five-table join first and cached "
                    + "(goals: under 50 ms and 1 ms).")
    static final class Sql extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--seconds S|seconds per measurement (3)",
                "--warmup-max S|the longest the first measurement's warm-up waits for the JIT compiler (60; "
                        + "--quick: 0)",
                "--projects N|projects of the join (200)",
                "--quick|a short run",
                "--seed S|random seed"}, BenchOptions.CHECK};
        }

        @Override
        public Integer call() throws Exception {
            return RatioCheck.run("sql", argv(), System.out, System.err, SqlBenchmark::run);
        }
    }

    /** How soon a cancel stops a statement in each phase of its work. */
    @Command(name = "cancel", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "Statements that each spend long in one phase (parse and plan, validate and convert, code "
                    + "generation, simplify and compile, execute), cancelled at evenly spaced points of their run on "
                    + "the embedded memory backend: the time until the caller is free and until the work has stopped "
                    + "(goal: 100 ms).")
    static final class Cancel extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--points N|cancel points per statement (10)",
                "--quick|3 points per statement"}};
        }

        @Override
        public Integer call() throws Exception {
            return io.relationshiplayer.bench.sql.CancelBenchmark.run(argv(), System.out, System.err);
        }
    }

    /** Inserts with foreign-key checks against inserts without, and batched against sequential children lookups. */
    @Command(name = "foreign-keys", mixinStandardHelpOptions = true, versionProvider = Version.class,
            modelTransformer = BenchOptions.Declared.class,
            description = "Inserts of child rows with foreign-key checks against the same inserts without, and "
                    + "children-of-parent lookups batched against sequential, beside the goals.")
    static final class ForeignKeys extends Bench {
        @Override
        public String[][] options() {
            return new String[][] {{
                "--children N|child rows inserted (100000)",
                "--parents N|parent rows (10000)",
                "--batch N|rows per insert transaction (500)",
                "--runs R|runs (3)",
                "--lookups N|children-of-parent lookups (1000)",
                "--cluster-lookups N|lookups under the cluster latency model (250)",
                "--lookup-runs R|runs of the lookups (5)",
                "--no-cluster|leave out the cluster latency model's lookups and one-row inserts",
                "--quick|a few seconds: 10,000 children of 1,000 parents, one run of each",
                "--seed S|random seed",
                "--postgres JDBC-URL|the same inserts into PostgreSQL, its times and ratios beside ours"},
                BenchOptions.CHECK};
        }

        @Override
        public Integer call() throws Exception {
            return RatioCheck.run("foreign-keys", argv(), System.out, System.err,
                    io.relationshiplayer.bench.relationships.ForeignKeyBenchmark::run);
        }
    }

    /**
     * A benchmark subcommand: its declared options and anything else (a JMH regex) in command-line order, for the
     * benchmark's own parser, which gives the defaults and the errors.
     */
    abstract static class Bench implements Callable<Integer>, BenchOptions.Benchmark {
        /** The declared options matched, in command-line order. */
        private final List<String> declared = new ArrayList<>();
        // Unmatched, not @Parameters: positional arguments (a JMH regex), and picocli would refuse an undeclared
        // "--option" as a positional parameter; the benchmark's parser names it.
        @Unmatched
        List<String> rest = new ArrayList<>();

        @Override
        public List<String> args() {
            return declared;
        }

        String[] argv() {
            List<String> all = new ArrayList<>(declared);
            all.addAll(rest);
            return all.toArray(new String[0]);
        }
    }
}
