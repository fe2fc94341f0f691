package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.MutationType;

/**
 * One write of a transaction, in the order issued: a set, a clear, a range clear [key, param) or an atomic operation
 * ({@code op} non-null, {@code param} its operand).
 */
record Mutation(Kind kind, MutationType op, byte[] key, byte[] param) {
    enum Kind { SET, CLEAR, CLEAR_RANGE, ATOMIC }

    static Mutation set(byte[] key, byte[] value) {
        return new Mutation(Kind.SET, null, key, value);
    }

    static Mutation clear(byte[] key) {
        return new Mutation(Kind.CLEAR, null, key, null);
    }

    static Mutation clearRange(byte[] begin, byte[] end) {
        return new Mutation(Kind.CLEAR_RANGE, null, begin, end);
    }

    static Mutation atomic(MutationType op, byte[] key, byte[] param) {
        return new Mutation(Kind.ATOMIC, op, key, param);
    }

    /** Bytes this write counts towards the transaction size limit, as FoundationDB counts them. */
    long size() {
        return key.length + (param == null ? 0 : param.length);
    }
}
