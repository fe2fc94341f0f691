package io.relationshiplayer.bench.bank;

import io.relationshiplayer.bench.ConnectSecurity;
import io.relationshiplayer.bench.ProgressLine;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.limits.ServerLimits;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The bank-transfer benchmark of the Stroppy project's FoundationDB report (reference/README.md): load N accounts and
 * record the total balance; run transfers between random accounts from C clients through the SQL service over gRPC, each
 * one transaction (by default one ExecuteBatch call of its three statements; {@code --transfer transaction}: an explicit
 * transaction of three calls) retried on 40001; verify that the total is unchanged, that every acknowledged transfer is in the log and
 * nothing else is, and that the balances follow from the log. Prints TPS and latency beside the report's FoundationDB
 * and PostgreSQL rows.
 *
 * <pre>
 * BankBenchmark [--accounts 10000] [--clients 16] [--seconds 60 [--warmup 10] [--warmup-max 120] | --transfers N]
 *               [--backend embedded:memory]
 *               [--connect host:port [--tls] [--ca-file F] [--cert F --key F] [--token T]]
 *               [--nemesis SECONDS [--kills K] [--fault kill|stop [--stop-seconds S]]] [--postgres JDBC-URL]
 *               [--transfer batch|transaction]
 *               [--quick] [--seed S]
 *               [--reference path/to/bank-transfer.csv]
 * </pre>
 */
public final class BankBenchmark {
    private final BankSettings settings;
    private final ClientSecurity security;
    private final PrintStream out;
    private final PrintStream progress;

    private BankBenchmark(BankSettings settings, ClientSecurity security, PrintStream out, PrintStream progress) {
        this.settings = settings;
        this.security = security;
        this.out = out;
        this.progress = progress;
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (1 if a check failed, 2 bad args). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        BankSettings settings;
        ClientSecurity security;
        try {
            List<String> rest = new ArrayList<>(Arrays.asList(args));
            security = ConnectSecurity.take(rest);
            settings = BankSettings.parse(rest.toArray(new String[0]));
        } catch (IllegalArgumentException e) {
            err.println("bench bank: " + e.getMessage());
            return 2;
        }
        BankReference reference = BankReference.resolve(settings.reference());
        return new BankBenchmark(settings, security, out, err).run(reference);
    }

    private int run(BankReference reference) throws Exception {
        out.printf(Locale.ROOT, "bank transfers: %,d accounts, %d clients, %s, %s%n", settings.accounts(),
                settings.clients(), settings.transfers() > 0 ? String.format(Locale.ROOT, "%,d transfers",
                        settings.transfers()) : settings.warmup() > 0 ? String.format(Locale.ROOT, "%.0f s measured "
                        + "after a warm-up of %s (its transfers are verified, not counted)", settings.seconds(),
                        warmup()) : String.format(Locale.ROOT, "%.0f s", settings.seconds()), where());
        List<BankTable.Measured> rows = new ArrayList<>();
        boolean ok = runSqlService(rows);
        if (settings.postgres().isPresent()) {
            ok &= runPostgres(settings.postgres().get(), rows);
        }
        new BankTable(reference, out).print(rows);
        out.println(ok ? "result: all checks passed" : "result: CHECKS FAILED");
        return ok ? 0 : 1;
    }

    private String warmup() {
        return settings.warmupMax() > settings.warmup() ? String.format(Locale.ROOT, "%.0f s and until the JIT "
                + "compiler has settled (at most %.0f s)", settings.warmup(), settings.warmupMax())
                : String.format(Locale.ROOT, "%.0f s", settings.warmup());
    }

    private String where() {
        if (settings.connect().isPresent()) {
            return "SQL service at " + settings.connect().get();
        }
        String spec = settings.backend().toString();
        if (settings.nemesisSeconds() <= 0) {
            return "SQL service in process on " + spec;
        }
        return settings.fault() == Nemesis.Fault.KILL ? String.format(Locale.ROOT, "SQL service in a child process on "
                + "%s, SIGKILLed %.0f s after the transfers start and after each restarted server's first "
                + "acknowledged transfer", spec, settings.nemesisSeconds())
                : String.format(Locale.ROOT, "SQL service in a child process on %s, SIGSTOPped for %.0f s %.0f s after "
                + "the transfers start and after each continued server's first acknowledged transfer", spec,
                settings.stopSeconds(), settings.nemesisSeconds());
    }

