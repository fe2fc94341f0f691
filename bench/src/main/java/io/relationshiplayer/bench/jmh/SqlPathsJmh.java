package io.relationshiplayer.bench.jmh;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.bench.bank.LocalSqlServer;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.proto.v1.CloseSessionRequest;
import io.relationshiplayer.proto.v1.ExecutePreparedRequest;
import io.relationshiplayer.proto.v1.ExecuteRequest;
import io.relationshiplayer.proto.v1.ExecuteResponse;
import io.relationshiplayer.proto.v1.OpenSessionRequest;
import io.relationshiplayer.proto.v1.PrepareRequest;
import io.relationshiplayer.proto.v1.SqlServiceGrpc;
import io.relationshiplayer.proto.v1.SqlValue;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.proto.v1.tickets.TicketType;
import io.relationshiplayer.tickets.GrpcTicketLayer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A prepared primary-key SELECT through the SQL service against a load of the same row through the record service,
 * both over gRPC on a loopback port to one server on the embedded memory backend, as {@code rl bench sql} compares
 * them (goal: SQL under 1.2 times the record load). One SQL session, so one benchmark thread. Scores are µs per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SqlPathsJmh {
    private static final String DATABASE = "jmh";
    private static final int BATCH = 500;

    @Param("10000")
    public int rows;

    private LocalSqlServer server;
    private ManagedChannel channel;
    private SqlServiceGrpc.SqlServiceBlockingStub sql;
    private GrpcTicketLayer records;
    private String session;
    private String select;

    @Setup(Level.Trial)
    public void open() throws IOException {
        server = LocalSqlServer.start(BackendSpec.memory());
        channel = NettyChannelBuilder.forTarget(server.target()).usePlaintext()
                .maxInboundMessageSize(SqlClient.MAX_INBOUND_BYTES).build();
        sql = SqlServiceGrpc.newBlockingStub(channel);
        records = GrpcTicketLayer.connect(server.target());
        session = sql.openSession(OpenSessionRequest.newBuilder().setDatabase(DATABASE).build()).getSessionId();
        execute("CREATE TABLE tickets (id BIGINT PRIMARY KEY, ticket_key VARCHAR(20), title VARCHAR(100), "
                + "description VARCHAR(200), kind INTEGER)");
        List<Ticket> batch = new ArrayList<>();
        StringBuilder insert = new StringBuilder();
        for (int id = 0; id < rows; id++) {
            Ticket t = Ticket.newBuilder().setId(id).setKey("RL-" + id).setTitle("Ticket number " + id)
                    .setDescription("A description of ticket " + id + ", long enough to look written by hand.")
                    .setType(TicketType.forNumber(id % 3)).build();
            batch.add(t);
            insert.append(insert.length() == 0 ? "INSERT INTO tickets VALUES " : ", ")
                    .append(String.format(Locale.ROOT, "(%d, '%s', '%s', '%s', %d)", id, t.getKey(), t.getTitle(),
                            t.getDescription(), t.getType().getNumber()));
            if (batch.size() == BATCH || id == rows - 1) {
                execute(insert.toString());
                records.saveAll(batch);
                batch.clear();
                insert.setLength(0);
            }
        }
        select = sql.prepare(PrepareRequest.newBuilder().setSessionId(session)
                .setSql("SELECT * FROM tickets WHERE id = ?").build()).getStatementId();
    }

    @TearDown(Level.Trial)
    public void close() throws InterruptedException {
        sql.closeSession(CloseSessionRequest.newBuilder().setSessionId(session).build());
        records.close();
        channel.shutdownNow();
        channel.awaitTermination(5, TimeUnit.SECONDS);
        server.close();
    }

    @Benchmark
    public long sqlPrimaryKeySelect() {
        long id = ThreadLocalRandom.current().nextInt(rows);
        long n = drain(sql.executePrepared(ExecutePreparedRequest.newBuilder().setSessionId(session)
                .setStatementId(select).addParams(SqlValue.newBuilder().setInt64Value(id)).build()));
        if (n != 1) {
            throw new IllegalStateException("SELECT of id " + id + " returned " + n + " rows");
        }
        return n;
    }

    @Benchmark
    public Ticket recordLoadGrpc() {
        return records.load(ThreadLocalRandom.current().nextInt(rows));
    }

    private void execute(String text) {
        drain(sql.withDeadlineAfter(60, TimeUnit.SECONDS)
                .execute(ExecuteRequest.newBuilder().setSessionId(session).setSql(text).build()));
    }

    private static long drain(Iterator<ExecuteResponse> it) {
        long rows = 0;
        while (it.hasNext()) {
            ExecuteResponse m = it.next();
            if (m.hasBatch()) {
                rows += m.getBatch().getRowsCount();
            }
        }
        return rows;
    }
}
