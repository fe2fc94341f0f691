package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.Transaction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/** FoundationDB's retry loops: run, commit, and on error let onError decide whether (and when) to run again. */
final class RetryLoop {
    private RetryLoop() {
    }

    /** As fdb-java's: onError invalidates the handle it is given and answers the one to retry with. */
    static <T> T run(Transaction first, Function<? super Transaction, T> body) {
        Transaction tr = first;
        try {
            while (true) {
                try {
                    T result = body.apply(tr);
                    tr.commit().join();
                    return result;
                } catch (RuntimeException e) {
                    try {
                        tr = tr.onError(e).join();
                    } catch (CompletionException retryRefused) {
                        throw rethrow(retryRefused);
                    }
                }
            }
        } finally {
            tr.close();
        }
    }

    static <T> CompletableFuture<T> runAsync(Transaction first,
                                             Function<? super Transaction, ? extends CompletableFuture<T>> body,
                                             boolean commit) {
        AtomicReference<Transaction> current = new AtomicReference<>(first);
        return attempt(current, body, commit).whenComplete((r, e) -> current.get().close());
    }

    private static <T> CompletableFuture<T> attempt(AtomicReference<Transaction> current,
                                                    Function<? super Transaction, ? extends CompletableFuture<T>> body,
                                                    boolean commit) {
        Transaction tr = current.get();
        CompletableFuture<T> result;
        try {
            result = body.apply(tr).thenCompose(r -> commit ? tr.commit().thenApply(v -> r)
                    : CompletableFuture.completedFuture(r));
        } catch (RuntimeException e) {
            result = CompletableFuture.failedFuture(e);
        }
        return result.handle((r, e) -> {
            if (e == null) {
                return CompletableFuture.completedFuture(r);
            }
            return tr.onError(e).thenCompose(retry -> {
                current.set(retry);
                return attempt(current, body, commit);
            });
        }).thenCompose(f -> f);
    }

    private static RuntimeException rethrow(CompletionException e) {
        Throwable cause = Futures.unwrap(e);
        return cause instanceof RuntimeException ? (RuntimeException) cause : e;
    }
}
