package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.FDBException;
import java.util.concurrent.CompletableFuture;

/** Told of every commit the engine answers: how long it took and FoundationDB's error code (0: ok). */
@FunctionalInterface
public interface CommitObserver {
    CommitObserver NONE = (nanos, errorCode) -> { };
    /** FoundationDB's internal_error, reported for a failure that carries no code. */
    int INTERNAL_ERROR = 4100;

    void committed(long nanos, int errorCode);

    /** {@code commit}, reported here when it completes: its time since {@code startNanos} and its code. */
    default CompletableFuture<Void> observe(CompletableFuture<Void> commit, long startNanos) {
        return commit.whenComplete((v, e) -> committed(System.nanoTime() - startNanos,
                e == null ? 0 : Futures.unwrap(e) instanceof FDBException f ? f.getCode() : INTERNAL_ERROR));
    }
}