    private boolean runSqlService(List<BankTable.Measured> rows) throws Exception {
        String database = "bank_" + Long.toString(System.currentTimeMillis(), 36);
        String label = (settings.connect().isPresent() ? "RL SQL/gRPC remote" : settings.nemesisSeconds() > 0
                ? "RL SQL/gRPC " + settings.backend().kind().name().toLowerCase(Locale.ROOT) + "+nemesis"
                : "RL SQL/gRPC " + settings.backend().kind().name().toLowerCase(Locale.ROOT))
                + (settings.batch() ? " batch" : " txn");
        if (settings.connect().isPresent()) {
            try (SqlClient client = SqlClient.connect(settings.connect().get(), security, SqlBench.OPTIONS)) {
                return measure(new GrpcBank(client, database, label, settings.batch()), rows, null, client, null);
            }
        }
        if (settings.nemesisSeconds() > 0) {
            Path dir = settings.backend().directory();
            Files.createDirectories(dir);
            try (Nemesis nemesis = Nemesis.start(dir, progress, settings.fault(), settings.stopSeconds(),
                    Math.max(ServerLimits.DEFAULTS.maxStreamsPerClient(), 2 * settings.clients() + 16));
                 SqlClient client = SqlClient.connect(nemesis.target(), ClientSecurity.plaintext(), SqlBench.OPTIONS)) {
                return measure(new GrpcBank(client, database, label, settings.batch()), rows, nemesis, client, null);
            }
        }
        try (LocalSqlServer server = LocalSqlServer.start(settings.backend());
             SqlClient client = SqlClient.connect(server.target(), ClientSecurity.plaintext(), SqlBench.OPTIONS)) {
            // A real cluster's fdbserver processes do part of the work: no CPU figure for it.
            CpuMeter cpu = settings.backend().kind() == BackendSpec.Kind.FDB ? null : CpuMeter.jvm();
            return measure(new GrpcBank(client, database, label, settings.batch()), rows, null, client, cpu);
        }
    }

    private boolean runPostgres(String url, List<BankTable.Measured> rows) throws Exception {
        JdbcBank bank;
        try {
            bank = JdbcBank.connect(url);
        } catch (SQLException e) {
            out.println("postgres: not reachable at " + url + " (" + e.getMessage() + "): skipped");
            return true;
        }
        return measure(bank, rows, null, null, null);
    }

