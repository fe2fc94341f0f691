package io.relationshiplayer.fdb.recordlayer;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.fdb.testing.RealFdbCluster;
import java.nio.file.Path;
import javax.annotation.Nonnull;

/** The engines every Record Layer scenario runs on: the two embedded ones, and a real FoundationDB cluster. */
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
    },
    /** The JVM's {@link RealFdbCluster}; opening it skips the test, with the reason, where there is none. */
    REAL {
        @Override
        Backend open(@Nonnull Path directory) {
            return Backend.open(RealFdbCluster.get().connection());
        }
    };

    /** Opens the engine; the durable one keeps its data under {@code directory}, the others ignore it. */
    abstract Backend open(@Nonnull Path directory);

    /**
     * Whether the scenarios restart the engine mid-test (close it, open it again on its directory): the durable
     * engine must recover what it acknowledged. A real cluster's durability is FoundationDB's, not under test here.
     */
    boolean survivesRestart() {
        return this == DURABLE;
    }

    /**
     * Whether the database outlives the test and is shared with other tests and runs: each test then works under
     * keys of its own and clears them, and leaves the Record Layer's database object as it found it.
     */
    boolean shared() {
        return this == REAL;
    }
}
