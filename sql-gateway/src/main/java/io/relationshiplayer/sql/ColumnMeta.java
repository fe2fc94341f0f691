package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnType;

/** A result column: its name, its SQL type and whether it may be NULL. */
public record ColumnMeta(String name, ColumnType type, boolean nullable) {
}
