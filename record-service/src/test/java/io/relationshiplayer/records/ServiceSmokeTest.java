package io.relationshiplayer.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.*;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.proto.v1.tickets.TicketProto;
import io.relationshiplayer.proto.v1.tickets.TicketType;
import io.relationshiplayer.records.grpc.LoopbackServer;
import io.relationshiplayer.records.grpc.RecordServiceImpl;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ServiceSmokeTest {
    Backend backend;
    LoopbackServer server;
    ManagedChannel channel;
    RecordServiceGrpc.RecordServiceBlockingStub stub;

    @BeforeAll
    void start() throws Exception {
        backend = Backend.open("embedded:memory");
        RecordStores stores = new RecordStores(backend.recordDatabase());
        server = LoopbackServer.start(List.of(new RecordServiceImpl(stores, Executors.newCachedThreadPool())),
                backend::close);
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        stub = RecordServiceGrpc.newBlockingStub(channel);
    }

    @AfterAll
    void stop() {
        channel.shutdownNow();
        server.close();
    }

    static Schema ticketSchema() {
        return Schema.newBuilder()
                .setFiles(FileDescriptorSet.newBuilder().addFile(TicketProto.getDescriptor().toProto()))
                .setRecordsFile(TicketProto.getDescriptor().getName())
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("Ticket").addPrimaryKey("id"))
                .addIndexes(IndexDefinition.newBuilder().setName("by_type").setType(IndexType.VALUE)
                        .addRecordTypes("Ticket").addFields("type"))
                .build();
    }

    @Test
    void roundTripsTicketsAsBytes() {
        stub.createDatabase(CreateDatabaseRequest.newBuilder().setDatabase("smoke").build());
        RegisterSchemaResponse reg = stub.registerSchema(RegisterSchemaRequest.newBuilder().setDatabase("smoke")
                .setSchema(ticketSchema()).build());
        assertThat(reg.getVersion()).isGreaterThan(0);
        List<RecordMessage> records = new ArrayList<>();
        for (int i = 0; i < 1200; i++) {
            Ticket t = Ticket.newBuilder().setId(i).setKey("K-" + i).setTitle("t" + i)
                    .setType(TicketType.forNumber(i % 3)).build();
            records.add(RecordMessage.newBuilder().setType("Ticket").setMessage(t.toByteString()).build());
        }
        assertThat(stub.saveRecords(SaveRecordsRequest.newBuilder().setDatabase("smoke").addAllRecords(records)
                .build()).getSaved()).isEqualTo(1200);
        LoadRecordsResponse loaded = stub.loadRecords(LoadRecordsRequest.newBuilder().setDatabase("smoke")
                .setType("Ticket").addKeys(Key.newBuilder().addValues(Value.newBuilder().setInt64Value(7)))
                .addKeys(Key.newBuilder().addValues(Value.newBuilder().setInt64Value(99999))).build());
        assertThat(loaded.getRecords(0).getFound()).isTrue();
        assertThat(loaded.getRecords(0).getRecord().getMessage()).isEqualTo(records.get(7).getMessage());
        assertThat(loaded.getRecords(1).getFound()).isFalse();
        assertThat(stub.countRecords(CountRecordsRequest.newBuilder().setDatabase("smoke").setType("Ticket").build())
                .getCount()).isEqualTo(1200);

        Iterator<RecordBatch> it = stub.query(QueryRequest.newBuilder().setDatabase("smoke").addTypes("Ticket")
                .setFilter(Filter.newBuilder().setComparison(Comparison.newBuilder().setField("type")
                        .setOp(Comparison.Op.EQUALS).setValue(Value.newBuilder().setStringValue("BrokenFunctionality"))))
                .setExplain(true).build());
        int n = 0;
        String plan = null;
        while (it.hasNext()) {
            RecordBatch b = it.next();
            plan = plan == null ? b.getPlan() : plan;
            n += b.getRecordsCount();
        }
        assertThat(plan).contains("by_type");
        assertThat(n).isEqualTo(400);

        Iterator<RecordBatch> scan = stub.scan(ScanRequest.newBuilder().setDatabase("smoke").setType("Ticket")
                .setLimit(500).setBatchSize(100).build());
        int scanned = 0;
        RecordBatch last = null;
        while (scan.hasNext()) {
            last = scan.next();
            scanned += last.getRecordsCount();
        }
        assertThat(scanned).isEqualTo(500);
        assertThat(last.getContinuation().isEmpty()).isFalse();
        Iterator<RecordBatch> rest = stub.scan(ScanRequest.newBuilder().setDatabase("smoke").setType("Ticket")
                .setContinuation(last.getContinuation()).build());
        int remaining = 0;
        while (rest.hasNext()) {
            remaining += rest.next().getRecordsCount();
        }
        assertThat(remaining).isEqualTo(700);

        assertThatThrownBy(() -> stub.saveRecords(SaveRecordsRequest.newBuilder().setDatabase("smoke")
                .setMode(SaveMode.INSERT).addRecords(records.get(3)).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.ALREADY_EXISTS));
    }
}
