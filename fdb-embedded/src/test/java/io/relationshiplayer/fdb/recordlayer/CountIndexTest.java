package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.field;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.COMMENT;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.comment;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
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
import com.apple.foundationdb.record.metadata.IndexOptions;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.metadata.Key;
import com.apple.foundationdb.record.metadata.expressions.EmptyKeyExpression;
import com.apple.foundationdb.record.metadata.expressions.GroupingKeyExpression;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.tuple.Tuple;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** COUNT indexes, maintained with atomic ADD (and COMPARE_AND_CLEAR when zero counts are cleared). */
class CountIndexTest extends EngineScenario {
    private static final Index PER_TICKET = new Index("Comment$countPerTicket",
            new GroupingKeyExpression(field("ticket_id"), 0), IndexTypes.COUNT);
    private static final Index PER_TICKET_CLEARED = new Index("Comment$countPerTicketCleared",
            new GroupingKeyExpression(field("ticket_id"), 0), IndexTypes.COUNT,
            Map.of(IndexOptions.CLEAR_WHEN_ZERO, "true"));
    private static final Index ALL = new Index("Comment$count",
            new GroupingKeyExpression(EmptyKeyExpression.EMPTY, 0), IndexTypes.COUNT);

    private FDBRecordStore.Builder comments;

    @Override
    void prepare() {
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.addIndex(COMMENT, new Index(PER_TICKET));
        builder.addIndex(COMMENT, new Index(PER_TICKET_CLEARED));
        builder.addIndex(COMMENT, new Index(ALL));
        RecordMetaData metaData = builder.build();
        comments = store(metaData, path);
        commitDoing(comments, store -> {
            store.saveRecord(comment(10, 1, "a"));
            store.saveRecord(comment(11, 1, "b"));
            store.saveRecord(comment(12, 1, "c"));
            store.saveRecord(comment(20, 2, "d"));
            store.saveRecord(comment(21, 2, "e"));
        });
    }

    @OnEachEngine
    void countsPerGroupFollowSavesAndDeletes(Engine engine) {
        open(engine);
        commitDoing(comments, store -> {
            assertThat(count(store, PER_TICKET, 1)).isEqualTo(3);
            assertThat(count(store, PER_TICKET, 2)).isEqualTo(2);
            assertThat(total(store)).isEqualTo(5);
        });

        commitDoing(comments, store -> {
            store.deleteRecord(Tuple.from(11L));
            store.deleteRecord(Tuple.from(20L));
            store.deleteRecord(Tuple.from(21L));
            store.saveRecord(comment(30, 3, "f"));
            store.saveRecord(comment(10, 1, "a, edited")); // an update of the same group leaves the count alone
            // the transaction reads its own atomic mutations
            assertThat(count(store, PER_TICKET, 1)).isEqualTo(2);
            assertThat(count(store, PER_TICKET, 2)).isEqualTo(0);
            assertThat(total(store)).isEqualTo(3);
        });
        restartIfDurable();

        commitDoing(comments, store -> {
            assertThat(groups(store, PER_TICKET)).containsExactly(Map.entry(1L, 2L), Map.entry(2L, 0L),
                    Map.entry(3L, 1L));
            assertThat(count(store, PER_TICKET, 3)).isEqualTo(1);
            assertThat(count(store, PER_TICKET, 4)).isEqualTo(0);
            assertThat(total(store)).isEqualTo(3);
        });
    }

    @OnEachEngine
    void aGroupCountedDownToZeroIsClearedWhenAsked(Engine engine) {
        open(engine);
        commitDoing(comments, store -> {
            store.deleteRecord(Tuple.from(20L));
            store.deleteRecord(Tuple.from(21L));
        });
        restartIfDurable();

        commitDoing(comments, store -> {
            assertThat(groups(store, PER_TICKET_CLEARED)).containsExactly(Map.entry(1L, 3L));
            assertThat(groups(store, PER_TICKET)).containsExactly(Map.entry(1L, 3L), Map.entry(2L, 0L));
        });
    }

    @OnEachEngine
    void concurrentIncrementsOfOneGroupBothCommit(Engine engine) {
        open(engine);
        try (FDBRecordContext first = database().openContext();
             FDBRecordContext second = database().openContext()) {
            FDBRecordStore one = comments.copyBuilder().setContext(first).open();
            FDBRecordStore other = comments.copyBuilder().setContext(second).open();
            one.saveRecord(comment(13, 1, "from one"));
            other.saveRecord(comment(14, 1, "from the other"));
            // atomic adds to the same counter do not conflict with each other
            first.commit();
            second.commit();
        }
        restartIfDurable();

        commitDoing(comments, store -> {
            assertThat(count(store, PER_TICKET, 1)).isEqualTo(5);
            assertThat(total(store)).isEqualTo(7);
        });
    }

    private static long count(FDBRecordStore store, Index index, long ticketId) {
        IndexAggregateFunction function = new IndexAggregateFunction(FunctionNames.COUNT, index.getRootExpression(),
                index.getName());
        return store.evaluateAggregateFunction(List.of(COMMENT), function, Key.Evaluated.scalar(ticketId),
                IsolationLevel.SERIALIZABLE).join().getLong(0);
    }

    private static long total(FDBRecordStore store) {
        IndexAggregateFunction function = new IndexAggregateFunction(FunctionNames.COUNT, ALL.getRootExpression(),
                ALL.getName());
        return store.evaluateAggregateFunction(List.of(COMMENT), function, Key.Evaluated.EMPTY,
                IsolationLevel.SERIALIZABLE).join().getLong(0);
    }

    /** The index's entries, group to count, in key order. */
    private static Map<Long, Long> groups(FDBRecordStore store, Index index) {
        Map<Long, Long> counts = new LinkedHashMap<>();
        store.scanIndex(store.getRecordMetaData().getIndex(index.getName()), IndexScanType.BY_GROUP, TupleRange.ALL,
                        null, ScanProperties.FORWARD_SCAN)
                .forEach(entry -> counts.put(entry.getKey().getLong(0), entry.getValue().getLong(0)))
                .join();
        return counts;
    }
}
