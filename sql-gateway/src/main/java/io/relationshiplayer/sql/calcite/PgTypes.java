package io.relationshiplayer.sql.calcite;

import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;
import io.relationshiplayer.sql.calcite.InformationSchemaTable.Rows;
import java.util.List;

/**
 * PostgreSQL's base types that SQL here reads and writes, as {@code pg_catalog.pg_type} lists them (PostgreSQL 15's
 * object ids, lengths and categories), and the type and type modifier of a column as {@code pg_attribute} gives them.
 * A column's type is the one {@code information_schema.columns.udt_name} names: TEXT is {@code varchar}, SMALLINT
 * {@code int4}, REAL {@code float8} (the catalog keeps fewer kinds than PostgreSQL has types).
 */
final class PgTypes {
    /** PostgreSQL's collation {@code default}, which its character types have. */
    private static final long DEFAULT_COLLATION = 100;
    /** What PostgreSQL adds to a length or precision to make a type modifier (the header of a varlena). */
    private static final int VARHDRSZ = 4;

    /** A row of pg_type: its id, name, length (-1: variable), passed by value, category, preferred in it. */
    record PgType(long oid, String name, short length, boolean byValue, String category, boolean preferred) {
        boolean collatable() {
            return category.equals("S");
        }
    }

    static final PgType BOOL = new PgType(16, "bool", (short) 1, true, "B", true);
    static final PgType BYTEA = new PgType(17, "bytea", (short) -1, false, "U", false);
    static final PgType INT8 = new PgType(20, "int8", (short) 8, true, "N", false);
    static final PgType INT2 = new PgType(21, "int2", (short) 2, true, "N", false);
    static final PgType INT4 = new PgType(23, "int4", (short) 4, true, "N", false);
    static final PgType TEXT = new PgType(25, "text", (short) -1, false, "S", true);
    static final PgType FLOAT4 = new PgType(700, "float4", (short) 4, true, "N", false);
    static final PgType FLOAT8 = new PgType(701, "float8", (short) 8, true, "N", true);
    static final PgType BPCHAR = new PgType(1042, "bpchar", (short) -1, false, "S", false);
    static final PgType VARCHAR = new PgType(1043, "varchar", (short) -1, false, "S", false);
    static final PgType DATE = new PgType(1082, "date", (short) 4, true, "D", false);
    static final PgType TIME = new PgType(1083, "time", (short) 8, true, "D", false);
    static final PgType TIMESTAMP = new PgType(1114, "timestamp", (short) 8, true, "D", false);
    static final PgType NUMERIC = new PgType(1700, "numeric", (short) -1, false, "N", false);

    /** Every type listed, in PostgreSQL's order of ids. */
    static final List<PgType> ALL = List.of(BOOL, BYTEA, INT8, INT2, INT4, TEXT, FLOAT4, FLOAT8, BPCHAR, VARCHAR,
            DATE, TIME, TIMESTAMP, NUMERIC);

    private PgTypes() {
    }

    /** The type of a column of kind {@code t}. */
    static PgType of(ColumnType t) {
        switch (t.getKind()) {
            case BIGINT:
                return INT8;
            case INTEGER:
                return INT4;
            case SMALLINT:
                return INT2;
            case DOUBLE:
                return FLOAT8;
            case BOOLEAN:
                return BOOL;
            case VARCHAR:
                return VARCHAR;
            case VARBINARY:
                return BYTEA;
            case DECIMAL:
                return NUMERIC;
            case DATE:
                return DATE;
            case TIMESTAMP:
                return TIMESTAMP;
            case TIME:
                return TIME;
            default:
                throw new IllegalArgumentException("no PostgreSQL type for " + t);
        }
    }

    /**
     * {@code atttypmod}: a VARCHAR's length, a DECIMAL's precision and scale and a TIMESTAMP(p)'s or TIME(p)'s p (below
     * six) as PostgreSQL encodes them; -1 where there is none (an unbounded VARCHAR, every other type).
     */
    static int typeModifier(ColumnType t) {
        if (t.getKind() == ColumnKind.VARCHAR && t.getLength() > 0) {
            return t.getLength() + VARHDRSZ;
        }
        if (t.getKind() == ColumnKind.DECIMAL && t.getPrecision() > 0) {
            return (t.getPrecision() << 16 | t.getScale()) + VARHDRSZ;
        }
        if ((t.getKind() == ColumnKind.TIMESTAMP || t.getKind() == ColumnKind.TIME)
                && Timestamps.precision(t) < Timestamps.PRECISION) {
            return Timestamps.precision(t);
        }
        return -1;
    }

    /** The rows of pg_type: base types of schema pg_catalog, none a domain, an array or a row type. */
    static void rows(String database, io.relationshiplayer.relationships.Catalog catalog, Rows out) {
        for (PgType t : ALL) {
            out.add().set("oid", t.oid()).set("typname", t.name()).set("typnamespace", PgCatalog.PG_CATALOG_OID)
                    .set("typlen", t.length()).set("typbyval", t.byValue()).set("typtype", "b")
                    .set("typcategory", t.category()).set("typispreferred", t.preferred()).set("typisdefined", true)
                    .set("typdelim", ",").set("typrelid", 0L).set("typelem", 0L).set("typnotnull", false)
                    .set("typbasetype", 0L).set("typtypmod", -1).set("typndims", 0)
                    .set("typcollation", t.collatable() ? DEFAULT_COLLATION : 0L);
        }
    }
}
