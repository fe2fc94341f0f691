package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.MutationType;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * How a transaction writes: FoundationDB's checks of each write (reported later, at the next operation that returns a
 * future, as fdb_c reports the errors of its void calls), the write into the transaction's buffer with its write
 * conflict range, the conflict ranges a transaction declares, and the transaction's own watches told of each write.
 * Every method runs under the transaction's lock.
 */
final class WritePath {
    private final TransactionState state;
    private final TransactionSettings settings;
    private final WriteBuffer writes;
    private final TransactionConflicts conflicts;
    private final OwnWatches watches;
    /** The read version if the transaction has one, else -1: the lowest versionstamp its versionstamped keys get. */
    private final LongSupplier knownReadVersion;
    private boolean skipNextWriteConflict;

    WritePath(TransactionState state, TransactionSettings settings, WriteBuffer writes, TransactionConflicts conflicts,
              OwnWatches watches, LongSupplier knownReadVersion) {
        this.state = state;
        this.settings = settings;
        this.writes = writes;
        this.conflicts = conflicts;
        this.watches = watches;
        this.knownReadVersion = knownReadVersion;
    }

    /** NEXT_WRITE_NO_WRITE_CONFLICT_RANGE: the next write (of any kind) adds no write conflict range. */
    void skipNextWriteConflict() {
        skipNextWriteConflict = true;
    }

    private boolean takeWriteConflict() {
        boolean add = !skipNextWriteConflict;
        skipNextWriteConflict = false;
        return add;
    }

    void set(byte[] key, byte[] value) {
        boolean conflict = takeWriteConflict();
        if (!state.writable()) {
            return;
        }
        RuntimeException refusal = ReadPath.isMetadataVersionKey(key) ? WriteLimits.metadataVersion(false, null)
                : first(WriteLimits.key(key, settings.systemKeysWritable()), WriteLimits.value(value));
        if (accepted(refusal)) {
            writes.set(key, value);
            pointWriteConflict(conflict, key);
            watches.written(key, value, true);
        }
    }

    void clear(byte[] key) {
        boolean conflict = takeWriteConflict();
        if (state.writable() && accepted(WriteLimits.key(key, settings.systemKeysWritable()))) {
            writes.clear(key);
            pointWriteConflict(conflict, key);
            watches.written(key, null, true);
        }
    }

    void clear(byte[] begin, byte[] end) {
        boolean conflict = takeWriteConflict();
        if (!state.writable()) {
            return;
        }
        if (Keys.compare(begin, end) > 0) {
            state.defer(FdbError.INVERTED_RANGE.exception());
            return;
        }
        if (accepted(WriteLimits.rangeEnd(end, settings.systemKeysWritable())) && Keys.compare(begin, end) < 0) {
            writes.clearRange(begin, end);
            writeConflict(conflict, begin, end);
            watches.cleared(begin, end);
        }
    }

    void mutate(MutationType op, byte[] key, byte[] param) {
        boolean conflict = takeWriteConflict();
        if (!state.writable()) {
            return;
        }
        if (op == MutationType.SET_VERSIONSTAMPED_KEY) {
            versionstampedKey(key, param);
            return;
        }
        boolean stampedValue = op == MutationType.SET_VERSIONSTAMPED_VALUE;
        RuntimeException refusal = ReadPath.isMetadataVersionKey(key) ? WriteLimits.metadataVersion(stampedValue, param)
                : first(WriteLimits.key(key, settings.systemKeysWritable()), WriteLimits.value(param));
        if (refusal == null && stampedValue) {
            refusal = stampOffsetError(param);
        }
        if (accepted(refusal)) {
            writes.atomic(op, key, param);
            pointWriteConflict(conflict, key);
            watches.written(key, null, false);
        }
    }

