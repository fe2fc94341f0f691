package io.relationshiplayer.tickets;

import com.apple.foundationdb.record.RecordMetaData;
import com.apple.foundationdb.record.metadata.RecordType;
import com.apple.foundationdb.record.provider.common.RecordSerializationException;
import com.apple.foundationdb.record.provider.common.RecordSerializer;
import com.apple.foundationdb.record.provider.common.StoreTimer;
import com.apple.foundationdb.tuple.Tuple;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.relationshiplayer.proto.v1.tickets.RecordTypeUnion;
import io.relationshiplayer.records.RawRecordSerializer;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * Writes exactly what the record service writes (it delegates to {@link RawRecordSerializer}), and reads stored
 * tickets straight into the generated {@link io.relationshiplayer.proto.v1.tickets.Ticket} class, as a client of the
 * Record Layer library with generated classes does: no dynamic message on the way.
 */
final class TicketRecordSerializer implements RecordSerializer<Message> {
    static final TicketRecordSerializer INSTANCE = new TicketRecordSerializer();

    private TicketRecordSerializer() {
    }

    @Nonnull
    @Override
    public byte[] serialize(@Nonnull RecordMetaData metaData, @Nonnull RecordType recordType, @Nonnull Message rec,
                            @Nullable StoreTimer timer) {
        return RawRecordSerializer.INSTANCE.serialize(metaData, recordType, rec, timer);
    }

    @Nonnull
    @Override
    public Message deserialize(@Nonnull RecordMetaData metaData, @Nonnull Tuple primaryKey, @Nonnull byte[] serialized,
                               @Nullable StoreTimer timer) {
        try {
            RecordTypeUnion union = RecordTypeUnion.parseFrom(serialized);
            if (!union.hasTicket()) {
                throw new RecordSerializationException("stored record is not a Ticket")
                        .addLogInfo("primaryKey", primaryKey);
            }
            return union.getTicket();
        } catch (InvalidProtocolBufferException e) {
            throw new RecordSerializationException("stored ticket does not parse", e)
                    .addLogInfo("primaryKey", primaryKey);
        }
    }

    @Nonnull
    @Override
    public RecordSerializer<Message> widen() {
        return this;
    }
}
