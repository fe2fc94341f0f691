package io.relationshiplayer.bench.sql;

import io.grpc.ManagedChannel;
import io.relationshiplayer.bench.JitSettling;
import io.relationshiplayer.bench.bank.LocalSqlServer;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.StreamCalls;
import io.relationshiplayer.client.text.TextTable;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.ExecutePreparedRequest;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.proto.v1.tickets.TicketType;
import io.relationshiplayer.tickets.GrpcTicketLayer;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * {@code rl bench sql}: the SQL service against the record service, both over gRPC to one in-process server
 * ({@link LocalSqlServer}: SQL and record services on a loopback port over the embedded memory backend).
 *
 * <ol>
 *   <li>a prepared primary-key SELECT on {@code tickets} (Prepare + ExecutePrepared, random ids) against the record
 *       service's LoadRecords of the study's Ticket (same ids, same field values) in its own database; calls
 *       interleave one for one; goal (SQL issue 17): SQL p50 under 1.2x the record p50;</li>
 *   <li>a 1-parent-50-children join through the foreign key (200 projects x 50 tickets): latency and rows/s;</li>
 *   <li>planning of a five-table join, measured end to end (Execute over gRPC of a query with an empty result):
 *       first time (fresh session, fresh statement text) and cached (the same text again in the same session);
 *       goals: cached under 1 ms, first under 50 ms (issue 17).</li>
 * </ol>
 *
 * <pre>SqlBenchmark [--seconds 3] [--quick] [--seed S] [--warmup-max 60]</pre>
 */
public final class SqlBenchmark {
    /** The goal for a prepared primary-key SELECT p50 over a LoadRecords p50; {@code rl bench jmh} names it too. */
    public static final double RATIO_GOAL = 1.2;
    static final double CACHED_PLAN_GOAL_MS = 1.0;
    static final double FIRST_PLAN_GOAL_MS = 50.0;
    static final int CHILDREN = 50;
    private static final String DATABASE = "sqlbench";
    private static final int LOAD_BATCH = 500;

    static final String PK_SELECT = "SELECT * FROM tickets WHERE id = ?";
    static final String JOIN = "SELECT p.id, p.name, t.id, t.title FROM projects p JOIN tickets t "
            + "ON t.project_id = p.id WHERE p.id = ?";
    /** A five-table join whose result is empty (comments, users and labels hold no rows); %d makes the text fresh. */
    static final String FIVE_TABLE_JOIN = "SELECT p.name, t.title, c.body, u.name, l.name FROM projects p "
            + "JOIN tickets t ON t.project_id = p.id JOIN comments c ON c.ticket_id = t.id "
            + "JOIN users u ON u.id = c.user_id JOIN labels l ON l.ticket_id = t.id WHERE p.id = %d";

    record Settings(double seconds, boolean quick, int projects, long seed, double warmupMax) {
        static Settings parse(String[] args) {
            double seconds = 3;
            Double warmupMax = null;
            boolean quick = false;
            Integer projects = null;
            long seed = 20_240_501L;
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (name.equals("--quick")) {
                    quick = true;
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + name);
                }
                String value = args[++i];
                switch (name) {
                    case "--seconds" -> seconds = Double.parseDouble(value);
                    case "--projects" -> projects = Integer.parseInt(value);
                    case "--seed" -> seed = Long.parseLong(value);
                    case "--warmup-max" -> warmupMax = Double.parseDouble(value);
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            if (quick && !Arrays.asList(args).contains("--seconds")) {
                seconds = 0.5;
            }
            int p = projects != null ? projects : quick ? 40 : 200;
            if (seconds <= 0 || p <= 0) {
                throw new IllegalArgumentException("--seconds and --projects must be positive");
            }
            // The first measurement's warm-up goes on until the JIT compiler has settled (JitSettling), at most this
            // long; --quick does not wait for it.
            double wm = warmupMax != null ? warmupMax : quick ? 0 : 60;
            return new Settings(seconds, quick, p, seed, wm);
        }

        int tickets() {
            return projects * CHILDREN;
        }
    }

