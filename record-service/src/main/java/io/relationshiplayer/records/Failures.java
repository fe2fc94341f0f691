package io.relationshiplayer.records;

import com.apple.foundationdb.FDBException;
import com.apple.foundationdb.record.RecordCoreException;
import com.apple.foundationdb.record.RecordIndexUniquenessViolation;
import com.apple.foundationdb.record.metadata.MetaDataException;
import com.apple.foundationdb.record.provider.foundationdb.FDBExceptions;
import com.apple.foundationdb.record.provider.foundationdb.RecordAlreadyExistsException;
import com.apple.foundationdb.record.provider.foundationdb.RecordDoesNotExistException;
import com.apple.foundationdb.record.provider.foundationdb.ScanNonReadableIndexException;
import com.google.protobuf.InvalidProtocolBufferException;
import io.relationshiplayer.records.RecordServiceException.Kind;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Turns what the Record Layer and FoundationDB throw into the service's one exception, kind and all. */
public final class Failures {
    private Failures() {
    }

    /** The service exception for any failure; its message says what happened in the caller's terms. */
    public static RecordServiceException classify(Throwable failure) {
        Throwable t = unwrap(failure);
        if (t instanceof RecordServiceException) {
            return (RecordServiceException) t;
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            RecordServiceException mapped = map(c);
            if (mapped != null) {
                return mapped;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return new RecordServiceException(Kind.INTERNAL, "internal error: " + describe(t), t);
    }

    private static RecordServiceException map(Throwable c) {
        if (c instanceof RecordServiceException) {
            return (RecordServiceException) c;
        }
        if (c instanceof RecordIndexUniquenessViolation) {
            return new RecordServiceException(Kind.ALREADY_EXISTS, "unique index violated: " + c.getMessage(), c);
        }
        if (c instanceof RecordAlreadyExistsException) {
            return new RecordServiceException(Kind.ALREADY_EXISTS, "a record with this primary key already exists", c);
        }
        if (c instanceof RecordDoesNotExistException) {
            return new RecordServiceException(Kind.NOT_FOUND, "no record with this primary key exists", c);
        }
        if (c instanceof ScanNonReadableIndexException) {
            return new RecordServiceException(Kind.FAILED_PRECONDITION, "index not readable yet: " + c.getMessage(), c);
        }
        if (c instanceof FDBExceptions.FDBStoreTransactionConflictException) {
            return new RecordServiceException(Kind.ABORTED, "transaction conflict, safe to retry", c);
        }
        if (c instanceof FDBExceptions.FDBStoreTransactionIsTooOldException) {
            return new RecordServiceException(Kind.DEADLINE_EXCEEDED,
                    "transaction passed FoundationDB's 5 second window", c);
        }
        if (c instanceof FDBExceptions.FDBStoreTransactionTimeoutException) {
            return new RecordServiceException(Kind.DEADLINE_EXCEEDED, "transaction timed out", c);
        }
        if (c instanceof FDBExceptions.FDBStoreKeySizeException || c instanceof FDBExceptions.FDBStoreValueSizeException
                || c instanceof FDBExceptions.FDBStoreTransactionSizeException) {
            return new RecordServiceException(Kind.RESOURCE_EXHAUSTED, "FoundationDB limit: " + describe(c), c);
        }
        if (c instanceof FDBException) {
            return fromCode((FDBException) c);
        }
        if (c instanceof RecordCoreException && String.valueOf(c.getMessage()).startsWith("Record is too long")) {
            return new RecordServiceException(Kind.RESOURCE_EXHAUSTED, "record over FoundationDB's value limit "
                    + "(100,000 bytes): " + c.getMessage(), c);
        }
        if (c instanceof RecordCoreException && String.valueOf(c.getMessage()).startsWith("Cannot sort without")) {
            return new RecordServiceException(Kind.FAILED_PRECONDITION, "the sort needs an index on the sort fields: "
                    + c.getMessage(), c);
        }
        if (c instanceof MetaDataException) {
            return new RecordServiceException(Kind.INVALID_ARGUMENT, "schema: " + describe(c), c);
        }
        if (c instanceof InvalidProtocolBufferException) {
            return new RecordServiceException(Kind.INVALID_ARGUMENT, "record bytes do not parse: " + c.getMessage(), c);
        }
        if (c instanceof CancellationException) {
            return new RecordServiceException(Kind.ABORTED, "cancelled", c);
        }
        return null;
    }

    private static RecordServiceException fromCode(FDBException e) {
        switch (e.getCode()) {
            case 1020:
                return new RecordServiceException(Kind.ABORTED, "transaction conflict, safe to retry", e);
            case 1007:
                return new RecordServiceException(Kind.DEADLINE_EXCEEDED,
                        "transaction passed FoundationDB's 5 second window", e);
            case 1031:
            case 1004:
                return new RecordServiceException(Kind.DEADLINE_EXCEEDED, "transaction timed out", e);
            case 1021: // commit_unknown_result: FoundationDB's runner retried it as far as it would
                return RecordServiceException.outcomeUnknown("the commit's outcome is unknown: it may or may not have "
                        + "happened; read before retrying a write that is not idempotent: " + e.getMessage(), e);
            case 1510: // io_error: the durable embedded engine's disk refused the commit; it did not happen
                boolean full = e instanceof io.relationshiplayer.fdb.embedded.EmbeddedFdbException x && x.diskFull();
                return RecordServiceException.diskRefused(full, (full ? "could not write: the disk is full; "
                        : "could not write: the disk failed; ") + "the transaction did not commit: " + e.getMessage(), e);
            case 2101:
            case 2102:
            case 2103:
                return new RecordServiceException(Kind.RESOURCE_EXHAUSTED, "FoundationDB limit: " + e.getMessage(), e);
            default:
                return null;
        }
    }

    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    private static String describe(Throwable t) {
        String m = t instanceof RecordCoreException ? t.getMessage() : t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }
}
