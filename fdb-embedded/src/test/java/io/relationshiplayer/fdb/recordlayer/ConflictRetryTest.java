package io.relationshiplayer.fdb.recordlayer;

import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.asTicket;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.provider.foundationdb.FDBExceptions;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto.Ticket;
import java.util.concurrent.atomic.AtomicInteger;

/** Optimistic concurrency as the Record Layer sees it: read conflicts fail a commit, and its runner retries. */
class ConflictRetryTest extends EngineScenario {
    private FDBRecordStore.Builder tickets;

    @Override
    void prepare() {
        tickets = store(ScenarioSchema.metaData().build(), path);
        commitDoing(tickets, store -> store.saveRecord(ticket(1, "RL-1", "counter", 1)));
    }

    @OnEachEngine
    void aRecordReadAndChangedConcurrentlyFailsTheCommit(Engine engine) {
        open(engine);
        try (FDBRecordContext reader = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(reader).open();
            Ticket read = asTicket(store.loadRecord(Tuple.from(1L)));
            commitDoing(tickets, other -> other.saveRecord(read.toBuilder().setPriority(9).build()));
            store.saveRecord(read.toBuilder().setPriority(read.getPriority() + 1).build());
            assertThatThrownBy(reader::commit).isInstanceOf(FDBExceptions.FDBStoreTransactionConflictException.class);
        }
        assertThat(priorityOfTicketOne()).isEqualTo(9);
    }

    @OnEachEngine
    void aSnapshotReadDoesNotConflict(Engine engine) {
        open(engine);
        try (FDBRecordContext reader = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(reader).open();
            boolean snapshot = true;
            Ticket read = asTicket(store.loadRecord(Tuple.from(1L), snapshot));
            commitDoing(tickets, other -> other.saveRecord(read.toBuilder().setPriority(9).build()));
            store.saveRecord(ticket(2, "RL-2", "independent", 1));
            reader.commit();
        }
        commitDoing(tickets, store -> {
            assertThat(asTicket(store.loadRecord(Tuple.from(1L))).getPriority()).isEqualTo(9);
            assertThat(store.loadRecord(Tuple.from(2L))).isNotNull();
        });
    }

    @OnEachEngine
    void workInASiblingStoreDoesNotConflict(Engine engine) {
        open(engine);
        FDBRecordStore.Builder sibling = store(ScenarioSchema.metaData().build(),
                casePath(caseName + "-sibling"));
        commitDoing(sibling, store -> store.saveRecord(ticket(1, "S-1", "sibling", 1)));
        try (FDBRecordContext reader = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(reader).open();
            assertThat(store.scanRecords(null, ScanProperties.FORWARD_SCAN).getCount().join()).isEqualTo(1);
            // another tenant's store, elsewhere in the key space, changes meanwhile
            commitDoing(sibling, other -> other.saveRecord(ticket(2, "S-2", "sibling too", 1)));
            store.saveRecord(ticket(2, "RL-2", "mine", 1));
            reader.commit();
        }
        commitDoing(tickets, store -> assertThat(store.loadRecord(Tuple.from(2L))).isNotNull());
    }

    @OnEachEngine
    void storesCreatedConcurrentlyUnderSiblingPathsBothCommit(Engine engine) {
        open(engine);
        RecordMetaData metaData = ScenarioSchema.metaData().build();
        FDBRecordStore.Builder first = store(metaData, casePath(caseName + "-a"));
        FDBRecordStore.Builder second = store(metaData, casePath(caseName + "-b"));
        try (FDBRecordContext creating = database().openContext()) {
            // creating a store reads its own, empty, subspace; the other store is created outside it
            first.copyBuilder().setContext(creating).create().saveRecord(ticket(1, "A-1", "a", 1));
            commitDoing(second, store -> store.saveRecord(ticket(1, "B-1", "b", 1)));
            creating.commit();
        }
        commitDoing(first, store -> assertThat(store.loadRecord(Tuple.from(1L))).isNotNull());
        commitDoing(second, store -> assertThat(store.loadRecord(Tuple.from(1L))).isNotNull());
    }

    @OnEachEngine
    void theRunnerRetriesAConflictedTransaction(Engine engine) {
        open(engine);
        AtomicInteger attempts = new AtomicInteger();
        database().run(context -> {
            FDBRecordStore store = tickets.copyBuilder().setContext(context).open();
            Ticket read = asTicket(store.loadRecord(Tuple.from(1L)));
            if (attempts.incrementAndGet() == 1) {
                commitDoing(tickets, other -> other.saveRecord(read.toBuilder().setPriority(10).build()));
            }
            store.saveRecord(read.toBuilder().setPriority(read.getPriority() + 1).build());
            return null;
        });
        assertThat(attempts).hasValue(2);
        restartIfDurable();

        assertThat(priorityOfTicketOne()).isEqualTo(11);
    }

    private int priorityOfTicketOne() {
        return commit(tickets, store -> asTicket(store.loadRecord(Tuple.from(1L))).getPriority());
    }
}
