package io.relationshiplayer.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * PostgreSQL's resolution of a string literal beside a number (CASE's branches, COALESCE, lead/lag's default, a
 * UNION's columns): the literal, of unknown type in PostgreSQL, takes the number's type ({@code COALESCE(n, '7')} is
 * an integer, {@code CASE ... THEN 'x' ELSE n END} 22P02). Calcite promoted both to text, so such a value ordered and
 * compared as text ({@code 10} before {@code 5}). A CHAR here is a string literal: there are no CHAR columns, and an
 * explicit cast to {@code char(n)} beside a number, which PostgreSQL refuses (42804), is read as the number too.
 */
final class LiteralCoercion extends TypeCoercionImpl {
    LiteralCoercion(RelDataTypeFactory typeFactory, SqlValidator validator) {
        super(typeFactory, validator);
    }

    /**
     * A number and a text that is no literal ({@code 1 + 'abc'::text}, {@code n + varchar_col}) in arithmetic: no
     * operator, 42883 {@code operator does not exist: integer + text}, as PostgreSQL's, where Calcite cast the text to the
     * number (22P02 as rows were read). A string literal beside a number is still read as the number.
     */
    @Override
    protected boolean binaryArithmeticWithStrings(org.apache.calcite.sql.SqlCallBinding binding, RelDataType left,
            RelDataType right) {
        if (SqlTypeUtil.isNumeric(left) && text(right) || text(left) && SqlTypeUtil.isNumeric(right)) {
            return false;
        }
        return super.binaryArithmeticWithStrings(binding, left, right);
    }

    /** No implicit cast of a text that is no literal to a number, as in PostgreSQL ({@code abs(s)}: 42883). */
    @Override
    public RelDataType implicitCast(RelDataType in, org.apache.calcite.sql.type.SqlTypeFamily expected) {
        if (text(in) && expected != null && numeric(expected)) {
            return null;
        }
        return super.implicitCast(in, expected);
    }

    private static boolean numeric(org.apache.calcite.sql.type.SqlTypeFamily f) {
        return switch (f) {
            case NUMERIC, DECIMAL, APPROXIMATE_NUMERIC, EXACT_NUMERIC, INTEGER -> true;
            default -> false;
        };
    }

    private static boolean text(RelDataType type) {
        return SqlTypeUtil.isCharacter(type) && type.getSqlTypeName() != SqlTypeName.CHAR;
    }

    @Override
    public RelDataType getWiderTypeForTwo(RelDataType type1, RelDataType type2, boolean stringPromotion) {
        if (type1 != null && type2 != null) {
            boolean literal1 = type1.getSqlTypeName() == SqlTypeName.CHAR;
            boolean literal2 = type2.getSqlTypeName() == SqlTypeName.CHAR;
            RelDataType other = literal1 && !literal2 ? type2 : literal2 && !literal1 ? type1 : null;
            if (other != null && SqlTypeUtil.isNumeric(other)) {
                return factory.createTypeWithNullability(other, type1.isNullable() || type2.isNullable());
            }
        }
        return super.getWiderTypeForTwo(type1, type2, stringPromotion);
    }
}
