package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.Database;
import com.apple.foundationdb.DatabaseOptions;
import com.apple.foundationdb.EventKeeper;
import com.apple.foundationdb.KeyRangeArrayResult;
import com.apple.foundationdb.ReadTransaction;
import com.apple.foundationdb.Tenant;
import com.apple.foundationdb.Transaction;
import com.apple.foundationdb.tuple.Tuple;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javax.annotation.Nonnull;

/**
 * FoundationDB's {@link Database} in process, on the memory or the durable (RocksDB) engine. It never loads
 * FoundationDB's native client library. Tenants and blob granules are not offered.
 */
public final class EmbeddedDatabase implements Database {
    static {
        io.relationshiplayer.fdb.TupleVersionstamps.install();
    }

    private final EngineConfig config;
    private final Engine engine;
    private final TransactionSettings defaults = new TransactionSettings();

    private EmbeddedDatabase(EngineConfig config, Engine engine) {
        this.config = config;
        this.engine = engine;
    }

    /** Opens the engine {@code config} names; the durable engine loads what its directory holds. */
    @Nonnull
    public static EmbeddedDatabase open(@Nonnull EngineConfig config) {
        Objects.requireNonNull(config, "config is null");
        Persistence disk = config.directory().<Persistence>map(RocksPersistence::new).orElse(Persistence.NONE);
        return new EmbeddedDatabase(config, new Engine(disk, config.executor(), config.readWindow(), config.clock()));
    }

    @Nonnull
    public EngineConfig config() {
        return config;
    }

    /**
     * Cuts this process off the engine (false) or reconnects it (true): while cut off, read versions and commits wait
     * as they do when a FoundationDB client cannot reach its cluster. For testing how the server reacts to that.
     */
    public void setReachable(boolean reachable) {
        engine.setReachable(reachable);
    }

    /**
     * Why the durable engine refuses writes, if it does: its disk refused a commit's write (full, or failing) and no
     * write has gone through since. Reads go on meanwhile; commits fail at once with io_error (1510). Asking tries to
     * recover when an attempt is due (at most one a second), as the next commit would: the answer is then current.
     */
    @Nonnull
    public Optional<String> storageProblem() {
        return Optional.ofNullable(engine.storageProblem());
    }

    /**
     * Makes every write to the durable engine's disk fail (true) as RocksDB's does when the disk is full (IOError,
     * NoSpace, while appending to its log), or stops doing so (false). For testing how the engine and the server react
     * to a full disk without filling one; the memory engine has no disk to fail.
     */
    public void simulateDiskFull(boolean full) {
        if (!(engine.disk() instanceof RocksPersistence)) {
            throw new IllegalStateException("the memory engine has no disk to fill");
        }
        ((RocksPersistence) engine.disk()).simulateFull(full);
    }

    Engine engine() {
        return engine;
    }

    @Override
    public Transaction createTransaction(Executor e) {
        synchronized (defaults) {
            return new EmbeddedTransaction(this, e, defaults.forNewTransaction());
        }
    }

    @Override
    public Transaction createTransaction(Executor e, EventKeeper eventKeeper) {
        return createTransaction(e);
    }

    @Override
    public DatabaseOptions options() {
        return new DatabaseOptions((code, param) -> {
            synchronized (defaults) {
                defaults.setDatabaseOption(code, param);
            }
        });
    }

    @Override
    public double getMainThreadBusyness() {
        return 0;
    }

    @Override
    public <T> T read(Function<? super ReadTransaction, T> retryable, Executor e) {
        return run(retryable::apply, e);
    }

    @Override
    public <T> CompletableFuture<T> readAsync(Function<? super ReadTransaction, ? extends CompletableFuture<T>> retryable,
                                              Executor e) {
        return RetryLoop.runAsync(createTransaction(e), retryable::apply, false);
    }

    @Override
    public <T> T run(Function<? super Transaction, T> retryable, Executor e) {
        return RetryLoop.run(createTransaction(e), retryable);
    }

    @Override
    public <T> CompletableFuture<T> runAsync(Function<? super Transaction, ? extends CompletableFuture<T>> retryable,
                                             Executor e) {
        return RetryLoop.runAsync(createTransaction(e), retryable, true);
    }

    @Override
    public Executor getExecutor() {
        return config.executor();
    }

    @Override
    public void close() {
        engine.close();
    }

    @Override
    public CompletableFuture<byte[]> getClientStatus(Executor e) {
        String status = "{\"Healthy\":true,\"Backend\":\"" + config + "\"}";
        return CompletableFuture.completedFuture(status.getBytes(StandardCharsets.UTF_8));
    }

    // ---- not offered by the embedded backend ----

    @Override
    public Tenant openTenant(Tuple tenantName) {
        throw FdbError.TENANTS_DISABLED.exception();
    }

    @Override
    public Tenant openTenant(byte[] tenantName, Executor e) {
        throw FdbError.TENANTS_DISABLED.exception();
    }

    @Override
    public Tenant openTenant(Tuple tenantName, Executor e) {
        throw FdbError.TENANTS_DISABLED.exception();
    }

    @Override
    public Tenant openTenant(byte[] tenantName, Executor e, EventKeeper eventKeeper) {
        throw FdbError.TENANTS_DISABLED.exception();
    }

    @Override
    public Tenant openTenant(Tuple tenantName, Executor e, EventKeeper eventKeeper) {
        throw FdbError.TENANTS_DISABLED.exception();
    }

    private static <T> CompletableFuture<T> noBlobGranules() {
        return CompletableFuture.failedFuture(
                FdbError.UNSUPPORTED_OPERATION.exception("blob granules are not offered by the embedded backend"));
    }

    @Override
    public CompletableFuture<byte[]> purgeBlobGranules(byte[] b, byte[] e, long v, boolean force, Executor ex) {
        return noBlobGranules();
    }

    @Override
    public CompletableFuture<Void> waitPurgeGranulesComplete(byte[] purgeKey, Executor e) {
        return noBlobGranules();
    }

    @Override
    public CompletableFuture<Boolean> blobbifyRange(byte[] beginKey, byte[] endKey, Executor e) {
        return noBlobGranules();
    }

    @Override
    public CompletableFuture<Boolean> blobbifyRangeBlocking(byte[] beginKey, byte[] endKey, Executor e) {
        return noBlobGranules();
    }

    @Override
    public CompletableFuture<Boolean> unblobbifyRange(byte[] beginKey, byte[] endKey, Executor e) {
        return noBlobGranules();
    }

    @Override
    public CompletableFuture<KeyRangeArrayResult> listBlobbifiedRanges(byte[] b, byte[] e, int limit, Executor ex) {
        return noBlobGranules();
    }

    @Override
    public CompletableFuture<Long> verifyBlobRange(byte[] beginKey, byte[] endKey, long version, Executor e) {
        return noBlobGranules();
    }

    @Override
    public CompletableFuture<Boolean> flushBlobRange(byte[] b, byte[] e, boolean compact, long version, Executor ex) {
        return noBlobGranules();
    }
}
