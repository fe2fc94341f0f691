package io.relationshiplayer.fdb.embedded;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Status;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The durable engine's disk: one RocksDB per data directory. A commit batch is one atomic RocksDB write batch, synced
 * to the write-ahead log before the commit is acknowledged, so an acknowledged commit survives a kill of the process
 * and a transaction is never half visible. The last commit version is stored with the data, so versions (and
 * versionstamps) keep increasing across restarts.
 */
final class RocksPersistence implements Persistence {
    private static final byte[] LAST_VERSION = "last_version".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    static {
        RocksDB.loadLibrary();
    }

    private final Path directory;
    private final DBOptions options;
    private final ColumnFamilyOptions columnOptions;
    private final WriteOptions sync;
    /** Open, or null after a failed reopen; the committer alone uses it once loaded. */
    private RocksDB db;
    private ColumnFamilyHandle data;
    private ColumnFamilyHandle meta;
    /** The last version made durable: what the disk must say after a reopen. */
    private long durableVersion;
    /** Test seam: while set, every write fails as RocksDB's does on a full disk. */
    private volatile boolean simulatedFull;

    RocksPersistence(Path directory) {
        this.directory = directory;
        try {
            Files.createDirectories(directory);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot open the durable engine in " + directory + ": " + e.getMessage(), e);
        }
        options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
        columnOptions = new ColumnFamilyOptions().optimizeLevelStyleCompaction();
        sync = new WriteOptions().setSync(true);
        try {
            open();
        } catch (RocksDBException e) {
            closeOptions();
            throw new IllegalStateException("cannot open the durable engine in " + directory + ": " + e.getMessage(), e);
        }
    }

    private void open() throws RocksDBException {
        List<ColumnFamilyDescriptor> families = List.of(
                new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, columnOptions),
                new ColumnFamilyDescriptor("meta".getBytes(java.nio.charset.StandardCharsets.US_ASCII), columnOptions));
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        db = RocksDB.open(options, directory.toString(), families, handles);
        data = handles.get(0);
        meta = handles.get(1);
    }

    @Override
    public long load(VersionedStore store) {
        try {
            long version = storedVersion();
            try (RocksIterator it = db.newIterator(data)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    store.load(it.key(), it.value(), version);
                }
            }
            durableVersion = version;
            return version;
        } catch (RocksDBException e) {
            throw new IllegalStateException("cannot read the durable engine: " + e.getMessage(), e);
        }
    }

    private long storedVersion() throws RocksDBException {
        byte[] last = db.get(meta, LAST_VERSION);
        return last == null ? 0 : ByteBuffer.wrap(last).getLong();
    }

    @Override
    public boolean keepsEffects() {
        return true;
    }

    @Override
    public void write(List<Effect> effects, long lastVersion) {
        if (db == null) {
            throw new StorageFailure("the durable engine's disk is not open (a reopen failed)", false, null);
        }
        try (WriteBatch batch = new WriteBatch()) {
            for (Effect e : effects) {
                if (e.end() != null) {
                    batch.deleteRange(data, e.key(), e.end());
                } else if (e.value() == null) {
                    batch.delete(data, e.key());
                } else {
                    batch.put(data, e.key(), e.value());
                }
            }
            batch.put(meta, LAST_VERSION, ByteBuffer.allocate(8).putLong(lastVersion).array());
            if (simulatedFull) {
                throw new RocksDBException("While appending to file: " + directory.resolve("000000.log")
                        + ": No space left on device (simulated)", new Status(Status.Code.IOError, Status.SubCode.NoSpace,
                        "While appending to file"));
            }
            db.write(sync, batch);
            durableVersion = lastVersion;
        } catch (RocksDBException e) {
            throw failure(e);
        }
    }

    /**
     * The failure of a write: on a full disk RocksDB fails while appending to its write-ahead log, so the record there
     * is cut short and the write cannot come back; any other failure (a failed sync) may leave it whole.
     */
    static StorageFailure failure(RocksDBException e) {
        Status s = e.getStatus();
        boolean noSpace = s != null && s.getSubCode() == Status.SubCode.NoSpace;
        boolean appending = String.valueOf(e.getMessage()).startsWith("While appending to file");
        String reason = noSpace ? "the disk is full" : "the disk failed";
        return new StorageFailure(reason + " (" + e.getMessage() + ")", !(noSpace && appending), noSpace, e);
    }

    /**
     * After a failed write: RocksDB refuses every write once one failed (a background error it recovers from only
     * when the disk has a large margin free), so the database is closed and opened again, which replays its log (a
     * torn last record dropped) into a fresh one. Succeeds when a synced write goes through again. The disk must then
     * hold exactly the last durable version; if it holds a later one, the refused write reached the disk after all
     * and the memory no longer matches it: that is thrown as {@link IllegalStateException} (restart to reload).
     */
    @Override
    public void recover() {
        if (db != null) {
            try {
                write(List.of(), durableVersion);
                return;
            } catch (StorageFailure stillFailing) {
                closeDb();
            }
        }
        try {
            open();
            long stored = storedVersion();
            if (stored != durableVersion) {
                throw new IllegalStateException("after reopening, the disk holds version " + stored
                        + " where the last durable commit was " + durableVersion);
            }
        } catch (RocksDBException e) {
            closeDb();
            throw failure(e);
        }
        write(List.of(), durableVersion);
    }

    /** Test seam: while {@code full}, writes fail as RocksDB's do when the disk is full (IOError, NoSpace). */
    void simulateFull(boolean full) {
        simulatedFull = full;
    }

    private void closeDb() {
        if (db != null) {
            data.close();
            meta.close();
            db.close();
            db = null;
        }
    }

    private void closeOptions() {
        sync.close();
        columnOptions.close();
        options.close();
    }

    @Override
    public void close() {
        closeDb();
        closeOptions();
    }
}
