package io.relationshiplayer.fdb.embedded;

import com.apple.foundationdb.MutationType;
import java.util.Arrays;

/** FoundationDB's atomic mutations at the byte level, as the storage servers apply them. */
final class Mutations {
    static final int VALUE_LIMIT = 100_000;

    private Mutations() {
    }

    /**
     * The value after applying {@code type} with {@code param} to {@code existing} (null when absent); null means the
     * key is cleared. Versionstamped operations are not handled here: they rewrite keys and values at commit.
     */
    static byte[] apply(MutationType type, byte[] existing, byte[] param) {
        switch (type) {
            case ADD:
                return existing == null ? param.clone() : add(existing, param);
            case BIT_AND:
                return existing == null ? param.clone() : bitwise(existing, param, 0);
            case AND:
                return bitwise(existing == null ? new byte[0] : existing, param, 0);
            case BIT_OR:
            case OR:
                return bitwise(existing == null ? new byte[0] : existing, param, 1);
            case BIT_XOR:
            case XOR:
                return bitwise(existing == null ? new byte[0] : existing, param, 2);
            case APPEND_IF_FITS:
                return appendIfFits(existing, param);
            case MAX:
                return existing == null ? param.clone() : (compareLittleEndian(fit(existing, param.length), param) >= 0
                        ? fit(existing, param.length) : param.clone());
            case MIN:
                return existing == null ? param.clone() : (compareLittleEndian(fit(existing, param.length), param) <= 0
                        ? fit(existing, param.length) : param.clone());
            case BYTE_MAX:
                return existing == null || Keys.compare(existing, param) < 0 ? param.clone() : existing;
            case BYTE_MIN:
                return existing == null || Keys.compare(existing, param) > 0 ? param.clone() : existing;
            case COMPARE_AND_CLEAR:
                return existing != null && Arrays.equals(existing, param) ? null : existing;
            default:
                throw FdbError.INVALID_MUTATION_TYPE.exception(type + " cannot be applied to a value");
        }
    }

    static boolean isVersionstamped(MutationType type) {
        return type == MutationType.SET_VERSIONSTAMPED_KEY || type == MutationType.SET_VERSIONSTAMPED_VALUE;
    }

    /** {@code existing}, truncated or zero-extended to {@code length} bytes (little-endian operands). */
    private static byte[] fit(byte[] existing, int length) {
        return existing.length == length ? existing : Arrays.copyOf(existing, length);
    }

    private static byte[] add(byte[] existing, byte[] param) {
        byte[] out = new byte[param.length];
        int carry = 0;
        for (int i = 0; i < param.length; i++) {
            int a = i < existing.length ? existing[i] & 0xff : 0;
            int sum = a + (param[i] & 0xff) + carry;
            out[i] = (byte) sum;
            carry = sum >>> 8;
        }
        return out;
    }

    private static byte[] bitwise(byte[] existing, byte[] param, int op) {
        byte[] out = new byte[param.length];
        for (int i = 0; i < param.length; i++) {
            int a = i < existing.length ? existing[i] : 0;
            int b = param[i];
            out[i] = (byte) (op == 0 ? a & b : op == 1 ? a | b : a ^ b);
        }
        return out;
    }

    private static byte[] appendIfFits(byte[] existing, byte[] param) {
        if (existing == null) {
            return param.clone();
        }
        if (existing.length + param.length > VALUE_LIMIT) {
            return existing;
        }
        byte[] out = Arrays.copyOf(existing, existing.length + param.length);
        System.arraycopy(param, 0, out, existing.length, param.length);
        return out;
    }

    /** Compares equal-length little-endian unsigned integers. */
    private static int compareLittleEndian(byte[] a, byte[] b) {
        for (int i = a.length - 1; i >= 0; i--) {
            int c = Integer.compare(a[i] & 0xff, b[i] & 0xff);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Completes a versionstamped key or value: the last four bytes are a little-endian offset at which the ten-byte
     * versionstamp is written; the offset suffix is removed.
     */
    static byte[] completeVersionstamp(byte[] template, byte[] versionstamp) {
        if (template.length < 4) {
            throw FdbError.CLIENT_INVALID_OPERATION.exception("versionstamp template shorter than its 4-byte offset");
        }
        int n = template.length - 4;
        int offset = (template[n] & 0xff) | (template[n + 1] & 0xff) << 8 | (template[n + 2] & 0xff) << 16
                | (template[n + 3] & 0xff) << 24;
        if (offset < 0 || offset + 10 > n) {
            throw FdbError.CLIENT_INVALID_OPERATION.exception("versionstamp offset " + offset
                    + " does not leave 10 bytes inside a " + n + "-byte template");
        }
        byte[] out = Arrays.copyOf(template, n);
        System.arraycopy(versionstamp, 0, out, offset, 10);
        return out;
    }

    /** Ten bytes: the commit version big-endian, then the transaction's order within its batch big-endian. */
    static byte[] versionstamp(long commitVersion, int batchOrder) {
        byte[] out = new byte[10];
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) (commitVersion >>> (56 - 8 * i));
        }
        out[8] = (byte) (batchOrder >>> 8);
        out[9] = (byte) batchOrder;
        return out;
    }
}
