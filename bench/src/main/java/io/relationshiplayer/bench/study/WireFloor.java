package io.relationshiplayer.bench.study;

import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.relationshiplayer.bench.bank.Latencies;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What a unary call costs on this machine before the record service does anything: the health service's Check on the
 * proxy's server (same transport and interceptors; like the record calls, run on the event loop that read it; it reads
 * nothing), timed on a channel of its own. The proxy cannot add less per call than this, so it is printed beside the
 * study's per-call figures.
 *
 * @param p50Micros median call
 * @param p99Micros 99th percentile
 */
record WireFloor(double p50Micros, double p99Micros) {
    /** Calls timed, after as many untimed. */
    static final int CALLS = 3_000;

    /** Times {@link #CALLS} health checks against {@code target} ({@code host:port}, plaintext); null if one fails. */
    static WireFloor measure(String target) {
        try {
            return time(target);
        } catch (io.grpc.StatusRuntimeException e) {
            return null;
        }
    }

    private static WireFloor time(String target) {
        ManagedChannel channel = NettyChannelBuilder.forTarget(target).usePlaintext().build();
        try {
            HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
            HealthCheckRequest request = HealthCheckRequest.getDefaultInstance();
            for (int i = 0; i < CALLS; i++) {
                health.withDeadlineAfter(10, TimeUnit.SECONDS).check(request);
            }
            Latencies calls = new Latencies();
            for (int i = 0; i < CALLS; i++) {
                long start = System.nanoTime();
                health.withDeadlineAfter(10, TimeUnit.SECONDS).check(request);
                calls.add(System.nanoTime() - start);
            }
            Latencies sorted = Latencies.merge(java.util.List.of(calls)); // percentiles read a merged, sorted set
            return new WireFloor(sorted.percentileMs(0.5) * 1000, sorted.percentileMs(0.99) * 1000);
        } finally {
            channel.shutdownNow();
        }
    }

    /** The line printed under the goals. */
    String line() {
        return String.format(Locale.ROOT, "  the wire's floor on this machine: a bare unary gRPC call to the same server "
                + "(health Check) p50 %.1f µs, p99 %.1f µs", p50Micros, p99Micros);
    }
}