    /** {@code cpu}: this JVM's CPU meter, when it holds the service as well as the clients; else null. */
    private boolean measure(BankStore bank, List<BankTable.Measured> rows, Nemesis nemesis, SqlClient client,
                            CpuMeter cpu) throws Exception {
        long[] balances = new long[settings.accounts()];
        Random random = new Random(settings.seed());
        long total = 0;
        for (int i = 0; i < balances.length; i++) {
            balances[i] = 1_000 + random.nextInt(9_001);
            total += balances[i];
        }
        long start = System.nanoTime();
        bank.create();
        bank.load(balances);
        progress.printf(Locale.ROOT, "%s: loaded %,d accounts (total balance %,d) in %.1f s%n", bank.label(),
                balances.length, total, (System.nanoTime() - start) / 1e9);
        TransferRun run = new TransferRun(bank, settings.accounts(), settings.clients(), settings.warmup(),
                settings.seconds(), settings.transfers(), settings.seed());
        if (nemesis != null) {
            nemesis.unleash(settings.nemesisSeconds(), settings.minKills(), run.endNanos(System.nanoTime()), run::acknowledgedSoFar,
                    client);
        }
        if (cpu != null) {
            run.measureCpu(cpu);
        }
        if (nemesis == null) {
            run.warmUntilSettled(settings.warmupMax());
        }
        if (nemesis != null) {
            run.keepGoingWhile(() -> !nemesis.proved(settings.minKills()));
        }
        TransferRun.Result result;
        // A live line on a terminal; not under the nemesis, whose kills and restarts print lines of their own.
        try (ProgressLine line = ProgressLine.start(progress, nemesis == null && ProgressLine.terminal(),
                bank.label(), "transfers", run::acknowledgedSoFar, settings.transfers(),
                settings.transfers() > 0 ? 0 : settings.warmup() + settings.seconds())) {
            result = run.run();
        }
        List<Nemesis.Kill> kills = nemesis != null ? nemesis.calm() : List.of();
        if (run.warmupReport() != null) {
            out.printf(Locale.ROOT, "%s: %s%n", bank.label(), run.warmupReport());
        }
        out.printf(Locale.ROOT, "%s: %,d transfers acknowledged in %.1f s, %,d after the warm-up (%,.0f TPS); "
                        + "retries: %,d conflicts, %,d lost connections, %,d commits of unknown outcome; abandoned: "
                        + "%,d%n", bank.label(), result.transfers(), result.elapsedNanos() / 1e9, result.measured(),
                result.tps(), result.conflicts(), result.lost(),
                result.ambiguous(), result.unknown().cardinality() + result.failed().cardinality());
        if (cpu != null && result.cpuNanosPerTransfer() > 0) {
            out.printf(Locale.ROOT, "%s: CPU %,.0f µs per transfer after the warm-up (%s; %d cores give at most "
                            + "%,.0f TPS at that cost)%n", bank.label(), result.cpuNanosPerTransfer() / 1e3, cpu.what(),
                    Runtime.getRuntime().availableProcessors(),
                    Runtime.getRuntime().availableProcessors() * 1e9 / result.cpuNanosPerTransfer());
        } else if (cpu != null) {
            out.printf(Locale.ROOT, "%s: CPU per transfer not measured (%s: %,d ns over the measured part)%n",
                    bank.label(), cpu.what(), result.cpuNanos());
        }
        boolean live = nemesis == null || printPauses(kills, result);
        boolean ok = verify(bank, balances, total, result) && live;
        rows.add(new BankTable.Measured(bank.label(), settings.clients(), settings.accounts(), result,
                bank instanceof JdbcBank ? BankTable.Server.MACHINE : settings.connect().isPresent() ? BankTable.Server.REMOTE
                        : nemesis != null ? BankTable.Server.CHILD : BankTable.Server.IN_PROCESS));
        return ok;
    }

    /**
     * Per kill: how long until the server listened again, and until the restarted server acknowledged a transfer
     * (an acknowledgement between the kill and the restart was committed by the killed server). False when a
     * restarted server acknowledged nothing before the next kill (or the end): the run stalled.
     */
    private boolean printPauses(List<Nemesis.Kill> kills, TransferRun.Result result) {
        long[] done = result.completions();
        double worst = 0;
        int stalled = 0;
        long end = result.startNanos() + result.elapsedNanos();
        for (int j = 0; j < kills.size(); j++) {
            Nemesis.Kill k = kills.get(j);
            int i = java.util.Arrays.binarySearch(done, k.listeningAt());
            i = i >= 0 ? i : -i - 1;
            double pause = i < done.length ? (done[i] - k.killedAt()) / 1e9 : Double.NaN;
            worst = Double.isNaN(pause) ? worst : Math.max(worst, pause);
            if (count(done, k.listeningAt(), j + 1 < kills.size() ? kills.get(j + 1).killedAt() : end + 1) == 0) {
                stalled++;
            }
            out.printf(Locale.ROOT, "nemesis: %s at %.1f s: server back after %.2f s, first transfer acknowledged "
                            + "after %.2f s%n", noun(), (k.killedAt() - result.startNanos()) / 1e9,
                    (k.listeningAt() - k.killedAt()) / 1e9, pause);
        }
        if (kills.isEmpty()) {
            out.printf(Locale.ROOT, "nemesis: NO %s: the run ended before the server was %s once; it proved "
                    + "nothing%n", noun().toUpperCase(Locale.ROOT), settings.fault() == Nemesis.Fault.KILL ? "killed"
                    : "stopped");
            return false;
        }
        printThroughputs(kills, result);
        String again = settings.fault() == Nemesis.Fault.KILL ? "restarted" : "continued";
        out.printf(Locale.ROOT, "nemesis: %d %s%s, longest pause in acknowledgements %.2f s: %s%n", kills.size(),
                noun(), kills.size() == 1 ? "" : "s", worst, stalled == 0 ? "every " + again + " server acknowledged "
                        + "transfers" : "STALLED: " + stalled + " " + again + " servers acknowledged nothing before the "
                        + "next " + noun());
        return stalled == 0;
    }

