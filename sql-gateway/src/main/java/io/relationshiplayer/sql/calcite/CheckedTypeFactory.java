package io.relationshiplayer.sql.calcite;

import java.lang.reflect.Type;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeSystem;

/**
 * The type factory of one statement's conversion, planning and code generation, checking for a cancel whenever a
 * type's Java class or nullable form is asked for: code generation asks at every expression it translates, so a cancel
 * stops it (Calcite's code generation takes seconds, in time quadratic in the expressions of an operator, for a CASE
 * of a thousand branches). One per statement: the Java record types it makes are kept in a map that is not
 * thread-safe, and code generation a cancel has left to end alone must not share it with the runner's next statement.
 * Types themselves are canonical across factories (Calcite interns them), so they mix with the validator's.
 */
public final class CheckedTypeFactory extends RlJavaTypes {
    public CheckedTypeFactory(RelDataTypeSystem typeSystem) {
        super(typeSystem);
    }

    @Override
    public Type getJavaClass(RelDataType type) {
        StatementCancel.checkPreparing();
        return super.getJavaClass(type);
    }

    @Override
    public RelDataType createTypeWithNullability(RelDataType type, boolean nullable) {
        StatementCancel.checkPreparing();
        return super.createTypeWithNullability(type, nullable);
    }
}
