package io.relationshiplayer.tickets;

import io.relationshiplayer.proto.v1.tickets.Ticket;
import io.relationshiplayer.proto.v1.tickets.TicketType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import javax.annotation.Nonnull;

/**
 * Random tickets as the study generated them: key, title and description {@code "<field>-<id>-<0..999>"}, and here a
 * random type (the study's code always used Work).
 */
public final class RandomTickets {
    private static final TicketType[] TYPES = TicketType.values();

    private final Random random;

    public RandomTickets(@Nonnull Random random) {
        this.random = Objects.requireNonNull(random, "random is null");
    }

    @Nonnull
    public Ticket next(int id) {
        return Ticket.newBuilder().setId(id)
                .setKey("key-" + id + "-" + random.nextInt(1000))
                .setTitle("title-" + id + "-" + random.nextInt(1000))
                .setDescription("desc-" + id + "-" + random.nextInt(1000))
                .setType(TYPES[random.nextInt(TYPES.length)])
                .build();
    }

    /** {@code count} tickets with ids {@code firstId, firstId + 1, ...}. */
    @Nonnull
    public List<Ticket> next(int firstId, int count) {
        List<Ticket> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(next(firstId + i));
        }
        return out;
    }
}
