package io.relationshiplayer.access;

import java.util.Locale;

/** What a principal may do on a database; each role includes the ones before it (admin includes write, read). */
public enum Role {
    /** Queries, loads, scans, metadata. */
    READ,
    /** Inserts, updates, deletes, saves. */
    WRITE,
    /** DDL, schema changes, creating and dropping the database. */
    ADMIN;

    public boolean includes(Role other) {
        return compareTo(other) >= 0;
    }

    /** {@code read}, {@code write} or {@code admin} (any case). */
    public static Role parse(String text) {
        for (Role r : values()) {
            if (r.name().equalsIgnoreCase(text)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown role '" + text + "': expected read, write or admin");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
