package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.RecordMetaDataBuilder;
import com.apple.foundationdb.record.RecordMetaDataProto;
import com.apple.foundationdb.record.metadata.FormerIndex;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexOptions;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.metadata.Key;
import com.apple.foundationdb.record.metadata.MetaDataException;
import com.apple.foundationdb.record.metadata.MetaDataEvolutionValidator;
import com.apple.foundationdb.record.metadata.RecordType;
import com.apple.foundationdb.record.metadata.JoinedRecordTypeBuilder;
import com.apple.foundationdb.record.metadata.RecordTypeBuilder;
import com.apple.foundationdb.record.metadata.RecordTypeIndexesBuilder;
import com.apple.foundationdb.record.metadata.expressions.GroupingKeyExpression;
import com.apple.foundationdb.record.metadata.expressions.KeyExpression;
import com.apple.foundationdb.record.metadata.expressions.VersionKeyExpression;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.JoinedTypeDefinition;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Turns a client's schema into Record Layer meta-data, as a new version of what the database had. Every record type's
 * primary key starts with its record-type key, so types never collide; a count index per type is kept for counts. When
 * the records file has no union message, one is written, keeping the union field numbers of earlier versions.
 */
public final class SchemaCompiler {
    /** The union message the Record Layer stores records in. */
    static final String UNION = "RecordTypeUnion";
    /** Implicit index: records per type, for counts. Names starting with '_' are reserved. */
    static final String COUNT_INDEX = "_count_by_type";

    private SchemaCompiler() {
    }

    /** The meta-data for {@code schema}, evolving {@code previous} (null for the first version). */
    @Nonnull
    public static RecordMetaData compile(@Nonnull Schema schema, @Nullable RecordMetaData previous) {
        if (schema.getRecordTypesCount() == 0) {
            throw RecordServiceException.invalid("schema: no record types defined");
        }
        DescriptorFiles files = new DescriptorFiles(schema.getFiles());
        FileDescriptorProto recordsFile = files.proto(schema.getRecordsFile());
        FileDescriptor records = files.build(withUnion(recordsFile, schema.getRecordTypesList(), previous));
        try {
            RecordMetaDataBuilder b;
            if (previous == null) {
                b = RecordMetaData.newBuilder().setRecords(records);
            } else {
                b = RecordMetaData.newBuilder().setRecords(withoutDroppedJoinedTypes(previous, schema));
                try {
                    b.updateRecords(records);
                } catch (MetaDataException e) {
                    throw refused(e);
                }
            }
            for (RecordTypeDefinition def : schema.getRecordTypesList()) {
                RecordTypeBuilder type = recordType(b, def.getName());
                if (def.getPrimaryKeyCount() == 0) {
                    throw RecordServiceException.invalid("schema: record type " + def.getName() + " has no primary key");
                }
                List<KeyExpression> parts = new ArrayList<>();
                parts.add(Key.Expressions.recordType());
                parts.addAll(KeyExpressions.fields(type.getDescriptor(), def.getPrimaryKeyList()));
                type.setPrimaryKey(Key.Expressions.concat(parts));
            }
            applyJoinedTypes(b, schema);
            applyIndexes(b, schema, previous);
            b.setStoreRecordVersions(schema.getStoreRecordVersions());
            int floor = previous == null ? 0 : previous.getVersion();
            if (b.getVersion() <= floor) {
                b.setVersion(floor + 1);
            }
            RecordMetaData next = b.build();
            if (previous != null) {
                try {
                    MetaDataEvolutionValidator.getDefaultInstance().validate(previous, next);
                } catch (MetaDataException e) {
                    throw refused(e);
                }
            }
            return next;
        } catch (MetaDataException e) {
            throw RecordServiceException.invalid("schema: " + e.getMessage());
        }
    }

    /** An evolution the Record Layer's evolution validator refuses: valid on its own, not from what is stored. */
    static RecordServiceException refused(MetaDataException e) {
        return RecordServiceException.precondition("schema evolution refused: " + e.getMessage());
    }

