package io.relationshiplayer.fdb.embedded;

import java.util.concurrent.CompletionException;

/** What a failed future actually failed with. */
final class Futures {
    private Futures() {
    }

    static Throwable unwrap(Throwable e) {
        while (e instanceof CompletionException && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    static RuntimeException unwrap(RuntimeException e) {
        Throwable t = unwrap((Throwable) e);
        return t instanceof RuntimeException ? (RuntimeException) t : e;
    }
}
