package io.relationshiplayer.cli;

import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.server.RunningServer;
import io.relationshiplayer.server.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Where a client command sends its statements: a server ({@code --connect HOST:PORT}) and a database. Without
 * {@code --connect} the command starts a server of its own on the memory backend on a loopback port, so that
 * everything still goes through the network path with nothing to set up.
 */
final class ConnectionOptions {
    static final int DEFAULT_PORT = 7470;

    @Option(names = {"-c", "--connect"}, paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "Server to use (port 7470 when omitted). Default: a server of its own, in process, on "
                    + "the memory backend (nothing kept).")
    HostPort connect;

    @Option(names = {"-d", "--database"}, defaultValue = "default", paramLabel = "NAME",
            description = "Database (default ${DEFAULT-VALUE}); rl sql and rl shell create it on first use, given the "
                    + "admin role on it; rl dump needs it to exist.")
    String database;

    @picocli.CommandLine.Mixin
    ClientSecurityOptions security = new ClientSecurityOptions();

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec command;

    /** An open session, and the in-process server behind it when there is one; closing ends both. */
    record Connection(SqlSession client, RunningServer server) implements AutoCloseable {
        boolean local() {
            return server != null;
        }

        @Override
        public void close() {
            try {
                client.close();
            } finally {
                if (server != null) {
                    server.close();
                }
            }
        }
    }

    Connection open() {
        return open(false);
    }

    /** Opens the session; with {@code mustExist}, on an existing database only (3D000 when not), creating none. */
    Connection open(boolean mustExist) {
        if (connect == null && security.given()) {
            // a token (RL_TOKEN) is simply not needed by the server of its own; TLS options are a mistake
            throw new IllegalArgumentException("--tls, --ca-file, --cert and --key need --connect HOST:PORT");
        }
        if (connect == null) {
            RunningServer server;
            try {
                server = RunningServer.start(ServerConfig.defaults());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the in-process server: " + e.getMessage(), e);
            }
            try {
                return new Connection(mustExist ? SqlSession.connectExisting("127.0.0.1", server.port(), database,
                        io.relationshiplayer.client.ClientSecurity.plaintext())
                        : SqlSession.connect("127.0.0.1", server.port(), database), server);
            } catch (RuntimeException e) {
                server.close();
                throw e;
            }
        }
        ClientSecurity client = security.security();
        if (client.token() != null && !client.tls() && !ServerSecurityOptions.loopback(connect.host())) {
            command.commandLine().getErr().println("rl: warning: sending the token to " + connect.host()
                    + " without TLS (add --tls and --ca-file)");
            command.commandLine().getErr().flush();
        }
        return new Connection(mustExist ? SqlSession.connectExisting(connect.host(), connect.port(), database, client)
                : SqlSession.connect(connect.host(), connect.port(), database, client), null);
    }

    /** A {@code HOST[:PORT]} (an IPv6 host in brackets: {@code [::1]:7470}). */
    record HostPort(String host, int port) {
        /** Parses --connect; a bad address is a usage error (exit code 2). */
        static final class Converter implements CommandLine.ITypeConverter<HostPort> {
            @Override
            public HostPort convert(String value) {
                try {
                    return parse(value);
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.TypeConversionException(e.getMessage());
                }
            }
        }

        static HostPort parse(String text) {
            String host = text;
            String port = null;
            if (text.startsWith("[")) {
                int close = text.indexOf(']');
                if (close < 0) {
                    throw new IllegalArgumentException("bad address " + text + ": expected HOST:PORT");
                }
                host = text.substring(1, close);
                if (text.length() > close + 1) {
                    if (text.charAt(close + 1) != ':') {
                        throw new IllegalArgumentException("bad address " + text + ": expected HOST:PORT");
                    }
                    port = text.substring(close + 2);
                }
            } else if (text.indexOf(':') >= 0 && text.indexOf(':') == text.lastIndexOf(':')) {
                host = text.substring(0, text.indexOf(':'));
                port = text.substring(text.indexOf(':') + 1);
            }
            if (host.isEmpty()) {
                host = "127.0.0.1";
            }
            if (port == null) {
                return new HostPort(host, DEFAULT_PORT);
            }
            try {
                int p = Integer.parseInt(port);
                if (p < 1 || p > 65535) {
                    throw new NumberFormatException();
                }
                return new HostPort(host, p);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad port in " + text + ": expected 1 to 65535");
            }
        }
    }
}
