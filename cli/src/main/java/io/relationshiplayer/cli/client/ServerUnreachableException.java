package io.relationshiplayer.cli.client;

/** The server at an address could not be reached (refused, unknown host, timed out). */
public final class ServerUnreachableException extends ClientException {
    public ServerUnreachableException(String address, String reason, Throwable cause) {
        super("cannot reach " + address + ": " + reason, cause);
    }
}
