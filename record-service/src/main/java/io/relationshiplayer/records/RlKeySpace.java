package io.relationshiplayer.records;

import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpace;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpaceDirectory;
import com.apple.foundationdb.record.provider.foundationdb.keyspace.KeySpacePath;
import javax.annotation.Nonnull;

/**
 * Where everything lives: {@code ("rl", "databases", <name>, "records" | "meta" | "catalog")}, with the names in
 * {@code ("rl", "names")}. A database is a tenant:
 * its records, schema history and catalog sit under its own path, and dropping it clears that path.
 */
public final class RlKeySpace {
    private static final String ROOT = "rl";
    private static final String DATABASES = "databases";
    private static final String NAME = "database";
    private static final String RECORDS = "records";
    private static final String META = "meta";
    private static final String CATALOG = "catalog";
    private static final String NAMES = "names";
    private static final String COUNTERS = "counters";

    private static final KeySpace SPACE = new KeySpace(
            new KeySpaceDirectory(ROOT, KeySpaceDirectory.KeyType.STRING, ROOT)
                    .addSubdirectory(new KeySpaceDirectory(NAMES, KeySpaceDirectory.KeyType.STRING, NAMES))
                    .addSubdirectory(new KeySpaceDirectory(COUNTERS, KeySpaceDirectory.KeyType.STRING, COUNTERS))
                    .addSubdirectory(new KeySpaceDirectory(DATABASES, KeySpaceDirectory.KeyType.STRING, DATABASES)
                            .addSubdirectory(new KeySpaceDirectory(NAME, KeySpaceDirectory.KeyType.STRING)
                                    .addSubdirectory(new KeySpaceDirectory(RECORDS, KeySpaceDirectory.KeyType.STRING, RECORDS))
                                    .addSubdirectory(new KeySpaceDirectory(META, KeySpaceDirectory.KeyType.STRING, META))
                                    .addSubdirectory(new KeySpaceDirectory(CATALOG, KeySpaceDirectory.KeyType.STRING, CATALOG)))));

    private RlKeySpace() {
    }

    /** The registry of database names: one key per database. */
    @Nonnull
    public static KeySpacePath names() {
        return SPACE.path(ROOT).add(NAMES);
    }

    /** Counters of the whole cluster, outside every database (they outlive a dropped database). */
    @Nonnull
    public static KeySpacePath counters() {
        return SPACE.path(ROOT).add(COUNTERS);
    }

    /** The path under which every database lives. */
    @Nonnull
    public static KeySpacePath databases() {
        return SPACE.path(ROOT).add(DATABASES);
    }

    @Nonnull
    public static KeySpacePath database(@Nonnull String name) {
        return databases().add(NAME, name);
    }

    @Nonnull
    public static KeySpacePath records(@Nonnull String name) {
        return database(name).add(RECORDS);
    }

    @Nonnull
    public static KeySpacePath meta(@Nonnull String name) {
        return database(name).add(META);
    }

    /** Where a higher layer (the relationship layer's catalog) keeps its own data for the database. */
    @Nonnull
    public static KeySpacePath catalog(@Nonnull String name) {
        return database(name).add(CATALOG);
    }
}
