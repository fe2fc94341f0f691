package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.field;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.asTicket;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.IndexState;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.RecordMetaDataProvider;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStoreBase;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer;
import com.apple.foundationdb.record.provider.foundationdb.OnlineIndexer;
import com.apple.foundationdb.record.query.RecordQuery;
import com.apple.foundationdb.record.query.expressions.Query;
import com.apple.foundationdb.record.query.plan.plans.RecordQueryPlan;
import com.apple.foundationdb.tuple.Tuple;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** An index added by a new meta-data version to a populated store, built across transactions by the OnlineIndexer. */
class OnlineIndexBuildTest extends EngineScenario {
    private static final String BY_TITLE = "Ticket$title";
    private static final int TICKETS = 50;

    @OnEachEngine
    void indexAddedLaterIsBuiltOnlineAndThenAnswersQueries(Engine engine) {
        open(engine);
        RecordMetaData before = ScenarioSchema.metaData().build();
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.addIndex(TICKET, new Index(BY_TITLE, field("title")));
        RecordMetaData after = builder.build();
        assertThat(after.getVersion()).isGreaterThan(before.getVersion());

        commitDoing(store(before, path), store -> {
            for (long id = 1; id <= TICKETS; id++) {
                store.saveRecord(ticket(id, "RL-" + id, "title " + (id % 10), 1));
            }
        });

        FDBRecordStore.Builder upgraded = store(after, path).setUserVersionChecker(new LeaveNewIndexesDisabled());
        commitDoing(upgraded, store -> {
            assertThat(store.getRecordStoreState().getState(BY_TITLE)).isEqualTo(IndexState.DISABLED);
            RecordQueryPlan plan = store.planQuery(titled("title 7"));
            assertThat(plan.getUsedIndexes()).isEmpty();
            // written while the index is disabled: the build must find it by scanning records
            store.saveRecord(ticket(TICKETS + 1, "RL-late", "title 7", 1));
        });
        restartIfDurable();

        FDBStoreTimer timer = new FDBStoreTimer();
        try (OnlineIndexer indexer = OnlineIndexer.newBuilder()
                .setDatabase(database())
                .setTimer(timer)
                .setRecordStoreBuilder(upgraded)
                .setIndex(BY_TITLE)
                .setLimit(8) // several transactions for 51 records
                .build()) {
            indexer.buildIndex();
        }
        assertThat(timer.getCount(FDBStoreTimer.Events.COMMIT)).isGreaterThan(1);
        restartIfDurable();

        commitDoing(upgraded, store -> {
            assertThat(store.isIndexReadable(BY_TITLE)).isTrue();
            RecordQueryPlan plan = store.planQuery(titled("title 7"));
            assertThat(plan.getUsedIndexes()).containsExactly(BY_TITLE);
            List<Long> ids = store.executeQuery(plan).map(r -> asTicket(r.getStoredRecord()).getId()).asList().join();
            assertThat(ids).containsExactly(7L, 17L, 27L, 37L, 47L, (long) TICKETS + 1);
            List<Tuple> entries = store.scanIndexRecords(BY_TITLE).map(r -> r.getIndexEntry().getKey()).asList().join();
            assertThat(entries).hasSize(TICKETS + 1);
            assertThat(entries).allSatisfy(key -> assertThat(asTicket(store.loadRecord(
                    Tuple.from(key.getLong(1)))).getTitle()).isEqualTo(key.getString(0)));
        });
    }

    private static RecordQuery titled(String title) {
        return RecordQuery.newBuilder().setRecordType(TICKET)
                .setFilter(Query.field("title").equalsValue(title))
                .build();
    }

    /** Leaves an index on existing record types disabled, whatever the record count, so that it is built online. */
    private static final class LeaveNewIndexesDisabled implements FDBRecordStoreBase.UserVersionChecker {
        @Override
        @SuppressWarnings("deprecation")
        public CompletableFuture<Integer> checkUserVersion(int oldUserVersion, int oldMetaDataVersion,
                                                           RecordMetaDataProvider metaData) {
            return CompletableFuture.completedFuture(Math.max(oldUserVersion, 0));
        }

        @Override
        public IndexState needRebuildIndex(Index index, long recordCount, boolean indexOnNewRecordTypes) {
            return indexOnNewRecordTypes ? IndexState.READABLE : IndexState.DISABLED;
        }
    }
}
