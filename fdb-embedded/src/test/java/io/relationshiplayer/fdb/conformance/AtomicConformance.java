package io.relationshiplayer.fdb.conformance;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.apple.foundationdb.MutationType;
import com.apple.foundationdb.Transaction;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every atomic mutation with FoundationDB's byte semantics (fdb-java 7.3 MutationType javadoc; fdbclient/Atomic.h:
 * doLittleEndianAdd, doAndV2, doOr, doXor, doMax, doMinV2, doByteMax, doByteMin, doAppendIfFits,
 * doCompareAndClear). Each case is checked twice: committed and read back by a new transaction, and read by the
 * mutating transaction itself (read-your-writes over a value it never read).
 */
public abstract class AtomicConformance extends ConformanceSupport {
    private static final int VALUE_LIMIT = 100_000;

    private record Case(String name, byte[] existing, byte[] param, byte[] expected) {
    }

    private static Case c(String name, byte[] existing, byte[] param, byte[] expected) {
        return new Case(name, existing, param, expected);
    }

    private static String describe(byte[] value) {
        if (value == null) {
            return "<absent>";
        }
        HexFormat hex = HexFormat.of();
        if (value.length <= 32) {
            return "[" + hex.formatHex(value) + "]";
        }
        return "[" + value.length + " bytes: " + hex.formatHex(value, 0, 4) + ".." + hex.formatHex(value,
                value.length - 4, value.length) + "]";
    }

    private void check(MutationType op, Case... cases) {
        database().run(tr -> {
            for (int i = 0; i < cases.length; i++) {
                if (cases[i].existing() != null) {
                    tr.set(key("committed/" + i), cases[i].existing());
                    tr.set(key("ryw/" + i), cases[i].existing());
                }
            }
            return null;
        });
        database().run(tr -> {
            for (int i = 0; i < cases.length; i++) {
                tr.mutate(op, key("committed/" + i), cases[i].param());
            }
            return null;
        });
        List<byte[]> committed = database().read(tr -> {
            List<byte[]> out = new ArrayList<>();
            for (int i = 0; i < cases.length; i++) {
                out.add(await(tr.get(key("committed/" + i))));
            }
            return out;
        });
        List<byte[]> readYourWrites = new ArrayList<>();
        try (Transaction tr = begin()) {
            for (int i = 0; i < cases.length; i++) {
                tr.mutate(op, key("ryw/" + i), cases[i].param());
            }
            for (int i = 0; i < cases.length; i++) {
                readYourWrites.add(await(tr.get(key("ryw/" + i))));
            }
        }
        List<Executable> checks = new ArrayList<>();
        for (int i = 0; i < cases.length; i++) {
            Case c = cases[i];
            byte[] afterCommit = committed.get(i);
            byte[] inTransaction = readYourWrites.get(i);
            String what = op + " " + c.name() + ": existing " + describe(c.existing()) + ", param "
                    + describe(c.param());
            checks.add(() -> assertEquals(describe(c.expected()), describe(afterCommit), what + " (committed)"));
            checks.add(() -> assertEquals(describe(c.expected()), describe(inTransaction),
                    what + " (read your writes)"));
        }
        assertAll(checks);
    }

    @Test
    void add() {
        check(MutationType.ADD,
                c("absent key", null, bytes(1, 0, 0, 0), bytes(1, 0, 0, 0)),
                c("empty value", bytes(), bytes(3), bytes(3)),
                c("carry", bytes(0xFF, 0, 0, 0), bytes(1, 0, 0, 0), bytes(0, 1, 0, 0)),
                c("overflow wraps", bytes(0xFF, 0xFF, 0xFF, 0xFF), bytes(1, 0, 0, 0), bytes(0, 0, 0, 0)),
                c("shorter existing is zero-extended", bytes(0xFF), bytes(1, 0, 0, 0), bytes(0, 1, 0, 0)),
                c("longer existing is truncated", bytes(1, 0, 0, 0, 5), bytes(1, 0), bytes(2, 0)),
                c("carry out of a truncated value is lost", bytes(0xFF, 0xFF, 7), bytes(1, 0), bytes(0, 0)),
                c("adding -1", int64LittleEndian(5), int64LittleEndian(-1), int64LittleEndian(4)));
    }

