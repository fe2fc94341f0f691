package io.relationshiplayer.records.grpc;

import com.google.rpc.Code;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.relationshiplayer.access.AccessDeniedException;
import io.relationshiplayer.records.Failures;
import io.relationshiplayer.records.RecordServiceException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one mapping from the service's failures to gRPC status codes, with an ErrorInfo detail. */
public final class GrpcErrors {
    private static final Logger LOG = LoggerFactory.getLogger(GrpcErrors.class);
    /** The ErrorInfo domain of this service's errors. */
    public static final String DOMAIN = "relationshiplayer.io";

    private GrpcErrors() {
    }

    public static Status.Code code(RecordServiceException.Kind kind) {
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
            case DEADLINE_EXCEEDED:
                return Status.Code.DEADLINE_EXCEEDED;
            case RESOURCE_EXHAUSTED:
                return Status.Code.RESOURCE_EXHAUSTED;
            case INTERNAL:
            default:
                return Status.Code.INTERNAL;
        }
    }

    /** The status exception for any failure of a call. */
    public static StatusRuntimeException toStatus(Throwable failure) {
        if (failure instanceof StatusRuntimeException) {
            return (StatusRuntimeException) failure;
        }
        if (failure instanceof AccessDeniedException) {
            return Status.PERMISSION_DENIED.withDescription(failure.getMessage()).asRuntimeException();
        }
        RecordServiceException e = Failures.classify(failure);
        if (e.kind() == RecordServiceException.Kind.INTERNAL) {
            LOG.error("internal error", failure);
        }
        ErrorInfo.Builder info = ErrorInfo.newBuilder().setReason(e.kind().name()).setDomain(DOMAIN);
        for (Map.Entry<String, Object> kv : e.context().entrySet()) {
            info.putMetadata(kv.getKey(), String.valueOf(kv.getValue()));
        }
        com.google.rpc.Status status = com.google.rpc.Status.newBuilder()
                .setCode(Code.forNumber(code(e.kind()).value()).getNumber())
                .setMessage(e.getMessage() == null ? e.kind().name() : e.getMessage())
                .addDetails(com.google.protobuf.Any.pack(info.build()))
                .build();
        return StatusProto.toStatusRuntimeException(status);
    }
}
