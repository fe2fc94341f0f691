package io.relationshiplayer.cli.client;

/** A failure the client reports to a person in one line, without a stack trace. */
public class ClientException extends RuntimeException {
    public ClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
