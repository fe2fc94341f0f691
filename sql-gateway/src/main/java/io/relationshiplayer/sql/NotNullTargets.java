package io.relationshiplayer.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * An INSERT's target row with every column nullable, for the validation of its VALUES: Calcite refused a NULL written
 * for a NOT NULL column there, before there was a row ({@code null value in column "a" violates not-null constraint}
 * alone); the write path refuses it as PostgreSQL does, {@code null value in column "a" of relation "t" violates
 * not-null constraint} with the DETAIL {@code Failing row contains (1, null, 2).}, as for a {@code ?} parameter.
 */
final class NotNullTargets {
    private NotNullTargets() {
    }

    static RelDataType nullable(RelDataType targetRowType, RelDataTypeFactory types) {
        if (targetRowType == null || !targetRowType.isStruct()) {
            return targetRowType;
        }
        RelDataTypeFactory.Builder b = types.builder();
        targetRowType.getFieldList().forEach(f -> b.add(f.getName(), types.createTypeWithNullability(f.getType(),
                true)));
        return b.build();
    }
}
