package io.relationshiplayer.records;

import com.apple.foundationdb.record.provider.common.RecordSerializationException;
import com.google.protobuf.AbstractMessage;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import com.google.protobuf.UnknownFieldSet;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import javax.annotation.Nonnull;

/**
 * A record as the service holds it: its serialized bytes, exactly as the client sent them or as they are stored, and
 * its fields parsed only when something reads one. A record the service loads and returns (a load by primary key, a
 * scan) is never decoded: its bytes go back out as they are, and its message type is known from the stored union field
 * without parsing. A record a client saves is parsed once on the way in (its primary key and indexes need its fields).
 * Serializing it writes the bytes it holds, so nothing is re-encoded either way.
 */
final class RawRecord extends AbstractMessage {
    private final Descriptor type;
    private final ByteString bytes;
    private volatile DynamicMessage parsed;

    private RawRecord(Descriptor type, ByteString bytes, DynamicMessage parsed) {
        this.type = Objects.requireNonNull(type, "type is null");
        this.bytes = Objects.requireNonNull(bytes, "bytes is null");
        this.parsed = parsed;
    }

    /** A stored record of {@code type}, parsed when a field is first read. */
    static RawRecord lazy(@Nonnull Descriptor type, @Nonnull ByteString bytes) {
        return new RawRecord(type, bytes, null);
    }

    /** A record whose fields were already parsed from {@code bytes}. */
    static RawRecord parsed(@Nonnull ByteString bytes, @Nonnull DynamicMessage parsed) {
        return new RawRecord(parsed.getDescriptorForType(), bytes, parsed);
    }

    /** The record's serialized bytes (never copied: the caller must not change them). */
    @Nonnull
    ByteString bytes() {
        return bytes;
    }

    private DynamicMessage fields() {
        DynamicMessage m = parsed;
        if (m == null) {
            try {
                m = DynamicMessage.parseFrom(type, bytes);
            } catch (InvalidProtocolBufferException e) {
                throw new RecordSerializationException("stored record of type " + type.getName() + " does not parse",
                        e);
            }
            parsed = m;
        }
        return m;
    }

    @Override
    public Descriptor getDescriptorForType() {
        return type;
    }

    @Override
    public Map<FieldDescriptor, Object> getAllFields() {
        return fields().getAllFields();
    }

    @Override
    public boolean hasOneof(OneofDescriptor oneof) {
        return fields().hasOneof(oneof);
    }

    @Override
    public FieldDescriptor getOneofFieldDescriptor(OneofDescriptor oneof) {
        return fields().getOneofFieldDescriptor(oneof);
    }

    @Override
    public boolean hasField(FieldDescriptor field) {
        return fields().hasField(field);
    }

    @Override
    public Object getField(FieldDescriptor field) {
        return fields().getField(field);
    }

    @Override
    public int getRepeatedFieldCount(FieldDescriptor field) {
        return fields().getRepeatedFieldCount(field);
    }

    @Override
    public Object getRepeatedField(FieldDescriptor field, int index) {
        return fields().getRepeatedField(field, index);
    }

    @Override
    public UnknownFieldSet getUnknownFields() {
        return fields().getUnknownFields();
    }

    @Override
    public boolean isInitialized() {
        return fields().isInitialized();
    }

    @Override
    public DynamicMessage getDefaultInstanceForType() {
        return DynamicMessage.getDefaultInstance(type);
    }

    @Override
    public DynamicMessage.Builder newBuilderForType() {
        return DynamicMessage.newBuilder(type);
    }

    @Override
    public DynamicMessage.Builder toBuilder() {
        return fields().toBuilder();
    }

    @Override
    public Parser<DynamicMessage> getParserForType() {
        return getDefaultInstanceForType().getParserForType();
    }

    @Override
    public void writeTo(CodedOutputStream output) throws IOException {
        output.writeRawBytes(bytes);
    }

    @Override
    public int getSerializedSize() {
        return bytes.size();
    }

    @Override
    public ByteString toByteString() {
        return bytes;
    }
}
