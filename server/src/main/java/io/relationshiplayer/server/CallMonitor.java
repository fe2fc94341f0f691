package io.relationshiplayer.server;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.relationshiplayer.metrics.RlMetrics;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Locale;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import javax.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches every call from start to status: gives it a request id (the client's {@code x-request-id} when it sends a
 * sane one, else a new one) and echoes it in the response headers (or trailers if no headers were sent), counts it
 * and its latency in {@link RlMetrics}, and writes one access-log line in key=value form. The line holds the request
 * id, method, status code, duration and peer; never metadata values (tokens) or messages (SQL parameters).
 */
public final class CallMonitor implements ServerInterceptor {
    public static final Metadata.Key<String> REQUEST_ID = Metadata.Key.of("x-request-id",
            Metadata.ASCII_STRING_MARSHALLER);
    /** The access log's logger name; INFO level. */
    public static final String ACCESS_LOG = "io.relationshiplayer.access";
    private static final Logger LOG = LoggerFactory.getLogger(ACCESS_LOG);
    /** An access log to the {@link #ACCESS_LOG} logger. */
    public static final Consumer<String> TO_LOGGER = LOG::info;
    private static final Pattern SANE_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

    private final RlMetrics metrics;
    @Nullable
    private final Consumer<String> accessLog;

    /** Logging to the {@link #ACCESS_LOG} logger. */
    public CallMonitor(RlMetrics metrics) {
        this(metrics, TO_LOGGER);
    }

    /** Logging each call's line to {@code accessLog}; null for no access log (the line is then never made). */
    public CallMonitor(RlMetrics metrics, @Nullable Consumer<String> accessLog) {
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
        this.accessLog = accessLog;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                      ServerCallHandler<Q, R> next) {
        long start = System.nanoTime();
        String sent = headers.get(REQUEST_ID);
        // A request id needs to be unique, not unguessable: no SecureRandom on every call.
        String requestId = sent != null && SANE_ID.matcher(sent).matches() ? sent : randomId();
        MethodDescriptor<Q, R> method = call.getMethodDescriptor();
        boolean stream = !method.getType().clientSendsOneMessage() || !method.getType().serverSendsOneMessage();
        // A stream counts from its start until the transport is done with it (completed: its status sent, which
        // waits for the client to read what was queued before it; or cancelled), not until the service closes it.
        if (stream) {
            metrics.streamOpened();
        }
        AtomicBoolean streamEnded = new AtomicBoolean(!stream);
        Runnable endStream = () -> {
            if (streamEnded.compareAndSet(false, true)) {
                metrics.streamClosed();
            }
        };
        AtomicBoolean done = new AtomicBoolean();
        Consumer<Status> finish = status -> {
            if (done.compareAndSet(false, true)) {
                metrics.call(method.getFullMethodName(), status.getCode().name(), start);
                if (accessLog != null) {
                    accessLog.accept(line(requestId, method.getFullMethodName(), status.getCode(), start,
                            peer(call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR))));
                }
            }
        };
        ServerCall<Q, R> tagged = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            private volatile boolean headersSent;

            @Override
            public void sendHeaders(Metadata responseHeaders) {
                responseHeaders.put(REQUEST_ID, requestId);
                headersSent = true;
                super.sendHeaders(responseHeaders);
            }

            @Override
            public void close(Status status, Metadata trailers) {
                if (!headersSent) {
                    trailers.put(REQUEST_ID, requestId);
                }
                finish.accept(status);
                super.close(status, trailers);
            }
        };
        ServerCall.Listener<Q> listener;
        try {
            listener = next.startCall(tagged, headers);
        } catch (RuntimeException | Error e) {
            finish.accept(Status.fromThrowable(e));
            endStream.run();
            throw e;
        }
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onCancel() {
                finish.accept(Status.CANCELLED);
                endStream.run();
                super.onCancel();
            }

            @Override
            public void onComplete() {
                endStream.run();
                super.onComplete();
            }
        };
    }

    /** host:port of an IP peer, without Java's leading slash. */
    static String peer(SocketAddress a) {
        if (a instanceof InetSocketAddress inet) {
            String host = inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + inet.getPort();
        }
        return String.valueOf(a);
    }

    /**
     * A version-4 (random) UUID, as the README promises, from the thread's fast generator: an id to find a call in
     * the logs, not a secret, so it needs no SecureRandom on every call.
     */
    static String randomId() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long high = (r.nextLong() & ~0xF000L) | 0x4000L;
        long low = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    static String line(String requestId, String method, Status.Code code, long startNanos, String peer) {
        double millis = (System.nanoTime() - startNanos) / 1e6;
        return String.format(Locale.ROOT, "request_id=%s method=%s status=%s duration_ms=%.3f peer=%s", requestId,
                method, code.name(), millis, peer);
    }
}
