package io.relationshiplayer.cli;

import io.relationshiplayer.fdb.BackendSpec;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a server-side command keeps its data: the durable embedded engine in a data directory (default), the memory
 * engine, a real cluster, or any connection string.
 */
final class BackendOptions {
    @Option(names = "--data-dir", defaultValue = "data", paramLabel = "DIR",
            description = "Data directory of the durable embedded engine (default ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--memory", description = "Use the embedded memory engine: nothing on disk.")
    boolean memory;

    @Option(names = "--fdb", arity = "0..1", fallbackValue = "", paramLabel = "CLUSTER-FILE",
            description = "Use a real FoundationDB cluster (default cluster file when none is given).")
    String fdb;

    @Option(names = "--backend", paramLabel = "CONNECTION",
            description = "Connection string: " + BackendSpec.FORMS + " (overrides the other backend options).")
    String backend;

    BackendSpec spec() {
        int chosen = (memory ? 1 : 0) + (fdb != null ? 1 : 0) + (backend != null ? 1 : 0);
        if (chosen > 1) {
            throw new IllegalArgumentException("choose one of --memory, --fdb and --backend");
        }
        if (backend != null) {
            return BackendSpec.parse(backend);
        }
        if (memory) {
            return BackendSpec.memory();
        }
        if (fdb != null) {
            return BackendSpec.fdb(fdb.isEmpty() ? null : fdb);
        }
        return BackendSpec.durable(dataDir);
    }
}
