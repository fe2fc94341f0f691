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
            BenchCommand.Bank.class, BenchCommand.Mixed.class, BenchCommand.Sql.class, BenchCommand.Jmh.class})
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
            description = "Point reads and small commits per second of the embedded engines at 1, 8 and 64 threads, "
                    + "beside FoundationDB's published single-process figures. Options: --seconds N, "
                    + "--warmup-seconds N, --keys N, --threads 1,8,64, --engines memory,durable.")
    static final class Engine implements Callable<Integer> {
        // Unmatched, not @Parameters: picocli refuses unknown "--options" as positional parameters.
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            return EngineBenchmark.run(args.toArray(new String[0]), System.out, System.err);
        }
    }

    /** The study's four proxy / no-proxy experiments beside the study's published tables. */
    @Command(name = "study", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "The study's experiments (get-single, get-multiple, create-single, create-multiple), the "
                    + "Record Layer directly and through the record service on a loopback port in the same run, "
                    + "beside the study's tables, with per-call p50/p99/max and the goals met or not. "
                    + "Options: --latency none|cluster, --backend embedded:memory|embedded:DIR|fdb:[FILE], "
                    + "--runs R (3), --warmup-seconds S (10), --quick | --full (20 runs, clients 1,8,64), "
                    + "--tickets N (75000), --batches B (500), --experiments a,b, --sizes EXPERIMENT=N,N "
                    + "(repeatable), --clients 1,8,64 (the N calls shared among C clients), --out DIR (CSV, JSON, "
                    + "tables, SVG and PNG figures), --seed S, --reference FILE.")
    static final class Study implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            return RatioCheck.run("study", args.toArray(new String[0]), System.out, System.err, StudyBenchmark::run);
        }
    }

    /** The JMH microbenchmarks: service paths direct against gRPC, SQL against records, the engine. */
    @Command(name = "jmh", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "JMH microbenchmarks: a ticket load and a streamed scan, direct against gRPC; a prepared "
                    + "primary-key SELECT against a record load over gRPC; the memory engine's point read and "
                    + "commit against FoundationDB's figures; each score beside the one it competes with. "
                    + "Arguments: [REGEX...] (benchmarks to run, e.g. RecordPathsJmh), --quick, --list, --forks F, "
                    + "--threads T, --iterations I, --time S, --warmup S, --param NAME=VALUE, --json FILE.")
    static final class Jmh implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            return io.relationshiplayer.bench.jmh.JmhSuite.run(args.toArray(new String[0]), System.out, System.err);
        }
    }

    /** The bank-transfer benchmark through the SQL service, beside the report's FoundationDB and PostgreSQL rows. */
    @Command(name = "bank", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Bank transfers (explicit SQL transactions over gRPC) with balance and log verification, "
                    + "beside the report's FoundationDB and PostgreSQL rows. Options: --accounts N (10000), "
                    + "--clients C (16), --seconds S (60) measured after --warmup S (10; 0 with --nemesis) | "
                    + "--transfers N, --backend embedded:memory|embedded:<dir>, "
                    + "--connect host:port [--tls --ca-file F --cert F --key F --token T (or RL_TOKEN)], "
                    + "--nemesis SECONDS (durable only: SIGKILL and restart the server SECONDS after it last "
                    + "acknowledged a transfer; a timed run goes on past its end until --kills K (1) kills were each "
                    + "followed by a served transfer; --fault stop: SIGSTOP for --stop-seconds S (10), then SIGCONT, "
                    + "instead of SIGKILL), --postgres JDBC-URL, --quick, --seed S, --reference FILE.")
    static final class Bank implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            return BankBenchmark.run(args.toArray(new String[0]), System.out, System.err);
        }
    }

    /** The glassdb mixed workload through the SQL service. */
    @Command(name = "mixed", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "The glassdb workload: 10%% two-key updates, 60%% strong two-key reads, 30%% one-key reads with "
                    + "bounded staleness; throughput, latency percentiles and retries per class. Options: --rows N "
                    + "(50000), --clients 1,8,64, --seconds S (20), --staleness S (10), --backend, --connect host:port "
                    + "[--tls --ca-file F --cert F --key F --token T (or RL_TOKEN)], --quick, --seed S.")
    static final class Mixed implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            return MixedBenchmark.run(args.toArray(new String[0]), System.out, System.err);
        }
    }

    /** The SQL service against the record service: point reads, a foreign-key join, planning with the plan cache. */
    @Command(name = "sql", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "The SQL service over gRPC on the embedded memory backend: a prepared primary-key SELECT "
                    + "against the record service's LoadRecords (goal: under 1.5x), a 1-parent-50-children join "
                    + "through the foreign key (latency, rows/s), planning of a five-table join first and cached "
                    + "(goals: under 100 ms and 1 ms). Options: --seconds S (3), --projects N (200), --quick, "
                    + "--seed S.")
    static final class Sql implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            return RatioCheck.run("sql", args.toArray(new String[0]), System.out, System.err, SqlBenchmark::run);
        }
    }

    /** Inserts with foreign-key checks against inserts without, and batched against sequential children lookups. */
    @Command(name = "foreign-keys", mixinStandardHelpOptions = true, versionProvider = Version.class,
            description = "Inserts of child rows with foreign-key checks against the same inserts without, and "
                    + "children-of-parent lookups batched against sequential, beside the goals.")
    static final class ForeignKeys implements Callable<Integer> {
        @Unmatched
        List<String> args = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            return RatioCheck.run("foreign-keys", args.toArray(new String[0]), System.out, System.err,
                    io.relationshiplayer.bench.relationships.ForeignKeyBenchmark::run);
        }
    }
}
