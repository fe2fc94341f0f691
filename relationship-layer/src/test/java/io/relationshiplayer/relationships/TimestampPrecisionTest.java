package io.relationshiplayer.relationships;

import static io.relationshiplayer.relationships.TicketTracker.column;
import static io.relationshiplayer.relationships.TicketTracker.key;
import static io.relationshiplayer.relationships.TicketTracker.row;
import static io.relationshiplayer.relationships.TicketTracker.withDefault;
import static org.assertj.core.api.Assertions.assertThat;

import io.relationshiplayer.fdb.Backend;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.TableDef;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The write path rounds every value written to a TIMESTAMP(p) column (p below six) to p digits as PostgreSQL does,
 * halves away from 2000-01-01, whoever writes it: an insert, an update, a DEFAULT. Lookups by key are not rounded
 * (a key between two stored values matches none).
 */
class TimestampPrecisionTest {
    private static Backend backend;
    private static RelationshipLayer layer;

    @BeforeAll
    static void open() {
        backend = Backend.open("embedded:memory");
        layer = TicketTracker.layer(backend);
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    private static LocalDateTime at(String text) {
        return LocalDateTime.parse(text);
    }

    @Test
    void everyWriteRoundsToTheColumnsPrecision() {
        String db = TicketTracker.newDatabase(layer, "precision");
        var seconds = column("s", ColumnKind.TIMESTAMP);
        seconds.getTypeBuilder().setPrecision(0);
        var millis = column("ms", ColumnKind.TIMESTAMP);
        millis.getTypeBuilder().setPrecision(3);
        var defaulted = withDefault(column("d", ColumnKind.TIMESTAMP), "2024-01-01 12:00:00.5");
        defaulted.getTypeBuilder().setPrecision(0);
        layer.createTable(db, TableDef.newBuilder().setName("times").addColumns(column("id", ColumnKind.BIGINT))
                .addColumns(seconds).addColumns(millis).addColumns(column("us", ColumnKind.TIMESTAMP))
                .addColumns(defaulted).addPrimaryKey("id").build(), false);
        layer.run(db, s -> s.insert("times", row("id", 1L, "s", at("2024-01-01T12:00:00.5"),
                "ms", at("2024-01-01T12:00:00.1235"), "us", at("2024-01-01T12:00:00.123456"))));
        layer.run(db, s -> s.insert("times", row("id", 2L, "s", "1990-06-01 00:00:00.5", "ms", at(
                "1990-06-01T00:00:00.0005"))));
        Row one = layer.run(db, s -> s.lookup("times", key(1L)));
        assertThat(one.get("s")).isEqualTo(at("2024-01-01T12:00:01"));
        assertThat(one.get("ms")).isEqualTo(at("2024-01-01T12:00:00.124"));
        assertThat(one.get("us")).isEqualTo(at("2024-01-01T12:00:00.123456")); // TIMESTAMP keeps microseconds
        assertThat(one.get("d")).isEqualTo(at("2024-01-01T12:00:01")); // the DEFAULT rounded too
        Row two = layer.run(db, s -> s.lookup("times", key(2L)));
        // halves round away from PostgreSQL's epoch, 2000-01-01: down before it
        assertThat(two.get("s")).isEqualTo(at("1990-06-01T00:00:00"));
        assertThat(two.get("ms")).isEqualTo(at("1990-06-01T00:00:00"));
        layer.run(db, s -> s.update("times", key(1L), row("s", at("2024-01-01T12:00:09.49"))));
        assertThat(layer.run(db, s -> s.lookup("times", key(1L))).get("s")).isEqualTo(at("2024-01-01T12:00:09"));
    }

    @Test
    void aTimestampPrimaryKeyIsRoundedWhenWrittenNotWhenLookedUp() {
        String db = TicketTracker.newDatabase(layer, "precision_key");
        var at = column("at", ColumnKind.TIMESTAMP);
        at.getTypeBuilder().setPrecision(1);
        layer.createTable(db, TableDef.newBuilder().setName("events").addColumns(at).addPrimaryKey("at").build(),
                false);
        layer.run(db, s -> s.insert("events", row("at", at("2024-01-01T12:00:00.26"))));
        Row rounded = layer.run(db, s -> s.lookup("events", key(at("2024-01-01T12:00:00.3"))));
        Row given = layer.run(db, s -> s.lookup("events", key(at("2024-01-01T12:00:00.26"))));
        assertThat(rounded == null ? null : rounded.get("at")).isEqualTo(at("2024-01-01T12:00:00.3"));
        assertThat(given).as("no row has the unrounded key").isNull();
    }
}
