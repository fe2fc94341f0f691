package io.relationshiplayer.records.grpc;

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
public final class CallRecorder implements ServerInterceptor {
    public static final Metadata.Key<String> TAG = Metadata.Key.of("rl-test-tag", Metadata.ASCII_STRING_MARSHALLER);

    /** What the server did on one tagged call. */
    public static final class Recorded {
        public final AtomicInteger sent = new AtomicInteger();
        public final CountDownLatch cancelled = new CountDownLatch(1);
        public final CountDownLatch closed = new CountDownLatch(1);
        volatile io.grpc.Status closedWith;
    }

    private final Map<String, Recorded> calls = new ConcurrentHashMap<>();

    public Recorded call(String tag) {
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
