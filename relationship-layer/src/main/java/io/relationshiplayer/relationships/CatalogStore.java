package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.IsolationLevel;
import com.apple.foundationdb.Range;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.InvalidProtocolBufferException;
import io.relationshiplayer.proto.v1.CatalogDef;
import io.relationshiplayer.records.RlKeySpace;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Keeps each database's catalog in the database, under its catalog path: a version key that every transaction reads
 * (so a catalog change conflicts with the writes that ran against the old one, and changes serialize), and the
 * catalog itself in chunks below FoundationDB's value limit. Parsed catalogs are cached by version, and while
 * FoundationDB's metadata version (read with the read version, at no extra round trip) is the one they were read at,
 * served without reading the version key: a read conflict on it keeps catalog changes serialized with the writes that
 * ran against the old catalog. Every catalog change stamps the metadata version.
 *
 * <p>A transaction that changed the catalog reads its own change ({@link Catalog#uncommitted()}) from then on, kept
 * with the transaction and never in the cache, which holds committed catalogs only.
 */
final class CatalogStore {
    private static final int CHUNK = 90_000;
    private static final Tuple VERSION = Tuple.from("version");
    private static final Tuple BODY = Tuple.from("body");

    /** A parsed catalog, and the metadata version it is known to hold at (null: unknown, read the version key). */
    private record Cached(Catalog catalog, byte[] stamp) {
        boolean validAt(byte[] now) {
            return stamp != null && now != null && Arrays.equals(stamp, now);
        }
    }

    private final ConcurrentMap<String, Cached> cache = new ConcurrentHashMap<>();

    /** The catalog as of this transaction (empty when none was written), with a read conflict on its version. */
    Catalog read(FDBRecordContext ctx, String database) {
        Catalog changed = ctx.getInSession(changedKey(database), Catalog.class);
        if (changed != null) {
            return changed; // the version key was read (and its conflict range taken) before the change
        }
        Subspace space = RlKeySpace.catalog(database).toSubspace(ctx);
        Transaction tr = ctx.ensureActive();
        byte[] stamp = ctx.getMetaDataVersionStamp(IsolationLevel.SNAPSHOT);
        Cached known = cache.get(database);
        if (known != null && known.validAt(stamp)) {
            tr.addReadConflictKey(space.pack(VERSION));
            return known.catalog();
        }
        Catalog catalog = load(tr, space, database, known == null ? null : known.catalog());
        cache.put(database, new Cached(catalog, stamp));
        return catalog;
    }

    private static Catalog load(Transaction tr, Subspace space, String database, Catalog cached) {
        byte[] v = tr.get(space.pack(VERSION)).join();
        long version = v == null ? 0 : ByteBuffer.wrap(v).getLong();
        // The version key holds the version and then the catalog's id: a re-created database counts from 1 again.
        com.google.protobuf.ByteString id = v == null || v.length <= 8 ? com.google.protobuf.ByteString.EMPTY
                : com.google.protobuf.ByteString.copyFrom(v, 8, v.length - 8);
        if (cached != null && cached.version() == version && cached.def().getId().equals(id)) {
            return cached;
        }
        if (version == 0) {
            return Catalog.empty();
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        tr.getRange(space.range(BODY)).asList().join().forEach(kv -> body.writeBytes(kv.getValue()));
        try {
            return new Catalog(CatalogDef.parseFrom(body.toByteArray()));
        } catch (InvalidProtocolBufferException e) {
            throw new RelationalException(RelationalException.Kind.INTERNAL,
                    "catalog of database '" + database + "' does not parse: " + e.getMessage(), null, e);
        }
    }

    /** Writes {@code catalog} (whose version must be one above what this transaction read). */
    void write(FDBRecordContext ctx, String database, Catalog catalog) {
        Subspace space = RlKeySpace.catalog(database).toSubspace(ctx);
        Transaction tr = ctx.ensureActive();
        tr.clear(Range.startsWith(space.pack(BODY)));
        byte[] bytes = catalog.def().toByteArray();
        for (int i = 0, n = 0; i < bytes.length || n == 0; i += CHUNK, n++) {
            tr.set(space.pack(BODY.add(n)), Arrays.copyOfRange(bytes, i, Math.min(bytes.length, i + CHUNK)));
        }
        byte[] id = catalog.def().getId().toByteArray();
        tr.set(space.pack(VERSION), ByteBuffer.allocate(8 + id.length).putLong(catalog.version()).put(id).array());
        ctx.setMetaDataVersionStamp();
        ctx.putInSessionIfAbsent(changedKey(database), catalog.asUncommitted());
    }

    /** Whether {@code ctx} changed the catalog of {@code database} (read without a read of the database). */
    boolean changedIn(FDBRecordContext ctx, String database) {
        return ctx.getInSession(changedKey(database), Catalog.class) != null;
    }

    /** Where a transaction keeps the catalog it changed, until it ends. */
    private static String changedKey(String database) {
        return "rl.catalog.changed/" + database;
    }

    void remember(String database, Catalog catalog) {
        cache.put(database, new Cached(catalog, null));
    }

    void forget(String database) {
        cache.remove(database);
    }
}