    /**
     * A versionstamped key: it has no write conflict range, and the keys it may land on are unreadable to the
     * transaction until it commits (FoundationDB's getVersionstampKeyRange).
     */
    private void versionstampedKey(byte[] template, byte[] param) {
        RuntimeException refusal = first(WriteLimits.key(template, settings.systemKeysWritable()),
                WriteLimits.value(param));
        if (refusal == null) {
            refusal = stampOffsetError(template);
        }
        if (!accepted(refusal)) {
            return;
        }
        int n = template.length - 4;
        int pos = offset(template);
        byte[] begin = Arrays.copyOf(template, n);
        System.arraycopy(Mutations.versionstamp(Math.max(0, knownReadVersion.getAsLong()), 0), 0, begin, pos, 10);
        byte[] end = Arrays.copyOf(template, n + 1);
        Arrays.fill(end, pos, pos + 10, (byte) 0xff);
        end[n] = 0;
        byte[] spaceEnd = settings.systemKeysReadable() ? Keys.ALL_END : Keys.SYSTEM_PREFIX;
        writes.versionstampedKey(template, param, begin, Keys.min(end, spaceEnd));
    }

    /** FoundationDB's check of a versionstamp template: a 4-byte little-endian offset leaving 10 bytes in place. */
    private static RuntimeException stampOffsetError(byte[] template) {
        if (template.length < 4) {
            return FdbError.CLIENT_INVALID_OPERATION.exception("versionstamp template shorter than its 4-byte offset");
        }
        int pos = offset(template);
        if (pos < 0 || pos + 10 > template.length - 4) {
            return FdbError.CLIENT_INVALID_OPERATION.exception("versionstamp offset " + pos
                    + " does not leave 10 bytes inside a " + (template.length - 4) + "-byte template");
        }
        return null;
    }

    private static int offset(byte[] template) {
        int n = template.length - 4;
        return (template[n] & 0xff) | (template[n + 1] & 0xff) << 8 | (template[n + 2] & 0xff) << 16
                | (template[n + 3] & 0xff) << 24;
    }

    private void pointWriteConflict(boolean add, byte[] key) {
        if (add) {
            conflicts.addPointWrite(key);
        }
    }

    private void writeConflict(boolean add, byte[] begin, byte[] end) {
        if (add) {
            conflicts.addWrite(begin, end);
        }
    }

    // ---- declared conflict ranges ----

    /** As FoundationDB's read-your-writes: the parts of the range this transaction already wrote add no conflict. */
    void addReadConflictRange(byte[] begin, byte[] end) {
        if (!state.writable()) {
            return;
        }
        boolean metadataVersion = ReadPath.isMetadataVersionKey(begin)
                && Arrays.equals(end, Keys.keyAfter(ReadPath.METADATA_VERSION_KEY));
        byte[] spaceEnd = settings.systemKeysReadable() ? Keys.ALL_END : Keys.SYSTEM_PREFIX;
        if (!metadataVersion && (Keys.compare(begin, spaceEnd) > 0 || Keys.compare(end, spaceEnd) > 0)) {
            state.defer(FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(Keys.max(begin, end))));
            return;
        }
        readConflict(begin, end, settings.readYourWritesDisabled());
    }

    /** A read's conflict range, less what the transaction wrote first (all of it without read-your-writes). */
    void readConflict(byte[] begin, byte[] end, boolean whole) {
        if (Keys.compare(begin, end) >= 0) {
            return;
        }
        if (whole) {
            conflicts.addRead(begin, end);
            return;
        }
        List<byte[]> unwritten = writes.unwritten(begin, end);
        for (int i = 0; i < unwritten.size(); i += 2) {
            conflicts.addRead(unwritten.get(i), unwritten.get(i + 1));
        }
    }

    void addWriteConflictRange(byte[] begin, byte[] end) {
        if (state.writable() && accepted(first(WriteLimits.rangeEnd(begin, settings.systemKeysWritable()),
                WriteLimits.rangeEnd(end, settings.systemKeysWritable())))) {
            conflicts.addWrite(begin, end);
        }
    }

    // ---- errors ----

    private static RuntimeException first(RuntimeException a, RuntimeException b) {
        return a != null ? a : b;
    }

    /** Whether a write passed its checks; a failed check is reported later, as FoundationDB does. */
    private boolean accepted(RuntimeException refusal) {
        if (refusal != null) {
            state.defer(refusal);
        }
        return refusal == null;
    }
}
