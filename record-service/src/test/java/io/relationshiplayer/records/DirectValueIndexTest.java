package io.relationshiplayer.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.apple.foundationdb.KeyValue;
import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.Index;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordContext;
import com.apple.foundationdb.record.provider.foundationdb.FDBRecordStore;
import com.apple.foundationdb.record.provider.foundationdb.IndexMaintainerRegistryImpl;
import com.apple.foundationdb.subspace.Subspace;
import com.apple.foundationdb.tuple.ByteArrayUtil;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Label;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.IndexDefinition;
import io.relationshiplayer.proto.v1.IndexType;
import io.relationshiplayer.proto.v1.RecordTypeDefinition;
import io.relationshiplayer.proto.v1.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link DirectValueIndexMaintainer} writes and clears what the Record Layer's own VALUE index maintainer writes and
 * clears: the same saves, updates and deletes on two databases, one with the service's maintainers and one with the
 * Record Layer's, leave the same entries in every index.
 */
class DirectValueIndexTest {
    private Backend backend;
    private RecordStores stores;

    @BeforeEach
    void databases() {
        backend = Backend.open("embedded:memory");
        stores = new RecordStores(backend.recordDatabase());
        for (String db : List.of("direct", "plain")) {
            stores.createDatabase(db, false);
            stores.registerSchema(db, schema(), true);
        }
    }

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void theDirectMaintainerTakesTheIndexesOfItsShapeOnly() {
        stores.database().run(ctx -> {
            FDBRecordStore store = stores.openStore(ctx, "direct");
            Map<String, Boolean> direct = new TreeMap<>();
            for (Index index : store.getRecordMetaData().getAllIndexes()) {
                direct.put(index.getName(), store.getIndexMaintainer(index) instanceof DirectValueIndexMaintainer);
            }
            assertThat(direct).containsEntry("by_s", true).containsEntry("by_i32_d", true)
                    .containsEntry("by_b", true).containsEntry("by_f_flag_u", true).containsEntry("by_color", true)
                    .containsEntry("unique_s", false).containsEntry("count_by_flag", false)
                    .containsEntry("by_inner_x", false);
            return null;
        });
    }

    @Test
    void savesUpdatesAndDeletesLeaveTheEntriesTheRecordLayerLeaves() {
        Random random = new Random(7);
        List<DynamicMessage> rows = new ArrayList<>();
        for (long id = 1; id <= 60; id++) {
            rows.add(row(id, random));
        }
        apply(store -> {
            rows.forEach(r -> store.saveRecord(in(store, r)));
            return null;
        });
        // updates: some change indexed fields, some only the unindexed ones, some unset fields
        apply(store -> {
            for (int i = 0; i < rows.size(); i += 2) {
                DynamicMessage.Builder b = rows.get(i).toBuilder();
                Descriptors.Descriptor t = b.getDescriptorForType();
                if (i % 4 == 0) {
                    b.setField(t.findFieldByName("s"), "changed " + i);
                    b.clearField(t.findFieldByName("d"));
                } else {
                    b.setField(t.findFieldByName("note"), "only the note " + i);
                }
                store.saveRecord(in(store, b.build()));
            }
            return null;
        });
        apply(store -> {
            Object type = store.getRecordMetaData().getRecordType("things").getRecordTypeKey();
            for (long id = 1; id <= 60; id += 3) {
                assertThat(store.deleteRecord(Tuple.from(type, id))).isTrue();
            }
            return null;
        });
        stores.database().run(ctx -> {
            FDBRecordStore direct = stores.openStore(ctx, "direct");
            FDBRecordStore plain = plain(ctx);
            for (Index index : direct.getRecordMetaData().getAllIndexes()) {
                List<String> got = entries(ctx, direct.indexSubspace(index));
                assertThat(got).as(index.getName()).isNotEmpty()
                        .isEqualTo(entries(ctx, plain.indexSubspace(plain.getRecordMetaData().getIndex(
                                index.getName()))));
            }
            return null;
        });
    }

    /** Runs {@code work} on both databases, each in a transaction of its own. */
    private void apply(Function<FDBRecordStore, Void> work) {
        stores.database().run(ctx -> work.apply(stores.openStore(ctx, "direct")));
        stores.database().run(ctx -> work.apply(plain(ctx)));
    }

