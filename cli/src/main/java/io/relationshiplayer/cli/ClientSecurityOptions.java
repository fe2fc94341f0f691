package io.relationshiplayer.cli;

import io.relationshiplayer.client.ClientSecurity;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How a client command reaches a protected server: TLS, its CA, a client certificate, a bearer token. */
final class ClientSecurityOptions {
    @Option(names = "--tls", description = "Connect with TLS, checking the server's certificate against --ca-file "
            + "(or the JVM's trusted CAs).")
    boolean tls;

    @Option(names = "--ca-file", paramLabel = "FILE",
            description = "PEM certificate of the CA that signed the server's certificate (implies --tls).")
    Path caFile;

    @Option(names = "--cert", paramLabel = "FILE",
            description = "Client certificate (PEM) for a server that requires mutual TLS (implies --tls).")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE", description = "Private key of --cert (PEM, PKCS#8).")
    Path key;

    @Option(names = "--token", paramLabel = "TOKEN", defaultValue = "${env:RL_TOKEN}", showDefaultValue =
            picocli.CommandLine.Help.Visibility.NEVER,
            description = "Bearer token for a server with authentication (default: the environment variable "
                    + "RL_TOKEN, which keeps it out of the process list).")
    String token;

    /** The client side of the connection; a bad combination is an IllegalArgumentException. */
    ClientSecurity security() {
        return new ClientSecurity(tls || caFile != null || cert != null, caFile, cert, key, token);
    }

    /** Whether any option asks for more than a plaintext connection without token. */
    boolean given() {
        return tls || caFile != null || cert != null || key != null;
    }
}
