package io.relationshiplayer.fdb;

import java.nio.file.Path;
import java.util.Objects;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * A parsed connection string, the one switch that selects the backend everywhere:
 * {@code embedded:memory}, {@code embedded:<dir>} (durable, RocksDB), {@code fdb:} (the default cluster file) or
 * {@code fdb:<cluster-file>}.
 *
 * @param kind        which backend
 * @param directory   the data directory of the durable embedded engine, else null
 * @param clusterFile the cluster file of a real cluster, null for the default one or for embedded backends
 */
public record BackendSpec(@Nonnull Kind kind, @Nullable Path directory, @Nullable String clusterFile) {
    /** The accepted forms, for error messages and help texts. */
    public static final String FORMS = "embedded:memory, embedded:<dir>, fdb: or fdb:<cluster-file>";

    public enum Kind { MEMORY, DURABLE, FDB }

    public BackendSpec {
        Objects.requireNonNull(kind, "kind is null");
        if (kind == Kind.DURABLE) {
            Objects.requireNonNull(directory, "directory is null");
        }
    }

    public static BackendSpec memory() {
        return new BackendSpec(Kind.MEMORY, null, null);
    }

    public static BackendSpec durable(Path directory) {
        return new BackendSpec(Kind.DURABLE, directory, null);
    }

    public static BackendSpec fdb(@Nullable String clusterFile) {
        return new BackendSpec(Kind.FDB, null, clusterFile);
    }

    /** Parses a connection string; a bad one gets an error naming the accepted forms. */
    @Nonnull
    public static BackendSpec parse(@Nullable String connection) {
        if (connection == null || connection.isBlank()) {
            throw new IllegalArgumentException("empty connection string: expected " + FORMS);
        }
        String s = connection.trim();
        if (s.startsWith("embedded:")) {
            String rest = s.substring("embedded:".length());
            if (rest.equals("memory")) {
                return memory();
            }
            if (rest.isEmpty()) {
                throw new IllegalArgumentException("'" + connection + "' names no data directory: expected " + FORMS);
            }
            return durable(Path.of(rest));
        }
        if (s.startsWith("fdb:")) {
            String rest = s.substring("fdb:".length());
            return fdb(rest.isEmpty() ? null : rest);
        }
        throw new IllegalArgumentException("unknown backend '" + connection + "': expected " + FORMS);
    }

    @Override
    public String toString() {
        switch (kind) {
            case MEMORY:
                return "embedded:memory";
            case DURABLE:
                return "embedded:" + directory;
            case FDB:
            default:
                return "fdb:" + (clusterFile == null ? "" : clusterFile);
        }
    }
}
