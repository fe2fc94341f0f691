package io.relationshiplayer.sql;

import com.google.common.collect.ImmutableList;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalValues;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;

/**
 * Calcite's conversion of a statement to relational algebra, except for a VALUES list of several rows of literals of
 * which the validator cast some to their target columns' types (the rows of an INSERT): Calcite takes such a list for
 * expressions and converts it row by row, a projection of each row's casts over a one-row VALUES, under a UNION of them
 * all, which took seconds to plan for ten thousand rows. Here it is one VALUES of the literals under one projection
 * that casts each column, the same casts (and range checks) once per column instead of once per value.
 */
final class ValuesToRel extends DistinctNamesConverter {
    ValuesToRel(RelOptTable.ViewExpander viewExpander, SqlValidator validator, Prepare.CatalogReader catalogReader,
                RelOptCluster cluster, SqlRexConvertletTable convertletTable, Config config) {
        super(viewExpander, validator, catalogReader, cluster, convertletTable, config);
    }

    @Override
    public RelNode convertValues(SqlCall values, RelDataType targetRowType) {
        RelNode rows = castLiterals(values, targetRowType);
        return rows != null ? rows : super.convertValues(values, targetRowType);
    }

    /** The list as VALUES under casts, or null if it is not rows of literals with at least one cast of a literal. */
    private RelNode castLiterals(SqlCall values, RelDataType targetRowType) {
        List<SqlNode> rows = values.getOperandList();
        if (rows.size() < 2 || validator == null || !hasCastLiteral(rows)) {
            return null;
        }
        RelDataType validated = validator.getValidatedNodeType(values);
        int columns = validated.getFieldCount();
        Blackboard bb = createBlackboard(validator.getOverScope(values), null, false);
        ImmutableList.Builder<ImmutableList<RexLiteral>> tuples = ImmutableList.builder();
        List<List<RelDataType>> literalTypes = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            literalTypes.add(new ArrayList<>(rows.size()));
        }
        for (SqlNode row : rows) {
            if (row.getKind() != SqlKind.ROW || ((SqlCall) row).operandCount() != columns) {
                return null;
            }
            ImmutableList.Builder<RexLiteral> tuple = ImmutableList.builder();
            for (int c = 0; c < columns; c++) {
                SqlNode literal = uncast(((SqlCall) row).operand(c));
                RexNode rex = literal == null ? null : bb.convertExpression(literal);
                if (!(rex instanceof RexLiteral l)) {
                    return null;
                }
                tuple.add(l);
                literalTypes.get(c).add(l.getType());
            }
            tuples.add(tuple.build());
        }
        List<RelDataType> columnTypes = new ArrayList<>(columns);
        for (List<RelDataType> types : literalTypes) {
            RelDataType type = typeFactory.leastRestrictive(types);
            if (type == null || !types.stream().allMatch(t -> holds(type, t))) {
                return null;
            }
            columnTypes.add(type);
        }
        List<String> names = validated.getFieldNames();
        LogicalValues literals = LogicalValues.create(cluster, typeFactory.createStructType(columnTypes, names),
                tuples.build());
        List<RelDataType> targets = RelOptUtil.getFieldTypeList(targetRowType != null ? targetRowType : validated);
        List<RexNode> casts = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            RexNode ref = rexBuilder.makeInputRef(literals, c);
            casts.add(ref.getType().equals(targets.get(c)) ? ref : rexBuilder.makeCast(targets.get(c), ref));
        }
        return LogicalProject.create(literals, List.of(), casts, names);
    }

    /**
     * Whether a VALUES column of type {@code column} holds a literal of type {@code literal} as it is: of the same type,
     * an integer in a wider integer or a DECIMAL, a CHAR in a VARCHAR, a NULL. Others (a DOUBLE among DECIMALs) are
     * converted row by row, as Calcite does.
     */
    private static boolean holds(RelDataType column, RelDataType literal) {
        SqlTypeName c = column.getSqlTypeName();
        SqlTypeName l = literal.getSqlTypeName();
        return c == l || l == SqlTypeName.NULL
                || SqlTypeName.INT_TYPES.contains(l) && (SqlTypeName.INT_TYPES.contains(c) || c == SqlTypeName.DECIMAL)
                || l == SqlTypeName.CHAR && c == SqlTypeName.VARCHAR;
    }

    private static boolean hasCastLiteral(List<SqlNode> rows) {
        for (SqlNode row : rows) {
            if (row instanceof SqlCall call) {
                for (SqlNode value : call.getOperandList()) {
                    if (value != null && value.getKind() == SqlKind.CAST && uncast(value) != null) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The literal that {@code value} is or casts, or null. */
    private static SqlNode uncast(SqlNode value) {
        if (value instanceof SqlLiteral) {
            return value;
        }
        return value != null && value.getKind() == SqlKind.CAST && ((SqlCall) value).operand(0) instanceof SqlLiteral
                ? ((SqlCall) value).operand(0) : null;
    }
}
