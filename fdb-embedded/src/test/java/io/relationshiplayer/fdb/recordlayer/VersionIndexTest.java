package io.relationshiplayer.fdb.recordlayer;

import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.TICKET;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.store;
import static io.relationshiplayer.fdb.recordlayer.ScenarioSchema.ticket;
import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.IndexScanType;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.ScanProperties;
import com.apple.foundationdb.record.TupleRange;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.metadata.expressions.VersionKeyExpression;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordVersion;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoredRecord;
import com.apple.foundationdb.tuple.Tuple;
import com.apple.foundationdb.tuple.Versionstamp;
import com.google.protobuf.Message;
import io.relationshiplayer.fdb.recordlayer.proto.ScenarioProto.Ticket;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Stored record versions and a VERSION index: versionstamps assigned at commit, in commit order. */
class VersionIndexTest extends EngineScenario {
    private static final String BY_VERSION = "Ticket$version";

    private FDBRecordStore.Builder tickets;

    @Override
    void prepare() {
        RecordMetaDataBuilder builder = ScenarioSchema.metaData();
        builder.setStoreRecordVersions(true);
        builder.addIndex(TICKET, new Index(BY_VERSION, VersionKeyExpression.VERSION, IndexTypes.VERSION));
        tickets = store(builder.build(), path);
    }

    @OnEachEngine
    void versionsAreTheCommittingTransactionsVersionstamp(Engine engine) {
        open(engine);
        Map<Long, FDBRecordVersion> firstCommit = save(ticket(1, "RL-1", "one", 1), ticket(2, "RL-2", "two", 1));
        Map<Long, FDBRecordVersion> secondCommit =
                save(ticket(1, "RL-1", "one, edited", 2), ticket(3, "RL-3", "three", 1));
        restartIfDurable();

        commitDoing(tickets, store -> {
            assertThat(storedVersion(store, 1)).isEqualTo(secondCommit.get(1L));
            assertThat(storedVersion(store, 2)).isEqualTo(firstCommit.get(2L));
            assertThat(storedVersion(store, 3)).isEqualTo(secondCommit.get(3L));
            assertThat(store.loadRecordVersion(Tuple.from(3L))).contains(secondCommit.get(3L));
        });
        assertThat(firstCommit.get(1L)).isLessThan(firstCommit.get(2L));
        assertThat(firstCommit.get(2L)).isLessThan(secondCommit.get(1L));
        assertThat(secondCommit.get(1L)).isLessThan(secondCommit.get(3L));
    }

    @OnEachEngine
    void versionIndexScanReturnsRecordsInCommitOrder(Engine engine) {
        open(engine);
        save(ticket(1, "RL-1", "one", 1), ticket(2, "RL-2", "two", 1));
        save(ticket(3, "RL-3", "three", 1));
        save(ticket(1, "RL-1", "one, edited", 2));
        restartIfDurable();
        Map<Long, FDBRecordVersion> afterRestart = save(ticket(4, "RL-4", "four", 1));

        commitDoing(tickets, store -> {
            List<FDBStoredRecord<Message>> inOrder = store.scanIndexRecords(BY_VERSION)
                    .map(r -> r.getStoredRecord()).asList().join();
            assertThat(inOrder).extracting(r -> r.getPrimaryKey().getLong(0)).containsExactly(2L, 3L, 1L, 4L);
            assertThat(inOrder.get(3).getVersion()).isEqualTo(afterRestart.get(4L));
            // each index entry's key is the record's version as a complete versionstamp
            List<Tuple> keys = store.scanIndex(store.getRecordMetaData().getIndex(BY_VERSION), IndexScanType.BY_VALUE,
                    TupleRange.ALL, null, ScanProperties.FORWARD_SCAN).map(e -> e.getKey()).asList().join();
            assertThat(keys).hasSize(4);
            for (int i = 0; i < keys.size(); i++) {
                Versionstamp stamp = keys.get(i).getVersionstamp(0);
                assertThat(stamp.isComplete()).isTrue();
                assertThat(FDBRecordVersion.fromVersionstamp(stamp)).isEqualTo(inOrder.get(i).getVersion());
            }
            // a reverse scan from the newest entry
            assertThat(store.scanIndexRecords(BY_VERSION, IndexScanType.BY_VALUE, TupleRange.ALL, null,
                    ScanProperties.REVERSE_SCAN).map(r -> r.getPrimaryKey().getLong(0)).asList().join())
                    .containsExactly(4L, 1L, 3L, 2L);
        });
    }

    @OnEachEngine
    void versionIsIncompleteUntilCommit(Engine engine) {
        open(engine);
        try (FDBRecordContext context = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(context).createOrOpen();
            store.saveRecord(ticket(1, "RL-1", "one", 1));
            FDBRecordVersion pending = store.loadRecord(Tuple.from(1L)).getVersion();
            assertThat(pending).isNotNull();
            assertThat(pending.isComplete()).isFalse();
            context.commit();
            assertThat(context.getVersionStamp()).hasSize(FDBRecordVersion.GLOBAL_VERSION_LENGTH);
            FDBRecordVersion committed =
                    FDBRecordVersion.complete(context.getVersionStamp(), pending.getLocalVersion());
            // the first eight bytes of the versionstamp are the commit version
            assertThat(ByteBuffer.wrap(context.getVersionStamp()).getLong()).isEqualTo(context.getCommittedVersion());
            assertThat(committed.getDBVersion()).isEqualTo(context.getCommittedVersion());
            commitDoing(tickets, reopened -> assertThat(storedVersion(reopened, 1)).isEqualTo(committed));
        }
    }

    /** Saves the tickets in one transaction and returns each one's version: versionstamp + the local version. */
    private Map<Long, FDBRecordVersion> save(Ticket... records) {
        try (FDBRecordContext context = database().openContext()) {
            FDBRecordStore store = tickets.copyBuilder().setContext(context).createOrOpen();
            Map<Long, FDBRecordVersion> incomplete = new LinkedHashMap<>();
            for (Ticket record : records) {
                FDBRecordVersion version = store.saveRecord(record).getVersion();
                assertThat(version.isComplete()).isFalse();
                incomplete.put(record.getId(), version);
            }
            context.commit();
            byte[] stamp = context.getVersionStamp();
            Map<Long, FDBRecordVersion> complete = new LinkedHashMap<>();
            incomplete.forEach((id, version) ->
                    complete.put(id, FDBRecordVersion.complete(stamp, version.getLocalVersion())));
            return complete;
        }
    }

    private static FDBRecordVersion storedVersion(FDBRecordStore store, long id) {
        FDBRecordVersion version = store.loadRecord(Tuple.from(id)).getVersion();
        assertThat(version).isNotNull();
        assertThat(version.isComplete()).isTrue();
        return version;
    }
}
