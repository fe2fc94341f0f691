package io.relationshiplayer.sql.calcite;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type rules, where SQL users expect otherwise: CASE and UNION of strings of different lengths are VARCHAR
 * (not blank-padded CHAR), and SUM of INTEGER is BIGINT (two large integers must not overflow).
 */
public final class RlTypeSystem extends RelDataTypeSystemImpl {
    public static final RlTypeSystem INSTANCE = new RlTypeSystem();

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
        return super.deriveSumType(typeFactory, argumentType);
    }
}
