import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.*;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.relationships.RelationshipLayer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.*;

/**
 * The timed inserts of {@code rl bench foreign-keys} alone, as that benchmark sets them up (a fresh memory backend per
 * round holding the parents, children in transactions of 500 rows). {@link #once} is one round (AB calls it); main runs
 * one build's tables, e.g. under JFR: args kinds (comma-separated: none, index, fk, indexfk: an index and a foreign key
 * on parent_id; pknone, pkfk: the primary key (parent_id, id) without and with a foreign key on parent_id) children
 * parents rounds warm-up.
 */
public class FkHarness {
    static final String DB = "bench";
    static final ThreadMXBean T = ManagementFactory.getThreadMXBean();
    static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** One timed round of {@code kind}: {elapsed ns, inserting thread's CPU ns}. */
    public static long[] once(String kind, int children, int parents) throws Exception {
        List<List<Map<String, Object>>> batches = children(children, parents, 42);
        try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.NONE)) {
            RelationshipLayer layer = open(backend, parents);
            createChildren(layer, "children", kind);
            System.gc();
            long c0 = T.getCurrentThreadCpuTime(), t0 = System.nanoTime();
            for (List<Map<String, Object>> b : batches) {
                layer.run(DB, s -> s.insertAll("children", b));
            }
            return new long[] {System.nanoTime() - t0, T.getCurrentThreadCpuTime() - c0};
        }
    }

    public static void main(String[] a) throws Exception {
        String[] kinds = a[0].split(",");
        int children = Integer.parseInt(a[1]), parents = Integer.parseInt(a[2]);
        int rounds = Integer.parseInt(a[3]), warm = Integer.parseInt(a[4]);
        List<List<Map<String, Object>>> batches = children(children, parents, 42);
        Map<String, List<double[]>> res = new LinkedHashMap<>();
        for (int r = -warm; r < rounds; r++) {
            for (int i = 0; i < kinds.length; i++) {
                String k = kinds[(r & 1) == 0 ? i : kinds.length - 1 - i];
                try (Backend backend = Backend.open(BackendSpec.memory(), LatencyProfile.NONE)) {
                    RelationshipLayer layer = open(backend, parents);
                    createChildren(layer, "children", k);
                    System.gc();
                    long c0 = T.getCurrentThreadCpuTime(), p0 = OS.getProcessCpuTime(), t0 = System.nanoTime();
                    for (List<Map<String, Object>> b : batches) {
                        layer.run(DB, s -> s.insertAll("children", b));
                    }
                    long t1 = System.nanoTime(), c1 = T.getCurrentThreadCpuTime(), p1 = OS.getProcessCpuTime();
                    if (r >= 0) {
                        res.computeIfAbsent(k, x -> new ArrayList<>()).add(new double[] {(t1 - t0) / 1e9, (c1 - c0) / 1e9, (p1 - p0) / 1e9});
                    }
                }
            }
        }
        for (var e : res.entrySet()) {
            double[] el = e.getValue().stream().mapToDouble(x -> x[0]).sorted().toArray();
            double[] cpu = e.getValue().stream().mapToDouble(x -> x[1]).sorted().toArray();
            double[] pc = e.getValue().stream().mapToDouble(x -> x[2]).sorted().toArray();
            System.out.printf(Locale.ROOT, "%-6s elapsed %.3f  thread-cpu %.3f  process-cpu %.3f  (medians of %d)%n",
                    e.getKey(), el[el.length / 2], cpu[cpu.length / 2], pc[pc.length / 2], el.length);
        }
    }

    static List<List<Map<String, Object>>> children(int n, int parents, long seed) {
        Random random = new Random(seed);
        List<List<Map<String, Object>>> batches = new ArrayList<>();
        List<Map<String, Object>> batch = new ArrayList<>();
        for (long id = 1; id <= n; id++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", id);
            row.put("parent_id", 1L + random.nextInt(parents));
            row.put("note", "child " + id);
            row.put("amount", id * 7);
            batch.add(row);
            if (batch.size() == 500) { batches.add(batch); batch = new ArrayList<>(); }
        }
        if (!batch.isEmpty()) batches.add(batch);
        return batches;
    }

    static RelationshipLayer open(Backend backend, int parents) {
        RelationshipLayer layer = new RelationshipLayer(new RecordStores(backend.recordDatabase()));
        layer.ensureDatabase(DB);
        layer.createTable(DB, TableDef.newBuilder().setName("parents")
                .addColumns(column("id", ColumnKind.BIGINT)).addColumns(column("name", ColumnKind.VARCHAR))
                .addPrimaryKey("id").build(), false);
        for (int from = 1; from <= parents; from += 500) {
            List<Map<String, Object>> batch = new ArrayList<>();
            for (long id = from; id < Math.min(from + 500, parents + 1L); id++) batch.add(Map.of("id", id, "name", "parent " + id));
            layer.run(DB, s -> s.insertAll("parents", batch));
        }
        return layer;
    }

    static void createChildren(RelationshipLayer layer, String table, String kind) {
        TableDef.Builder t = TableDef.newBuilder().setName(table)
                .addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(column("parent_id", ColumnKind.BIGINT).toBuilder().setNotNull(true))
                .addColumns(column("note", ColumnKind.VARCHAR))
                .addColumns(column("amount", ColumnKind.BIGINT));
        if (kind.startsWith("pk")) { // a join table's shape: the primary key leads with the referencing column
            t.addPrimaryKey("parent_id").addPrimaryKey("id");
        } else {
            t.addPrimaryKey("id");
        }
        if (kind.equals("fk") || kind.equals("pkfk") || kind.equals("indexfk")) {
            t.addForeignKeys(ForeignKeyDef.newBuilder().setName(table + "_parent_fkey").addColumns("parent_id")
                    .setReferencedTable("parents").setOnDelete(ReferentialAction.NO_ACTION));
        }
        if (kind.equals("index") || kind.equals("indexfk")) {
            t.addIndexes(IndexDef.newBuilder().setName(table + "_parent_idx")
                    .addColumns(IndexColumn.newBuilder().setColumn("parent_id")));
        }
        layer.createTable(DB, t.build(), false);
    }

    static ColumnDef column(String name, ColumnKind kind) {
        return ColumnDef.newBuilder().setName(name).setType(ColumnType.newBuilder().setKind(kind)).build();
    }
}
