package io.relationshiplayer.fdb.embedded;

/**
 * One change a commit made to the stored data, in commit order: a set, a clear of one key (value and end null) or a
 * clear of the range [key, end).
 */
record Effect(byte[] key, byte[] value, byte[] end) {
    static Effect set(byte[] key, byte[] value) {
        return new Effect(key, value, null);
    }

    static Effect clear(byte[] key) {
        return new Effect(key, null, null);
    }

    static Effect clearRange(byte[] begin, byte[] end) {
        return new Effect(begin, null, end);
    }
}
