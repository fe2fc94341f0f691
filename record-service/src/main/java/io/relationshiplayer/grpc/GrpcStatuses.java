package io.relationshiplayer.grpc;

import com.google.protobuf.Any;
import com.google.protobuf.Message;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.errors.ErrorKind;
import java.util.Map;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The one place where a failure's {@link ErrorKind} becomes a gRPC status code, for every service and interceptor,
 * and where the details every service error carries are built: a google.rpc.Status whose details end with an
 * {@link ErrorInfo} of {@link #DOMAIN}. A service adds its own details (the SQL service's SqlError) and chooses the
 * ErrorInfo's reason and metadata; it never chooses the code.
 */
public final class GrpcStatuses {
    /** The ErrorInfo domain of every service's errors. */
    public static final String DOMAIN = "relationshiplayer.io";

    private GrpcStatuses() {
    }

    /** The status code of a kind of failure. */
    @Nonnull
    public static Status.Code code(@Nonnull ErrorKind kind) {
        switch (kind) {
            case INVALID_ARGUMENT:
                return Status.Code.INVALID_ARGUMENT;
            case NOT_FOUND:
                return Status.Code.NOT_FOUND;
            case ALREADY_EXISTS:
                return Status.Code.ALREADY_EXISTS;
            case FAILED_PRECONDITION:
                return Status.Code.FAILED_PRECONDITION;
            case ABORTED:
                return Status.Code.ABORTED;
            case RESOURCE_EXHAUSTED:
                return Status.Code.RESOURCE_EXHAUSTED;
            case DEADLINE_EXCEEDED:
                return Status.Code.DEADLINE_EXCEEDED;
            case CANCELLED:
                return Status.Code.CANCELLED;
            case UNIMPLEMENTED:
                return Status.Code.UNIMPLEMENTED;
            case UNAVAILABLE:
                return Status.Code.UNAVAILABLE;
            case PERMISSION_DENIED:
                return Status.Code.PERMISSION_DENIED;
            case UNAUTHENTICATED:
                return Status.Code.UNAUTHENTICATED;
            case INTERNAL:
            default:
                return Status.Code.INTERNAL;
        }
    }

    /** A plain status (no details) of {@code kind}: for calls refused before any service runs, e.g. by interceptors. */
    @Nonnull
    public static Status status(@Nonnull ErrorKind kind, @Nullable String description) {
        return Status.fromCode(code(kind)).withDescription(description);
    }

    /**
     * The status exception of a service error: code of {@code kind}, {@code message} as its description, and a
     * google.rpc.Status whose details are {@code details} in order, then an ErrorInfo of {@link #DOMAIN} with
     * {@code reason} and {@code metadata}.
     */
    @Nonnull
    public static StatusRuntimeException exception(@Nonnull ErrorKind kind, @Nonnull String message,
                                                   @Nonnull String reason, @Nonnull Map<String, String> metadata,
                                                   @Nonnull Message... details) {
        com.google.rpc.Status.Builder status = com.google.rpc.Status.newBuilder().setCode(code(kind).value())
                .setMessage(message);
        for (Message detail : details) {
            status.addDetails(Any.pack(detail));
        }
        status.addDetails(Any.pack(ErrorInfo.newBuilder().setDomain(DOMAIN).setReason(reason).putAllMetadata(metadata)
                .build()));
        return StatusProto.toStatusRuntimeException(status.build());
    }
}
