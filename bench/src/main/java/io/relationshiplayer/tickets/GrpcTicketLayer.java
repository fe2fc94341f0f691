package io.relationshiplayer.tickets;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Channel;
import io.grpc.Status;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.RecordClient;
import io.relationshiplayer.client.RecordClientException;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.SaveMode;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The study's "proxy" path: the tickets through the client library's {@link RecordClient}. Tickets travel as their
 * own serialized bytes ({@link Ticket#toByteString()}, {@link Ticket#parseFrom}); a scan is the streamed Scan call,
 * read batch by batch. Failures are the client's: {@link RecordClientException} with the call's code, or
 * {@link io.relationshiplayer.client.ServerUnreachableException}.
 */
public final class GrpcTicketLayer implements TicketLayer {
    private static final ScanRequest SCAN = ScanRequest.newBuilder().setDatabase(TicketSchema.DATABASE)
            .setType(TicketSchema.TYPE).build();

    private final RecordClient records;

    private GrpcTicketLayer(RecordClient records) {
        this.records = records;
    }

    /** Connects to a record service at {@code target} ({@code host:port}, plaintext); closing the layer disconnects. */
    @Nonnull
    public static GrpcTicketLayer connect(@Nonnull String target) {
        return connect(target, ClientSecurity.plaintext());
    }

    /** As {@link #connect(String)}, with TLS and a token as {@code security} says. */
    @Nonnull
    public static GrpcTicketLayer connect(@Nonnull String target, @Nonnull ClientSecurity security) {
        RecordClient records = RecordClient.connect(Objects.requireNonNull(target, "target is null"), security);
        try {
            return open(records);
        } catch (RuntimeException e) {
            records.close();
            throw e;
        }
    }

    /**
     * The tickets of the record service on {@code channel} (which stays the caller's), creating the database and
     * registering the schema when they are missing. {@code where} names the server for reports.
     */
    @Nonnull
    public static GrpcTicketLayer open(@Nonnull Channel channel, @Nonnull String where) {
        return open(RecordClient.over(channel, where));
    }

    private static GrpcTicketLayer open(RecordClient records) {
        TicketSchema.ensure(records);
        return new GrpcTicketLayer(records);
    }

    @Override
    public void save(@Nonnull Ticket ticket) {
        saveAll(List.of(ticket));
    }

    @Override
    public void saveAll(@Nonnull List<Ticket> tickets) {
        if (!tickets.isEmpty()) {
            records.save(TicketSchema.DATABASE, TicketSchema.TYPE, tickets, Ticket::toByteString, SaveMode.UPSERT);
        }
    }

    @Nullable
    @Override
    public Ticket load(int id) {
        ByteString bytes = records.load(TicketSchema.DATABASE, TicketSchema.TYPE,
                Key.newBuilder().addValues(Value.newBuilder().setInt64Value(id)).build());
        return bytes == null ? null : parse(bytes);
    }

    @Override
    public long scan(@Nonnull Consumer<? super Ticket> each) {
        return records.scan(SCAN, m -> each.accept(parse(m.getMessage())));
    }

    @Override
    public void deleteAll() {
        // The whole database, in one transaction, as the direct path's deleteAllRecords.
        records.deleteAll(TicketSchema.DATABASE, "");
    }

    @Nonnull
    @Override
    public String describe() {
        return "proxy, " + records.address();
    }

    @Override
    public void close() {
        records.close();
    }

    private Ticket parse(ByteString bytes) {
        try {
            return Ticket.parseFrom(bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new RecordClientException(records.address(), Status.Code.INTERNAL,
                    "the service returned a ticket that does not parse: " + e.getMessage(), e);
        }
    }
}
