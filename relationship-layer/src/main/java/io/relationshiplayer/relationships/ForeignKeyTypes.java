package io.relationshiplayer.relationships;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.proto.v1.ColumnKind;
import io.relationshiplayer.proto.v1.ColumnType;

/**
 * Which column types a foreign key's referencing column may have for its referenced column's, as PostgreSQL 15
 * decides it: the same type (any length or precision), or an integer of another width (an INTEGER or SMALLINT
 * column referencing a BIGINT key and the reverse: a key tuple holds an integer alike whatever its width, so the
 * lookups of either side find the other's values, and a value written across, by ON UPDATE CASCADE, is range
 * checked as any written value is). A pair PostgreSQL refuses is its 42804 {@code foreign key constraint "f" cannot
 * be implemented}; the pairs it accepts by an implicit cast or a cross-type operator of another kind (an integer
 * referencing a NUMERIC or DOUBLE PRECISION key, NUMERIC referencing DOUBLE PRECISION, DATE and TIMESTAMP either way)
 * are refused here as not supported (0A000): their keys are encoded apart.
 */
final class ForeignKeyTypes {
    private ForeignKeyTypes() {
    }

    /** Refuses a referencing column {@code c} of a type that cannot reference {@code p}'s. */
    static void check(String foreignKey, ColumnDef c, ColumnDef p) {
        ColumnKind fk = c.getType().getKind();
        ColumnKind pk = p.getType().getKind();
        if (fk == pk || integer(fk) && integer(pk)) {
            return;
        }
        if (acceptedByPostgres(fk, pk)) {
            throw RelationalException.unsupported("foreign key \"" + foreignKey + "\": column \"" + c.getName()
                    + "\" of type " + Values.postgresName(c.getType()) + " cannot reference \"" + p.getName()
                    + "\" of type " + Values.postgresName(p.getType())
                    + " here (PostgreSQL compares them across types; give both columns the same type)");
        }
        throw new RelationalException(RelationalException.Kind.INVALID, RelationalException.DATATYPE_MISMATCH,
                "foreign key constraint \"" + foreignKey + "\" cannot be implemented", "Key columns \""
                + c.getName() + "\" and \"" + p.getName() + "\" are of incompatible types: "
                + Values.postgresName(c.getType()) + " and " + Values.postgresName(p.getType()) + ".", null, foreignKey,
                null);
    }

    private static boolean integer(ColumnKind k) {
        return k == ColumnKind.SMALLINT || k == ColumnKind.INTEGER || k == ColumnKind.BIGINT;
    }

    /** PostgreSQL's other accepted pairs: an implicit cast of the referencing type to the key's, or date/timestamp. */
    private static boolean acceptedByPostgres(ColumnKind fk, ColumnKind pk) {
        return integer(fk) && (pk == ColumnKind.DECIMAL || pk == ColumnKind.DOUBLE)
                || fk == ColumnKind.DECIMAL && pk == ColumnKind.DOUBLE
                || fk == ColumnKind.DATE && pk == ColumnKind.TIMESTAMP
                || fk == ColumnKind.TIMESTAMP && pk == ColumnKind.DATE;
    }
}
