package io.relationshiplayer.sql.calcite;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type rules, where SQL users expect otherwise: CASE and UNION of strings of different lengths are VARCHAR
 * (not blank-padded CHAR); SUM of INTEGER is BIGINT and SUM of BIGINT is DECIMAL, as in PostgreSQL, so that a sum (and
 * an average, which Calcite computes from it) is exact where the values' own type would overflow; an average has
 * sixteen decimals.
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

    /**
     * A TIMESTAMP has up to six digits of a second's fraction, as PostgreSQL's (Calcite's default is three); a DECIMAL
     * an expression computes up to 38 digits (Calcite's default is 19; a column keeps 18, DdlTypes), so that an
     * average has its sixteen decimals and a sum of BIGINTs its every digit.
     */
    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        if (typeName == SqlTypeName.DECIMAL) {
            return MAX_DECIMAL_PRECISION;
        }
        return typeName == SqlTypeName.TIMESTAMP || typeName == SqlTypeName.TIME ? Timestamps.PRECISION
                : super.getMaxPrecision(typeName);
    }

    /** The most digits of a DECIMAL an expression computes. */
    static final int MAX_DECIMAL_PRECISION = 38;
    /** The decimals of an average or a deviation of exact numbers: PostgreSQL's numeric has (at least) 16. */
    static final int AVERAGE_SCALE = 16;

    /**
     * AVG, STDDEV and VARIANCE of exact numbers are a DECIMAL of at least sixteen decimals, as PostgreSQL's numeric
     * (whose division keeps sixteen significant digits or more); Calcite's were the argument's type, so the average of
     * the INTEGERs 1, 2 and 2 was 1 and of the DECIMAL(10, 2)s 1, 2 and 2.01 was 1.67 (PostgreSQL: 1.6666666666666667
     * and 1.6700000000000000). Of floating-point numbers (a REAL too) they are DOUBLE, as PostgreSQL's.
     */
    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        int scale;
        switch (argumentType.getSqlTypeName()) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                scale = AVERAGE_SCALE;
                break;
            case DECIMAL:
                scale = Math.max(argumentType.getScale(), AVERAGE_SCALE);
                break;
            case REAL:
                // PostgreSQL's of a real are double precision
                return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DOUBLE),
                        argumentType.isNullable());
            default:
                return super.deriveAvgAggType(typeFactory, argumentType);
        }
        // all 38 digits: Calcite casts the SUM to this type before dividing it, so it must hold the sum (600.00 +
        // 500.00 of a DECIMAL(5, 2) has more digits than a value)
        return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DECIMAL,
                MAX_DECIMAL_PRECISION, scale), argumentType.isNullable());
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
