package io.relationshiplayer.bench.relationships;

import io.relationshiplayer.client.text.TextColumn;
import io.relationshiplayer.client.text.TextTable;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.proto.v1.ForeignKeyDef;
import io.relationshiplayer.proto.v1.IndexColumn;
import io.relationshiplayer.proto.v1.IndexDef;
import io.relationshiplayer.proto.v1.ReferentialAction;
import io.relationshiplayer.proto.v1.TableDef;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import io.relationshiplayer.relationships.Row;
import io.relationshiplayer.relationships.Table;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * What foreign keys cost and save on the relationship layer, on the embedded memory backend.
 *
 * <p>Inserts: {@code --children} rows referencing {@code --parents} parents, {@code --batch} rows per transaction
 * ({@code Session.insertAll}), into a table whose foreign key is checked and into the same table without one (and,
 * to tell the check from the index that backs it, without a foreign key but with an index on the column; and with
 * both, where the foreign key reads that index instead of keeping one of its own). Each run
 * inserts into a table on a fresh backend, the order alternating between runs, after a warm-up round; the median run
 * counts. Goal: the checked inserts take less than {@link #GOAL_RATIO} times as long.
 *
 * <p>Lookups: the children of {@code --lookups} parents in one transaction, batched ({@code childrenOfMany}) against
 * one {@code childrenOf} call after the other; then the same with {@link LatencyProfile#CLUSTER} injected, for
 * {@code --cluster-lookups} parents, where every sequential call pays a read's latency (fewer parents than without
 * latency: the sequential calls must fit FoundationDB's 5 s transaction window). Under that profile too, one-row
 * inserts with and without the foreign key, a transaction each: a check's read goes out with the insert's own.
 *
 * <pre>
 * ForeignKeyBenchmark [--children 100000] [--parents 10000] [--batch 500] [--runs 3] [--lookups 1000]
 *                     [--cluster-lookups 250] [--lookup-runs 5] [--seed S] [--no-cluster] [--quick]
 *                     [--postgres JDBC-URL]
 * </pre>
 */
public final class ForeignKeyBenchmark {
    /** Goal: inserts with a checked foreign key take less than this many times as long as without. */
    static final double GOAL_RATIO = 1.3;
    private static final String DB = "fkbench";
    /** Children along the foreign key, one parent at a time against all at once. */
    static final TextTable LOOKUPS = TextTable.builder().prefix("  ").column(TextColumn.left("latency", 8))
            .column(TextColumn.right("parents", 8)).column(TextColumn.right("children", 8))
            .column(TextColumn.right("sequential childrenOf", 24))
            .column(TextColumn.right("batched childrenOfMany", 24))
            .column(TextColumn.right("speed-up", 9)).build();
    /** Insert times per kind of child table, every run's time free at the end. */
    static final TextTable INSERTS = TextTable.builder().prefix("  ").freeLast(true)
            .column(TextColumn.left("table", 36)).column(TextColumn.right("time (s)", 10))
            .column(TextColumn.right("cpu (s)", 9)).column(TextColumn.right("rows/s", 12))
            .column("   ", TextColumn.left("runs (s)")).build();
    private static final int CHILDREN_PER_PARENT_CLUSTER = 10;
    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();
    /** One-row inserts per run under the cluster profile. */
    private static final int CLUSTER_INSERTS = 100;

    /** What to run. */
    record Settings(int children, int parents, int batch, int runs, int lookups, int clusterLookups, int lookupRuns,
                    long seed, boolean cluster, String postgres) {

        static Settings parse(String[] args) {
            int children = 100_000;
            int parents = 10_000;
            int batch = 500;
            int runs = 3;
            int lookups = 1_000;
            int clusterLookups = 250;
            int lookupRuns = 5;
            long seed = 20_240_501L;
            boolean cluster = true;
            String postgres = null;
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (name.equals("--no-cluster")) {
                    cluster = false;
                    continue;
                }
                if (name.equals("--quick")) { // a few seconds: small tables, one run of each
                    children = 10_000;
                    parents = 1_000;
                    runs = 1;
                    lookups = 200;
                    clusterLookups = 50;
                    lookupRuns = 1;
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + name);
                }
                String value = args[++i];
                switch (name) {
                    case "--children" -> children = positive(name, value);
                    case "--parents" -> parents = positive(name, value);
                    case "--batch" -> batch = positive(name, value);
                    case "--runs" -> runs = positive(name, value);
                    case "--lookups" -> lookups = positive(name, value);
                    case "--cluster-lookups" -> clusterLookups = positive(name, value);
                    case "--lookup-runs" -> lookupRuns = positive(name, value);
                    case "--seed" -> seed = Long.parseLong(value);
                    case "--postgres" -> postgres = value;
                    default -> throw new IllegalArgumentException("unknown option " + name);
                }
            }
            if (lookups > parents) {
                throw new IllegalArgumentException("--lookups " + lookups + " exceeds --parents " + parents);
            }
            return new Settings(children, parents, batch, runs, lookups, clusterLookups, lookupRuns, seed, cluster,
                    postgres);
        }

        private static int positive(String name, String value) {
            try {
                int v = Integer.parseInt(value.replace("_", "").replace(",", ""));
                if (v > 0) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(name + " needs a positive integer, got '" + value + "'");
        }
    }

    private final Settings settings;
    private final PrintStream out;

    private ForeignKeyBenchmark(Settings settings, PrintStream out) {
        this.settings = settings;
        this.out = out;
    }

    /** Runs the benchmark with command-line {@code args}; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("bench foreign-keys: " + e.getMessage());
            return 2;
        }
        try {
            new ForeignKeyBenchmark(settings, out).run();
            return 0;
        } catch (RuntimeException e) {
            err.println("bench foreign-keys: failed: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    private void run() {
        // The embedded engine completes its futures on the common pool: its size decides how much latency overlaps.
        out.printf(Locale.ROOT, "Foreign keys on the relationship layer, embedded memory backend (%d CPUs, common pool "
                + "parallelism %d)%n%n", Runtime.getRuntime().availableProcessors(),
                java.util.concurrent.ForkJoinPool.getCommonPoolParallelism());
        inserts();
        Lookups local;
        try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.NONE)) {
            RelationshipLayer layer = open(backend, settings.parents());
            createChildren(layer, "children", Kind.FOREIGN_KEY);
            insertSeconds(layer, "children", children(settings.children(), settings.parents(), settings.seed()));
            local = lookups(layer, "children", settings.lookups(), settings.parents());
        }
        System.gc();
        Lookups cluster = null;
        if (settings.cluster()) {
            try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.CLUSTER)) {
                int parents = settings.clusterLookups();
                RelationshipLayer layer = open(backend, parents);
                createChildren(layer, "children", Kind.FOREIGN_KEY);
                insertSeconds(layer, "children", children(parents * CHILDREN_PER_PARENT_CLUSTER, parents,
                        settings.seed()));
                cluster = lookups(layer, "children", parents, parents);
            }
        }
        if (settings.cluster()) {
            clusterInserts();
        }
        out.printf(Locale.ROOT, "Children of parents along the foreign key, one transaction each, median of %d runs:%n",
                settings.lookupRuns());
        out.println(LOOKUPS.header());
        local.print(out, "none");
        if (cluster != null) {
            cluster.print(out, "cluster");
        }
    }

    // ---- inserts ----

    private enum Kind {
        NONE("no foreign key"), INDEX_ONLY("no foreign key, index on parent_id"),
        FOREIGN_KEY("foreign key, checked"), INDEX_AND_FOREIGN_KEY("index on parent_id and foreign key");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /**
     * Each table on a backend of its own, holding only the parents: no run inherits another's data. The first round
     * warms up (the JIT, the heap) and is not counted.
     */
    private void inserts() {
        List<List<Map<String, Object>>> batches = children(settings.children(), settings.parents(), settings.seed());
        Kind[] kinds = Kind.values();
        double[][] seconds = new double[kinds.length][settings.runs()];
        // The inserting thread's CPU time: on a machine shared with other work, steadier than the elapsed time.
        double[][] cpu = new double[kinds.length][settings.runs()];
        for (int run = -1; run < settings.runs(); run++) {
            for (int i = 0; i < kinds.length; i++) {
                // Alternate the order, so that no side always runs first.
                Kind k = kinds[run % 2 == 0 ? i : kinds.length - 1 - i];
                try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.NONE)) {
                    RelationshipLayer layer = open(backend, settings.parents());
                    createChildren(layer, "children", k);
                    System.gc();
                    long cpuBefore = THREADS.getCurrentThreadCpuTime();
                    double s = insertSeconds(layer, "children", batches);
                    if (run >= 0) {
                        seconds[k.ordinal()][run] = s;
                        cpu[k.ordinal()][run] = (THREADS.getCurrentThreadCpuTime() - cpuBefore) / 1e9;
                    }
                }
            }
        }
        out.printf(Locale.ROOT, "Inserts: %,d children of %,d parents, %d rows per transaction (Session.insertAll), "
                        + "median of %d runs after a warm-up round%n", settings.children(), settings.parents(),
                settings.batch(), settings.runs());
        out.println(INSERTS.header());
        double[] median = new double[kinds.length];
        for (Kind k : kinds) {
            median[k.ordinal()] = median(seconds[k.ordinal()]);
            out.println(INSERTS.row(List.of(k.label, String.format(Locale.ROOT, "%.3f", median[k.ordinal()]),
                    String.format(Locale.ROOT, "%.3f", median(cpu[k.ordinal()])),
                    String.format(Locale.ROOT, "%,.0f", settings.children() / median[k.ordinal()]),
                    runs(seconds[k.ordinal()]))));
        }
        double ratio = median[Kind.FOREIGN_KEY.ordinal()] / median[Kind.NONE.ordinal()];
        io.relationshiplayer.bench.check.RatioCheck.record("foreign-keys.insert.with-over-without", ratio);
        out.printf(Locale.ROOT, "  ratio foreign key / no foreign key: %.2fx (goal < %.2fx: %s)%n", ratio, GOAL_RATIO,
                ratio < GOAL_RATIO ? "met" : "not met");
        out.printf(Locale.ROOT, "  ratio foreign key / index only:     %.2fx (the parent checks alone)%n",
                median[Kind.FOREIGN_KEY.ordinal()] / median[Kind.INDEX_ONLY.ordinal()]);
        // PostgreSQL's advice is to index a foreign key's columns: here the key reads that index, not one of its own.
        out.printf(Locale.ROOT, "  ratio index and foreign key / index only: %.2fx (one index, shared)%n",
                median[Kind.INDEX_AND_FOREIGN_KEY.ordinal()] / median[Kind.INDEX_ONLY.ordinal()]);
        out.printf(Locale.ROOT, "  the same in the inserting thread's CPU time: %.2fx, %.2fx and %.2fx%n%n",
                median(cpu[Kind.FOREIGN_KEY.ordinal()]) / median(cpu[Kind.NONE.ordinal()]),
                median(cpu[Kind.FOREIGN_KEY.ordinal()]) / median(cpu[Kind.INDEX_ONLY.ordinal()]),
                median(cpu[Kind.INDEX_AND_FOREIGN_KEY.ordinal()]) / median(cpu[Kind.INDEX_ONLY.ordinal()]));
        if (settings.postgres() != null) {
            try (ServiceInserts ours = new ServiceInserts(settings.parents(), batches)) {
                InsertComparison.compare(List.of(ours, new PostgresInserts(settings.postgres(), settings.parents(),
                        batches)), Arrays.stream(kinds).map(Kind::name).toList(),
                        Arrays.stream(kinds).map(k -> k.label).toList(), settings.runs(), settings.batch(), out);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private static double insertSeconds(RelationshipLayer layer, String table, List<List<Map<String, Object>>> batches) {
        long start = System.nanoTime();
        for (List<Map<String, Object>> b : batches) {
            layer.run(DB, s -> s.insertAll(table, b));
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** The child rows in batches: ids 1..n, each with a random parent of 1..parents (the same for every table). */
    private List<List<Map<String, Object>>> children(int n, int parents, long seed) {
        Random random = new Random(seed);
        List<List<Map<String, Object>>> batches = new ArrayList<>();
        List<Map<String, Object>> batch = new ArrayList<>(settings.batch());
        for (long id = 1; id <= n; id++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", id);
            row.put("parent_id", 1L + random.nextInt(parents));
            row.put("note", "child " + id);
            row.put("amount", id * 7);
            batch.add(row);
            if (batch.size() == settings.batch()) {
                batches.add(batch);
                batch = new ArrayList<>(settings.batch());
            }
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }

    /**
     * One-row inserts, a transaction each, under {@link LatencyProfile#CLUSTER}: there a parent check costs what its
     * read's round trip adds to the insert's own (none, when both go out together).
     */
    private void clusterInserts() {
        Kind[] kinds = {Kind.NONE, Kind.FOREIGN_KEY};
        double[][] millis = new double[kinds.length][settings.lookupRuns()];
        for (int run = -1; run < settings.lookupRuns(); run++) {
            for (int i = 0; i < kinds.length; i++) {
                int k = run % 2 == 0 ? i : kinds.length - 1 - i;
                try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.CLUSTER)) {
                    RelationshipLayer layer = open(backend, settings.clusterLookups());
                    createChildren(layer, "children", kinds[k]);
                    List<List<Map<String, Object>>> rows = children(CLUSTER_INSERTS, settings.clusterLookups(),
                            settings.seed() + run);
                    long start = System.nanoTime();
                    for (List<Map<String, Object>> batch : rows) {
                        for (Map<String, Object> row : batch) {
                            layer.run(DB, s -> s.insertAll("children", List.of(row)));
                        }
                    }
                    if (run >= 0) {
                        millis[k][run] = (System.nanoTime() - start) / 1e6 / CLUSTER_INSERTS;
                    }
                }
            }
        }
        double without = median(millis[0]);
        double with = median(millis[1]);
        out.printf(Locale.ROOT, "One-row inserts under the cluster latency profile, a transaction each, %d per run, "
                + "median of %d runs: no foreign key %.2f ms, foreign key checked %.2f ms per insert (%.2fx)%n%n",
                CLUSTER_INSERTS, settings.lookupRuns(), without, with, with / without);
    }

    // ---- lookups ----

    /** Timings of one lookup comparison, in nanoseconds. */
    record Lookups(int parents, long children, long sequentialNanos, long batchedNanos) {
        void print(PrintStream out, String latency) {
            io.relationshiplayer.bench.check.RatioCheck.record("foreign-keys.lookups." + latency
                    + ".batched-over-sequential", (double) batchedNanos / sequentialNanos);
            out.println(row(latency));
        }

        String row(String latency) {
            return LOOKUPS.row(List.of(latency, String.format(Locale.ROOT, "%,d", parents),
                    String.format(Locale.ROOT, "%,d", children),
                    String.format(Locale.ROOT, "%.2f ms", sequentialNanos / 1e6),
                    String.format(Locale.ROOT, "%.2f ms", batchedNanos / 1e6),
                    String.format(Locale.ROOT, "%.1fx", (double) sequentialNanos / batchedNanos)));
        }
    }

    /** Children of {@code parents} distinct parents drawn from 1..{@code total}, both ways. */
    private Lookups lookups(RelationshipLayer layer, String table, int parents, int total) {
        List<Long> ids = new ArrayList<>(total);
        for (long id = 1; id <= total; id++) {
            ids.add(id);
        }
        java.util.Collections.shuffle(ids, new Random(settings.seed() + 1));
        List<Object[]> keys = new ArrayList<>(parents);
        for (Long id : ids.subList(0, parents)) {
            keys.add(new Object[] {id});
        }
        long[] sequential = new long[settings.lookupRuns()];
        long[] batched = new long[settings.lookupRuns()];
        long found = -1;
        for (int run = -1; run < settings.lookupRuns(); run++) {
            long start = System.nanoTime();
            long viaBatch = layer.run(DB, s -> {
                Table t = s.catalog().requireTable(table);
                long n = 0;
                for (List<Row> rows : s.access().childrenOfMany(t, t.foreignKeys().get(0), keys).join()) {
                    n += rows.size();
                }
                return n;
            });
            long middle = System.nanoTime();
            long viaCalls = layer.run(DB, s -> {
                Table t = s.catalog().requireTable(table);
                long n = 0;
                for (Object[] key : keys) {
                    n += s.access().childrenOf(t, t.foreignKeys().get(0), key, 0).join().size();
                }
                return n;
            });
            long end = System.nanoTime();
            if (viaBatch != viaCalls || (found >= 0 && found != viaBatch)) {
                throw new IllegalStateException("batched and sequential lookups disagree: " + viaBatch + " vs "
                        + viaCalls);
            }
            found = viaBatch;
            if (run >= 0) {
                batched[run] = middle - start;
                sequential[run] = end - middle;
            }
        }
        return new Lookups(parents, found, median(sequential), median(batched));
    }

    // ---- schema ----

    /** The layer on {@code backend} with table parents holding ids 1..{@code parents}. */
    private RelationshipLayer open(Backend backend, int parents) {
        RelationshipLayer layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
        layer.ensureDatabase(DB);
        layer.createTable(DB, TableDef.newBuilder().setName("parents")
                .addColumns(column("id", ColumnKind.BIGINT)).addColumns(column("name", ColumnKind.VARCHAR))
                .addPrimaryKey("id").build(), false);
        insertParents(layer, parents);
        return layer;
    }

    private void insertParents(RelationshipLayer layer, int parents) {
        for (int from = 1; from <= parents; from += settings.batch()) {
            List<Map<String, Object>> batch = new ArrayList<>();
            for (long id = from; id < Math.min(from + settings.batch(), parents + 1L); id++) {
                batch.add(Map.of("id", id, "name", "parent " + id));
            }
            layer.run(DB, s -> s.insertAll("parents", batch));
        }
    }

    private static void createChildren(RelationshipLayer layer, String table, Kind kind) {
        TableDef.Builder t = TableDef.newBuilder().setName(table)
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("parent_id", ColumnKind.BIGINT).toBuilder().setNotNull(true))
                .addColumns(column("note", ColumnKind.VARCHAR))
                .addColumns(column("amount", ColumnKind.BIGINT))
                .addPrimaryKey("id");
        if (kind == Kind.FOREIGN_KEY || kind == Kind.INDEX_AND_FOREIGN_KEY) {
            t.addForeignKeys(ForeignKeyDef.newBuilder().setName(table + "_parent_fkey").addColumns("parent_id")
                    .setReferencedTable("parents").setOnDelete(ReferentialAction.NO_ACTION));
        }
        if (kind == Kind.INDEX_ONLY || kind == Kind.INDEX_AND_FOREIGN_KEY) {
            t.addIndexes(IndexDef.newBuilder().setName(table + "_parent_idx")
                    .addColumns(IndexColumn.newBuilder().setColumn("parent_id")));
        }
        layer.createTable(DB, t.build(), false);
    }

    private static ColumnDef column(String name, ColumnKind kind) {
        return ColumnDef.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(kind)).build();
    }

    // ---- statistics ----

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static String runs(double[] seconds) {
        StringBuilder b = new StringBuilder();
        for (double s : seconds) {
            b.append(b.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", s));
        }
        return b.toString();
    }
}
