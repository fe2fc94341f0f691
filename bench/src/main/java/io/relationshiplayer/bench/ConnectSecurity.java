package io.relationshiplayer.bench;

import io.relationshiplayer.client.ClientSecurity;
import java.nio.file.Path;
import java.util.List;

/**
 * The client security options of a benchmark that connects to a server ({@code --connect}): {@code --tls},
 * {@code --ca-file FILE}, {@code --cert FILE}, {@code --key FILE}, {@code --token TOKEN} (default: the environment
 * variable RL_TOKEN). They are taken out of the arguments before the benchmark's own options are parsed.
 */
public final class ConnectSecurity {
    private ConnectSecurity() {
    }

    /** Removes the security options from {@code args} and returns what they say. */
    public static ClientSecurity take(List<String> args) {
        boolean tls = false;
        Path ca = null;
        Path cert = null;
        Path key = null;
        String token = System.getenv(ClientSecurity.TOKEN_ENV);
        for (int i = 0; i < args.size(); ) {
            String name = args.get(i);
            if (name.equals("--tls")) {
                tls = true;
                args.remove(i);
                continue;
            }
            if (!List.of("--ca-file", "--cert", "--key", "--token").contains(name)) {
                i++;
                continue;
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("missing value after " + name);
            }
            String value = args.get(i + 1);
            args.subList(i, i + 2).clear();
            switch (name) {
                case "--ca-file" -> ca = Path.of(value);
                case "--cert" -> cert = Path.of(value);
                case "--key" -> key = Path.of(value);
                default -> token = value;
            }
        }
        return new ClientSecurity(tls || ca != null || cert != null, ca, cert, key, token);
    }
}
