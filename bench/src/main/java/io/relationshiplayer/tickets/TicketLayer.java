package io.relationshiplayer.tickets;

import io.relationshiplayer.proto.v1.tickets.Ticket;
import java.util.List;
import java.util.function.Consumer;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The study's data access layer for tickets: the same operations whether the Record Layer is used directly
 * ({@link DirectTicketLayer}) or through the record service over gRPC ({@link GrpcTicketLayer}). Both store in the
 * record service's {@value TicketSchema#DATABASE} database, so each reads what the other wrote. Failures are each
 * path's own: {@link io.relationshiplayer.records.RecordServiceException} directly, the client library's
 * {@link io.relationshiplayer.client.ClientException} through the service (both carry the failure's kind or code).
 */
public interface TicketLayer extends AutoCloseable {
    /** Saves (inserts or replaces) one ticket in one transaction. */
    void save(@Nonnull Ticket ticket);

    /** Saves all tickets in one transaction. */
    void saveAll(@Nonnull List<Ticket> tickets);

    /** The ticket with this id, loaded in one transaction, or null when there is none. */
    @Nullable
    Ticket load(int id);

    /**
     * Reads every ticket in id order, handing each to {@code each} as it arrives (nothing is collected); returns how
     * many there were. A long scan spans several transactions, so it is not one snapshot.
     */
    long scan(@Nonnull Consumer<? super Ticket> each);

    /** Deletes every ticket. */
    void deleteAll();

    /** What this layer talks to, for reports: e.g. "direct, embedded:memory" or "proxy, 127.0.0.1:7470". */
    @Nonnull
    String describe();

    /** Releases what the layer opened itself (a channel); what it was given stays open. */
    @Override
    void close();
}
