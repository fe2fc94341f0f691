package io.relationshiplayer.bench.jmh;

import io.relationshiplayer.bench.study.InProcessServer;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.BackendSpec;
import io.relationshiplayer.fdb.embedded.LatencyProfile;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.tickets.DirectTicketLayer;
import io.relationshiplayer.tickets.GrpcTicketLayer;
import io.relationshiplayer.tickets.RandomTickets;
import io.relationshiplayer.tickets.TicketLayer;
import java.io.IOException;
import java.util.Random;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The study's two read paths under JMH, on one embedded memory store of {@code tickets} tickets: a single-ticket
 * load (one transaction) and a streamed full scan, each through the Record Layer directly and through the record
 * service on a loopback port, as {@code rl bench study} compares them. Scores are µs per load or per scan.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RecordPathsJmh {
    @Param("10000")
    public int tickets;

    private Backend backend;
    private InProcessServer server;
    private TicketLayer direct;
    private TicketLayer grpc;

    @Setup(Level.Trial)
    public void open() throws IOException {
        backend = Backend.open(BackendSpec.memory(), LatencyProfile.NONE);
        server = InProcessServer.start(backend);
        direct = DirectTicketLayer.open(backend.recordDatabase(), "jmh");
        grpc = GrpcTicketLayer.connect(server.target());
        RandomTickets random = new RandomTickets(new Random(42));
        for (int first = 0; first < tickets; first += 500) {
            direct.saveAll(random.next(first, Math.min(500, tickets - first)));
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        grpc.close();
        direct.close();
        server.close();
        backend.close();
    }

    @Benchmark
    public Ticket loadDirect() {
        return direct.load(ThreadLocalRandom.current().nextInt(tickets));
    }

    @Benchmark
    public Ticket loadGrpc() {
        return grpc.load(ThreadLocalRandom.current().nextInt(tickets));
    }

    @Benchmark
    public long scanDirect(Blackhole bh) {
        return direct.scan(bh::consume);
    }

    @Benchmark
    public long scanGrpc(Blackhole bh) {
        return grpc.scan(bh::consume);
    }
}
