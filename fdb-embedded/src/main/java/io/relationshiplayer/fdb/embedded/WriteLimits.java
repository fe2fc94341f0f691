package io.relationshiplayer.fdb.embedded;

/**
 * FoundationDB's rules for what a transaction may write: key and value sizes and the user key space. Each check
 * returns the error FoundationDB would report, or null.
 */
final class WriteLimits {
    static final int KEY_LIMIT = 10_000;
    /** Keys starting with \\xff may be longer (CLIENT_KNOBS->SYSTEM_KEY_SIZE_LIMIT). */
    static final int SYSTEM_KEY_LIMIT = 30_000;
    static final int VALUE_LIMIT = 100_000;

    private WriteLimits() {
    }

    /** A set, clear or atomic operation of {@code key}: in the writable key space and not too long. */
    static RuntimeException key(byte[] key, boolean systemKeysWritable) {
        byte[] end = systemKeysWritable ? Keys.ALL_END : Keys.SYSTEM_PREFIX;
        if (Keys.compare(key, end) >= 0) {
            return FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(key));
        }
        return size(key);
    }

    static RuntimeException size(byte[] key) {
        int limit = Keys.isSystem(key) ? SYSTEM_KEY_LIMIT : KEY_LIMIT;
        if (key.length > limit) {
            return FdbError.KEY_TOO_LARGE.exception("key of " + key.length + " bytes, limit " + limit);
        }
        return null;
    }

    /**
     * A write of the metadata version key: only as FoundationDB allows it, by SET_VERSIONSTAMPED_VALUE with the
     * 14-byte parameter that stamps the whole value (any system-key access aside); else 2000.
     */
    static RuntimeException metadataVersion(boolean versionstampedValue, byte[] param) {
        if (versionstampedValue && param != null && param.length == 14 && java.util.Arrays.equals(param, new byte[14])) {
            return null;
        }
        return FdbError.CLIENT_INVALID_OPERATION.exception(
                "the metadata version key is written only by SET_VERSIONSTAMPED_VALUE of 14 zero bytes");
    }

    /** A range a transaction clears or declares a write conflict on: within the writable key space. */
    static RuntimeException rangeEnd(byte[] end, boolean systemKeysWritable) {
        byte[] limit = systemKeysWritable ? Keys.ALL_END : Keys.SYSTEM_PREFIX;
        return Keys.compare(end, limit) > 0 ? FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(end)) : null;
    }

    static RuntimeException value(byte[] value) {
        return value.length > VALUE_LIMIT
                ? FdbError.VALUE_TOO_LARGE.exception("value of " + value.length + " bytes, limit " + VALUE_LIMIT)
                : null;
    }
}
