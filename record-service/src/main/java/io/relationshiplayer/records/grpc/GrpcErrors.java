package io.relationshiplayer.records.grpc;

import io.grpc.StatusRuntimeException;
import io.relationshiplayer.access.AccessDeniedException;
import io.relationshiplayer.errors.ErrorKind;
import io.relationshiplayer.errors.RedactedTrace;
import io.relationshiplayer.grpc.GrpcStatuses;
import io.relationshiplayer.records.Failures;
import io.relationshiplayer.records.RecordServiceException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.annotation.Nonnull;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record service's failures as gRPC statuses: each failure classified ({@link Failures}) to its kind, whose code
 * {@link GrpcStatuses} chooses, with an ErrorInfo whose reason is the kind's name and whose metadata is the failure's
 * context.
 */
public final class GrpcErrors {
    private static final Logger LOG = LoggerFactory.getLogger(GrpcErrors.class);
    /** The ErrorInfo domain of this service's errors. */
    public static final String DOMAIN = GrpcStatuses.DOMAIN;

    private GrpcErrors() {
    }

    /** The status exception for any failure of a call. */
    @Nonnull
    public static StatusRuntimeException toStatus(@Nonnull Throwable failure) {
        if (failure instanceof StatusRuntimeException) {
            return (StatusRuntimeException) failure;
        }
        if (failure instanceof AccessDeniedException denied) {
            return GrpcStatuses.status(denied.kind(), denied.getMessage()).asRuntimeException();
        }
        RecordServiceException e = Failures.classify(failure);
        ErrorKind kind = e.kind().errorKind();
        if (kind == ErrorKind.INTERNAL) {
            LOG.error("internal error: {}\n{}", e.kind().name(), RedactedTrace.of(failure));
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        for (Map.Entry<String, Object> kv : e.context().entrySet()) {
            metadata.put(kv.getKey(), String.valueOf(kv.getValue()));
        }
        return GrpcStatuses.exception(kind, e.getMessage() == null ? e.kind().name() : e.getMessage(),
                e.kind().name(), metadata);
    }
}
