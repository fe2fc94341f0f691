package io.relationshiplayer.cli;

import io.relationshiplayer.server.ServerSecurity;
import io.relationshiplayer.server.TlsConfig;
import io.relationshiplayer.server.auth.TokenFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code rl server}'s protection: TLS (optionally mutual) and bearer tokens from an auth file. Without an auth file a
 * server runs without authentication only on a loopback address (with a warning unless {@code --auth none} says it is
 * meant); on any other address it refuses to start.
 */
final class ServerSecurityOptions {
    @Option(names = "--tls-cert", paramLabel = "FILE", description = "Server certificate chain (PEM): serve TLS.")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "Private key of --tls-cert (PEM, PKCS#8).")
    Path tlsKey;

    @Option(names = "--tls-client-ca", paramLabel = "FILE",
            description = "Require client certificates signed by this CA (PEM): mutual TLS.")
    Path tlsClientCa;

    @Option(names = "--auth-file", paramLabel = "FILE", defaultValue = "${env:RL_AUTH_FILE}",
            showDefaultValue = picocli.CommandLine.Help.Visibility.NEVER,
            description = "Principals, token hashes and grants, one per line (see `rl token`); default: the "
                    + "environment variable RL_AUTH_FILE. Calls need 'authorization: Bearer <token>'.")
    Path authFile;

    @Option(names = "--auth", paramLabel = "none",
            description = "'none': no authentication, on purpose (only on a loopback --host).")
    String auth;

    /** The security of a server on {@code host}; refuses unsafe or inconsistent choices. */
    ServerSecurity security(String host, PrintWriter err) throws IOException {
        if (auth != null && !auth.equals("none")) {
            throw new IllegalArgumentException("--auth takes only 'none' (tokens come from --auth-file)");
        }
        if (auth != null && authFile != null) {
            throw new IllegalArgumentException("--auth none and --auth-file exclude each other");
        }
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if (tlsClientCa != null && tlsCert == null) {
            throw new IllegalArgumentException("--tls-client-ca needs --tls-cert and --tls-key");
        }
        TlsConfig tls = tlsCert == null ? null : new TlsConfig(tlsCert, tlsKey, tlsClientCa);
        if (authFile != null) {
            if (tls == null && !loopback(host)) {
                err.println("rl server: warning: tokens would cross the network to " + host + " in plaintext: give "
                        + "--tls-cert and --tls-key (or terminate TLS in front of the server)");
                err.flush();
            }
            return new ServerSecurity(tls, TokenFile.load(authFile));
        }
        if (!loopback(host)) {
            throw new IllegalArgumentException("refusing to serve " + host + " without authentication: give "
                    + "--auth-file FILE (create tokens with `rl token`), or listen on 127.0.0.1");
        }
        if (auth == null) {
            err.println("rl server: warning: no authentication (no --auth-file): anyone who can reach " + host
                    + " may read and change every database; --auth none silences this warning");
            err.flush();
        }
        return new ServerSecurity(tls, null);
    }

    static boolean loopback(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return true;
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
