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

    private final DBOptions options;
    private final ColumnFamilyOptions columnOptions;
    private final RocksDB db;
    private final ColumnFamilyHandle data;
    private final ColumnFamilyHandle meta;
    private final WriteOptions sync;

    RocksPersistence(Path directory) {
        try {
            Files.createDirectories(directory);
            options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true);
            columnOptions = new ColumnFamilyOptions().optimizeLevelStyleCompaction();
            List<ColumnFamilyDescriptor> families = List.of(
                    new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, columnOptions),
                    new ColumnFamilyDescriptor("meta".getBytes(java.nio.charset.StandardCharsets.US_ASCII), columnOptions));
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            db = RocksDB.open(options, directory.toString(), families, handles);
            data = handles.get(0);
            meta = handles.get(1);
            sync = new WriteOptions().setSync(true);
        } catch (RocksDBException | java.io.IOException e) {
            throw new IllegalStateException("cannot open the durable engine in " + directory + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long load(VersionedStore store) {
        try {
            byte[] last = db.get(meta, LAST_VERSION);
            long version = last == null ? 0 : ByteBuffer.wrap(last).getLong();
            try (RocksIterator it = db.newIterator(data)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    store.load(it.key(), it.value(), version);
                }
            }
            return version;
        } catch (RocksDBException e) {
            throw new IllegalStateException("cannot read the durable engine: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean keepsEffects() {
        return true;
    }

    @Override
    public void write(List<Effect> effects, long lastVersion) {
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
            db.write(sync, batch);
        } catch (RocksDBException e) {
            throw new IllegalStateException("durable engine write failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        sync.close();
        data.close();
        meta.close();
        db.close();
        columnOptions.close();
        options.close();
    }
}
