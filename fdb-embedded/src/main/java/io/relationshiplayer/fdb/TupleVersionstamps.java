package io.relationshiplayer.fdb;

import com.apple.foundationdb.tuple.Tuple;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes {@code Tuple.packWithVersionstamp} work without FoundationDB's native library.
 *
 * <p>fdb-java's package-private {@code TupleUtil.useOldVersionOffsetFormat()} asks {@code FDB.instance()} whether the
 * selected API version is below 520; the first touch of class {@code FDB} loads libfdb_c, which the embedded backend
 * never has. The Record Layer needs API version 630 or later, so the answer is always "no" on every path we support,
 * real cluster included. This class defines fdb-java's own {@code TupleUtil}, with that one method answering
 * {@code false}, in fdb-java's class loader before anything loads the original. It must run before the first
 * {@code Tuple} is packed; {@link Backend} and the embedded database install it when they load.
 */
public final class TupleVersionstamps {
    private static final String TUPLE_UTIL = "com/apple/foundationdb/tuple/TupleUtil";
    private static volatile boolean installed;

    private TupleVersionstamps() {
    }

    /** Installs the patched TupleUtil once; returns whether packing with versionstamps works without libfdb_c. */
    public static synchronized boolean install() {
        if (installed) {
            return true;
        }
        byte[] patched;
        try (InputStream in = Tuple.class.getClassLoader().getResourceAsStream(TUPLE_UTIL + ".class")) {
            if (in == null) {
                throw new IllegalStateException(TUPLE_UTIL + ".class not found beside fdb-java's Tuple");
            }
            patched = patch(in.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read fdb-java's TupleUtil: " + e.getMessage(), e);
        }
        try {
            MethodHandles.privateLookupIn(Tuple.class, MethodHandles.lookup()).defineClass(patched);
            installed = true;
        } catch (LinkageError alreadyLoaded) {
            // TupleUtil was loaded first (a Tuple was packed before any backend opened): keep the original.
            installed = false;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot define TupleUtil in fdb-java's package: " + e.getMessage(), e);
        }
        return installed;
    }

    /** Whether the patched class is the one in use. */
    public static boolean isInstalled() {
        return installed;
    }

    static byte[] patch(byte[] original) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if (!name.equals("useOldVersionOffsetFormat") || !descriptor.equals("()Z")) {
                    return mv;
                }
                mv.visitCode();
                mv.visitInsn(Opcodes.ICONST_0);
                mv.visitInsn(Opcodes.IRETURN);
                mv.visitMaxs(1, 0);
                mv.visitEnd();
                return null;
            }
        }, 0);
        return writer.toByteArray();
    }
}
