package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.field;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.IsolationLevel;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer;
import com.apple.foundationdb.record.provider.foundationdb.storestate.MetaDataVersionStampStoreStateCacheFactory;
import java.util.function.Consumer;

/**
 * The Record Layer's MetaDataVersionStampStoreStateCache on each engine: it keeps a cacheable store's state and serves
 * it while FoundationDB's metadata version key holds, and a change of the store state (which stamps the key) makes the
 * next open load it again, so nobody sees a stale state.
 */
class MetaDataVersionStampCacheTest extends EngineScenario {
    private static final String INDEX = "ticketByPriority";
    private final RecordMetaData metaData;

    MetaDataVersionStampCacheTest() {
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.addIndex(TICKET, new Index(INDEX, field("priority")));
        metaData = builder.build();
    }

    @Override
    void prepare() {
        database().setStoreStateCache(MetaDataVersionStampStoreStateCacheFactory.newInstance().getCache(database()));
    }

    /** Opens the store in a transaction of its own, applies {@code work}, commits; returns how the state was found. */
    private FDBStoreTimer openAndCommit(FDBRecordStore.Builder builder, Consumer<FDBRecordStore> work) {
        FDBStoreTimer timer = new FDBStoreTimer();
        try (FDBRecordContext context = database().openContext(null, timer)) {
            work.accept(builder.copyBuilder().setContext(context).createOrOpen());
            context.commit();
        }
        return timer;
    }

    private static int hits(FDBStoreTimer timer) {
        return timer.getCount(FDBStoreTimer.Counts.STORE_STATE_CACHE_HIT);
    }

    private static int misses(FDBStoreTimer timer) {
        return timer.getCount(FDBStoreTimer.Counts.STORE_STATE_CACHE_MISS);
    }

    @OnEachEngine
    void storeStateIsServedFromTheCacheUntilTheMetadataVersionChanges(Engine engine) {
        open(engine);
        FDBRecordStore.Builder tickets = store(metaData, path);
        openAndCommit(tickets, s -> {
            assertThat(s.setStateCacheability(true)).isTrue();
            s.saveRecord(ticket(1, "RL-1", "first", 1));
        });
        byte[] stampAfterSetup;
        try (FDBRecordContext context = database().openContext()) {
            stampAfterSetup = context.getMetaDataVersionStamp(IsolationLevel.SNAPSHOT);
        }
        assertThat(stampAfterSetup).as("making the state cacheable stamps the metadata version").hasSize(10);

        FDBStoreTimer load = openAndCommit(tickets, s -> assertThat(s.isIndexReadable(INDEX)).isTrue());
        assertThat(misses(load) + hits(load)).isEqualTo(1);
        FDBStoreTimer cached = openAndCommit(tickets, s -> assertThat(s.isIndexReadable(INDEX)).isTrue());
        assertThat(hits(cached)).as("the metadata version did not change: the cached state serves").isEqualTo(1);
        assertThat(misses(cached)).isZero();

        // Disabling the index changes the store state; for a cacheable store that stamps the metadata version.
        openAndCommit(tickets, s -> assertThat(s.markIndexDisabled(INDEX).join()).isTrue());
        byte[] stampAfterChange;
        try (FDBRecordContext context = database().openContext()) {
            stampAfterChange = context.getMetaDataVersionStamp(IsolationLevel.SNAPSHOT);
        }
        assertThat(stampAfterChange).isNotEqualTo(stampAfterSetup);

        FDBStoreTimer reload = openAndCommit(tickets, s ->
                assertThat(s.isIndexDisabled(INDEX)).as("the new state, not the cached one").isTrue());
        assertThat(misses(reload)).as("a new metadata version invalidates the cached state").isEqualTo(1);
        assertThat(hits(reload)).isZero();
        FDBStoreTimer cachedAgain = openAndCommit(tickets, s -> assertThat(s.isIndexDisabled(INDEX)).isTrue());
        assertThat(hits(cachedAgain)).isEqualTo(1);
    }
}
