package io.relationshiplayer.fdb.recordlayer;

import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.COMMENT;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.asTicket;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.comment;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStoreBase;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.record.provider.foundationdb.RecordStoreDoesNotExistException;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.Message;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto.Comment;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto.Ticket;
import java.util.List;

/** A record store's life: create, save, load, delete, commit and reopen, on each engine. */
class RecordStoreLifecycleTest extends EngineScenario {
    private final RecordMetaData metaData = ScenarioSchema.metaData().build();

    @OnEachEngine
    void savesLoadsAndDeletesRecordsThatSurviveReopening(Engine engine) {
        open(engine);
        FDBRecordStore.Builder tickets = store(metaData, path);
        Ticket first = ticket(1, "RL-1", "first", 1);
        Ticket second = ticket(2, "RL-2", "second", 2);
        Comment note = comment(10, 1, "looks right");
        commitDoing(tickets, store -> {
            store.saveRecord(first);
            store.saveRecord(second);
            store.saveRecord(note);
        });
        restartIfDurable();

        commitDoing(tickets, store -> {
            FDBStoredRecord<Message> loaded = store.loadRecord(Tuple.from(1L));
            assertThat(loaded).isNotNull();
            assertThat(loaded.getRecordType().getName()).isEqualTo(TICKET);
            assertThat(asTicket(loaded)).isEqualTo(first);
            FDBStoredRecord<Message> loadedNote = store.loadRecord(Tuple.from(10L));
            assertThat(loadedNote.getRecordType().getName()).isEqualTo(COMMENT);
            assertThat(loadedNote.getRecord()).isEqualTo(note);

            assertThat(store.deleteRecord(Tuple.from(2L))).isTrue();
            store.saveRecord(first.toBuilder().setTitle("first, edited").build());
            // read-your-writes inside the transaction
            assertThat(store.loadRecord(Tuple.from(2L))).isNull();
            assertThat(asTicket(store.loadRecord(Tuple.from(1L))).getTitle()).isEqualTo("first, edited");
        });
        restartIfDurable();

        commitDoing(tickets, store -> {
            assertThat(store.loadRecord(Tuple.from(2L))).isNull();
            assertThat(asTicket(store.loadRecord(Tuple.from(1L))))
                    .isEqualTo(first.toBuilder().setTitle("first, edited").build());
            assertThat(primaryKeys(store)).containsExactly(Tuple.from(1L), Tuple.from(10L));
            assertThat(store.deleteRecord(Tuple.from(2L))).isFalse();
        });
    }

    @OnEachEngine
    void workOfAnUncommittedTransactionIsNotStored(Engine engine) {
        open(engine);
        FDBRecordStore.Builder tickets = store(metaData, path);
        commitDoing(tickets, store -> store.saveRecord(ticket(1, "RL-1", "kept", 1)));
        try (FDBRecordContext context = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(context).open();
            store.saveRecord(ticket(2, "RL-2", "dropped", 1));
            store.deleteRecord(Tuple.from(1L));
            assertThat(primaryKeys(store)).containsExactly(Tuple.from(2L));
        }
        restartIfDurable();

        commitDoing(tickets, store -> assertThat(primaryKeys(store)).containsExactly(Tuple.from(1L)));
    }

    @OnEachEngine
    void storesUnderSiblingPathsAreIsolated(Engine engine) {
        open(engine);
        FDBRecordStore.Builder left = store(metaData, casePath(caseName + "-left"));
        FDBRecordStore.Builder right = store(metaData, casePath(caseName + "-right"));
        commitDoing(left, store -> store.saveRecord(ticket(1, "L-1", "left", 1)));
        commitDoing(right, store -> {
            store.saveRecord(ticket(1, "R-1", "right", 2));
            store.saveRecord(ticket(2, "R-2", "right too", 3));
        });
        commitDoing(left, FDBRecordStore::deleteAllRecords);
        restartIfDurable();

        commitDoing(left, store -> assertThat(primaryKeys(store)).isEmpty());
        commitDoing(right, store -> {
            assertThat(primaryKeys(store)).containsExactly(Tuple.from(1L), Tuple.from(2L));
            assertThat(asTicket(store.loadRecord(Tuple.from(1L))).getKey()).isEqualTo("R-1");
        });
        try (FDBRecordContext context = database().openContext()) {
            assertThatThrownBy(() -> store(metaData, casePath(caseName + "-never"))
                    .setContext(context)
                    .createOrOpen(FDBRecordStoreBase.StoreExistenceCheck.ERROR_IF_NOT_EXISTS))
                    .isInstanceOf(RecordStoreDoesNotExistException.class);
        }
    }

    @OnEachEngine
    void splitsARecordLargerThanOneValue(Engine engine) {
        open(engine);
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.setSplitLongRecords(true);
        FDBRecordStore.Builder tickets = store(builder.build(), path);
        // FoundationDB values hold at most 100 kB: the Record Layer splits this one over three keys
        Ticket large = ticket(1, "RL-1", "large", 1).toBuilder().setDescription("x".repeat(250_000)).build();
        commitDoing(tickets, store -> store.saveRecord(large));
        restartIfDurable();

        commitDoing(tickets, store -> {
            FDBStoredRecord<Message> loaded = store.loadRecord(Tuple.from(1L));
            assertThat(loaded.isSplit()).isTrue();
            assertThat(loaded.getKeyCount()).isGreaterThanOrEqualTo(3);
            assertThat(asTicket(loaded)).isEqualTo(large);
        });
    }

    private static List<Tuple> primaryKeys(FDBRecordStore store) {
        return store.scanRecords(null, ScanProperties.FORWARD_SCAN).map(FDBStoredRecord::getPrimaryKey).asList().join();
    }
}
