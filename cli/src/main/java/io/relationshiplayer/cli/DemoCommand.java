package io.relationshiplayer.cli;

import com.apple.foundationdb.record.IndexScanType;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.metadata.Key;
import com.apple.foundationdb.record.metadata.expressions.GroupingKeyExpression;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpace;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpaceDirectory;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpacePath;
import com.apple.foundationdb.record.query.RecordQuery;
import com.apple.foundationdb.record.query.expressions.Query;
import com.apple.foundationdb.record.query.plan.plans.RecordQueryPlan;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.proto.v1.tickets.TicketProto;
import io.relationshiplayer.proto.v1.tickets.TicketType;
import java.io.PrintWriter;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code rl demo}: the Record Layer on the embedded backend, end to end, with timings. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Runs the showcase on the embedded backend: stores tickets, reads them back, queries an index.")
final class DemoCommand implements Callable<Integer> {
    @Option(names = "--backend", defaultValue = "embedded:memory",
            description = "Connection string: embedded:memory, embedded:<dir>, fdb: or fdb:<cluster-file> (default ${DEFAULT-VALUE}).")
    String backend;

    @Option(names = "--tickets", defaultValue = "5000", description = "Tickets to load (default ${DEFAULT-VALUE}).")
    int tickets;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final int BATCH = 500;

    @Override
    public Integer call() {
        if (tickets < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tickets must be at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        RecordMetaData metaData = metaData();
        KeySpacePath path = new KeySpace(new KeySpaceDirectory("rl", KeySpaceDirectory.KeyType.STRING, "rl")
                .addSubdirectory(new KeySpaceDirectory("demo", KeySpaceDirectory.KeyType.STRING, "demo")))
                .path("rl").add("demo");
        try (Backend open = Backend.open(backend)) {
            FDBDatabase db = open.recordDatabase();
            Function<FDBRecordContext, FDBRecordStore> store = ctx -> FDBRecordStore.newBuilder()
                    .setMetaDataProvider(metaData).setContext(ctx).setKeySpacePath(path).createOrOpen();
            out.printf("Relationship Layer demo on %s%n%n", open);

            step(out, "delete the previous demo's tickets", () -> {
                db.run(ctx -> {
                    store.apply(ctx).deleteAllRecords();
                    return null;
                });
                return "done";
            });
            Random random = new Random(42);
            step(out, String.format("save %,d tickets, %d per transaction", tickets, BATCH), () -> {
                for (int first = 0; first < tickets; first += BATCH) {
                    int from = first;
                    db.run(ctx -> {
                        FDBRecordStore s = store.apply(ctx);
                        for (int id = from; id < Math.min(from + BATCH, tickets); id++) {
                            s.saveRecord(ticket(id, random));
                        }
                        return null;
                    });
                }
                return String.format("%,d saved", tickets);
            });
            int probe = tickets / 2;
            step(out, "load ticket " + probe + " by primary key", () -> db.run(ctx -> {
                FDBStoredRecord<?> r = store.apply(ctx).loadRecord(Tuple.from(probe));
                return r == null ? "not found" : Ticket.newBuilder().mergeFrom(r.getRecord()).build().getTitle();
            }));
            RecordQuery broken = RecordQuery.newBuilder().setRecordType("Ticket")
                    .setFilter(Query.field("type").equalsValue(TicketType.BrokenFunctionality)).build();
            step(out, "plan: tickets of type BrokenFunctionality", () -> db.run(ctx -> {
                RecordQueryPlan plan = store.apply(ctx).planQuery(broken);
                return plan.toString();
            }));
            step(out, "run it", () -> db.run(ctx -> {
                List<?> found = store.apply(ctx).executeQuery(broken).asList().join();
                return String.format("%,d tickets", found.size());
            }));
            step(out, "count tickets per type from the COUNT index", () -> db.run(ctx -> {
                FDBRecordStore s = store.apply(ctx);
                StringBuilder sb = new StringBuilder();
                s.scanIndex(metaData.getIndex("Ticket$count_by_type"), IndexScanType.BY_GROUP, TupleRange.ALL, null,
                        ScanProperties.FORWARD_SCAN).asList().join().forEach(e -> sb.append(sb.length() == 0 ? "" : ", ")
                        .append(TicketType.forNumber((int) e.getKey().getLong(0))).append('=')
                        .append(e.getValue().getLong(0)));
                return sb.toString();
            }));
        }
        out.printf("%nEverything above ran on FoundationDB's client API, in process. Next: ./rl --help%n");
        return 0;
    }

    static RecordMetaData metaData() {
        RecordMetaDataBuilder builder = RecordMetaData.newBuilder().setRecords(TicketProto.getDescriptor());
        builder.getRecordType("Ticket").setPrimaryKey(Key.Expressions.field("id"));
        builder.addIndex("Ticket", new Index("Ticket$type", Key.Expressions.field("type")));
        builder.addIndex("Ticket", new Index("Ticket$count_by_type",
                new GroupingKeyExpression(Key.Expressions.field("type"), 0), IndexTypes.COUNT));
        return builder.build();
    }

    static Ticket ticket(int id, Random random) {
        TicketType[] types = TicketType.values();
        return Ticket.newBuilder().setId(id).setKey("RL-" + id).setTitle("Ticket " + id)
                .setDescription("Generated ticket number " + id + " for the demo")
                .setType(types[random.nextInt(types.length)]).build();
    }

    private static void step(PrintWriter out, String what, Supplier<String> action) {
        out.printf("> %s%n", what);
        long start = System.nanoTime();
        String result = action.get();
        out.printf("  %s%n  (%.1f ms)%n", result, (System.nanoTime() - start) / 1e6);
        out.flush();
    }
}
