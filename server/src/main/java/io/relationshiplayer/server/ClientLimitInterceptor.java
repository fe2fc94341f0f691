package io.relationshiplayer.server;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.grpc.GrpcStatuses;
import io.relationshiplayer.limits.CallWork;
import io.relationshiplayer.limits.ServerLimits;
import io.relationshiplayer.metrics.RlMetrics;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Refuses a call with RESOURCE_EXHAUSTED when its client already has the most calls (any kind) or streams (calls
 * that stream either way) in progress that {@link ServerLimits} allow. The health check is exempt, so that load
 * balancers can always probe. A call is released when its status is sent or it is cancelled, and the work it started
 * elsewhere ({@link CallWork}: a stream's worker, a batch) has stopped.
 */
public final class ClientLimitInterceptor implements ServerInterceptor {
    private static final String HEALTH_CHECK = "grpc.health.v1.Health/Check";

    private final ServerLimits limits;
    private final ClientKey clientKey;
    private final RlMetrics metrics;
    private final Map<String, Usage> usage = new HashMap<>();

    public ClientLimitInterceptor(ServerLimits limits, ClientKey clientKey, RlMetrics metrics) {
        this.limits = Objects.requireNonNull(limits, "limits is null");
        this.clientKey = Objects.requireNonNull(clientKey, "clientKey is null");
        this.metrics = Objects.requireNonNull(metrics, "metrics is null");
    }

    /** Calls and streams one client has in progress. */
    private static final class Usage {
        int calls;
        int streams;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                      ServerCallHandler<Q, R> next) {
        MethodDescriptor<Q, R> method = call.getMethodDescriptor();
        if (HEALTH_CHECK.equals(method.getFullMethodName())) {
            return next.startCall(call, headers);
        }
        String client = clientKey.of(call, headers);
        boolean stream = !method.getType().clientSendsOneMessage() || !method.getType().serverSendsOneMessage();
        String refused = acquire(client, stream);
        if (refused != null) {
            metrics.limitReached(refused);
            int value = refused.equals(ServerLimits.MAX_CALLS_PER_CLIENT) ? limits.maxCallsPerClient()
                    : limits.maxStreamsPerClient();
            call.close(GrpcStatuses.status(ErrorKind.RESOURCE_EXHAUSTED, ServerLimits.reached(refused, value)
                    + " for client " + client + ": wait for calls in progress to end"), new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
        CallWork work = CallWork.of(() -> release(client, stream));
        AtomicBoolean ended = new AtomicBoolean();
        Runnable callEnded = () -> {
            if (ended.compareAndSet(false, true)) {
                work.callEnded();
            }
        };
        ServerCall<Q, R> releasing = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                callEnded.run();
                super.close(status, trailers);
            }
        };
        ServerCall.Listener<Q> listener;
        try {
            listener = Contexts.interceptCall(work.attachTo(Context.current()), releasing, headers, next);
        } catch (RuntimeException | Error e) {
            callEnded.run();
            throw e;
        }
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onCancel() {
                callEnded.run();
                super.onCancel();
            }

            @Override
            public void onComplete() {
                callEnded.run();
                super.onComplete();
            }
        };
    }

    /** Counts the call in, or returns the name of the limit it would break. */
    private synchronized String acquire(String client, boolean stream) {
        Usage u = usage.computeIfAbsent(client, c -> new Usage());
        if (u.calls >= limits.maxCallsPerClient()) {
            return ServerLimits.MAX_CALLS_PER_CLIENT;
        }
        if (stream && u.streams >= limits.maxStreamsPerClient()) {
            return ServerLimits.MAX_STREAMS_PER_CLIENT;
        }
        u.calls++;
        if (stream) {
            u.streams++;
        }
        return null;
    }

    private synchronized void release(String client, boolean stream) {
        Usage u = usage.get(client);
        u.calls--;
        if (stream) {
            u.streams--;
        }
        if (u.calls == 0) {
            usage.remove(client);
        }
    }

    /** Calls {@code client} has in progress (for tests and diagnostics). */
    public synchronized int callsInProgress(String client) {
        Usage u = usage.get(client);
        return u == null ? 0 : u.calls;
    }
}
