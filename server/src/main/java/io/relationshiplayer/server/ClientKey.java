package io.relationshiplayer.server;

import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.relationshiplayer.access.Authorization;
import io.relationshiplayer.access.Principal;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import javax.annotation.Nonnull;

/**
 * Who a call counts against for the per-client limits. The default is the peer's IP address; once calls are
 * authenticated, the principal is the better key (a security interceptor that runs first can put it in the call's
 * context or headers, and a key function read it from there).
 */
@FunctionalInterface
public interface ClientKey {
    /** The peer's IP address without the port ("unknown" when the transport gives none). */
    ClientKey REMOTE_IP = (call, headers) -> remoteIp(call);

    /**
     * The authenticated principal ("principal:NAME"), else the peer's IP address: calls without a token file all run
     * as one anonymous principal, which must not make every client one.
     */
    ClientKey PRINCIPAL_OR_IP = (call, headers) -> {
        Principal p = Authorization.current();
        return p == Principal.UNRESTRICTED || p == Principal.NOBODY ? remoteIp(call) : "principal:" + p.name();
    };

    @Nonnull
    String of(ServerCall<?, ?> call, Metadata headers);

    static String remoteIp(ServerCall<?, ?> call) {
        SocketAddress a = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
        if (a instanceof InetSocketAddress inet) {
            return inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
        }
        return a == null ? "unknown" : a.toString();
    }
}
