package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.Transaction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/** FoundationDB's retry loops: run, commit, and on error let onError decide whether (and when) to run again. */
final class RetryLoop {
    private RetryLoop() {
    }

    static <T> T run(Transaction tr, Function<? super Transaction, T> body) {
        try (tr) {
            while (true) {
                try {
                    T result = body.apply(tr);
                    tr.commit().join();
                    return result;
                } catch (RuntimeException e) {
                    try {
                        tr.onError(e).join();
                    } catch (CompletionException retryRefused) {
                        throw rethrow(retryRefused);
                    }
                }
            }
        }
    }

    static <T> CompletableFuture<T> runAsync(Transaction tr,
                                             Function<? super Transaction, ? extends CompletableFuture<T>> body,
                                             boolean commit) {
        return attempt(tr, body, commit).whenComplete((r, e) -> tr.close());
    }

    private static <T> CompletableFuture<T> attempt(Transaction tr,
                                                    Function<? super Transaction, ? extends CompletableFuture<T>> body,
                                                    boolean commit) {
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
            return tr.onError(e).thenCompose(retry -> attempt(tr, body, commit));
        }).thenCompose(f -> f);
    }

    private static RuntimeException rethrow(CompletionException e) {
        Throwable cause = Futures.unwrap(e);
        return cause instanceof RuntimeException ? (RuntimeException) cause : e;
    }
}
