package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.concatenateFields;
import static com.apple.foundationdb.record.metadata.Key.Expressions.field;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.FunctionNames;
import com.apple.foundationdb.record.IndexScanType;
import com.apple.foundationdb.record.IsolationLevel;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexAggregateFunction;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.metadata.Key;
import com.apple.foundationdb.record.metadata.expressions.VersionKeyExpression;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordVersion;
import com.apple.foundationdb.tuple.Tuple;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Aggregate indexes maintained by the other atomic mutations: SUM (ADD), MAX_EVER_LONG / MIN_EVER_LONG (MAX / MIN),
 * MAX_EVER_TUPLE / MIN_EVER_TUPLE (BYTE_MAX / BYTE_MIN) and MAX_EVER_VERSION (SET_VERSIONSTAMPED_VALUE).
 */
class AtomicAggregateIndexTest extends EngineScenario {
    private static final String SUM = "Ticket$prioritySum";
    private static final String MAX_LONG = "Ticket$priorityMax";
    private static final String MIN_LONG = "Ticket$priorityMin";
    private static final String MAX_TUPLE = "Ticket$priorityKeyMax";
    private static final String MIN_TUPLE = "Ticket$titleMin";
    private static final String MAX_VERSION = "Ticket$lastVersionPerPriority";

    @OnEachEngine
    void aggregatesFollowSavesUpdatesAndDeletes(Engine engine) {
        open(engine);
        FDBRecordStore.Builder tickets = store(metaData(), path);
        Map<Long, FDBRecordVersion> first = commitVersions(tickets, store -> {
            store.saveRecord(ticket(1, "RL-1", "mouse", 3));
            store.saveRecord(ticket(2, "RL-2", "keyboard", 1));
            store.saveRecord(ticket(4, "RL-4", "screen", 3));
        });
        assertThat(evaluate(tickets, FunctionNames.SUM, SUM).getItems()).containsExactly(7L);

        Map<Long, FDBRecordVersion> second = commitVersions(tickets, store -> {
            store.saveRecord(ticket(3, "RL-3", "zebra", 7));
            store.deleteRecord(Tuple.from(2L));
        });
        restartIfDurable();
        Map<Long, FDBRecordVersion> third = commitVersions(tickets,
                store -> store.saveRecord(ticket(1, "RL-1", "mouse", 2)));

        assertThat(evaluate(tickets, FunctionNames.SUM, SUM).getItems()).containsExactly(12L);
        // the _EVER aggregates keep what they saw, deleted or overwritten since
        assertThat(evaluate(tickets, FunctionNames.MAX_EVER, MAX_LONG).getItems()).containsExactly(7L);
        assertThat(evaluate(tickets, FunctionNames.MIN_EVER, MIN_LONG).getItems()).containsExactly(1L);
        assertThat(evaluate(tickets, FunctionNames.MAX_EVER, MAX_TUPLE).getItems()).containsExactly(7L, "RL-3");
        assertThat(evaluate(tickets, FunctionNames.MIN_EVER, MIN_TUPLE).getItems()).containsExactly("keyboard");

        Map<Long, FDBRecordVersion> lastPerPriority = new LinkedHashMap<>();
        commitDoing(tickets, store -> store.scanIndex(store.getRecordMetaData().getIndex(MAX_VERSION),
                        IndexScanType.BY_GROUP, TupleRange.ALL, null, ScanProperties.FORWARD_SCAN)
                .forEach(entry -> lastPerPriority.put(entry.getKey().getLong(0),
                        FDBRecordVersion.fromVersionstamp(entry.getValue().getVersionstamp(0))))
                .join());
        assertThat(lastPerPriority).containsExactly(
                Map.entry(1L, first.get(2L)),
                Map.entry(2L, third.get(1L)),
                Map.entry(3L, first.get(4L)), // two saves in one transaction: the later local version
                Map.entry(7L, second.get(3L)));
    }

    private RecordMetaData metaData() {
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.setStoreRecordVersions(true);
        builder.addIndex(TICKET, new Index(SUM, field("priority").ungrouped(), IndexTypes.SUM));
        builder.addIndex(TICKET, new Index(MAX_LONG, field("priority").ungrouped(), IndexTypes.MAX_EVER_LONG));
        builder.addIndex(TICKET, new Index(MIN_LONG, field("priority").ungrouped(), IndexTypes.MIN_EVER_LONG));
        builder.addIndex(TICKET, new Index(MAX_TUPLE, concatenateFields("priority", "key").ungrouped(),
                IndexTypes.MAX_EVER_TUPLE));
        builder.addIndex(TICKET, new Index(MIN_TUPLE, field("title").ungrouped(), IndexTypes.MIN_EVER_TUPLE));
        builder.addIndex(TICKET, new Index(MAX_VERSION, VersionKeyExpression.VERSION.groupBy(field("priority")),
                IndexTypes.MAX_EVER_VERSION));
        return builder.build();
    }

    /** Runs {@code work} in one transaction and returns the complete version of each ticket it saved. */
    private Map<Long, FDBRecordVersion> commitVersions(FDBRecordStore.Builder tickets, Consumer<FDBRecordStore> work) {
        try (FDBRecordContext context = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(context).createOrOpen();
            work.accept(store);
            Map<Long, FDBRecordVersion> pending = new LinkedHashMap<>();
            store.scanRecords(null, ScanProperties.FORWARD_SCAN)
                    .filter(r -> r.getVersion() != null && !r.getVersion().isComplete())
                    .forEach(r -> pending.put(r.getPrimaryKey().getLong(0), r.getVersion())).join();
            context.commit();
            Map<Long, FDBRecordVersion> complete = new LinkedHashMap<>();
            pending.forEach((id, v) -> complete.put(id, v.withCommittedVersion(context.getVersionStamp())));
            return complete;
        }
    }

    private Tuple evaluate(FDBRecordStore.Builder tickets, String function, String indexName) {
        return commit(tickets, store -> {
            Index index = store.getRecordMetaData().getIndex(indexName);
            return store.evaluateAggregateFunction(List.of(TICKET),
                    new IndexAggregateFunction(function, index.getRootExpression(), indexName),
                    Key.Evaluated.EMPTY, IsolationLevel.SERIALIZABLE).join();
        });
    }
}
