package io.relationshiplayer.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.apple.foundationdb.record.provider.common.RecordSerializationException;
import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import org.junit.jupiter.api.Test;

/** A record held as its bytes: they go out as they came in, and its fields are parsed only when one is read. */
class RawRecordTest {
    private static Descriptor type() throws Exception {
        FileDescriptorProto file = FileDescriptorProto.newBuilder().setName("t.proto").addMessageType(
                DescriptorProto.newBuilder().setName("T")
                        .addField(FieldDescriptorProto.newBuilder().setName("id").setNumber(1)
                                .setType(FieldDescriptorProto.Type.TYPE_INT64))
                        .addField(FieldDescriptorProto.newBuilder().setName("name").setNumber(2)
                                .setType(FieldDescriptorProto.Type.TYPE_STRING))).build();
        return FileDescriptor.buildFrom(file, new FileDescriptor[0]).findMessageTypeByName("T");
    }

    @Test
    void aLoadedRecordIsNotParsedUntilAFieldIsRead() throws Exception {
        Descriptor t = type();
        // a length-delimited field 1 where the schema has a varint: parsing it would keep it as unknown, not fail;
        // truncated bytes do fail, and only when a field is read
        ByteString broken = ByteString.copyFrom(new byte[] {0x12, 0x05, 'a'});
        RawRecord r = RawRecord.lazy(t, broken);
        assertThat(r.getDescriptorForType()).isSameAs(t);
        assertThat(r.toByteString()).isSameAs(broken);
        assertThat(r.getSerializedSize()).isEqualTo(3);
        assertThat(RawRecordSerializer.bytes(r)).isSameAs(broken);
        assertThatThrownBy(() -> r.getField(t.findFieldByName("name")))
                .isInstanceOf(RecordSerializationException.class).hasMessageContaining("does not parse");
    }

    @Test
    void fieldsReadFromTheBytesAndTheBytesWrittenAsTheyAre() throws Exception {
        Descriptor t = type();
        DynamicMessage m = DynamicMessage.newBuilder(t).setField(t.findFieldByName("id"), 7L)
                .setField(t.findFieldByName("name"), "ann").build();
        // name before id: not the order an encoder writes
        ByteString swapped = ByteString.copyFrom(new byte[] {0x12, 0x03, 'a', 'n', 'n', 0x08, 0x07});
        RawRecord r = RawRecord.lazy(t, swapped);
        assertThat(r.getField(t.findFieldByName("id"))).isEqualTo(7L);
        assertThat(r.getField(t.findFieldByName("name"))).isEqualTo("ann");
        assertThat(r).isEqualTo(m);
        assertThat(r.toByteArray()).containsExactly(swapped.toByteArray());
        assertThat(m.toByteString()).isNotEqualTo(swapped);
        assertThat(r.toBuilder().build()).isEqualTo(m);
    }
}
