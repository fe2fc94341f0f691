package io.relationshiplayer.bench.jmh;

import com.apple.foundationdb.Database;
import io.relationshiplayer.bench.Workload;
import io.relationshiplayer.fdb.embedded.EmbeddedDatabase;
import io.relationshiplayer.fdb.embedded.EngineConfig;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The memory engine under JMH: point reads (transactions of {@value #READS} reads, scored per read) and small commits
 * (one key per transaction) against a preloaded set of 16-byte keys. Run with
 * {@code java -cp <classpath> org.openjdk.jmh.Main EngineJmh [-t threads]}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class EngineJmh {
    static final int READS = 10;

    @Param("100000")
    public int keys;

    private Database db;
    private Workload workload;

    @Setup(Level.Trial)
    public void open() {
        db = EmbeddedDatabase.open(EngineConfig.memory());
        workload = Workload.preload(db, keys, 42);
    }

    @TearDown(Level.Trial)
    public void close() {
        db.close();
    }

    @Benchmark
    @OperationsPerInvocation(READS)
    public long pointRead() {
        return workload.readTransaction(db, READS);
    }

    @Benchmark
    public void smallCommit() {
        workload.smallCommit(db);
    }
}
