package io.relationshiplayer.tickets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.KeyValue;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.client.RecordClient;
import io.relationshiplayer.client.ServerUnreachableException;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.GetSchemaRequest;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.IndexType;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.RegisterSchemaRequest;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.records.RecordStores;
import io.relationshiplayer.records.RlKeySpace;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The direct and the proxy ticket layers on one backend: each reads what the other wrote, byte for byte. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TicketLayersTest {
    Backend backend;
    RunningServer server;
    ManagedChannel channel;
    RecordServiceGrpc.RecordServiceBlockingStub stub;
    TicketLayer direct;
    TicketLayer proxy;
    final RandomTickets random = new RandomTickets(new Random(42));

    @BeforeAll
    void start() throws Exception {
        backend = Backend.open("embedded:memory");
        server = RunningServer.start(ServerConfig.defaults(), backend);
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        stub = RecordServiceGrpc.newBlockingStub(channel);
        direct = DirectTicketLayer.open(backend.recordDatabase(), "embedded:memory");
        proxy = GrpcTicketLayer.connect("127.0.0.1:" + server.port());
    }

    @AfterAll
    void stop() {
        proxy.close();
        direct.close();
        channel.shutdownNow();
        server.close();
        backend.close();
    }

    @BeforeEach
    void empty() {
        direct.deleteAll();
    }

    @Test
    void describesWhereItTalksTo() {
        assertThat(direct.describe()).isEqualTo("direct, embedded:memory");
        assertThat(proxy.describe()).isEqualTo("proxy, 127.0.0.1:" + server.port());
    }

    @Test
    void whatDirectSavesTheProxyLoadsByteForByte() {
        Ticket one = random.next(1);
        List<Ticket> batch = random.next(100, 50);
        direct.save(one);
        direct.saveAll(batch);

        assertThat(proxy.load(1)).isEqualTo(one);
        for (Ticket t : batch) {
            assertThat(proxy.load(t.getId())).isEqualTo(t);
            assertThat(storedBytes(t.getId())).isEqualTo(t.toByteArray());
        }
        assertThat(storedBytes(1)).isEqualTo(one.toByteArray());
    }

    @Test
    void whatTheProxySavesDirectLoadsFieldForField() {
        Ticket one = random.next(7);
        List<Ticket> batch = random.next(1_000, 30);
        proxy.save(one);
        proxy.saveAll(batch);

        Ticket loaded = direct.load(7);
        assertThat(loaded).isEqualTo(one);
        assertThat(loaded.getKey()).isEqualTo(one.getKey());
        assertThat(loaded.getTitle()).isEqualTo(one.getTitle());
        assertThat(loaded.getDescription()).isEqualTo(one.getDescription());
        assertThat(loaded.getType()).isEqualTo(one.getType());
        assertThat(loaded.toByteArray()).isEqualTo(one.toByteArray());
        for (Ticket t : batch) {
            assertThat(direct.load(t.getId())).isEqualTo(t);
        }
    }

    @Test
    void bothPathsStoreTheSameBytes() {
        List<Ticket> tickets = random.next(0, 20);
        direct.saveAll(tickets);
        Map<String, String> viaDirect = rawStore();
        direct.deleteAll();
        assertThat(direct.scan(t -> { })).isZero();
        proxy.saveAll(tickets);
        Map<String, String> viaProxy = rawStore();

        assertThat(viaDirect).isNotEmpty();
        assertThat(viaProxy).isEqualTo(viaDirect);
    }

    @Test
    void missingTicketsLoadAsNull() {
        assertThat(direct.load(424242)).isNull();
        assertThat(proxy.load(424242)).isNull();
    }

    @Test
    void scansSeeTheSameTicketsInIdOrder() {
        for (int first = 0; first < 1_234; first += 500) {
            (first % 1_000 == 0 ? proxy : direct).saveAll(random.next(first, Math.min(500, 1_234 - first)));
        }
        List<Ticket> viaDirect = new ArrayList<>();
        List<Ticket> viaProxy = new ArrayList<>();

        assertThat(direct.scan(viaDirect::add)).isEqualTo(1_234);
        assertThat(proxy.scan(viaProxy::add)).isEqualTo(1_234);
        assertThat(viaProxy).isEqualTo(viaDirect);
        for (int i = 0; i < viaDirect.size(); i++) {
            assertThat(viaDirect.get(i).getId()).isEqualTo(i);
        }
    }

    @Test
    void deleteAllThroughOneEmptiesTheOthersView() {
        direct.saveAll(random.next(0, 40));
        assertThat(proxy.scan(t -> { })).isEqualTo(40);
        proxy.deleteAll();
        assertThat(direct.scan(t -> { })).isZero();
        assertThat(direct.load(3)).isNull();

        proxy.saveAll(random.next(0, 40));
        assertThat(direct.scan(t -> { })).isEqualTo(40);
        direct.deleteAll();
        assertThat(proxy.scan(t -> { })).isZero();
        assertThat(proxy.load(3)).isNull();
    }

    @Test
    void aConsumerThatThrowsStopsTheScanAndTheLayerStaysUsable() {
        direct.saveAll(random.next(0, 2_000));
        for (TicketLayer layer : List.of(direct, proxy)) {
            IllegalStateException enough = new IllegalStateException("enough");
            assertThatThrownBy(() -> layer.scan(t -> {
                if (t.getId() == 10) {
                    throw enough;
                }
            })).isSameAs(enough);
            assertThat(layer.scan(t -> { })).isEqualTo(2_000);
        }
    }

    @Test
    void ensuringTheSchemaAgainChangesNothing() {
        int before = stub.getSchema(GetSchemaRequest.newBuilder().setDatabase(TicketSchema.DATABASE).build())
                .getVersion();
        TicketSchema.ensure(RecordClient.over(channel, "test"));
        TicketSchema.ensure(new RecordStores(backend.recordDatabase()));
        try (TicketLayer again = DirectTicketLayer.open(backend.recordDatabase(), "embedded:memory")) {
            assertThat(again.scan(t -> { })).isZero();
        }
        var after = stub.getSchema(GetSchemaRequest.newBuilder().setDatabase(TicketSchema.DATABASE).build());
        assertThat(after.getVersion()).isEqualTo(before);
        assertThat(TicketSchema.isCurrent(after.getSchema())).isTrue();
    }

    @Test
    void aChangedSchemaIsReplacedAndTheDirectLayerFollows() {
        direct.save(random.next(5));
        stub.registerSchema(RegisterSchemaRequest.newBuilder().setDatabase(TicketSchema.DATABASE)
                .setSchema(TicketSchema.schema().toBuilder().addIndexes(IndexDefinition.newBuilder()
                        .setName("by_type").setType(IndexType.VALUE).addRecordTypes("Ticket").addFields("type")))
                .setWaitForIndexes(true).build());
        // The direct layer's cached meta-data is now older than the store's: it reloads and carries on.
        Ticket six = random.next(6);
        direct.save(six);
        assertThat(proxy.load(6)).isEqualTo(six);

        TicketSchema.ensure(RecordClient.over(channel, "test"));
        var schema = stub.getSchema(GetSchemaRequest.newBuilder().setDatabase(TicketSchema.DATABASE).build());
        assertThat(schema.getSchema().getIndexesList()).isEmpty();
        assertThat(TicketSchema.isCurrent(schema.getSchema())).isTrue();
        assertThat(direct.load(5)).isNotNull();
        assertThat(direct.load(6)).isEqualTo(six);
    }

    @Test
    void anUnreachableServerFailsWithTheClientsException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertThatThrownBy(() -> GrpcTicketLayer.connect("127.0.0.1:" + port))
                .isInstanceOf(ServerUnreachableException.class)
                .hasMessage("cannot reach 127.0.0.1:" + port + ": connection refused")
                .extracting(e -> ((ServerUnreachableException) e).code()).isEqualTo(Status.Code.UNAVAILABLE);
    }

    /** The record bytes as the service returns them (it returns what is stored, without re-encoding). */
    private byte[] storedBytes(int id) {
        LoadedRecord r = stub.loadRecords(LoadRecordsRequest.newBuilder().setDatabase(TicketSchema.DATABASE)
                .setType(TicketSchema.TYPE).addKeys(Key.newBuilder().addValues(Value.newBuilder().setInt64Value(id)))
                .build()).getRecords(0);
        assertThat(r.getFound()).isTrue();
        return r.getRecord().getMessage().toByteArray();
    }

    /** Every key and value of the tickets store, as hex. */
    private Map<String, String> rawStore() {
        return backend.recordDatabase().run(ctx -> {
            Map<String, String> out = new LinkedHashMap<>();
            List<KeyValue> kvs = ctx.ensureActive().getRange(RlKeySpace.records(TicketSchema.DATABASE)
                    .toSubspace(ctx).range()).asList().join();
            HexFormat hex = HexFormat.of();
            for (KeyValue kv : kvs) {
                out.put(hex.formatHex(kv.getKey()), hex.formatHex(kv.getValue()));
            }
            return out;
        });
    }
}
