package io.relationshiplayer.fdb.recordlayer;

import io.relationshiplayer.fdb.Backend;
import java.nio.file.Path;
import javax.annotation.Nonnull;

/** The two embedded engines every Record Layer scenario runs on. */
enum Engine {
    MEMORY {
        @Override
        Backend open(@Nonnull Path directory) {
            return Backend.open("embedded:memory");
        }
    },
    DURABLE {
        @Override
        Backend open(@Nonnull Path directory) {
            return Backend.open("embedded:" + directory.toAbsolutePath());
        }
    };

    /** Opens the engine; the durable one keeps its data under {@code directory}, the memory one ignores it. */
    abstract Backend open(@Nonnull Path directory);

    /** Whether data survives closing the backend and opening it again on the same directory. */
    boolean survivesRestart() {
        return this == DURABLE;
    }
}
