package io.relationshiplayer.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.FDBStoreTimer;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.EmbeddedDatabaseFactory;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.records.grpc.SqlTableWritesTest;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A record-service call makes no FoundationDB read that the direct Record Layer path does not: the database's marker,
 * its meta-data and the store header come from caches that FoundationDB's metadata version validates (read with the
 * read version, at no round trip), until a database or schema change stamps it.
 */
class RoundTripTest {
    private Backend backend;
    private FDBStoreTimer timer;
    private RecordStores stores;
    private Descriptor users;

    @BeforeEach
    void database() {
        backend = Backend.open("embedded:memory");
        timer = new FDBStoreTimer();
        stores = new RecordStores(backend.recordDatabase(), timer);
        stores.createDatabase("d", false);
        RecordMetaData md = stores.registerSchema("d", SqlTableWritesTest.tablesSchema("mine"), true).metaData();
        users = md.getRecordType("users").getDescriptor();
        stores.save("d", List.of(RecordMessage.newBuilder().setType("users").setMessage(DynamicMessage.newBuilder(
                users).setField(users.findFieldByName("id"), 1L).setField(users.findFieldByName("name"), "ann")
                .build().toByteString()).build()), SaveMode.INSERT);
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private static Key key(long id) {
        return Key.newBuilder().addValues(Value.newBuilder().setInt64Value(id)).build();
    }

    /** Reads of the database and its records: point reads and range reads. */
    private static long reads(FDBStoreTimer t) {
        return t.getCount(FDBStoreTimer.Counts.READS) + t.getCount(FDBStoreTimer.Counts.RANGE_READS);
    }

    /**
     * A load on a database nothing changed reads neither the database's marker nor its meta-data nor the store header:
     * no more than the direct path, the Record Layer in process opening the store and loading the record (the
     * metadata version key it reads instead comes with the read version, at no round trip).
     */
    @Test
    void aRepeatedLoadReadsNoMoreThanTheDirectPath() {
        stores.load("d", "users", List.of(key(1)));
        timer.reset();
        assertThat(stores.load("d", "users", List.of(key(1)))).hasSize(1);
        // The metadata version key, read by this service's cache and by the Record Layer's store state cache (free:
        // it comes with the read version), and the record's range: nothing else.
        assertThat(timer.getCount(FDBStoreTimer.Counts.STORE_STATE_CACHE_HIT)).isEqualTo(1);
        assertThat(reads(timer)).isEqualTo(3 + 1);
        long service = reads(timer) - 2;

        RecordMetaData md = stores.schemaInfo("d").metaData();
        FDBDatabase direct = new EmbeddedDatabaseFactory(backend.embedded()).getDatabase();
        FDBStoreTimer directTimer = new FDBStoreTimer();
        FDBRecordStore.Builder store = new StoreOpener().builder("d", md);
        Object record = direct.run(directTimer, null, ctx -> store.copyBuilder().setContext(ctx).createOrOpen()
                .loadRecord(Tuple.from(md.getRecordType("users").getRecordTypeKey(), 1L)));
        assertThat(record).isNotNull();
        long directReads = reads(directTimer);
        assertThat(service).as("reads of the service (%d) and of the direct path (%d)", service, directReads)
                .isLessThanOrEqualTo(directReads);
    }

    @Test
    void aDroppedAndRecreatedDatabaseIsNotServedFromTheCache() {
        stores.load("d", "users", List.of(key(1)));
        stores.dropDatabase("d", false);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> stores.load("d", "users", List.of(key(1)))))
                .isInstanceOf(RecordServiceException.class).hasMessageContaining("database 'd' does not exist");
        stores.createDatabase("d", false);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> stores.load("d", "users", List.of(key(1)))))
                .isInstanceOf(RecordServiceException.class).hasMessageContaining("no schema");
    }

    @Test
    void aDropByAnotherServerIsSeenThroughTheMetadataVersion() {
        stores.load("d", "users", List.of(key(1)));
        RecordStores other = new RecordStores(backend.recordDatabase());
        other.dropDatabase("d", false);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> stores.load("d", "users", List.of(key(1)))))
                .isInstanceOf(RecordServiceException.class).hasMessageContaining("database 'd' does not exist");
    }
}