    private final Settings settings;
    private final PrintStream out;
    private final PrintStream progress;
    private final Random random;
    private final SqlServiceGrpc.SqlServiceBlockingStub sql;
    /** Statements' results read as the client library reads them (one message for a one-row result). */
    private final StreamCalls streams = new StreamCalls();

    private SqlBenchmark(Settings settings, PrintStream out, PrintStream progress, ManagedChannel channel) {
        this.settings = settings;
        this.out = out;
        this.progress = progress;
        this.random = new Random(settings.seed());
        this.sql = SqlServiceGrpc.newBlockingStub(channel);
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bench sql: " + e.getMessage());
            return 2;
        }
        try (LocalSqlServer server = LocalSqlServer.start(BackendSpec.memory());
             GrpcTicketLayer records = GrpcTicketLayer.connect(server.target())) {
            // the client library's transport, as the record side's (its reads poll as the client library's do)
            ManagedChannel channel = ClientSecurity.plaintext().channelBuilder(server.target())
                    .maxInboundMessageSize(SqlClient.MAX_INBOUND_BYTES).build();
            try {
                new SqlBenchmark(settings, out, err, channel).run(records);
            } finally {
                channel.shutdownNow();
                channel.awaitTermination(5, TimeUnit.SECONDS);
            }
        }
        return 0;
    }

    private void run(GrpcTicketLayer records) {
        out.printf(Locale.ROOT, "rl bench sql: embedded memory backend, SQL and record services over gRPC on a "
                        + "loopback port; %,d projects x %d tickets; %.1f s per measurement%n",
                settings.projects(), CHILDREN, settings.seconds());
        if (settings.quick()) {
            out.println("--quick: short measurements on a JVM still compiling; its met / not met do not judge the "
                    + "goals (a run without --quick does)");
        }
        String session = open();
        try {
            load(session, records);
            Latencies[] pk = primaryKey(session, records);
            Latencies join = join(session);
            Latencies[] planning = planning(session);
            printTable(pk[0], pk[1], join, planning[0], planning[1]);
        } finally {
            close(session);
        }
    }

    // ---- setup ----

    private void load(String session, GrpcTicketLayer records) {
        long start = System.nanoTime();
        execute(session, "CREATE TABLE projects (id BIGINT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
        execute(session, "CREATE TABLE tickets (id BIGINT PRIMARY KEY, project_id BIGINT REFERENCES projects, "
                + "ticket_key VARCHAR(20), title VARCHAR(100), description VARCHAR(200), kind INTEGER)");
        execute(session, "CREATE TABLE users (id BIGINT PRIMARY KEY, name VARCHAR(40))");
        execute(session, "CREATE TABLE comments (id BIGINT PRIMARY KEY, ticket_id BIGINT REFERENCES tickets, "
                + "user_id BIGINT REFERENCES users, body VARCHAR(200))");
        execute(session, "CREATE TABLE labels (id BIGINT PRIMARY KEY, ticket_id BIGINT REFERENCES tickets, "
                + "name VARCHAR(40))");
        StringBuilder p = new StringBuilder("INSERT INTO projects VALUES ");
        for (int i = 1; i <= settings.projects(); i++) {
            p.append(i == 1 ? "" : ", ").append('(').append(i).append(", 'project ").append(i).append("')");
        }
        execute(session, p.toString());
        List<Ticket> batch = new ArrayList<>();
        StringBuilder t = new StringBuilder();
        for (int id = 1; id <= settings.tickets(); id++) {
            Ticket ticket = ticket(id);
            batch.add(ticket);
            t.append(t.length() == 0 ? "INSERT INTO tickets VALUES " : ", ").append('(').append(id).append(", ")
                    .append(projectOf(id)).append(", '").append(ticket.getKey()).append("', '")
                    .append(ticket.getTitle()).append("', '").append(ticket.getDescription()).append("', ")
                    .append(ticket.getType().getNumber()).append(')');
            if (batch.size() == LOAD_BATCH || id == settings.tickets()) {
                execute(session, t.toString());
                records.saveAll(batch);
                batch.clear();
                t.setLength(0);
            }
        }
        progress.printf(Locale.ROOT, "loaded %,d tickets (SQL and record service) in %.1f s%n", settings.tickets(),
                (System.nanoTime() - start) / 1e9);
    }

    static Ticket ticket(int id) {
        return Ticket.newBuilder().setId(id).setKey("RL-" + id).setTitle("Ticket number " + id + " of the benchmark")
                .setDescription("A description of ticket " + id + ", long enough to look like one written by hand.")
                .setType(TicketType.forNumber(id % 3)).build();
    }

    private static int projectOf(int ticketId) {
        return (ticketId - 1) / CHILDREN + 1;
    }

    // ---- 1. primary key ----

    private Latencies[] primaryKey(String session, GrpcTicketLayer records) {
        out.println();
        out.printf(Locale.ROOT, "== 1. primary-key SELECT (prepared) vs record-service LoadRecords, random ids over "
                + "%,d rows ==%n", settings.tickets());
        String statement = sql.prepare(PrepareRequest.newBuilder().setSessionId(session).setSql(PK_SELECT).build())
                .getStatementId();
        Latencies sqlTimes = new Latencies();
        Latencies recordTimes = new Latencies();
        JitSettling warmup = JitSettling.start(warmupSeconds(), settings.warmupMax());
        for (boolean warm : new boolean[] {true, false}) {
            long end = System.nanoTime() + nanos(settings.seconds());
            while (warm ? !warmup.done() : System.nanoTime() < end) {
                long id = 1 + random.nextInt(settings.tickets());
                long t0 = System.nanoTime();
                long rows = drain(streams.call(sql, SqlServiceGrpc.getExecutePreparedMethod(), ExecutePreparedRequest
                        .newBuilder().setSessionId(session).setStatementId(statement).addParams(int64(id))
                        .setSingleMessage(true).build()));
                long t1 = System.nanoTime();
                Ticket loaded = records.load((int) id);
                long t2 = System.nanoTime();
                if (rows != 1 || loaded == null) {
                    throw new IllegalStateException("ticket " + id + ": SQL rows " + rows + ", record "
                            + (loaded == null ? "missing" : "found"));
                }
                if (!warm) {
                    sqlTimes.add(t1 - t0);
                    recordTimes.add(t2 - t1);
                }
            }
        }
        out.println(warmup.describe() + " (untimed, both calls)");
        out.printf(Locale.ROOT, "SQL ExecutePrepared: %,d calls, p50 %.3f ms, p99 %.3f ms%n", sqlTimes.count(),
                sqlTimes.percentileMs(0.5), sqlTimes.percentileMs(0.99));
        out.printf(Locale.ROOT, "record LoadRecords:  %,d calls, p50 %.3f ms, p99 %.3f ms%n", recordTimes.count(),
                recordTimes.percentileMs(0.5), recordTimes.percentileMs(0.99));
        out.printf(Locale.ROOT, "SQL / record (p50): %.2fx (goal under %.1fx: %s)%n", ratio(sqlTimes, recordTimes),
                RATIO_GOAL, met(ratio(sqlTimes, recordTimes) < RATIO_GOAL));
        return new Latencies[] {sqlTimes, recordTimes};
    }

    private static double ratio(Latencies sqlTimes, Latencies recordTimes) {
        return sqlTimes.percentileMs(0.5) / recordTimes.percentileMs(0.5);
    }

    // ---- 2. join ----

    private Latencies join(String session) {
        out.println();
        out.printf(Locale.ROOT, "== 2. join of 1 parent and %d children through the foreign key (%,d projects) ==%n",
                CHILDREN, settings.projects());
        String statement = sql.prepare(PrepareRequest.newBuilder().setSessionId(session).setSql(JOIN).build())
                .getStatementId();
        Latencies times = new Latencies();
        for (boolean warm : new boolean[] {true, false}) {
            long end = System.nanoTime() + nanos(warm ? warmupSeconds() : settings.seconds());
            while (System.nanoTime() < end) {
                long project = 1 + random.nextInt(settings.projects());
                long t0 = System.nanoTime();
                long rows = drain(streams.call(sql, SqlServiceGrpc.getExecutePreparedMethod(), ExecutePreparedRequest
                        .newBuilder().setSessionId(session).setStatementId(statement).addParams(int64(project))
                        .setFetchSize(1000).setSingleMessage(true).build()));
                long t1 = System.nanoTime();
                if (rows != CHILDREN) {
                    throw new IllegalStateException("project " + project + ": " + rows + " rows, not " + CHILDREN);
                }
                if (!warm) {
                    times.add(t1 - t0);
                }
            }
        }
        out.printf(Locale.ROOT, "%,d queries, p50 %.3f ms, p99 %.3f ms, %,.0f rows/s%n", times.count(),
                times.percentileMs(0.5), times.percentileMs(0.99), rowsPerSecond(times));
        return times;
    }

    private static double rowsPerSecond(Latencies times) {
        return times.count() * (double) CHILDREN / (times.totalNanos() / 1e9);
    }

    // ---- 3. planning ----

    private Latencies[] planning(String session) {
        out.println();
        out.println("== 3. planning of a five-table join (end to end: Execute over gRPC, empty result) ==");
        // Warm the planner's code paths (class loading, JIT) with texts of their own, so that "first" is the first
        // plan of a text in a warm server, not of the process: for the warm-up time, and at least 5 texts.
        int fresh = 0;
        long warmEnd = System.nanoTime() + nanos(warmupSeconds());
        while (fresh < 5 || System.nanoTime() < warmEnd) {
            executeFresh(++fresh);
        }
        int firstSamples = settings.quick() ? 5 : 20;
        Latencies first = new Latencies();
        for (int i = 0; i < firstSamples; i++) {
            first.add(executeFresh(++fresh));
        }
        Latencies cached = new Latencies();
        String text = String.format(Locale.ROOT, FIVE_TABLE_JOIN, -1);
        timedExecute(session, text); // plans it once
        for (boolean warm : new boolean[] {true, false}) {
            long end = System.nanoTime() + nanos(warm ? warmupSeconds() : settings.seconds());
            while (System.nanoTime() < end) {
                long ns = timedExecute(session, text);
                if (!warm) {
                    cached.add(ns);
                }
            }
        }
        out.printf(Locale.ROOT, "first (fresh session, fresh text): %d samples, p50 %.3f ms, max %.3f ms "
                        + "(goal under %.0f ms: %s)%n", first.count(), first.percentileMs(0.5), first.maxMs(),
                FIRST_PLAN_GOAL_MS, met(first.percentileMs(0.5) < FIRST_PLAN_GOAL_MS));
        out.printf(Locale.ROOT, "cached (same text, same session): %,d samples, p50 %.3f ms, p99 %.3f ms "
                        + "(goal under %.0f ms: %s)%n", cached.count(), cached.percentileMs(0.5),
                cached.percentileMs(0.99), CACHED_PLAN_GOAL_MS, met(cached.percentileMs(0.5) < CACHED_PLAN_GOAL_MS));
        return new Latencies[] {first, cached};
    }

    /** A fresh session (opened before the clock starts) runs a text never seen before. */
    private long executeFresh(int n) {
        String session = open();
        try {
            return timedExecute(session, String.format(Locale.ROOT, FIVE_TABLE_JOIN, -1000 - n));
        } finally {
            close(session);
        }
    }

    private long timedExecute(String session, String text) {
        long t0 = System.nanoTime();
        long rows = drain(sql.execute(ExecuteRequest.newBuilder().setSessionId(session).setSql(text).build()));
        long ns = System.nanoTime() - t0;
        if (rows != 0) {
            throw new IllegalStateException("the five-table join returned " + rows + " rows");
        }
        return ns;
    }

    // ---- table ----

    private void printTable(Latencies pkSql, Latencies pkRecord, Latencies join, Latencies first, Latencies cached) {
        io.relationshiplayer.bench.check.RatioCheck.record("sql.pk-select.over-record-load.p50",
                ratio(pkSql, pkRecord));
        out.println();
        table(pkSql, pkRecord, join, first, cached).forEach(out::println);
        out.println("Planning is measured end to end (client Execute call, gRPC included), not in process.");
    }

    /** The summary as a Markdown table: each measure, its figure, its goal and whether it was met. */
    static List<String> table(Latencies pkSql, Latencies pkRecord, Latencies join, Latencies first,
            Latencies cached) {
        double ratio = ratio(pkSql, pkRecord);
        return TextTable.markdown("Measure", "Figure", "Goal", "Result").lines(List.of(
                List.of("1. PK SELECT (prepared) p50 / p99", ms(pkSql), "", ""),
                List.of("1. LoadRecords (reference) p50 / p99", ms(pkRecord), "", ""),
                List.of("1. SQL / record (p50)", String.format(Locale.ROOT, "%.2fx", ratio),
                        String.format(Locale.ROOT, "< %.1fx", RATIO_GOAL), met(ratio < RATIO_GOAL)),
                List.of("2. join 1 x " + CHILDREN + " p50 / p99", ms(join), "", ""),
                List.of("2. join rows/s", String.format(Locale.ROOT, "%,.0f", rowsPerSecond(join)), "", ""),
                List.of("3. five-table join, first (p50)", String.format(Locale.ROOT, "%.3f ms",
                        first.percentileMs(0.5)), String.format(Locale.ROOT, "< %.0f ms", FIRST_PLAN_GOAL_MS),
                        met(first.percentileMs(0.5) < FIRST_PLAN_GOAL_MS)),
                List.of("3. five-table join, cached (p50)", String.format(Locale.ROOT, "%.3f ms",
                        cached.percentileMs(0.5)), String.format(Locale.ROOT, "< %.0f ms", CACHED_PLAN_GOAL_MS),
                        met(cached.percentileMs(0.5) < CACHED_PLAN_GOAL_MS))));
    }

    private static String ms(Latencies l) {
        return String.format(Locale.ROOT, "%.3f / %.3f ms", l.percentileMs(0.5), l.percentileMs(0.99));
    }

    private static String met(boolean met) {
        return met ? "met" : "not met";
    }

    // ---- calls ----

    /** Untimed calls before each measurement (JIT, caches): as long as the measurement, at most 3 s; quick: half. */
    private double warmupSeconds() {
        return settings.quick() ? settings.seconds() / 2 : Math.min(3.0, settings.seconds());
    }

    private static long nanos(double seconds) {
        return (long) (seconds * 1e9);
    }

    private String open() {
        return sql.withDeadlineAfter(60, TimeUnit.SECONDS)
                .openSession(OpenSessionRequest.newBuilder().setDatabase(DATABASE).build()).getSessionId();
    }

    private void close(String session) {
        sql.withDeadlineAfter(10, TimeUnit.SECONDS)
                .closeSession(CloseSessionRequest.newBuilder().setSessionId(session).build());
    }

    private void execute(String session, String text) {
        drain(sql.withDeadlineAfter(60, TimeUnit.SECONDS)
                .execute(ExecuteRequest.newBuilder().setSessionId(session).setSql(text).build()));
    }

    /** Reads a statement's stream to its end; returns the rows it returned. */
    private static long drain(Iterator<ExecuteResponse> it) {
        long rows = 0;
        boolean ended = false;
        while (it.hasNext()) {
            ExecuteResponse m = it.next();
            if (m.hasBatch()) {
                rows += m.getBatch().getRowsCount();
            } else if (m.hasEnd()) {
                ended = true;
            } else if (m.hasComplete()) {
                rows += m.getComplete().getBatch().getRowsCount();
                ended = true;
            }
        }
        if (!ended) {
            throw new IllegalStateException("a statement's stream ended without its end message");
        }
        return rows;
    }

    private static SqlValue int64(long v) {
        return SqlValue.newBuilder().setInt64Value(v).build();
    }

    /** Latencies in nanoseconds of one thread. */
    static final class Latencies {
        private long[] values = new long[1024];
        private int size;
        private boolean sorted = true;

        void add(long nanos) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = nanos;
            sorted = false;
        }

        int count() {
            return size;
        }

        long totalNanos() {
            long sum = 0;
            for (int i = 0; i < size; i++) {
                sum += values[i];
            }
            return sum;
        }

        double percentileMs(double q) {
            if (size == 0) {
                return Double.NaN;
            }
            if (!sorted) {
                Arrays.sort(values, 0, size);
                sorted = true;
            }
            int rank = (int) Math.ceil(q * size) - 1;
            return values[Math.max(0, Math.min(size - 1, rank))] / 1e6;
        }

        double maxMs() {
            return percentileMs(1.0);
        }
    }
}
