package io.relationshiplayer.sql.calcite;

import java.lang.reflect.Type;
import java.util.List;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.Pair;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The rows of an operator as its parent's generated code reads them, with a TIME field read as the long of microseconds
 * it holds ({@link RlJavaTypes}): Calcite reads a field that is an operand of a call in its "internal" storage type,
 * which for a TIME is an int of milliseconds ({@code SqlFunctions.toInt(row[i])} would cut the long, a cast to Integer
 * fail). Every other question is its own physical type's. Given by the Record Layer's scans and by every {@link
 * CancelChecks.Check} between operators, so a TIME column, or a TIME an operator computes, reaches the calls above it
 * whole.
 */
final class TimePhysType implements PhysType {
    private final PhysType inner;

    private TimePhysType(PhysType inner) {
        this.inner = inner;
    }

    /** {@code physType}, reading its TIME fields as longs; itself if it has none. */
    static PhysType of(PhysType physType) {
        if (physType instanceof TimePhysType || !physType.getRowType().isStruct()) {
            return physType;
        }
        boolean any = physType.getRowType().getFieldList().stream()
                .anyMatch(f -> f.getType().getSqlTypeName() == SqlTypeName.TIME);
        return any ? new TimePhysType(physType) : physType;
    }

    /**
     * The result of an operator whose rows are {@code physType}'s, read as this class reads them
     * ({@code EnumerableRelImplementor.result} takes only Calcite's own physical types).
     */
    static org.apache.calcite.adapter.enumerable.EnumerableRel.Result result(PhysType physType,
            org.apache.calcite.linq4j.tree.BlockStatement block) {
        return new org.apache.calcite.adapter.enumerable.EnumerableRel.Result(block, of(physType),
                physType.getFormat());
    }

    @Override
    public Expression fieldReference(Expression expression, int field, @Nullable Type storageType) {
        boolean time = inner.getRowType().getFieldList().get(field).getType().getSqlTypeName() == SqlTypeName.TIME;
        if (time && (storageType == int.class || storageType == Integer.class)) {
            // the field as its own class (Long or long), never narrowed to Calcite's int of milliseconds
            return inner.fieldReference(expression, field, null);
        }
        return inner.fieldReference(expression, field, storageType);
    }

    @Override
    public Expression fieldReference(Expression expression, int field) {
        return inner.fieldReference(expression, field);
    }

    @Override
    public Type getJavaRowType() {
        return inner.getJavaRowType();
    }

    @Override
    public Type getJavaFieldType(int field) {
        return inner.getJavaFieldType(field);
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
        return inner.getTypeFactory();
    }

    @Override
    public PhysType field(int ordinal) {
        return inner.field(ordinal);
    }

    @Override
    public PhysType component(int field) {
        return inner.component(field);
    }

    @Override
    public RelDataType getRowType() {
        return inner.getRowType();
    }

    @Override
    public Class fieldClass(int field) {
        return inner.fieldClass(field);
    }

    @Override
    public boolean fieldNullable(int index) {
        return inner.fieldNullable(index);
    }

    @Override
    public Expression generateAccessor(List<Integer> fields) {
        return inner.generateAccessor(fields);
    }

    @Override
    public Expression generateAccessorWithoutNulls(List<Integer> fields) {
        return inner.generateAccessorWithoutNulls(fields);
    }

    @Override
    public Expression generateNullAwareAccessor(List<Integer> fields, List<Boolean> nullExclusionFlags) {
        return inner.generateNullAwareAccessor(fields, nullExclusionFlags);
    }

    @Override
    public Expression generateSelector(ParameterExpression parameter, List<Integer> fields) {
        return inner.generateSelector(parameter, fields);
    }

    @Override
    public Expression generateSelector(ParameterExpression parameter, List<Integer> fields,
                                       JavaRowFormat targetFormat) {
        return inner.generateSelector(parameter, fields, targetFormat);
    }

    @Override
    public Expression generateSelector(ParameterExpression parameter, List<Integer> fields,
                                       List<Integer> usedFields, JavaRowFormat targetFormat) {
        return inner.generateSelector(parameter, fields, usedFields, targetFormat);
    }

    @Override
    public Pair<Type, List<Expression>> selector(ParameterExpression parameter, List<Integer> fields,
                                                 JavaRowFormat targetFormat) {
        return inner.selector(parameter, fields, targetFormat);
    }

    @Override
    public PhysType project(List<Integer> integers, JavaRowFormat format) {
        return of(inner.project(integers, format));
    }

    @Override
    public PhysType project(List<Integer> integers, boolean indicator, JavaRowFormat format) {
        return of(inner.project(integers, indicator, format));
    }

    @Override
    public Pair<Expression, Expression> generateCollationKey(List<RelFieldCollation> collations) {
        return inner.generateCollationKey(collations);
    }

    @Override
    public Expression generateComparator(RelCollation collation) {
        return inner.generateComparator(collation);
    }

    @Override
    public Expression generateMergeJoinComparator(RelCollation collation) {
        return inner.generateMergeJoinComparator(collation);
    }

    @Override
    public @Nullable Expression comparer() {
        return inner.comparer();
    }

    @Override
    public Expression record(List<Expression> expressions) {
        return inner.record(expressions);
    }

    @Override
    public JavaRowFormat getFormat() {
        return inner.getFormat();
    }

    @Override
    public List<Expression> accessors(Expression parameter, List<Integer> argList) {
        return inner.accessors(parameter, argList);
    }

    @Override
    public PhysType makeNullable(boolean nullable) {
        return of(inner.makeNullable(nullable));
    }

    @Override
    @SuppressWarnings("deprecation")
    public Expression convertTo(Expression expression, PhysType targetPhysType) {
        return inner.convertTo(expression, targetPhysType);
    }

    @Override
    public Expression convertTo(Expression expression, JavaRowFormat targetFormat) {
        return inner.convertTo(expression, targetFormat);
    }
}
