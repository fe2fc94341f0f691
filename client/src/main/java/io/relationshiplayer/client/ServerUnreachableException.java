package io.relationshiplayer.client;

import io.grpc.Status;

/** The server at an address could not be reached (refused, unknown host, timed out): SQLSTATE 08006. */
public final class ServerUnreachableException extends ClientException {
    private static final long serialVersionUID = 1L;

    public ServerUnreachableException(String address, String reason, Throwable cause) {
        super("cannot reach " + address + ": " + reason, Status.Code.UNAVAILABLE, "08006", cause);
    }
}
