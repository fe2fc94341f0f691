package io.relationshiplayer.relationships;

import com.apple.foundationdb.record.provider.foundationdb.FDBDatabase;
import com.apple.foundationdb.tuple.Tuple;
import io.relationshiplayer.records.RlKeySpace;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Values of the hidden row key of tables created without a primary key: unique over the whole cluster by
 * construction, at no round trip per row.
 *
 * <p>A value is {@code prefix << 32 | n}: the prefix is taken once per process (and again every 2^32 values) from a
 * cluster-wide counter in FoundationDB, in a transaction of its own that commits before any value is handed out, so
 * no two processes (nor one process after a restart) ever hold the same prefix; {@code n} counts up in memory. A
 * value is never given twice, even when the statement that took it rolls back (like a PostgreSQL sequence), and no
 * insert reads or writes any key to get one: a versionstamp is only known at commit, too late for a primary key the
 * Record Layer stores rows under; an atomic counter per row would be a read (a round trip, and a conflict between
 * every two inserts); a random 64-bit id can collide. Values of one process increase, like CockroachDB's
 * unique_rowid.
 */
final class RowIds {
    private static final Tuple PREFIX_COUNTER = Tuple.from("rowid_prefix");
    private static final long PER_PREFIX = 1L << 32;
    private static final Map<FDBDatabase, RowIds> BY_DATABASE = new WeakHashMap<>();

    private final FDBDatabase db;
    private long prefix = -1;
    private long next = PER_PREFIX;

    private RowIds(FDBDatabase db) {
        this.db = db;
    }

    /** The allocator of a database (cluster connection), shared by every session of this process. */
    static RowIds of(FDBDatabase db) {
        synchronized (BY_DATABASE) {
            return BY_DATABASE.computeIfAbsent(db, RowIds::new);
        }
    }

    /** A new value, never given before on this cluster. */
    synchronized long next() {
        if (next >= PER_PREFIX) {
            prefix = takePrefix();
            next = 0;
        }
        return prefix << 32 | next++;
    }

    /** The next prefix of the cluster-wide counter, committed before it is used. */
    private long takePrefix() {
        long taken = db.run(ctx -> {
            byte[] key = RlKeySpace.counters().toSubspace(ctx).pack(PREFIX_COUNTER);
            byte[] v = ctx.ensureActive().get(key).join();
            long n = v == null ? 1 : ByteBuffer.wrap(v).order(ByteOrder.LITTLE_ENDIAN).getLong() + 1;
            ctx.ensureActive().set(key, ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(n).array());
            return n;
        });
        if (taken >= Integer.MAX_VALUE) {
            throw new RelationalException(RelationalException.Kind.INTERNAL, "the row-key prefixes of this cluster "
                    + "are used up");
        }
        return taken;
    }
}
