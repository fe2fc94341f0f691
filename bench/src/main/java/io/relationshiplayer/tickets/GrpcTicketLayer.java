package io.relationshiplayer.tickets;

import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.Channel;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.proto.v1.DeleteAllRecordsRequest;
import io.relationshiplayer.proto.v1.Key;
import io.relationshiplayer.proto.v1.LoadRecordsRequest;
import io.relationshiplayer.proto.v1.LoadedRecord;
import io.relationshiplayer.proto.v1.RecordBatch;
import io.relationshiplayer.proto.v1.RecordMessage;
import io.relationshiplayer.proto.v1.RecordServiceGrpc;
import io.relationshiplayer.proto.v1.SaveRecordsRequest;
import io.relationshiplayer.proto.v1.ScanRequest;
import io.relationshiplayer.proto.v1.Value;
import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.records.RecordServiceException;
import io.relationshiplayer.server.RlServer;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The study's "proxy" path: a gRPC client of the record service. Tickets travel as their own serialized bytes
 * ({@link Ticket#toByteString()}, {@link Ticket#parseFrom}); a scan is the streamed Scan call, read batch by batch.
 */
public final class GrpcTicketLayer implements TicketLayer {
    private final RecordServiceGrpc.RecordServiceBlockingStub stub;
    private final String where;
    @Nullable
    private final ManagedChannel owned;

    private GrpcTicketLayer(Channel channel, String where, @Nullable ManagedChannel owned) {
        this.stub = RecordServiceGrpc.newBlockingStub(channel);
        this.where = where;
        this.owned = owned;
    }

    /** Connects to a record service at {@code target} ({@code host:port}, plaintext); closing the layer disconnects. */
    @Nonnull
    public static GrpcTicketLayer connect(@Nonnull String target) {
        return connect(target, ClientSecurity.plaintext());
    }

    /** As {@link #connect(String)}, with TLS and a token as {@code security} says. */
    @Nonnull
    public static GrpcTicketLayer connect(@Nonnull String target, @Nonnull ClientSecurity security) {
        Objects.requireNonNull(target, "target is null");
        ManagedChannel channel = security.channelBuilder(target).maxInboundMessageSize(RlServer.MAX_MESSAGE_BYTES)
                .build();
        try {
            return open(channel, target, channel);
        } catch (RuntimeException e) {
            channel.shutdownNow();
            throw e;
        }
    }

    /**
     * The tickets of the record service on {@code channel} (which stays the caller's), creating the database and
     * registering the schema when they are missing. {@code where} names the server for reports.
     */
    @Nonnull
    public static GrpcTicketLayer open(@Nonnull Channel channel, @Nonnull String where) {
        return open(Objects.requireNonNull(channel, "channel is null"), Objects.requireNonNull(where, "where is null"),
                null);
    }

    private static GrpcTicketLayer open(Channel channel, String where, @Nullable ManagedChannel owned) {
        GrpcTicketLayer layer = new GrpcTicketLayer(channel, where, owned);
        layer.call(() -> {
            TicketSchema.ensure(layer.stub);
            return null;
        });
        return layer;
    }

    @Override
    public void save(@Nonnull Ticket ticket) {
        saveAll(List.of(ticket));
    }

    @Override
    public void saveAll(@Nonnull List<Ticket> tickets) {
        if (tickets.isEmpty()) {
            return;
        }
        SaveRecordsRequest.Builder r = SaveRecordsRequest.newBuilder().setDatabase(TicketSchema.DATABASE);
        for (Ticket t : tickets) {
            r.addRecords(RecordMessage.newBuilder().setType(TicketSchema.TYPE).setMessage(t.toByteString()));
        }
        call(() -> stub.saveRecords(r.build()));
    }

    @Nullable
    @Override
    public Ticket load(int id) {
        LoadedRecord r = call(() -> stub.loadRecords(LoadRecordsRequest.newBuilder().setDatabase(TicketSchema.DATABASE)
                .setType(TicketSchema.TYPE).addKeys(Key.newBuilder().addValues(Value.newBuilder().setInt64Value(id)))
                .build())).getRecords(0);
        return r.getFound() ? parse(r.getRecord()) : null;
    }

    @Override
    public long scan(@Nonnull Consumer<? super Ticket> each) {
        ScanRequest request = ScanRequest.newBuilder().setDatabase(TicketSchema.DATABASE).setType(TicketSchema.TYPE)
                .build();
        // A consumer that throws leaves the stream unread: cancelling the context ends the call on the server too.
        Context.CancellableContext scope = Context.current().withCancellation();
        Context previous = scope.attach();
        try {
            return call(() -> {
                long n = 0;
                Iterator<RecordBatch> batches = stub.scan(request);
                while (batches.hasNext()) {
                    for (RecordMessage m : batches.next().getRecordsList()) {
                        each.accept(parse(m));
                        n++;
                    }
                }
                return n;
            });
        } finally {
            scope.detach(previous);
            scope.cancel(null);
        }
    }

    @Override
    public void deleteAll() {
        // The whole database, in one transaction, as the direct path's deleteAllRecords.
        call(() -> stub.deleteAllRecords(DeleteAllRecordsRequest.newBuilder().setDatabase(TicketSchema.DATABASE)
                .build()));
    }

    @Nonnull
    @Override
    public String describe() {
        return "proxy, " + where;
    }

    @Override
    public void close() {
        if (owned != null) {
            owned.shutdown();
            try {
                if (!owned.awaitTermination(5, TimeUnit.SECONDS)) {
                    owned.shutdownNow();
                }
            } catch (InterruptedException e) {
                owned.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Ticket parse(RecordMessage m) {
        try {
            return Ticket.parseFrom(m.getMessage());
        } catch (InvalidProtocolBufferException e) {
            throw new RecordServiceException(RecordServiceException.Kind.INTERNAL,
                    "the service returned a ticket that does not parse: " + e.getMessage(), e);
        }
    }

    /** Runs a call; a failed one becomes the record service's exception of the same kind, as the direct path throws. */
    private <T> T call(Supplier<T> body) {
        try {
            return body.get();
        } catch (StatusRuntimeException e) {
            String description = e.getStatus().getDescription();
            throw new RecordServiceException(kind(e.getStatus().getCode()), "record service at " + where + ": "
                    + e.getStatus().getCode() + (description == null ? "" : ": " + description), e);
        }
    }

    static RecordServiceException.Kind kind(io.grpc.Status.Code code) {
        switch (code) {
            case INVALID_ARGUMENT:
                return RecordServiceException.Kind.INVALID_ARGUMENT;
            case NOT_FOUND:
                return RecordServiceException.Kind.NOT_FOUND;
            case ALREADY_EXISTS:
                return RecordServiceException.Kind.ALREADY_EXISTS;
            case FAILED_PRECONDITION:
                return RecordServiceException.Kind.FAILED_PRECONDITION;
            case ABORTED:
                return RecordServiceException.Kind.ABORTED;
            case DEADLINE_EXCEEDED:
                return RecordServiceException.Kind.DEADLINE_EXCEEDED;
            case RESOURCE_EXHAUSTED:
                return RecordServiceException.Kind.RESOURCE_EXHAUSTED;
            default:
                return RecordServiceException.Kind.INTERNAL;
        }
    }
}
