package io.relationshiplayer.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.apple.foundationdb.record.provider.foundationdb.BlockingInAsyncDetection;
import com.apple.foundationdb.record.provider.foundationdb.BlockingInAsyncException;
import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.EmbeddedDatabaseFactory;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.records.grpc.SqlTableWritesTest;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The record calls that the server runs on its transport threads (load, save, delete) never wait on FoundationDB in
 * a thread that completes a future: the Record Layer's blocking-in-async detection, on, fails any wait on a future
 * not yet complete inside a completion, and a little injected latency makes every continuation such a place: with the
 * caches cold, warm, and after another server registered a newer schema.
 */
class AsyncRecordCallsTest {
    private Backend backend;
    private RecordStores stores;
    private Descriptor users;

    @BeforeEach
    void database() {
        // a little latency: futures are not yet complete when waited on, which the detection would let pass
        backend = Backend.open(io.relationshiplayer.fdb.BackendSpec.memory(),
                new io.relationshiplayer.fdb.embedded.LatencyProfile(20, 20, 20, 20, 20, 20, 20, 20));
        EmbeddedDatabaseFactory factory = new EmbeddedDatabaseFactory(backend.embedded());
        factory.setBlockingInAsyncDetection(BlockingInAsyncDetection.IGNORE_COMPLETE_EXCEPTION_BLOCKING);
        FDBDatabase db = factory.getDatabase();
        RecordStores setup = new RecordStores(backend.recordDatabase());
        setup.createDatabase("d", false);
        users = setup.registerSchema("d", SqlTableWritesTest.tablesSchema("mine"), true).metaData()
                .getRecordType("users").getDescriptor();
        stores = new RecordStores(db);
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private RecordMessage user(long id, String name) {
        return RecordMessage.newBuilder().setType("users").setMessage(DynamicMessage.newBuilder(users)
                .setField(users.findFieldByName("id"), id).setField(users.findFieldByName("name"), name).build()
                .toByteString()).build();
    }

    private static Key key(long id) {
        return Key.newBuilder().addValues(Value.newBuilder().setInt64Value(id)).build();
    }

    @Test
    void theDetectionIsOnAWaitInsideACompletionFails() {
        Throwable t = catchThrowable(() -> CompletableFuture.supplyAsync(() -> 1)
                .thenApplyAsync(x -> stores.load("d", "users", List.of(key(1)))).join());
        assertThat(t).hasRootCauseInstanceOf(BlockingInAsyncException.class);
    }

    @Test
    void loadSaveAndDeleteWaitNowhereColdOrWarm() {
        assertThat(stores.saveAsync("d", List.of(user(1, "ann"), user(2, "bob")), SaveMode.INSERT).join().saved())
                .isEqualTo(2);
        for (int round = 0; round < 2; round++) { // the second round is served from the caches
            List<LoadedRecord> loaded = stores.loadAsync("d", "users", List.of(key(1), key(3))).join();
            assertThat(loaded).extracting(LoadedRecord::getFound).containsExactly(true, false);
        }
        assertThat(stores.deleteAsync("d", "users", List.of(key(2), key(3))).join()).isEqualTo(1);
        assertThat(stores.load("d", "users", List.of(key(2))).get(0).getFound()).isFalse();
    }

    @Test
    void theCallingThreadDoesNotWaitForTheStore() {
        // 50 ms a round trip: a call that waited on the store could not return before its future is done
        try (Backend slow = Backend.open(io.relationshiplayer.fdb.BackendSpec.memory(),
                new io.relationshiplayer.fdb.embedded.LatencyProfile(50_000, 50_000, 50_000, 50_000, 50_000, 50_000,
                        50_000, 50_000))) {
            RecordStores on = new RecordStores(slow.recordDatabase());
            on.createDatabase("d", false);
            on.registerSchema("d", SqlTableWritesTest.tablesSchema("mine"), true);
            CompletableFuture<RecordStores.SaveResult> save = on.saveAsync("d", List.of(user(7, "eve")),
                    SaveMode.INSERT);
            assertThat(save).isNotDone();
            assertThat(save.join().saved()).isEqualTo(1);
            CompletableFuture<List<LoadedRecord>> load = on.loadAsync("d", "users", List.of(key(7)));
            assertThat(load).isNotDone();
            assertThat(load.join().get(0).getFound()).isTrue();
        }
    }

    @Test
    void aSchemaRegisteredByAnotherServerIsReadWithoutWaiting() {
        stores.saveAsync("d", List.of(user(1, "ann")), SaveMode.INSERT).join();
        new RecordStores(backend.recordDatabase()).registerSchema("d", SqlTableWritesTest.tablesSchema("mine"), true);
        assertThat(stores.loadAsync("d", "users", List.of(key(1))).join().get(0).getFound()).isTrue();
    }

    @Test
    void failuresAreTheServicesExceptions() {
        Throwable missing = catchThrowable(() -> stores.loadAsync("nope", "users", List.of(key(1))).join());
        assertThat(missing).hasCauseInstanceOf(RecordServiceException.class)
                .hasMessageContaining("database 'nope' does not exist");
        Throwable duplicate = catchThrowable(() -> {
            stores.saveAsync("d", List.of(user(1, "ann")), SaveMode.INSERT).join();
            stores.saveAsync("d", List.of(user(1, "ann")), SaveMode.INSERT).join();
        });
        assertThat(duplicate.getCause()).isInstanceOf(RecordServiceException.class)
                .hasMessageContaining("already exists");
    }
}
