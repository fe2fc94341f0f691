package io.relationshiplayer.records.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.proto.v1.Comparison;
import io.relationshiplayer.proto.v1.CountRecordsRequest;
import io.relationshiplayer.proto.v1.CreateDatabaseRequest;
import io.relationshiplayer.proto.v1.DropDatabaseRequest;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.QueryRequest;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.records.RecordStores;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two replicas over one database backend, as the design scales out: what one replica changes (schema, databases), the
 * other sees on its next call, whatever it cached.
 */
class ReplicaConsistencyTest extends ServerFixture {
    LoopbackServer replica;
    ManagedChannel replicaChannel;
    ExecutorService replicaStreams;

    @BeforeAll
    void startReplica() throws Exception {
        replicaStreams = Executors.newCachedThreadPool();
        replica = LoopbackServer.start(List.of(new RecordServiceImpl(
                new RecordStores(backend.recordDatabase()), replicaStreams)), () -> { });
        replicaChannel = NettyChannelBuilder.forAddress("127.0.0.1", replica.port()).usePlaintext().build();
    }

    @AfterAll
    void stopReplica() throws Exception {
        replicaChannel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        replica.close();
        replicaStreams.shutdownNow();
    }

    RecordServiceGrpc.RecordServiceBlockingStub other() {
        return RecordServiceGrpc.newBlockingStub(replicaChannel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @Test
    void aSchemaEvolvedOnOneReplicaIsUsedByTheOther() {
        register(db, catalogSchema());
        saveItems(db, items(0, 100), 100);
        // The replica caches version 1.
        assertThat(other().countRecords(CountRecordsRequest.newBuilder().setDatabase(db).build()).getCount())
                .isEqualTo(100);
        int v2 = register(db, catalogSchema(valueIndex("by_price", "price"))).getVersion();

        assertThat(other().getSchema(GetSchemaRequest.newBuilder().setDatabase(db).build()).getVersion())
                .isEqualTo(v2);
        Streamed s = drain(other().query(QueryRequest.newBuilder().setDatabase(db).addTypes("Item")
                .setFilter(cmp("price", Comparison.Op.LESS_THAN, 100L)).setExplain(true).build()));
        assertThat(s.plan()).contains("by_price");
        assertThat(ids(s.records())).containsExactlyInAnyOrderElementsOf(
                expectedIds(items(0, 100), i -> i.getPrice() < 100));
    }

    @Test
    void aDatabaseDroppedAndCreatedAgainOnOneReplicaHasNoSchemaOnTheOther() {
        register(db, catalogSchema());
        saveItems(db, items(0, 10), 10);
        assertThat(other().countRecords(CountRecordsRequest.newBuilder().setDatabase(db).build()).getCount())
                .isEqualTo(10);

        blocking().dropDatabase(DropDatabaseRequest.newBuilder().setDatabase(db).build());
        expectError(Status.Code.NOT_FOUND, () -> other().countRecords(CountRecordsRequest.newBuilder()
                .setDatabase(db).build()));
        blocking().createDatabase(CreateDatabaseRequest.newBuilder().setDatabase(db).build());
        expectError(Status.Code.FAILED_PRECONDITION, () -> other().countRecords(CountRecordsRequest.newBuilder()
                .setDatabase(db).build()));
        expectError(Status.Code.FAILED_PRECONDITION, () -> other().getSchema(GetSchemaRequest.newBuilder()
                .setDatabase(db).build()));
    }
}
