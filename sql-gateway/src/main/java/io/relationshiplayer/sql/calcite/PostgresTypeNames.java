package io.relationshiplayer.sql.calcite;

import java.util.Map;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's own names of the types the engine has, which the DDL takes and Calcite does not ({@code text},
 * {@code int4}, {@code int8}, {@code bool}, {@code float8}, ...), as named types of the root schema: Calcite's validator
 * looks a type name it does not know up there, so {@code CAST(x AS text)} and {@code x::text} are casts to VARCHAR.
 */
public final class PostgresTypeNames {
    private static final Map<String, SqlTypeName> NAMES = Map.of("text", SqlTypeName.VARCHAR,
            "int2", SqlTypeName.SMALLINT, "int4", SqlTypeName.INTEGER, "int8", SqlTypeName.BIGINT,
            "float4", SqlTypeName.REAL, "float8", SqlTypeName.DOUBLE, "bool", SqlTypeName.BOOLEAN,
            "bytea", SqlTypeName.VARBINARY);

    private PostgresTypeNames() {
    }

    /** Adds the names to {@code root}, the root schema of a validator's catalog. */
    public static void addTo(SchemaPlus root) {
        NAMES.forEach((name, type) -> root.add(name, types -> types.createSqlType(type)));
    }
}
