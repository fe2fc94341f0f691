package io.relationshiplayer.bench.sql;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.sql.SqlEngine;
import io.relationshiplayer.sql.SqlException;
import io.relationshiplayer.sql.SqlSession;
import io.relationshiplayer.sql.calcite.StatementCancel;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How soon a cancel stops a statement in each phase of its work (the SQL issue's "every phase stops within 100 ms of a
 * cancel"): statements that each spend long in one phase (parsing and planning a 60,000-value IN list, validating and
 * converting a 1,664-item select list, generating code for a CASE of 999 branches, Janino compiling the Java generated
 * for that CASE, simplifying and compiling an OR of 400 terms, parsing and simplifying an OR of 400 LIKE terms,
 * executing an aggregate over a cross join) are run twice to learn how long they take warm, then cancelled at evenly
 * spaced points of that time (for Janino's compile, of the time from its start). Per statement it prints how many runs
 * a cancel stopped (a run may end before its point), and the time until the caller got 57014 (its session free) and
 * until the work itself had stopped (no preparation left finishing a step alone:
 * {@link StatementCancel#leftRunning()}), as median and worst.
 *
 * <pre>CancelBenchmark [--points 10] [--quick]</pre>
 */
public final class CancelBenchmark {
    /** Statements over this are cancelled here in their first run too (a CASE of 999 branches takes some 15 s). */
    private static final long LONGEST_MS = 5_000;

    private CancelBenchmark() {
    }

    private static String list(int n, IntFunction<String> item, String separator) {
        return IntStream.range(0, n).mapToObj(item).collect(Collectors.joining(separator));
    }

    /**
     * A statement of the benchmark; {@code salt} makes its text new each time (no cached plan). One {@code compiling}
     * is timed, and cancelled, from the moment its generated Java goes to Janino (Calcite's JAVA_PLAN hook), not from
     * its start: its points fall within Janino's compile (and the short run after it).
     */
    private record Kind(String name, String phase, IntFunction<String> text, boolean compiling) {
        Kind(String name, String phase, IntFunction<String> text) {
            this(name, phase, text, false);
        }
    }

    private static String caseOf999(int salt) {
        return "SELECT CASE " + list(999, i -> "WHEN v = " + (i + salt) + " THEN " + i, " ") + " END FROM t";
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("in-list", "parse, plan", salt -> "SELECT COUNT(*) FROM t WHERE v IN ("
                    + list(60_000, i -> Integer.toString(i + salt), ", ") + ")"),
            new Kind("select-list", "validate, convert", salt -> "SELECT "
                    + list(1_664, i -> "v + " + (i + salt), ", ") + " FROM t"),
            new Kind("case", "code generation", CancelBenchmark::caseOf999),
            new Kind("case", "Janino's compile", CancelBenchmark::caseOf999, true),
            new Kind("or", "simplify, compile", salt -> "SELECT COUNT(*) FROM t WHERE "
                    + list(400, i -> "v = " + (i + salt), " OR ")),
            new Kind("or-like", "parse, simplify", salt -> "SELECT COUNT(*) FROM t WHERE "
                    + list(400, i -> "CAST(v AS TEXT) LIKE '%" + (i + salt) + "%'", " OR ")),
            new Kind("aggregate", "execute", salt -> "SELECT SUM(a.x * b.x + c.x - " + salt + ") FROM "
                    + "(VALUES " + list(300, i -> Integer.toString(i), ", ") + ") AS a(x), (VALUES "
                    + list(300, i -> Integer.toString(i), ", ") + ") AS b(x), (VALUES "
                    + list(300, i -> Integer.toString(i), ", ") + ") AS c(x)"));

    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        int points = 10;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> points = 3;
                case "--points" -> {
                    if (i + 1 >= args.length) {
                        err.println("missing value after --points");
                        return 2;
                    }
                    points = Integer.parseInt(args[++i]);
                }
                default -> {
                    err.println("unknown option " + args[i]);
                    return 2;
                }
            }
        }
        if (points < 1) {
            err.println("--points must be positive");
            return 2;
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cancel-timer");
            t.setDaemon(true);
            return t;
        });
        try (Backend backend = Backend.open("embedded:memory")) {
            SqlSession s = new SqlEngine(new RelationshipLayer(new RecordStores(backend.recordDatabase())))
                    .open("cancels");
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)", List.of());
            s.execute("INSERT INTO t VALUES (1, 1), (2, 2)", List.of());
            out.printf(Locale.ROOT, "Cancel at %d points of each statement's run; load average %s%n", points,
                    loadAverage());
            out.printf(Locale.ROOT, "%-12s %-18s %10s %9s %22s %22s%n", "statement", "its long phase", "run (ms)",
                    "cancelled", "caller freed p50/max", "work stopped p50/max");
            int salt = 0;
            for (Kind k : KINDS) {
                cancelAt(s, timer, k, k.text().apply(++salt), LONGEST_MS); // the first run warms the planner
                Sample warm = cancelAt(s, timer, k, k.text().apply(++salt), LONGEST_MS);
                long runMs = warm.cancelled() ? LONGEST_MS : warm.runMs();
                List<Double> freed = new ArrayList<>();
                List<Double> stopped = new ArrayList<>();
                for (int p = 1; p <= points; p++) {
                    Sample x = cancelAt(s, timer, k, k.text().apply(++salt), runMs * p / (points + 1));
                    if (x.cancelled()) {
                        freed.add(x.freedMs());
                        stopped.add(x.stoppedMs());
                    }
                }
                out.printf(Locale.ROOT, "%-12s %-18s %10s %9s %22s %22s%n", k.name(), k.phase(),
                        (warm.cancelled() ? ">" : "") + runMs, freed.size() + " of " + points, pair(freed),
                        pair(stopped));
            }
            out.printf(Locale.ROOT, "load average after: %s%n", loadAverage());
            s.close();
        } finally {
            timer.shutdownNow();
        }
        return 0;
    }

    /**
     * One run of {@code sql}, cancelled {@code afterMs} after its start (after its generated Java went to Janino if
     * {@code k} is {@code compiling}) unless it ended first; its run time is counted from there too.
     */
    private record Sample(boolean cancelled, long runMs, double freedMs, double stoppedMs) {
    }

    private static Sample cancelAt(SqlSession s, ScheduledExecutorService timer, Kind k, String sql, long afterMs)
            throws InterruptedException {
        AtomicLong cancelledAt = new AtomicLong();
        s.clearCancel();
        AtomicLong start = new AtomicLong(System.nanoTime());
        java.util.concurrent.atomic.AtomicReference<ScheduledFuture<?>> pending =
                new java.util.concurrent.atomic.AtomicReference<>();
        Runnable schedule = () -> pending.set(timer.schedule(() -> {
            cancelledAt.set(System.nanoTime());
            s.cancel();
        }, afterMs, TimeUnit.MILLISECONDS));
        boolean cancelled = false;
        try (org.apache.calcite.runtime.Hook.Closeable compiling = k.compiling()
                ? org.apache.calcite.runtime.Hook.JAVA_PLAN.add((java.util.function.Consumer<Object>) o -> {
                    if (pending.get() == null) { // its first generated class
                        start.set(System.nanoTime());
                        schedule.run();
                    }
                }) : org.apache.calcite.runtime.Hook.Closeable.EMPTY) {
            if (!k.compiling()) {
                schedule.run();
            }
            s.execute(sql, List.of());
        } catch (SqlException e) {
            cancelled = SqlException.QUERY_CANCELED.equals(e.sqlState());
        }
        long end = System.nanoTime();
        if (pending.get() != null && !pending.get().cancel(false)) {
            try {
                pending.get().get(); // it ran or is running: let it finish before the next statement
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException e) {
                // nothing to wait for
            }
        }
        while (StatementCancel.leftRunning() > 0) {
            Thread.onSpinWait();
        }
        long stopped = System.nanoTime();
        s.clearCancel();
        long at = cancelledAt.get();
        long runMs = (end - start.get()) / 1_000_000;
        return cancelled && at != 0 ? new Sample(true, runMs, (end - at) / 1e6, (stopped - at) / 1e6)
                : new Sample(false, runMs, 0, 0);
    }

    private static String pair(List<Double> ms) {
        if (ms.isEmpty()) {
            return "-";
        }
        List<Double> sorted = new ArrayList<>(ms);
        Collections.sort(sorted);
        return String.format(Locale.ROOT, "%.1f / %.1f ms", sorted.get(sorted.size() / 2),
                sorted.get(sorted.size() - 1));
    }

    private static String loadAverage() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ", 4)[0];
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
