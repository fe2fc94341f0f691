package io.relationshiplayer.sql.calcite;

import com.google.common.collect.ImmutableList;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptLattice;
import org.apache.calcite.plan.RelOptMaterialization;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.tools.Program;
import org.apache.calcite.util.BuiltInMethod;

/**
 * The rows of a VALUES of literals as data that the compiled plan reads, where Calcite's {@link EnumerableValues}
 * writes every literal into the one generated Java method: a few thousand rows passed the JVM's 64 KB limit on a
 * method's code, so a long INSERT ... VALUES could not run at all. Each literal becomes the Java value that
 * {@link EnumerableValues} would have compiled for its column (the same conversions, in the same row format), and the
 * rows are stashed with the plan; what is above the VALUES (casts to a table's column types, their range checks) is
 * unchanged. A one-row VALUES stays an {@link EnumerableValues}, whose literals a point INSERT's fast path reads.
 */
public final class LiteralRows extends Values implements EnumerableRel {
    private final Object[][] rows;

    private LiteralRows(RelOptCluster cluster, RelDataType rowType, ImmutableList<ImmutableList<RexLiteral>> tuples,
                        RelTraitSet traits, Object[][] rows) {
        super(cluster, rowType, tuples, traits);
        this.rows = rows;
    }

    /** {@code planning}, with every enumerable VALUES of more than one row of its plan made {@link LiteralRows}. */
    public static Program program(Program planning) {
        return (RelOptPlanner planner, RelNode rel, RelTraitSet traits, List<RelOptMaterialization> materializations,
                List<RelOptLattice> lattices) -> replace(planning.run(planner, rel, traits, materializations, lattices));
    }

    private static RelNode replace(RelNode rel) {
        if (rel instanceof EnumerableValues values) {
            return values.getTuples().size() > 1 ? of(values) : values;
        }
        List<RelNode> inputs = new ArrayList<>(rel.getInputs().size());
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            RelNode in = replace(input);
            changed |= in != input;
            inputs.add(in);
        }
        return changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
    }

    /** {@code values} as data, or itself if a literal has a type this does not convert (it then stays code). */
    private static RelNode of(EnumerableValues values) {
        JavaTypeFactory types = (JavaTypeFactory) values.getCluster().getTypeFactory();
        List<RelDataType> columns = RelOptUtil.getFieldTypeList(values.getRowType());
        Object[][] rows = new Object[values.getTuples().size()][];
        for (int r = 0; r < rows.length; r++) {
            List<RexLiteral> tuple = values.getTuples().get(r);
            Object[] row = new Object[tuple.size()];
            for (int c = 0; c < row.length; c++) {
                Object v = javaValue(tuple.get(c), types.getJavaClass(columns.get(c)));
                if (v == UNSUPPORTED) {
                    return values;
                }
                row[c] = v;
            }
            rows[r] = row;
        }
        return new LiteralRows(values.getCluster(), values.getRowType(), values.getTuples(), values.getTraitSet(),
                rows);
    }

    private static final Object UNSUPPORTED = new Object();

    /**
     * The value Calcite's generated code holds for {@code literal} in a column of Java class {@code javaClass}
     * ({@code RexToLixTranslator.translateLiteral}'s), boxed; {@link #UNSUPPORTED} for the types no table column has.
     */
    private static Object javaValue(RexLiteral literal, Type javaClass) {
        if (literal.isNull()) {
            return null;
        }
        Type box = javaClass instanceof Class<?> c ? Primitive.box(c) : javaClass;
        switch (literal.getType().getSqlTypeName()) {
            case DECIMAL: {
                BigDecimal d = literal.getValueAs(BigDecimal.class);
                if (box == Double.class) {
                    return d.doubleValue();
                }
                if (box == Float.class) {
                    return d.floatValue();
                }
                return box == BigDecimal.class ? d : UNSUPPORTED;
            }
            case DATE:
                return box == Integer.class ? literal.getValueAs(Integer.class) : UNSUPPORTED;
            case TIME:
                // microseconds of the day (RlJavaTypes), where Calcite's generated code holds milliseconds
                return box == Long.class ? Times.micros(literal.getValueAs(org.apache.calcite.util.TimeString.class))
                        : UNSUPPORTED;
            case TIMESTAMP:
                // microseconds (TimestampMicros), where Calcite's generated code holds milliseconds
                return box == Long.class ? Timestamps.micros(literal.getValueAs(
                        org.apache.calcite.util.TimestampString.class)) : UNSUPPORTED;
            case CHAR:
            case VARCHAR:
                return box == String.class ? literal.getValueAs(String.class) : UNSUPPORTED;
            case BINARY:
            case VARBINARY:
                return box == ByteString.class ? new ByteString(literal.getValueAs(byte[].class)) : UNSUPPORTED;
            case BOOLEAN:
                return box == Boolean.class ? literal.getValueAs(Boolean.class) : UNSUPPORTED;
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case REAL:
            case DOUBLE: {
                if (box == BigDecimal.class) {
                    return literal.getValueAs(BigDecimal.class);
                }
                Primitive primitive = box instanceof Class<?> c ? Primitive.ofBox(c) : null;
                Comparable<?> v = literal.getValueAs(Comparable.class);
                return primitive != null && v instanceof Number n ? primitive.number(n) : UNSUPPORTED;
            }
            default:
                return UNSUPPORTED;
        }
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new LiteralRows(getCluster(), getRowType(), getTuples(), traitSet, rows);
    }

    /**
     * The rows as arrays, or, of one column, as its values: Calcite's operators above take a one-column input as
     * scalars whatever format it declares (a sort or limit passes its input's rows on and declares them scalars, so
     * {@code SELECT x FROM (VALUES (3), (1)) v(x) ORDER BY x} failed with XX000, an array cast to Integer), as
     * {@link EnumerableValues} makes them.
     */
    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        boolean scalar = getRowType().getFieldCount() == 1;
        Object[] data = rows;
        if (scalar) {
            data = new Object[rows.length];
            for (int r = 0; r < rows.length; r++) {
                data[r] = rows[r][0];
            }
        }
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
                scalar ? JavaRowFormat.SCALAR : JavaRowFormat.ARRAY, false);
        BlockBuilder builder = new BlockBuilder();
        builder.add(Expressions.return_(null, Expressions.call(BuiltInMethod.AS_ENUMERABLE.method,
                implementor.stash(data, Object[].class))));
        return implementor.result(physType, builder.toBlock());
    }
}
