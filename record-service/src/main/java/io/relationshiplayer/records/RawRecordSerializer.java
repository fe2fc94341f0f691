package io.relationshiplayer.records;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.RecordType;
import com.apple.foundationdb.record.provider.common.RecordSerializationException;
import com.apple.foundationdb.record.provider.common.RecordSerializer;
import com.apple.foundationdb.record.provider.common.StoreTimer;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Stores a record as the Record Layer's union message, framed around the client's own bytes: the union holds one
 * length-delimited field, so the stored value is that field's tag, the length and the bytes the client sent. A loaded
 * record is a {@link RawRecord} over its stored bytes, parsed only if something reads a field (indexes, filters, SQL),
 * so that the service returns the bytes as they are. No record is re-encoded on its way in or out. The result is what
 * the Record Layer's own serializer writes for the same message, so generated-class clients of the library read the
 * same data.
 */
public final class RawRecordSerializer implements RecordSerializer<Message> {
    public static final RawRecordSerializer INSTANCE = new RawRecordSerializer();

    private RawRecordSerializer() {
    }

    /** FoundationDB's limit on one value: a record's bytes (framed) must fit in it. */
    public static final int MAX_VALUE_BYTES = 100_000;

    /**
     * Parses a client's record bytes as {@code type}; the record remembers the bytes. Refused (INVALID_ARGUMENT): bytes
     * that do not parse, and a field of the schema sent with another wire type (protobuf would keep it as an unknown
     * field and leave the field unset: a primary key field would be stored as NULL). Refused (RESOURCE_EXHAUSTED):
     * bytes over FoundationDB's value limit.
     */
    @Nonnull
    public static Message parse(@Nonnull RecordType type, @Nonnull ByteString bytes) {
        if (bytes.size() > MAX_VALUE_BYTES) {
            throw new RecordServiceException(RecordServiceException.Kind.RESOURCE_EXHAUSTED, "record of type "
                    + type.getName() + " is " + bytes.size() + " bytes, over FoundationDB's value limit of "
                    + MAX_VALUE_BYTES + " bytes");
        }
        DynamicMessage m;
        try {
            m = DynamicMessage.parseFrom(type.getDescriptor(), bytes);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw RecordServiceException.invalid("record of type " + type.getName() + " does not parse: "
                    + e.getMessage());
        }
        checkWireTypes(type.getName(), m);
        return RawRecord.parsed(bytes, m);
    }

    /** Fails on a field of the schema that came with a wire type other than its type's, at any depth. */
    private static void checkWireTypes(String typeName, Message m) {
        for (java.util.Map.Entry<Integer, com.google.protobuf.UnknownFieldSet.Field> u
                : m.getUnknownFields().asMap().entrySet()) {
            FieldDescriptor field = m.getDescriptorForType().findFieldByNumber(u.getKey());
            if (field != null) {
                com.google.protobuf.UnknownFieldSet.Field f = u.getValue();
                String sent = !f.getLengthDelimitedList().isEmpty() ? "length-delimited"
                        : !f.getVarintList().isEmpty() ? "varint"
                        : !f.getFixed64List().isEmpty() ? "fixed64"
                        : !f.getFixed32List().isEmpty() ? "fixed32" : "group";
                throw RecordServiceException.invalid("record of type " + typeName + ": field '" + field.getName()
                        + "' (" + field.getNumber() + ") has wire type " + sent + ", the schema says "
                        + field.getType().name().toLowerCase(java.util.Locale.ROOT) + " ("
                        + wireName(field.getLiteType().getWireType()) + ")");
            }
        }
        for (java.util.Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            if (e.getKey().getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                if (e.getKey().isRepeated()) {
                    for (Object o : (java.util.List<?>) e.getValue()) {
                        checkWireTypes(typeName, (Message) o);
                    }
                } else {
                    checkWireTypes(typeName, (Message) e.getValue());
                }
            }
        }
    }

    private static String wireName(int wireType) {
        switch (wireType) {
            case WireFormat.WIRETYPE_VARINT:
                return "varint";
            case WireFormat.WIRETYPE_FIXED64:
                return "fixed64";
            case WireFormat.WIRETYPE_FIXED32:
                return "fixed32";
            case WireFormat.WIRETYPE_LENGTH_DELIMITED:
                return "length-delimited";
            default:
                return "group";
        }
    }

    /**
     * The serialized bytes of a record: those it was parsed or loaded from, or (for records built in code) a fresh
     * encoding. Never copied: the caller must not change them.
     */
    @Nonnull
    public static ByteString bytes(@Nonnull Message record) {
        return record instanceof RawRecord raw ? raw.bytes() : record.toByteString();
    }

    @Nonnull
    @Override
    public byte[] serialize(@Nonnull RecordMetaData metaData, @Nonnull RecordType recordType, @Nonnull Message rec,
                            @Nullable StoreTimer timer) {
        FieldDescriptor field = metaData.getUnionFieldForRecordType(recordType);
        ByteString inner = bytes(rec);
        int tag = (field.getNumber() << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED;
        byte[] out = new byte[CodedOutputStream.computeUInt32SizeNoTag(tag)
                + CodedOutputStream.computeUInt32SizeNoTag(inner.size()) + inner.size()];
        CodedOutputStream cos = CodedOutputStream.newInstance(out);
        try {
            cos.writeUInt32NoTag(tag);
            cos.writeUInt32NoTag(inner.size());
            cos.writeRawBytes(inner);
            cos.checkNoSpaceLeft();
        } catch (IOException e) {
            throw new RecordSerializationException("cannot frame record", e);
        }
        return out;
    }

    @Nonnull
    @Override
    public Message deserialize(@Nonnull RecordMetaData metaData, @Nonnull Tuple primaryKey, @Nonnull byte[] serialized,
                               @Nullable StoreTimer timer) {
        try {
            CodedInputStream in = CodedInputStream.newInstance(serialized);
            int tag = in.readTag();
            FieldDescriptor field = metaData.getUnionDescriptor().findFieldByNumber(WireFormat.getTagFieldNumber(tag));
            if (field == null || WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                throw new RecordSerializationException("stored record has no known union field")
                        .addLogInfo("primaryKey", primaryKey);
            }
            int length = in.readRawVarint32();
            int start = in.getTotalBytesRead();
            if (start + length != serialized.length) {
                // Not a single framed record (written by another serializer): parse the union the usual way.
                DynamicMessage union = DynamicMessage.parseFrom(metaData.getUnionDescriptor(), serialized);
                return (Message) union.getField(union.getAllFields().keySet().iterator().next());
            }
            // the loaded value is the record's own: wrapped, not copied, and parsed only if a field is read
            return RawRecord.lazy(field.getMessageType(), UnsafeByteOperations.unsafeWrap(serialized, start, length));
        } catch (IOException e) {
            throw new RecordSerializationException("stored record does not parse", e)
                    .addLogInfo("primaryKey", primaryKey);
        }
    }

    @Nonnull
    @Override
    public RecordSerializer<Message> widen() {
        return this;
    }
}
