package io.relationshiplayer.errors;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import javax.annotation.Nonnull;

/**
 * A failure for the server's log without its messages: the chain of causes as classes and stack frames. Messages of
 * the Record Layer, Calcite and our own layers may quote a statement, a key or a record's values, which a log must
 * not hold.
 */
public final class RedactedTrace {
    private static final int FRAMES = 20;

    private RedactedTrace() {
    }

    /** {@code failure}'s causes, each its class and first frames, with every message withheld. */
    @Nonnull
    public static String of(@Nonnull Throwable failure) {
        StringBuilder b = new StringBuilder();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            b.append(t == failure ? "" : "Caused by: ").append(t.getClass().getName())
                    .append(" (message withheld: it may quote a statement, a key or a record's values)\n");
            StackTraceElement[] frames = t.getStackTrace();
            int shown = Math.min(frames.length, FRAMES);
            for (int i = 0; i < shown; i++) {
                b.append("\tat ").append(frames[i]).append('\n');
            }
            if (frames.length > shown) {
                b.append("\t... ").append(frames.length - shown).append(" more\n");
            }
        }
        return b.toString();
    }
}
