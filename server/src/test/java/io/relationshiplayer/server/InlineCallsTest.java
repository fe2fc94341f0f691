package io.relationshiplayer.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.relationshiplayer.client.ClientSecurity;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which thread runs a handler: the unary and server-streaming methods a server names inline run on the transport
 * thread that read them, every other method on the server's call pool.
 */
class InlineCallsTest {
    private static final MethodDescriptor.Marshaller<String> TEXT = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private static MethodDescriptor<String, String> method(String name, MethodDescriptor.MethodType type) {
        return MethodDescriptor.<String, String>newBuilder().setType(type)
                .setFullMethodName(MethodDescriptor.generateFullMethodName("test.Threads", name))
                .setRequestMarshaller(TEXT).setResponseMarshaller(TEXT).build();
    }

    private static final MethodDescriptor<String, String> UNARY_INLINE =
            method("UnaryInline", MethodDescriptor.MethodType.UNARY);
    private static final MethodDescriptor<String, String> STREAMING_INLINE =
            method("StreamingInline", MethodDescriptor.MethodType.SERVER_STREAMING);
    private static final MethodDescriptor<String, String> STREAMING =
            method("Streaming", MethodDescriptor.MethodType.SERVER_STREAMING);

    /** Each method answers with the name of the thread its handler ran on (twice, for the streaming ones). */
    private static final BindableService THREADS = () -> ServerServiceDefinition.builder("test.Threads")
            .addMethod(UNARY_INLINE, ServerCalls.asyncUnaryCall((req, out) -> {
                out.onNext(Thread.currentThread().getName());
                out.onCompleted();
            }))
            .addMethod(STREAMING_INLINE, ServerCalls.asyncServerStreamingCall(InlineCallsTest::twice))
            .addMethod(STREAMING, ServerCalls.asyncServerStreamingCall(InlineCallsTest::twice))
            .build();

    private static void twice(String request, io.grpc.stub.StreamObserver<String> out) {
        out.onNext(Thread.currentThread().getName());
        out.onNext(Thread.currentThread().getName());
        out.onCompleted();
    }

    @Test
    void namedUnaryAndServerStreamingMethodsRunOnTheTransportThreadTheOthersOnTheCallPool() throws Exception {
        Set<String> inline = Set.of(UNARY_INLINE.getFullMethodName(), STREAMING_INLINE.getFullMethodName());
        try (RlServer server = RlServer.start("127.0.0.1", 0, List.of(THREADS), ServerOptions.defaults(),
                ServerSecurity.none(), inline, () -> { })) {
            ManagedChannel channel = ClientSecurity.plaintext().channelBuilder("127.0.0.1", server.port()).build();
            try {
                assertThat(ClientCalls.blockingUnaryCall(channel, UNARY_INLINE, io.grpc.CallOptions.DEFAULT, "x"))
                        .startsWith("rl-server-loop");
                assertThat(streamed(channel, STREAMING_INLINE)).hasSize(2).allMatch(t -> t.startsWith("rl-server-loop"));
                assertThat(streamed(channel, STREAMING)).hasSize(2).allMatch(t -> t.startsWith("rl-call"));
            } finally {
                channel.shutdownNow();
            }
        }
    }

    private static List<String> streamed(ManagedChannel channel, MethodDescriptor<String, String> m) {
        List<String> threads = new ArrayList<>();
        ClientCalls.blockingServerStreamingCall(channel, m, io.grpc.CallOptions.DEFAULT, "x")
                .forEachRemaining(threads::add);
        return threads;
    }
}
