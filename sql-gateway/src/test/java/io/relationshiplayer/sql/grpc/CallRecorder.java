package io.relationshiplayer.sql.grpc;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server interceptor that records, per call tagged with an {@code rl-test-tag} header, how many messages the
 * server handed to gRPC and whether the call was cancelled (counted once the service's cancel handler has run).
 */
final class CallRecorder implements ServerInterceptor {
    static final Metadata.Key<String> TAG = Metadata.Key.of("rl-test-tag", Metadata.ASCII_STRING_MARSHALLER);

    /** What the server did on one tagged call. */
    static final class Recorded {
        final AtomicInteger sent = new AtomicInteger();
        final CountDownLatch cancelled = new CountDownLatch(1);
        final CountDownLatch closed = new CountDownLatch(1);
        volatile io.grpc.Status closedWith;
    }

    private final Map<String, Recorded> calls = new ConcurrentHashMap<>();

    Recorded call(String tag) {
        return calls.computeIfAbsent(tag, t -> new Recorded());
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                      ServerCallHandler<Q, R> next) {
        String tag = headers.get(TAG);
        if (tag == null) {
            return next.startCall(call, headers);
        }
        Recorded r = call(tag);
        ServerCall<Q, R> counting = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void sendMessage(R message) {
                r.sent.incrementAndGet();
                super.sendMessage(message);
            }

            @Override
            public void close(io.grpc.Status status, Metadata trailers) {
                r.closedWith = status;
                r.closed.countDown();
                super.close(status, trailers);
            }
        };
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(counting,
                headers)) {
            @Override
            public void onCancel() {
                super.onCancel();
                r.cancelled.countDown();
            }
        };
    }
}
