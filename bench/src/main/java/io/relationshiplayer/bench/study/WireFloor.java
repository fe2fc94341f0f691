package io.relationshiplayer.bench.study;

import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import io.relationshiplayer.bench.bank.Latencies;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.UnaryCalls;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What a unary call costs on this machine before the record service does anything: the health service's Check on the
 * proxy's server (same transport and interceptors; like the record calls, run on the event loop that read it; it reads
 * nothing), timed on a channel of its own and called as the record client calls ({@link UnaryCalls}). The proxy
 * cannot add less per call than this, so it is printed beside the study's per-call figures.
 *
 * <p>Beneath it, the operating system's own floor: a round trip of 32 bytes between two threads over a loopback TCP
 * connection (TCP_NODELAY, blocking reads), no gRPC at all. A unary gRPC call hands off between four threads where
 * that round trip has two (the caller, the client's event loop, the server's event loop), and a hand-off to a sleeping
 * thread is dear on a virtual machine whose idle cores halt; the client library's and the server's transport threads
 * poll for a while before they sleep to avoid most of them ({@code EventLoops}).
 *
 * @param p50Micros    median call
 * @param p99Micros    99th percentile
 * @param tcpP50Micros median bare TCP round trip on loopback; NaN if it could not be measured
 */
record WireFloor(double p50Micros, double p99Micros, double tcpP50Micros) {
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
        ManagedChannel channel = ClientSecurity.plaintext().channelBuilder(target).build();
        try {
            HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
            HealthCheckRequest request = HealthCheckRequest.getDefaultInstance();
            UnaryCalls unary = new UnaryCalls(); // as the record client calls
            for (int i = 0; i < CALLS; i++) {
                unary.call(health.withDeadlineAfter(10, TimeUnit.SECONDS), HealthGrpc.getCheckMethod(), request);
            }
            Latencies calls = new Latencies();
            for (int i = 0; i < CALLS; i++) {
                long start = System.nanoTime();
                unary.call(health.withDeadlineAfter(10, TimeUnit.SECONDS), HealthGrpc.getCheckMethod(), request);
                calls.add(System.nanoTime() - start);
            }
            Latencies sorted = Latencies.merge(List.of(calls)); // percentiles read a merged, sorted set
            return new WireFloor(sorted.percentileMs(0.5) * 1000, sorted.percentileMs(0.99) * 1000, tcpRoundTrip());
        } finally {
            channel.shutdownNow();
        }
    }

    /** The median of {@link #CALLS} bare 32-byte round trips over a loopback TCP connection; NaN on an I/O error. */
    static double tcpRoundTrip() {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread echo = new Thread(() -> {
                try (Socket s = listener.accept()) {
                    s.setTcpNoDelay(true);
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    byte[] b = new byte[32];
                    for (int r; (r = in.read(b)) > 0; ) {
                        out.write(b, 0, r);
                    }
                } catch (IOException e) {
                    // the measuring side closed or failed: it reports NaN
                }
            }, "wire-floor-echo");
            echo.setDaemon(true);
            echo.start();
            try (Socket c = new Socket(listener.getInetAddress(), listener.getLocalPort())) {
                c.setTcpNoDelay(true);
                InputStream in = c.getInputStream();
                OutputStream out = c.getOutputStream();
                byte[] b = new byte[32];
                Latencies trips = new Latencies();
                for (int i = 0; i < 2 * CALLS; i++) {
                    long start = System.nanoTime();
                    out.write(b);
                    for (int got = 0; got < b.length; ) {
                        int r = in.read(b, got, b.length - got);
                        if (r < 0) {
                            return Double.NaN;
                        }
                        got += r;
                    }
                    if (i >= CALLS) {
                        trips.add(System.nanoTime() - start);
                    }
                }
                return Latencies.merge(List.of(trips)).percentileMs(0.5) * 1000;
            }
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    /** The line printed under the goals. */
    String line() {
        return String.format(Locale.ROOT, "  the wire's floor on this machine: a bare unary gRPC call to the same "
                + "server (health Check) p50 %,.1f µs, p99 %,.1f µs; a bare 32-byte TCP round trip on loopback, no "
                + "gRPC, p50 %,.1f µs", p50Micros, p99Micros, tcpP50Micros);
    }
}
