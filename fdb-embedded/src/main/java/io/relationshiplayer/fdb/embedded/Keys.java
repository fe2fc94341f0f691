package io.relationshiplayer.fdb.embedded;

import java.util.Arrays;
import java.util.Comparator;

/** Byte-string keys ordered as FoundationDB orders them: unsigned lexicographic. */
final class Keys {
    static final Comparator<byte[]> ORDER = Arrays::compareUnsigned;
    static final byte[] EMPTY = new byte[0];
    /** The end of the user key space: keys at or after {@code \xff} are system keys. */
    static final byte[] SYSTEM_PREFIX = {(byte) 0xff};
    /** The end of the whole key space, system keys included. */
    static final byte[] ALL_END = {(byte) 0xff, (byte) 0xff};

    private Keys() {
    }

    static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    /** The first key after {@code key} in FoundationDB's order: {@code key + \x00}. */
    static byte[] keyAfter(byte[] key) {
        byte[] next = Arrays.copyOf(key, key.length + 1);
        next[key.length] = 0;
        return next;
    }

    static boolean isSystem(byte[] key) {
        return key.length > 0 && key[0] == (byte) 0xff;
    }

    static byte[] max(byte[] a, byte[] b) {
        return compare(a, b) >= 0 ? a : b;
    }

    static byte[] min(byte[] a, byte[] b) {
        return compare(a, b) <= 0 ? a : b;
    }

    /** Printable form for error messages, as fdb-java's ByteArrayUtil.printable does. */
    static String printable(byte[] key) {
        StringBuilder sb = new StringBuilder();
        int shown = Math.min(key.length, 64);
        for (int i = 0; i < shown; i++) {
            int b = key[i] & 0xff;
            if (b >= 32 && b < 127 && b != '\\') {
                sb.append((char) b);
            } else {
                sb.append(String.format("\\x%02x", b));
            }
        }
        if (shown < key.length) {
            sb.append("...(").append(key.length).append(" bytes)");
        }
        return sb.toString();
    }
}
