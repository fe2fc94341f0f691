package io.relationshiplayer.records.grpc;

import io.grpc.BindableService;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.relationshiplayer.access.Authorization;
import io.relationshiplayer.access.Principal;
import io.relationshiplayer.limits.ServerLimits;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A bare gRPC server on a free loopback port with just the services under test, as grpc-java's examples start one: the
 * default message size limit, and every call run as {@link Principal#UNRESTRICTED} (what the product's server gives a
 * loopback server without authentication). Limits, tokens, health, reflection and metrics are the server module's
 * and tested there.
 */
public final class LoopbackServer implements AutoCloseable {
    private final Server server;
    private final Runnable onStop;

    private LoopbackServer(Server server, Runnable onStop) {
        this.server = server;
        this.onStop = onStop;
    }

    /** Serves {@code services}; {@code onStop} runs once the server has stopped. */
    public static LoopbackServer start(List<? extends BindableService> services, Runnable onStop) throws IOException {
        Objects.requireNonNull(onStop, "onStop is null");
        NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .maxInboundMessageSize(ServerLimits.DEFAULTS.maxMessageBytes())
                .intercept(new Unrestricted());
        services.forEach(b::addService);
        return new LoopbackServer(b.build().start(), onStop);
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.shutdown();
        try {
            if (!server.awaitTermination(30, TimeUnit.SECONDS)) {
                server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            onStop.run();
        }
    }

    /** Runs every call as the unrestricted principal. */
    private static final class Unrestricted implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                           ServerCallHandler<Q, R> next) {
            Context context = Authorization.withPrincipal(Context.current(), Principal.UNRESTRICTED);
            return Contexts.interceptCall(context, call, headers, next);
        }
    }
}
