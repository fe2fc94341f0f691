package io.relationshiplayer.server;

import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import javax.annotation.Nullable;

/**
 * The server's TLS: its certificate chain and private key (PEM; the key in PKCS#8), and optionally the CA whose
 * certificates clients must present (mutual TLS: a client without one, or with one from another CA, is refused in the
 * handshake).
 */
public record TlsConfig(Path certChain, Path privateKey, @Nullable Path clientCa) {
    public TlsConfig {
        Objects.requireNonNull(certChain, "certChain is null");
        Objects.requireNonNull(privateKey, "privateKey is null");
        readable(certChain, "certificate");
        readable(privateKey, "private key");
        if (clientCa != null) {
            readable(clientCa, "client CA");
        }
    }

    private static void readable(Path file, String what) {
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException("TLS " + what + " file " + file + " does not exist or is not readable");
        }
    }

    public boolean mutual() {
        return clientCa != null;
    }

    /** The credentials of the server's listening socket. */
    public ServerCredentials credentials() throws IOException {
        TlsServerCredentials.Builder b = TlsServerCredentials.newBuilder()
                .keyManager(certChain.toFile(), privateKey.toFile());
        if (clientCa != null) {
            b.trustManager(clientCa.toFile()).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
        }
        return b.build();
    }
}
