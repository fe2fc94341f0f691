package io.relationshiplayer.fdb.recordlayer;

import static com.apple.foundationdb.record.metadata.Key.Expressions.field;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.asTicket;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.record.RecordIndexUniquenessViolation;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexOptions;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.provider.foundationdb.FDBExceptions;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.tuple.Tuple;
import java.util.List;

/** A unique index: a second record with a taken key fails at commit, and stores nothing. */
class UniqueIndexTest extends EngineScenario {
    private static final String BY_KEY = "Ticket$key";

    private FDBRecordStore.Builder tickets;

    @Override
    void prepare() {
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.addIndex(TICKET, new Index(BY_KEY, field("key"), IndexTypes.VALUE, IndexOptions.UNIQUE_OPTIONS));
        tickets = store(builder.build(), path);
        commitDoing(tickets, store -> store.saveRecord(ticket(1, "RL-1", "first", 1)));
    }

    @OnEachEngine
    void aKeyTakenByACommittedRecordIsRefusedAtCommit(Engine engine) {
        open(engine);
        try (FDBRecordContext context = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(context).open();
            store.saveRecord(ticket(2, "RL-1", "duplicate", 1));
            assertThatThrownBy(context::commit).isInstanceOf(RecordIndexUniquenessViolation.class);
        }
        restartIfDurable();

        commitDoing(tickets, store -> assertThat(ids(store)).containsExactly(1L));
    }

    @OnEachEngine
    void twoRecordsWithOneKeyInOneTransactionAreRefusedAtCommit(Engine engine) {
        open(engine);
        try (FDBRecordContext context = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(context).open();
            store.saveRecord(ticket(2, "RL-2", "second", 1));
            store.saveRecord(ticket(3, "RL-2", "third", 1));
            assertThatThrownBy(context::commit).isInstanceOf(RecordIndexUniquenessViolation.class);
        }
        commitDoing(tickets, store -> assertThat(ids(store)).containsExactly(1L));
    }

    @OnEachEngine
    void aKeyFreedByAnUpdateCanBeTaken(Engine engine) {
        open(engine);
        commitDoing(tickets, store -> {
            store.saveRecord(ticket(1, "RL-1-renamed", "first", 1));
            store.saveRecord(ticket(2, "RL-1", "second", 1));
        });
        restartIfDurable();

        commitDoing(tickets, store ->
                assertThat(asTicket(store.loadRecord(Tuple.from(2L))).getKey()).isEqualTo("RL-1"));
    }

    @OnEachEngine
    void concurrentClaimsOfOneKeyConflict(Engine engine) {
        open(engine);
        try (FDBRecordContext first = database().openContext();
             FDBRecordContext second = database().openContext()) {
            FDBRecordStore one = tickets.copyBuilder().setContext(first).open();
            FDBRecordStore other = tickets.copyBuilder().setContext(second).open();
            one.saveRecord(ticket(2, "RL-2", "from one", 1));
            other.saveRecord(ticket(3, "RL-2", "from the other", 1));
            first.commit();
            // each read the key's index range to check uniqueness; the first commit wrote into it
            assertThatThrownBy(second::commit).isInstanceOf(FDBExceptions.FDBStoreTransactionConflictException.class);
        }
        commitDoing(tickets, store -> assertThat(ids(store)).containsExactly(1L, 2L));
    }

    private static List<Long> ids(FDBRecordStore store) {
        return store.scanRecords(null, ScanProperties.FORWARD_SCAN)
                .map(FDBStoredRecord::getPrimaryKey).map(key -> key.getLong(0)).asList().join();
    }
}