    private static RecordTypeBuilder recordType(RecordMetaDataBuilder b, String name) {
        try {
            return b.getRecordType(name);
        } catch (MetaDataException e) {
            throw RecordServiceException.invalid("schema: record type " + name
                    + " is not a top-level message of the union");
        }
    }

    /** The records file with a union of the record types, unless it defines one itself. */
    static FileDescriptorProto withUnion(FileDescriptorProto file, List<RecordTypeDefinition> types,
                                         @Nullable RecordMetaData previous) {
        for (DescriptorProto m : file.getMessageTypeList()) {
            if (m.getName().equals(UNION)) {
                return file;
            }
        }
        Set<String> messages = new HashSet<>();
        file.getMessageTypeList().forEach(m -> messages.add(m.getName()));
        Map<String, Integer> numbers = new LinkedHashMap<>();
        int next = 1;
        if (previous != null) {
            for (FieldDescriptor f : previous.getUnionDescriptor().getFields()) {
                String type = f.getMessageType().getName();
                if (!messages.contains(type)) {
                    throw RecordServiceException.precondition("schema evolution refused: record type " + type
                            + " was removed; the Record Layer never forgets a record type (keep its message)");
                }
                numbers.put(type, f.getNumber());
                next = Math.max(next, f.getNumber() + 1);
            }
        }
        for (RecordTypeDefinition t : types) {
            if (!messages.contains(t.getName())) {
                throw RecordServiceException.invalid("schema: record type " + t.getName()
                        + " is not a top-level message of " + file.getName());
            }
            if (!numbers.containsKey(t.getName())) {
                numbers.put(t.getName(), next++);
            }
        }
        String prefix = file.getPackage().isEmpty() ? "." : "." + file.getPackage() + ".";
        DescriptorProto.Builder union = DescriptorProto.newBuilder().setName(UNION);
        numbers.forEach((name, number) -> union.addField(FieldDescriptorProto.newBuilder()
                .setName("_" + name).setNumber(number)
                .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL)
                .setType(FieldDescriptorProto.Type.TYPE_MESSAGE)
                .setTypeName(prefix + name)));
        return file.toBuilder().addMessageType(union).build();
    }

    /**
     * The previous meta-data without the joined record types the schema no longer defines. The Record Layer's builder
     * can neither remove a synthetic type nor an index on one (its removeIndex leaves the type pointing at the index),
     * so they are cut from the proto here: a joined type stores no records, and each of its indexes becomes a former
     * index, so that its entries are cleared and its subspace never reused.
     */
    static RecordMetaDataProto.MetaData withoutDroppedJoinedTypes(RecordMetaData previous, Schema schema) {
        RecordMetaDataProto.MetaData proto = previous.toProto();
        Set<String> kept = new HashSet<>();
        schema.getJoinedTypesList().forEach(j -> kept.add(j.getName()));
        Set<String> dropped = new HashSet<>();
        proto.getJoinedRecordTypesList().forEach(j -> {
            if (!kept.contains(j.getName())) {
                dropped.add(j.getName());
            }
        });
        if (dropped.isEmpty()) {
            return proto;
        }
        RecordMetaDataProto.MetaData.Builder b = proto.toBuilder().clearJoinedRecordTypes().clearIndexes();
        proto.getJoinedRecordTypesList().stream().filter(j -> !dropped.contains(j.getName()))
                .forEach(b::addJoinedRecordTypes);
        for (RecordMetaDataProto.Index i : proto.getIndexesList()) {
            if (i.getRecordTypeList().stream().noneMatch(dropped::contains)) {
                b.addIndexes(i);
                continue;
            }
            Index index = previous.getIndex(i.getName());
            b.addFormerIndexes(new FormerIndex(index.getSubspaceKey(),
                    index.getAddedVersion(), previous.getVersion() + 1, index.getName()).toProto());
        }
        return b.setVersion(previous.getVersion() + 1).build();
    }

    /** Adds the joined record types the schema defines and the meta-data does not have yet. */
    private static void applyJoinedTypes(RecordMetaDataBuilder b, Schema schema) {
        for (JoinedTypeDefinition j : schema.getJoinedTypesList()) {
            if (hasSyntheticType(b, j.getName())) {
                continue;
            }
            JoinedRecordTypeBuilder joined = b.addJoinedRecordType(j.getName());
            Map<String, Descriptor> constituents = new HashMap<>();
            for (JoinedTypeDefinition.Constituent c : j.getConstituentsList()) {
                RecordTypeBuilder type = recordType(b, c.getRecordType());
                joined.addConstituent(c.getName(), type);
                constituents.put(c.getName(), type.getDescriptor());
            }
            for (JoinedTypeDefinition.Join join : j.getJoinsList()) {
                joined.addJoin(join.getLeft(), KeyExpressions.field(constituent(constituents, j, join.getLeft()),
                        join.getLeftField()), join.getRight(), KeyExpressions.field(constituent(constituents, j,
                        join.getRight()), join.getRightField()));
            }
        }
    }

    private static boolean hasSyntheticType(RecordMetaDataBuilder b, String name) {
        try {
            b.getSyntheticRecordType(name);
            return true;
        } catch (MetaDataException e) {
            return false;
        }
    }

    private static boolean hasIndex(RecordMetaDataBuilder b, String name) {
        try {
            b.getIndex(name);
            return true;
        } catch (MetaDataException e) {
            return false;
        }
    }

    private static Descriptor constituent(Map<String, Descriptor> constituents, JoinedTypeDefinition j, String name) {
        Descriptor d = constituents.get(name);
        if (d == null) {
            throw RecordServiceException.invalid("schema: joined type " + j.getName() + " has no constituent '"
                    + name + "'");
        }
        return d;
    }

    /** The message descriptor that index fields of {@code type} resolve against; null for a joined type. */
    private static Descriptor indexedDescriptor(RecordMetaDataBuilder b, String type) {
        return hasSyntheticType(b, type) ? null : recordType(b, type).getDescriptor();
    }

    private static void applyIndexes(RecordMetaDataBuilder b, Schema schema, @Nullable RecordMetaData previous) {
        Map<String, IndexDefinition> wanted = new LinkedHashMap<>();
        for (IndexDefinition def : schema.getIndexesList()) {
            if (def.getName().isEmpty() || def.getName().startsWith("_")) {
                throw RecordServiceException.invalid("schema: index name '" + def.getName()
                        + "' is empty or starts with '_' (reserved)");
            }
            if (wanted.put(def.getName(), def) != null) {
                throw RecordServiceException.invalid("schema: index " + def.getName() + " is defined twice");
            }
        }
        Map<String, Index> existing = new HashMap<>();
        Map<String, Set<String>> existingTypes = new HashMap<>();
        if (previous != null) {
            for (Index i : previous.getAllIndexes()) {
                existing.put(i.getName(), i);
                Set<String> names = new HashSet<>();
                previous.recordTypesForIndex(i).forEach(t -> names.add(t.getName()));
                existingTypes.put(i.getName(), names);
            }
        }
        // Subspace keys the Record Layer remembers for removed indexes: a new index may not reuse one.
        Set<Object> formerKeys = new HashSet<>();
        if (previous != null) {
            previous.getFormerIndexes().forEach(f -> formerKeys.add(f.getSubspaceKey()));
        }
        for (String name : existing.keySet()) {
            if (!name.equals(COUNT_INDEX) && !wanted.containsKey(name)) {
                formerKeys.add(existing.get(name).getSubspaceKey());
                if (hasIndex(b, name)) { // else it was on a dropped joined type: already a former index
                    b.removeIndex(name);
                }
            }
        }
        if (!existing.containsKey(COUNT_INDEX)) {
            b.addUniversalIndex(new Index(COUNT_INDEX,
                    new GroupingKeyExpression(Key.Expressions.recordType(), 0), IndexTypes.COUNT));
        }
        for (IndexDefinition def : wanted.values()) {
            Index index = index(b, def, schema.getStoreRecordVersions());
            Index old = existing.get(def.getName());
            if (old != null) {
                boolean same = old.getType().equals(index.getType())
                        && old.getRootExpression().equals(index.getRootExpression())
                        && old.getOptions().equals(index.getOptions())
                        && existingTypes.get(def.getName()).equals(new HashSet<>(def.getRecordTypesList()));
                if (same) {
                    continue;
                }
                formerKeys.add(old.getSubspaceKey());
                if (hasIndex(b, def.getName())) { // else it was on a dropped joined type: already a former index
                    b.removeIndex(def.getName());
                }
            }
            if (formerKeys.contains(index.getSubspaceKey())) {
                // A name used before (dropped, or redefined now) gets a fresh subspace for its new data.
                index.setSubspaceKey(def.getName() + "@" + (b.getVersion() + 1));
            }
            List<RecordTypeIndexesBuilder> types = new ArrayList<>();
            for (String t : def.getRecordTypesList()) {
                types.add(hasSyntheticType(b, t) ? b.getIndexableRecordType(t) : recordType(b, t));
            }
            b.addMultiTypeIndex(types, index);
        }
    }

    private static Index index(RecordMetaDataBuilder b, IndexDefinition def, boolean versions) {
        if (def.getRecordTypesCount() == 0) {
            throw RecordServiceException.invalid("schema: index " + def.getName() + " names no record type");
        }
        List<KeyExpression> fields = null;
        for (String t : def.getRecordTypesList()) {
            Descriptor d = indexedDescriptor(b, t);
            fields = d == null ? KeyExpressions.unchecked(def.getFieldsList()) : KeyExpressions.fields(d,
                    def.getFieldsList());
        }
        int n = fields.size();
        int group = def.getGroupSize();
        if (group < 0 || group > n) {
            throw RecordServiceException.invalid("schema: index " + def.getName() + " groups by " + group
                    + " fields but has " + n);
        }
        switch (def.getType()) {
            case VALUE:
                requireFields(def, n >= 1, "at least one field");
                return new Index(def.getName(), KeyExpressions.concat(fields), IndexTypes.VALUE,
                        def.getUnique() ? IndexOptions.UNIQUE_OPTIONS : IndexOptions.EMPTY_OPTIONS);
            case COUNT:
                return new Index(def.getName(), new GroupingKeyExpression(KeyExpressions.concat(fields), 0),
                        IndexTypes.COUNT);
            case SUM:
            case RANK:
            case MAX_EVER:
                requireFields(def, n == group + 1, "its group fields and then exactly one value field");
                String type = def.getType() == io.relationshiplayer.proto.v1.IndexType.SUM ? IndexTypes.SUM
                        : def.getType() == io.relationshiplayer.proto.v1.IndexType.RANK ? IndexTypes.RANK
                        : IndexTypes.MAX_EVER_LONG;
                return new Index(def.getName(), new GroupingKeyExpression(KeyExpressions.concat(fields), 1), type);
            case VERSION:
                if (!versions) {
                    throw RecordServiceException.invalid("schema: VERSION index " + def.getName()
                            + " needs store_record_versions");
                }
                List<KeyExpression> parts = new ArrayList<>(fields);
                parts.add(VersionKeyExpression.VERSION);
                return new Index(def.getName(), KeyExpressions.concat(parts), IndexTypes.VERSION);
            default:
                throw RecordServiceException.invalid("schema: index " + def.getName() + " has no type");
        }
    }

    private static void requireFields(IndexDefinition def, boolean ok, String what) {
        if (!ok) {
            throw RecordServiceException.invalid("schema: " + def.getType() + " index " + def.getName()
                    + " needs " + what);
        }
    }

    /** The record type named {@code name}, or an INVALID_ARGUMENT naming it. */
    static RecordType type(RecordMetaData metaData, String name) {
        if (name == null || name.isEmpty()) {
            throw RecordServiceException.invalid("no record type given");
        }
        if (!metaData.getRecordTypes().containsKey(name)) {
            throw RecordServiceException.invalid("unknown record type '" + name + "' (the schema has "
                    + metaData.getRecordTypes().keySet() + ")");
        }
        return metaData.getRecordType(name);
    }

    static RecordMetaDataProto.MetaData toProto(RecordMetaData metaData) {
        return metaData.toProto();
    }
}
