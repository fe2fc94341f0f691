package io.relationshiplayer.fdb.embedded;

/**
 * FoundationDB's rules for what a transaction may write: key and value sizes and the user key space. Each check
 * returns the error FoundationDB would report, or null.
 */
final class WriteLimits {
    static final int KEY_LIMIT = 10_000;
    static final int VALUE_LIMIT = 100_000;

    private WriteLimits() {
    }

    static RuntimeException key(byte[] key, boolean systemKeysWritable) {
        if (key.length > KEY_LIMIT) {
            return FdbError.KEY_TOO_LARGE.exception("key of " + key.length + " bytes, limit " + KEY_LIMIT);
        }
        if (Keys.isSystem(key) && !systemKeysWritable && !ReadPath.isMetadataVersionKey(key)) {
            return FdbError.KEY_OUTSIDE_LEGAL_RANGE.exception(Keys.printable(key));
        }
        return null;
    }

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