    /** What the nemesis does, as one word: kill or stop. */
    private String noun() {
        return settings.fault() == Nemesis.Fault.KILL ? "kill" : "stop";
    }

    /** Acknowledgements per second before the first kill, and from each restart to the next kill (or the end). */
    private void printThroughputs(List<Nemesis.Kill> kills, TransferRun.Result result) {
        long[] done = result.completions();
        long end = result.startNanos() + result.elapsedNanos();
        StringBuilder line = new StringBuilder("nemesis: TPS before the first kill ");
        long from = result.startNanos();
        for (int k = 0; k <= kills.size(); k++) {
            long to = k < kills.size() ? kills.get(k).killedAt() : end;
            long n = count(done, from, to);
            line.append(String.format(Locale.ROOT, "%,.0f", to > from ? n / ((to - from) / 1e9) : 0.0));
            if (k < kills.size()) {
                line.append(k == 0 ? "; from each restart to the next kill or the end " : ", ");
                from = kills.get(k).listeningAt();
            }
        }
        out.println(line);
    }

    private static long count(long[] sorted, long from, long to) {
        int a = java.util.Arrays.binarySearch(sorted, from);
        int b = java.util.Arrays.binarySearch(sorted, to);
        return (b >= 0 ? b : -b - 1) - (a >= 0 ? a : -a - 1);
    }

    private boolean verify(BankStore bank, long[] initial, long total, TransferRun.Result result) {
        BankStore.Ledger ledger = bank.read(initial.length, result.maxId());
        long after = 0;
        for (long b : ledger.balances()) {
            after += b;
        }
        boolean totals = after == total;
        out.printf(Locale.ROOT, "%s: verification: total balance %,d before, %,d after: %s%n", bank.label(), total,
                after, totals ? "totals match" : "TOTALS DIFFER");
        long missing = result.acknowledged().stream().filter(id -> !ledger.transfers().containsKey((long) id))
                .count();
        long unexpected = 0;
        long unknownPresent = 0;
        long[] expected = initial.clone();
        for (Map.Entry<Long, long[]> t : ledger.transfers().entrySet()) {
            int id = Math.toIntExact(t.getKey());
            if (result.unknown().get(id)) {
                unknownPresent++;
            } else if (!result.acknowledged().get(id)) {
                unexpected++;
            }
            long[] v = t.getValue();
            expected[(int) v[0]] -= v[2];
            expected[(int) v[1]] += v[2];
        }
        long wrong = 0;
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != ledger.balances()[i]) {
                wrong++;
            }
        }
        boolean log = missing == 0 && unexpected == 0;
        out.printf(Locale.ROOT, "%s: verification: transfer log holds %,d transfers: %,d acknowledged missing, %,d "
                        + "not acknowledged present (%,d of unknown outcome present): %s%n", bank.label(),
                ledger.transfers().size(), missing, unexpected, unknownPresent,
                log ? "log matches" : "LOG DIFFERS");
        out.printf(Locale.ROOT, "%s: verification: %,d of %,d balances differ from initial balance + log: %s%n",
                bank.label(), wrong, expected.length, wrong == 0 ? "balances match" : "BALANCES DIFFER");
        return totals && log && wrong == 0;
    }
}
