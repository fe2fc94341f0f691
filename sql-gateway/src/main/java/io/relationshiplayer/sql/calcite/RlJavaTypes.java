package io.relationshiplayer.sql.calcite;

import java.lang.reflect.Type;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Java types of generated code as our plans hold values: a TIME is a long of microseconds of the day ({@link Times}),
 * where Calcite's is an int of milliseconds (which cannot hold microseconds: a day has 86.4 billion). Every factory that
 * generates code of a rewritten plan is one of these.
 */
public class RlJavaTypes extends JavaTypeFactoryImpl {
    public RlJavaTypes(RelDataTypeSystem typeSystem) {
        super(typeSystem);
    }

    @Override
    public Type getJavaClass(RelDataType type) {
        if (type.getSqlTypeName() == SqlTypeName.TIME) {
            return type.isNullable() ? Long.class : long.class;
        }
        return super.getJavaClass(type);
    }
}
