package io.relationshiplayer.client;

import io.grpc.ChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.Metadata;
import io.grpc.TlsChannelCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.annotation.Nullable;

/**
 * How a client reaches a server: TLS or plaintext, the CA that signed the server's certificate (null: the JVM's
 * default trust store), a client certificate and key for mutual TLS, and a bearer token sent with every call. Every
 * Java client (the SQL and record clients, the CLI, the benchmarks) builds its channel here.
 */
public record ClientSecurity(boolean tls, @Nullable Path caFile, @Nullable Path certFile, @Nullable Path keyFile,
                             @Nullable String token) {
    /** The environment variable a token may come from. */
    public static final String TOKEN_ENV = "RL_TOKEN";

    public ClientSecurity {
        if ((certFile == null) != (keyFile == null)) {
            throw new IllegalArgumentException("a client certificate needs its key, and a key its certificate");
        }
        if (!tls && (caFile != null || certFile != null)) {
            throw new IllegalArgumentException("a CA file or client certificate needs TLS (--tls)");
        }
        for (Path p : new Path[] {caFile, certFile, keyFile}) {
            if (p != null && !Files.isReadable(p)) {
                throw new IllegalArgumentException("file " + p + " does not exist or is not readable");
            }
        }
        if (token != null && token.isBlank()) {
            token = null;
        }
    }

    /** Plaintext and no token: a loopback server without authentication. */
    public static ClientSecurity plaintext() {
        return new ClientSecurity(false, null, null, null, null);
    }

    /** Plaintext with a token. */
    public static ClientSecurity token(String token) {
        return new ClientSecurity(false, null, null, null, token);
    }

    /** A channel builder for {@code host:port} (an IPv6 host in brackets) with this transport and token. */
    public NettyChannelBuilder channelBuilder(String target) {
        NettyChannelBuilder b = NettyChannelBuilder.forTarget(target, credentials())
                .eventLoopGroup(EventLoops.clientGroup()).channelType(EventLoops.channelType());
        if (token != null) {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + token);
            b.intercept(MetadataUtils.newAttachHeadersInterceptor(headers));
        }
        return b;
    }

    public NettyChannelBuilder channelBuilder(String host, int port) {
        return channelBuilder(target(host, port));
    }

    /** {@code host:port}, an IPv6 host in brackets. */
    public static String target(String host, int port) {
        return host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
    }

    private ChannelCredentials credentials() {
        if (!tls) {
            return InsecureChannelCredentials.create();
        }
        try {
            TlsChannelCredentials.Builder b = TlsChannelCredentials.newBuilder();
            if (caFile != null) {
                b.trustManager(caFile.toFile());
            }
            if (certFile != null) {
                b.keyManager(certFile.toFile(), keyFile.toFile());
            }
            return b.build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the TLS files: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        // never print the token
        return "ClientSecurity[tls=" + tls + ", caFile=" + caFile + ", certFile=" + certFile + ", token="
                + (token == null ? "none" : "***") + "]";
    }
}
