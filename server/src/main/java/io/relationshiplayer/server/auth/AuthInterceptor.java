package io.relationshiplayer.server.auth;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.health.v1.HealthGrpc;
import io.relationshiplayer.access.Authorization;
import io.relationshiplayer.access.Principal;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.grpc.GrpcStatuses;
import java.util.Optional;
import javax.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticates every call (but health checks, which load balancers make without credentials) by its bearer token,
 * {@code authorization: Bearer <token>}, and runs it with its {@link Principal} in the gRPC context. Without a token
 * file every call runs as {@link Principal#UNRESTRICTED} (a loopback server without authentication). A call that
 * carries more than one {@code authorization} header is refused (UNAUTHENTICATED) before any work.
 */
public final class AuthInterceptor implements ServerInterceptor {
    private static final Logger LOG = LoggerFactory.getLogger(AuthInterceptor.class);
    static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    private static final String BEARER = "Bearer ";

    @Nullable
    private final TokenFile tokens;

    /** {@code tokens} null: no authentication. */
    public AuthInterceptor(@Nullable TokenFile tokens) {
        this.tokens = tokens;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        if (tokens == null) {
            return run(Principal.UNRESTRICTED, call, headers, next);
        }
        if (HealthGrpc.SERVICE_NAME.equals(call.getMethodDescriptor().getServiceName())) {
            return next.startCall(call, headers);
        }
        Iterable<String> all = headers.getAll(AUTHORIZATION);
        String header = null;
        if (all != null) {
            for (String h : all) {
                if (header != null) {
                    // which one would win is up to proxies and libraries on the way: refuse rather than guess
                    return refuse(call, "more than one authorization header: send exactly one "
                            + "'authorization: Bearer <token>'");
                }
                header = h;
            }
        }
        if (header == null) {
            return refuse(call, "missing credentials: send the header 'authorization: Bearer <token>'");
        }
        if (!header.regionMatches(true, 0, BEARER, 0, BEARER.length())
                || header.substring(BEARER.length()).isBlank()) {
            return refuse(call, "malformed authorization header: expected 'Bearer <token>'");
        }
        Optional<Principal> principal = tokens.authenticate(header.substring(BEARER.length()).strip());
        if (principal.isEmpty()) {
            return refuse(call, "invalid token");
        }
        return run(principal.get(), call, headers, next);
    }

    private static <Q, R> ServerCall.Listener<Q> run(Principal principal, ServerCall<Q, R> call, Metadata headers,
                                                     ServerCallHandler<Q, R> next) {
        Context context = Authorization.withPrincipal(Context.current(), principal);
        return Contexts.interceptCall(context, call, headers, next);
    }

    private static <Q, R> ServerCall.Listener<Q> refuse(ServerCall<Q, R> call, String why) {
        // never the token: the reason and where the call came from
        LOG.info("unauthenticated call to {} from {}: {}", call.getMethodDescriptor().getFullMethodName(),
                call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR), why);
        call.close(GrpcStatuses.status(ErrorKind.UNAUTHENTICATED, why), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
