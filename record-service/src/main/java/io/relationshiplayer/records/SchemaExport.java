package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.metadata.IndexTypes;
import com.apple.foundationdb.record.metadata.RecordType;
import com.apple.foundationdb.record.metadata.expressions.FieldKeyExpression;
import com.apple.foundationdb.record.metadata.expressions.GroupingKeyExpression;
import com.apple.foundationdb.record.metadata.expressions.KeyExpression;
import com.apple.foundationdb.record.metadata.expressions.NestingKeyExpression;
import com.apple.foundationdb.record.metadata.expressions.ThenKeyExpression;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.IndexType;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.Schema;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Stored meta-data back in the wire's schema terms, for GetSchema. */
public final class SchemaExport {
    private SchemaExport() {
    }

    public static Schema toSchema(RecordMetaData md) {
        Schema.Builder s = Schema.newBuilder().setRecordsFile(md.getRecordsDescriptor().getName())
                .setStoreRecordVersions(md.isStoreRecordVersions());
        Set<FileDescriptor> files = new LinkedHashSet<>();
        collect(md.getRecordsDescriptor(), files);
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        files.forEach(f -> set.addFile(f.toProto()));
        s.setFiles(set);
        for (RecordType t : md.getRecordTypes().values()) {
            List<String> key = fields(t.getPrimaryKey());
            s.addRecordTypes(RecordTypeDefinition.newBuilder().setName(t.getName()).addAllPrimaryKey(key));
        }
        for (Index i : md.getAllIndexes()) {
            if (i.getName().startsWith("_")) {
                continue;
            }
            IndexDefinition.Builder d = IndexDefinition.newBuilder().setName(i.getName()).setType(type(i))
                    .setUnique(i.isUnique());
            md.recordTypesForIndex(i).forEach(t -> d.addRecordTypes(t.getName()));
            KeyExpression root = i.getRootExpression();
            if (root instanceof GroupingKeyExpression) {
                GroupingKeyExpression g = (GroupingKeyExpression) root;
                d.addAllFields(fields(g.getWholeKey()));
                if (!i.getType().equals(IndexTypes.COUNT)) {
                    d.setGroupSize(g.getGroupingCount());
                }
            } else {
                d.addAllFields(fields(root));
            }
            s.addIndexes(d);
        }
        return s.build();
    }

    private static void collect(FileDescriptor f, Set<FileDescriptor> out) {
        for (FileDescriptor d : f.getDependencies()) {
            collect(d, out);
        }
        out.add(f);
    }

    private static IndexType type(Index i) {
        switch (i.getType()) {
            case IndexTypes.COUNT:
                return IndexType.COUNT;
            case IndexTypes.SUM:
                return IndexType.SUM;
            case IndexTypes.RANK:
                return IndexType.RANK;
            case IndexTypes.MAX_EVER_LONG:
                return IndexType.MAX_EVER;
            case IndexTypes.VERSION:
                return IndexType.VERSION;
            default:
                return IndexType.VALUE;
        }
    }

    /** Field paths of an expression, leaving out record-type keys and versions. */
    static List<String> fields(KeyExpression e) {
        List<String> out = new ArrayList<>();
        if (e instanceof ThenKeyExpression) {
            for (KeyExpression c : ((ThenKeyExpression) e).getChildren()) {
                out.addAll(fields(c));
            }
        } else if (e instanceof FieldKeyExpression) {
            out.add(((FieldKeyExpression) e).getFieldName());
        } else if (e instanceof NestingKeyExpression) {
            NestingKeyExpression n = (NestingKeyExpression) e;
            for (String child : fields(n.getChild())) {
                out.add(n.getParent().getFieldName() + "." + child);
            }
        }
        return out;
    }
}