    /** {@code m} as a message of {@code store}'s own descriptor (each database has its meta-data's). */
    private static DynamicMessage in(FDBRecordStore store, DynamicMessage m) {
        try {
            return DynamicMessage.parseFrom(store.getRecordMetaData().getRecordType("things").getDescriptor(),
                    m.toByteString());
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    private FDBRecordStore plain(FDBRecordContext ctx) {
        FDBRecordStore store = stores.openStore(ctx, "plain").asBuilder()
                .setIndexMaintainerRegistry(IndexMaintainerRegistryImpl.instance()).createOrOpen();
        for (Index index : store.getRecordMetaData().getAllIndexes()) {
            assertThat(store.getIndexMaintainer(index)).isNotInstanceOf(DirectValueIndexMaintainer.class);
        }
        return store;
    }

    /** The index's entries: key after the index's subspace, value, in hex. */
    private static List<String> entries(FDBRecordContext ctx, Subspace index) {
        List<String> out = new ArrayList<>();
        for (KeyValue kv : ctx.ensureActive().getRange(index.range()).asList().join()) {
            byte[] key = kv.getKey();
            byte[] rest = java.util.Arrays.copyOfRange(key, index.getKey().length, key.length);
            out.add(ByteArrayUtil.printable(rest) + " = " + ByteArrayUtil.printable(kv.getValue()));
        }
        return out;
    }

    private DynamicMessage row(long id, Random random) {
        Descriptors.Descriptor t = descriptor();
        DynamicMessage.Builder b = DynamicMessage.newBuilder(t).setField(t.findFieldByName("id"), id);
        if (id % 7 != 0) {
            b.setField(t.findFieldByName("s"), new String[] {"", "a", "ünïcødé", "x\u0000y", "zz"}[(int) (id % 5)]);
        }
        b.setField(t.findFieldByName("i32"), (int) (random.nextInt(11) - 5));
        if (id % 5 != 0) {
            double[] ds = {0.0, -0.0, 1.5, -2.25, Double.NaN, Double.POSITIVE_INFINITY, 1e300};
            b.setField(t.findFieldByName("d"), ds[random.nextInt(ds.length)]);
        }
        if (id % 3 != 0) {
            b.setField(t.findFieldByName("b"), ByteString.copyFrom(new byte[] {0, (byte) id, (byte) 0xff}));
        }
        b.setField(t.findFieldByName("f"), (float) (id % 4) / 3f);
        b.setField(t.findFieldByName("flag"), id % 2 == 0);
        b.setField(t.findFieldByName("u"), (long) -id);
        b.setField(t.findFieldByName("color"), t.findFieldByName("color").getEnumType().getValues().get((int) (id % 2)));
        b.addRepeatedField(t.findFieldByName("tag"), "t" + (id % 3));
        b.setField(t.findFieldByName("note"), "note " + id);
        Descriptors.Descriptor inner = t.findFieldByName("inner").getMessageType();
        b.setField(t.findFieldByName("inner"), DynamicMessage.newBuilder(inner)
                .setField(inner.findFieldByName("x"), id % 4).build());
        return b.build();
    }

    private Descriptors.Descriptor descriptor() {
        RecordMetaData md = stores.database().run(ctx -> stores.openStore(ctx, "direct").getRecordMetaData());
        return md.getRecordType("things").getDescriptor();
    }

    private static Schema schema() {
        DescriptorProto inner = DescriptorProto.newBuilder().setName("inner_t")
                .addField(field("x", 1, Type.TYPE_INT64)).build();
        DescriptorProto things = DescriptorProto.newBuilder().setName("things")
                .addField(field("id", 1, Type.TYPE_INT64)).addField(field("s", 2, Type.TYPE_STRING))
                .addField(field("i32", 3, Type.TYPE_SINT32)).addField(field("d", 4, Type.TYPE_DOUBLE))
                .addField(field("b", 5, Type.TYPE_BYTES)).addField(field("f", 6, Type.TYPE_FLOAT))
                .addField(field("flag", 7, Type.TYPE_BOOL)).addField(field("u", 8, Type.TYPE_SFIXED64))
                .addField(field("color", 9, Type.TYPE_ENUM).toBuilder().setTypeName(".t.color_t"))
                .addField(field("tag", 10, Type.TYPE_STRING).toBuilder().setLabel(Label.LABEL_REPEATED))
                .addField(field("note", 11, Type.TYPE_STRING))
                .addField(field("inner", 12, Type.TYPE_MESSAGE).toBuilder().setTypeName(".t.inner_t"))
                .build();
        EnumDescriptorProto color = EnumDescriptorProto.newBuilder().setName("color_t")
                .addValue(EnumValueDescriptorProto.newBuilder().setName("RED").setNumber(0))
                .addValue(EnumValueDescriptorProto.newBuilder().setName("BLUE").setNumber(5)).build();
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("t.proto").setPackage("t")
                .setSyntax("proto2").addMessageType(things).addMessageType(inner).addEnumType(color).build();
        Schema.Builder s = Schema.newBuilder().setFiles(FileDescriptorSet.newBuilder().addFile(file))
                .setRecordsFile("t.proto")
                .addRecordTypes(RecordTypeDefinition.newBuilder().setName("things").addPrimaryKey("id"));
        s.addIndexes(value("by_s", "s")).addIndexes(value("by_i32_d", "i32", "d")).addIndexes(value("by_b", "b"))
                .addIndexes(value("by_f_flag_u", "f", "flag", "u")).addIndexes(value("by_color", "color"))
                .addIndexes(value("by_inner_x", "inner.x"))
                .addIndexes(value("unique_s", "id", "s").toBuilder().setUnique(true))
                .addIndexes(IndexDefinition.newBuilder().setName("count_by_flag").setType(IndexType.COUNT)
                        .addRecordTypes("things").addFields("flag").setGroupSize(1));
        return s.build();
    }

    private static IndexDefinition value(String name, String... fields) {
        return IndexDefinition.newBuilder().setName(name).setType(IndexType.VALUE).addRecordTypes("things")
                .addAllFields(List.of(fields)).build();
    }

    private static FieldDescriptorProto field(String name, int number, Type type) {
        return FieldDescriptorProto.newBuilder().setName(name).setNumber(number).setLabel(Label.LABEL_OPTIONAL)
                .setType(type).build();
    }
}