    private static byte[] int64LittleEndian(long v) {
        byte[] out = new byte[8];
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) (v >>> (8 * i));
        }
        return out;
    }

    @Test
    void bitAnd() {
        check(MutationType.BIT_AND,
                c("absent key stores the param", null, bytes(0x0F, 0xF0), bytes(0x0F, 0xF0)),
                c("same length", bytes(0xFF, 0x0F), bytes(0x3C, 0x3C), bytes(0x3C, 0x0C)),
                c("shorter existing is zero-extended", bytes(0xFF), bytes(0x3C, 0x3C), bytes(0x3C, 0x00)),
                c("longer existing is truncated", bytes(0xFF, 0xFF, 0xFF), bytes(0x3C), bytes(0x3C)),
                c("empty existing value", bytes(), bytes(0x3C), bytes(0x00)));
    }

    @Test
    void bitOr() {
        check(MutationType.BIT_OR,
                c("absent key", null, bytes(0x01, 0x02), bytes(0x01, 0x02)),
                c("same length", bytes(0x10, 0x20), bytes(0x01, 0x02), bytes(0x11, 0x22)),
                c("shorter existing is zero-extended", bytes(0x10), bytes(0x01, 0x02), bytes(0x11, 0x02)),
                c("longer existing is truncated", bytes(0x10, 0x20, 0x30), bytes(0x01), bytes(0x11)));
    }

    @Test
    void bitXor() {
        check(MutationType.BIT_XOR,
                c("absent key", null, bytes(0xAA), bytes(0xAA)),
                c("same length", bytes(0xFF, 0x0F), bytes(0x0F, 0x0F), bytes(0xF0, 0x00)),
                c("shorter existing is zero-extended", bytes(0xFF), bytes(0x0F, 0x0F), bytes(0xF0, 0x0F)),
                c("longer existing is truncated", bytes(0xFF, 0x01), bytes(0x0F), bytes(0xF0)));
    }

    @Test
    void max() {
        check(MutationType.MAX,
                c("absent key", null, bytes(5, 0), bytes(5, 0)),
                c("existing is larger (little-endian)", bytes(0x00, 0x02), bytes(0xFF, 0x01), bytes(0x00, 0x02)),
                c("param is larger (little-endian)", bytes(0xFF, 0x01), bytes(0x00, 0x02), bytes(0x00, 0x02)),
                c("shorter larger existing is zero-extended", bytes(7), bytes(5, 0), bytes(7, 0)),
                c("shorter smaller existing", bytes(7), bytes(5, 1), bytes(5, 1)),
                c("longer existing compared truncated, param wins", bytes(5, 1), bytes(6), bytes(6)),
                c("longer existing compared truncated, existing wins", bytes(7, 1), bytes(6), bytes(7)));
    }

    @Test
    void min() {
        check(MutationType.MIN,
                c("absent key stores the param", null, bytes(5, 0), bytes(5, 0)),
                c("param is smaller (little-endian)", bytes(0x00, 0x02), bytes(0xFF, 0x01), bytes(0xFF, 0x01)),
                c("existing is smaller (little-endian)", bytes(0xFF, 0x01), bytes(0x00, 0x02), bytes(0xFF, 0x01)),
                c("shorter smaller existing is zero-extended", bytes(1), bytes(0, 1), bytes(1, 0)),
                c("longer existing compared truncated, param wins", bytes(7, 1), bytes(6), bytes(6)),
                c("longer existing compared truncated, existing wins", bytes(5, 9), bytes(6), bytes(5)));
    }

    @Test
    void byteMax() {
        check(MutationType.BYTE_MAX,
                c("absent key", null, utf8("b"), utf8("b")),
                c("param is larger", utf8("abc"), utf8("abd"), utf8("abd")),
                c("lexicographic, not by length", utf8("b"), utf8("abc"), utf8("b")),
                c("a prefix is smaller", utf8("ab"), utf8("abc"), utf8("abc")));
    }

    @Test
    void byteMin() {
        check(MutationType.BYTE_MIN,
                c("absent key stores the param", null, utf8("b"), utf8("b")),
                c("existing is smaller", utf8("abc"), utf8("abd"), utf8("abc")),
                c("lexicographic, not by length", utf8("b"), utf8("abc"), utf8("abc")),
                c("a prefix is smaller", utf8("ab"), utf8("abc"), utf8("ab")));
    }

    @Test
    void appendIfFits() {
        check(MutationType.APPEND_IF_FITS,
                c("absent key", null, utf8("xyz"), utf8("xyz")),
                c("appends", utf8("abc"), utf8("def"), utf8("abcdef")),
                c("exactly the value limit fits", filled(VALUE_LIMIT - 10, 'a'), filled(10, 'b'),
                        concat(filled(VALUE_LIMIT - 10, 'a'), filled(10, 'b'))),
                c("over the value limit is a no-op", filled(VALUE_LIMIT - 5, 'a'), filled(10, 'b'),
                        filled(VALUE_LIMIT - 5, 'a')));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void compareAndClear() {
        check(MutationType.COMPARE_AND_CLEAR,
                c("equal value is cleared", utf8("v"), utf8("v"), null),
                c("different value is kept", utf8("v"), utf8("w"), utf8("v")),
                c("absent key stays absent", null, utf8("v"), null),
                c("a longer value is not equal", utf8("vv"), utf8("v"), utf8("vv")));
    }

    @Test
    void readYourWritesAppliesAtomicOperationsToEarlierWritesAndUnknownValues() {
        byte[] written = key("written");
        byte[] unknown = key("unknown");
        byte[] cleared = key("cleared");
        byte[] absent = key("absent");
        database().run(tr -> {
            tr.set(unknown, bytes(0x0A, 0));
            tr.set(cleared, utf8("zz"));
            return null;
        });
        try (Transaction tr = begin()) {
            tr.set(written, bytes(1, 0, 0, 0));
            tr.mutate(MutationType.ADD, written, bytes(2, 0, 0, 0));
            assertEquals(describe(bytes(3, 0, 0, 0)), describe(await(tr.get(written))), "set then add");
            tr.mutate(MutationType.BIT_AND, written, bytes(1, 0, 0, 0));
            assertEquals(describe(bytes(1, 0, 0, 0)), describe(await(tr.get(written))), "set, add, and");

            tr.mutate(MutationType.ADD, unknown, bytes(5, 0));
            assertEquals(describe(bytes(0x0F, 0)), describe(await(tr.get(unknown))), "add to a value not read");
            tr.mutate(MutationType.ADD, unknown, bytes(1, 0));
            assertEquals(describe(bytes(0x10, 0)), describe(await(tr.get(unknown))), "second add");

            tr.clear(cleared);
            tr.mutate(MutationType.APPEND_IF_FITS, cleared, utf8("x"));
            assertEquals(describe(utf8("x")), describe(await(tr.get(cleared))), "append after clear");

            tr.mutate(MutationType.MAX, absent, bytes(7));
            assertEquals(describe(bytes(7)), describe(await(tr.get(absent))), "max on an absent key");
            await(tr.commit());
        }
        assertEquals(describe(bytes(1, 0, 0, 0)), describe(read(written)));
        assertEquals(describe(bytes(0x10, 0)), describe(read(unknown)));
        assertEquals(describe(utf8("x")), describe(read(cleared)));
        assertEquals(describe(bytes(7)), describe(read(absent)));
    }
}
