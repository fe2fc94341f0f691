package io.relationshiplayer.sql.calcite;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type rules, where SQL users expect otherwise: CASE and UNION of strings of different lengths are VARCHAR
 * (not blank-padded CHAR); SUM of INTEGER is BIGINT and SUM of BIGINT is DECIMAL, as in PostgreSQL, so that a sum (and
 * an average, which Calcite computes from it) is exact where the values' own type would overflow.
 */
public final class RlTypeSystem extends RelDataTypeSystemImpl {
    public static final RlTypeSystem INSTANCE = new RlTypeSystem();

    /**
     * A value with more digits than its type keeps is rounded half away from zero, as PostgreSQL rounds numeric (12.346
     * into DECIMAL(12, 2) is 12.35, CAST(2.5 AS INTEGER) is 3); Calcite's default truncates, which stores a wrong value.
     */
    @Override
    public java.math.RoundingMode roundingMode() {
        return java.math.RoundingMode.HALF_UP;
    }

    /**
     * {@code TIMESTAMP} without a precision (in a CAST) keeps what a TIMESTAMP column keeps, microseconds
     * ({@link Timestamps#PRECISION}); Calcite's default of 0 dropped the fraction of {@code CAST('...' AS TIMESTAMP)},
     * where PostgreSQL's TIMESTAMP keeps its digits.
     */
    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.TIMESTAMP || typeName == SqlTypeName.TIME ? Timestamps.PRECISION
                : super.getDefaultPrecision(typeName);
    }

    /** A TIMESTAMP has up to six digits of a second's fraction, as PostgreSQL's (Calcite's default is three). */
    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.TIMESTAMP || typeName == SqlTypeName.TIME ? Timestamps.PRECISION
                : super.getMaxPrecision(typeName);
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        SqlTypeName t = argumentType.getSqlTypeName();
        if (t == SqlTypeName.INTEGER || t == SqlTypeName.SMALLINT || t == SqlTypeName.TINYINT) {
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.BIGINT),
                    argumentType.isNullable());
        }
        if (t == SqlTypeName.BIGINT) {
            return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DECIMAL,
                    getMaxPrecision(SqlTypeName.DECIMAL), 0), argumentType.isNullable());
        }
        return super.deriveSumType(typeFactory, argumentType);
    }
}
