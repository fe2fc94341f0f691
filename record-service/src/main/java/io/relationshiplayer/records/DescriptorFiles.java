package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaDataOptionsProto;
import com.apple.foundationdb.record.TupleFieldsProto;
import com.google.protobuf.AnyProto;
import com.google.protobuf.DescriptorProtos;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DurationProto;
import com.google.protobuf.EmptyProto;
import com.google.protobuf.StructProto;
import com.google.protobuf.TimestampProto;
import com.google.protobuf.WrappersProto;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds protobuf file descriptors from a client's FileDescriptorSet, resolving imports in the set or well known. */
final class DescriptorFiles {
    private static final Map<String, FileDescriptor> WELL_KNOWN = new HashMap<>();

    static {
        for (FileDescriptor f : List.of(DescriptorProtos.getDescriptor(), AnyProto.getDescriptor(),
                TimestampProto.getDescriptor(), DurationProto.getDescriptor(), EmptyProto.getDescriptor(),
                StructProto.getDescriptor(), WrappersProto.getDescriptor(), RecordMetaDataOptionsProto.getDescriptor(),
                TupleFieldsProto.getDescriptor())) {
            WELL_KNOWN.put(f.getName(), f);
        }
    }

    private final Map<String, FileDescriptorProto> protos = new HashMap<>();
    private final Map<String, FileDescriptor> built = new HashMap<>();

    DescriptorFiles(DescriptorProtos.FileDescriptorSet set) {
        for (FileDescriptorProto f : set.getFileList()) {
            if (protos.put(f.getName(), f) != null) {
                throw RecordServiceException.invalid("schema: file '" + f.getName() + "' appears twice in the set");
            }
        }
    }

    FileDescriptorProto proto(String name) {
        FileDescriptorProto p = protos.get(name);
        if (p == null) {
            throw RecordServiceException.invalid("schema: records file '" + name + "' is not in the file set (it has "
                    + protos.keySet() + ")");
        }
        return p;
    }

    /** Builds {@code file} (which may differ from the set's own copy) with its imports. */
    FileDescriptor build(FileDescriptorProto file) {
        return build(file, new HashSet<>());
    }

    private FileDescriptor build(FileDescriptorProto file, Set<String> visiting) {
        if (!visiting.add(file.getName())) {
            throw RecordServiceException.invalid("schema: import cycle through '" + file.getName() + "'");
        }
        FileDescriptor[] deps = new FileDescriptor[file.getDependencyCount()];
        for (int i = 0; i < deps.length; i++) {
            deps[i] = dependency(file.getDependency(i), visiting);
        }
        try {
            for (DescriptorProtos.DescriptorProto m : file.getMessageTypeList()) {
                requireTypes(file.getPackage().isEmpty() ? m.getName() : file.getPackage() + "." + m.getName(), m);
            }
            return FileDescriptor.buildFrom(file, deps);
        } catch (Descriptors.DescriptorValidationException e) {
            throw RecordServiceException.invalid("schema: file '" + file.getName() + "' is not valid: "
                    + e.getMessage());
        } catch (RecordServiceException e) {
            throw e;
        } catch (RuntimeException e) {
            // protobuf's own checks miss some nonsense and fail on it as they go (NullPointerException, ...)
            throw RecordServiceException.invalid("schema: file '" + file.getName() + "' is not valid: "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        } finally {
            visiting.remove(file.getName());
        }
    }

    /** A field needs a type or a type name: protobuf's builder fails on one without, with a NullPointerException. */
    private static void requireTypes(String name, DescriptorProtos.DescriptorProto m) {
        for (DescriptorProtos.FieldDescriptorProto f : m.getFieldList()) {
            if (!f.hasType() && !f.hasTypeName()) {
                throw RecordServiceException.invalid("schema: field '" + name + "." + f.getName() + "' ("
                        + f.getNumber() + ") has neither a type nor a type name");
            }
        }
        for (DescriptorProtos.DescriptorProto nested : m.getNestedTypeList()) {
            requireTypes(name + "." + nested.getName(), nested);
        }
    }

    private FileDescriptor dependency(String name, Set<String> visiting) {
        FileDescriptor done = built.get(name);
        if (done != null) {
            return done;
        }
        FileDescriptorProto p = protos.get(name);
        FileDescriptor f;
        if (p != null) {
            f = build(p, visiting);
        } else if (WELL_KNOWN.containsKey(name)) {
            f = WELL_KNOWN.get(name);
        } else {
            throw RecordServiceException.invalid("schema: import '" + name + "' is neither in the file set nor a "
                    + "well-known file");
        }
        built.put(name, f);
        return f;
    }
}
