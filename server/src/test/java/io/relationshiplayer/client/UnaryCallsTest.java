package io.relationshiplayer.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Unary calls whose caller polls for the answer, over the transport threads that poll before they sleep, against a
 * real server on a loopback port: answers, failures, deadlines and interrupts as a blocking stub gives them.
 */
class UnaryCallsTest {
    private Backend backend;
    private RunningServer server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        backend = Backend.open("embedded:memory");
        server = RunningServer.start(ServerConfig.defaults(), backend);
        channel = ClientSecurity.plaintext().channelBuilder(server.target()).build();
    }

    @AfterEach
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
        backend.close();
    }

    private static HealthGrpc.HealthBlockingStub health(ManagedChannel channel) {
        return HealthGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @Test
    void answersComeBackWithAndWithoutPollingOnThePollingTransportThreads() {
        for (UnaryCalls calls : List.of(new UnaryCalls(200), new UnaryCalls(0))) {
            for (int i = 0; i < 50; i++) {
                assertThat(calls.call(health(channel), HealthGrpc.getCheckMethod(),
                        HealthCheckRequest.getDefaultInstance()).getStatus())
                        .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
            }
        }
        Set<String> threads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .collect(Collectors.toSet());
        assertThat(threads).anyMatch(n -> n.startsWith("rl-client-loop-"))
                .anyMatch(n -> n.startsWith("rl-server-loop-")).anyMatch(n -> n.startsWith("rl-accept-"));
    }

    @Test
    void failuresAreTheServersStatusAsABlockingStubGivesThem() {
        UnaryCalls calls = new UnaryCalls(200);
        assertThatThrownBy(() -> calls.call(health(channel), HealthGrpc.getCheckMethod(),
                HealthCheckRequest.newBuilder().setService("no.such.Service").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
        assertThatThrownBy(() -> calls.call(HealthGrpc.newBlockingStub(channel).withDeadlineAfter(0,
                TimeUnit.NANOSECONDS), HealthGrpc.getCheckMethod(), HealthCheckRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
    }

    @Test
    void anInterruptedCallerCancelsItsCallAndKeepsTheInterrupt() {
        UnaryCalls calls = new UnaryCalls(0);
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> calls.call(health(channel), HealthGrpc.getCheckMethod(),
                    HealthCheckRequest.getDefaultInstance()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.CANCELLED));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        // the channel still works
        assertThat(calls.call(health(channel), HealthGrpc.getCheckMethod(), HealthCheckRequest.getDefaultInstance())
                .getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    }

    @Test
    void aStreamIsReadMessageByMessageAndItsFailuresAndInterruptsAreTheBlockingStubs() throws Exception {
        StreamCalls streams = new StreamCalls(200);
        // Watch sends the status, then stays open until the deadline
        java.util.Iterator<HealthCheckResponse> watch = streams.call(HealthGrpc.newBlockingStub(channel)
                .withDeadlineAfter(300, TimeUnit.MILLISECONDS), HealthGrpc.getWatchMethod(),
                HealthCheckRequest.getDefaultInstance());
        assertThat(watch.hasNext()).isTrue();
        assertThat(watch.next().getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThatThrownBy(watch::hasNext).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));

        java.util.Iterator<HealthCheckResponse> open = streams.call(health(channel), HealthGrpc.getWatchMethod(),
                HealthCheckRequest.getDefaultInstance());
        assertThat(open.next().getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        Thread reader = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            // once the reader sleeps waiting for the next message (after its polling)
            while (reader.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            reader.interrupt();
        });
        interrupter.start();
        try {
            assertThatThrownBy(open::hasNext).isInstanceOfSatisfying(StatusRuntimeException.class,
                    e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.CANCELLED));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
            interrupter.join();
        }
    }
}
