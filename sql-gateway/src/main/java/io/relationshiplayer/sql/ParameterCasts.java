package io.relationshiplayer.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A parameter cast to a DECIMAL of a precision ({@code CAST(? AS DECIMAL(8, 2))}, {@code ?::numeric(8, 2)}) is cast
 * as PostgreSQL casts it: rounded to the scale, 22003 past the precision. Calcite typed such a parameter as the cast's
 * type itself, so the cast was dropped as one of a value to its own type and the value came through as bound
 * (1.005 stayed 1.005 in a DECIMAL(8, 2), 123.005 passed a DECIMAL(4, 2)). The parameter is now typed as the widest
 * DECIMAL that keeps the scale, DECIMAL(38, 16) or more, which the cast then narrows.
 */
final class ParameterCasts {
    private ParameterCasts() {
    }

    /** The type of the parameter {@code node} casts, if {@code node} is such a cast, else null. */
    static RelDataType operandType(RelDataTypeFactory types, SqlNode node) {
        if (!(node instanceof SqlCall cast) || cast.getKind() != SqlKind.CAST || cast.operandCount() != 2
                || !(cast.operand(0) instanceof SqlDynamicParam)
                || !(cast.operand(1) instanceof SqlDataTypeSpec spec)
                || !(spec.getTypeNameSpec() instanceof SqlBasicTypeNameSpec basic) || basic.getPrecision() < 0) {
            return null;
        }
        String name = basic.getTypeName().getSimple();
        if (!name.equalsIgnoreCase("DECIMAL") && !name.equalsIgnoreCase("NUMERIC") && !name.equalsIgnoreCase("DEC")) {
            return null;
        }
        int max = types.getTypeSystem().getMaxNumericPrecision();
        int scale = Math.min(max, Math.max(16, Math.max(basic.getScale(), 0)));
        return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL, max, scale), true);
    }
}
