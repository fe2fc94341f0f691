package io.relationshiplayer.client;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import javax.annotation.Nonnull;

/**
 * A record-service call the server refused: its gRPC code and description. The record service sends no SQLSTATE, so
 * the one given follows from the code as the design's error mapping pairs them (NOT_FOUND 42704, ALREADY_EXISTS
 * 23505, FAILED_PRECONDITION 55000, ABORTED 40001, ...).
 */
public final class RecordClientException extends ClientException {
    private static final long serialVersionUID = 1L;

    public RecordClientException(@Nonnull String address, @Nonnull Status.Code code, String description,
            Throwable cause) {
        super("record service at " + address + ": " + code + (description == null ? "" : ": " + description), code,
                stateOf(code), cause);
    }

    static RecordClientException from(String address, StatusRuntimeException e) {
        return new RecordClientException(address, e.getStatus().getCode(), e.getStatus().getDescription(), e);
    }

    private static String stateOf(Status.Code code) {
        switch (code) {
            case INVALID_ARGUMENT:
                return "22023";
            case NOT_FOUND:
                return "42704";
            case ALREADY_EXISTS:
                return "23505";
            case FAILED_PRECONDITION:
                return "55000";
            case ABORTED:
                return "40001";
            case RESOURCE_EXHAUSTED:
                return "54000";
            case CANCELLED:
            case DEADLINE_EXCEEDED:
                return "57014";
            case UNAVAILABLE:
                return "08006";
            case UNAUTHENTICATED:
                return "28000";
            case PERMISSION_DENIED:
                return "42501";
            default:
                return "XX000";
        }
    }
}
