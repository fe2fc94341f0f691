package io.relationshiplayer.server;

import io.grpc.InsecureServerCredentials;
import io.grpc.ServerInterceptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.relationshiplayer.server.auth.AuthInterceptor;
import io.relationshiplayer.server.auth.TokenFile;
import java.io.IOException;
import java.net.InetSocketAddress;
import javax.annotation.Nullable;

/**
 * How a server protects its port: TLS (null: plaintext) and the principals it accepts (null: none asked, every call
 * unrestricted; only for a loopback address, which the command line enforces).
 */
public record ServerSecurity(@Nullable TlsConfig tls, @Nullable TokenFile tokens) {
    /** Plaintext, no authentication: in-process and test servers on loopback. */
    public static ServerSecurity none() {
        return new ServerSecurity(null, null);
    }

    /** A server builder listening on {@code address} with this TLS. */
    NettyServerBuilder builder(InetSocketAddress address) throws IOException {
        return NettyServerBuilder.forAddress(address,
                tls == null ? InsecureServerCredentials.create() : tls.credentials());
    }

    /** Authenticates every call and puts its principal in the call's context. */
    ServerInterceptor interceptor() {
        return new AuthInterceptor(tokens);
    }

    /** One line for the startup message: "TLS, mutual TLS, tokens (3 principals)". */
    public String describe() {
        String transport = tls == null ? "plaintext" : tls.mutual() ? "mutual TLS" : "TLS";
        String auth = tokens == null ? "no authentication" : "tokens (" + tokens.size() + " principal"
                + (tokens.size() == 1 ? "" : "s") + ")";
        return transport + ", " + auth;
    }
}
