package io.relationshiplayer.sql.calcite;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableUnion;
import org.apache.calcite.adapter.enumerable.EnumerableValues;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Recognises, in a statement's optimized plan, the point statements {@link FastPath} runs: a SELECT of projections of
 * one table's row read by its whole primary key ({@code PK_POINT}), an UPDATE or DELETE of such a row, and an INSERT of
 * VALUES rows (literals, or parameters: a UNION ALL of one-row branches); expressions may only be of the kinds
 * {@link #safe} admits. Anything else keeps the full plan.
 */
public final class FastPaths {
    /** Operators whose compiled code depends only on their operands (no clock, session, schema or randomness). */
    private static final Set<SqlKind> SAFE = EnumSet.of(SqlKind.CAST, SqlKind.PLUS, SqlKind.MINUS, SqlKind.TIMES,
            SqlKind.DIVIDE, SqlKind.MOD, SqlKind.MINUS_PREFIX, SqlKind.PLUS_PREFIX, SqlKind.CHECKED_PLUS,
            SqlKind.CHECKED_MINUS, SqlKind.CHECKED_TIMES, SqlKind.CHECKED_DIVIDE, SqlKind.CHECKED_MINUS_PREFIX,
            SqlKind.EQUALS, SqlKind.NOT_EQUALS, SqlKind.LESS_THAN, SqlKind.LESS_THAN_OR_EQUAL, SqlKind.GREATER_THAN,
            SqlKind.GREATER_THAN_OR_EQUAL, SqlKind.AND, SqlKind.OR, SqlKind.NOT, SqlKind.IS_NULL, SqlKind.IS_NOT_NULL,
            SqlKind.IS_TRUE, SqlKind.IS_FALSE, SqlKind.IS_NOT_TRUE, SqlKind.IS_NOT_FALSE, SqlKind.CASE,
            SqlKind.COALESCE);

    /** Expressions of a multi-row VALUES compiled into one function, at most (whole rows of them). */
    private static final int UNION_EXPRESSIONS = 256;

    /** Result types a query's rows convert from without Calcite's JDBC layer, exactly as it would. */
    private static final Set<SqlTypeName> QUERY_TYPES = EnumSet.of(SqlTypeName.BIGINT, SqlTypeName.INTEGER,
            SqlTypeName.SMALLINT, SqlTypeName.TINYINT, SqlTypeName.DOUBLE, SqlTypeName.FLOAT, SqlTypeName.REAL,
            SqlTypeName.BOOLEAN, SqlTypeName.DECIMAL, SqlTypeName.CHAR, SqlTypeName.VARCHAR, SqlTypeName.VARBINARY,
            SqlTypeName.BINARY, SqlTypeName.DATE, SqlTypeName.TIMESTAMP);

    /**
     * Whether the JVM's time zone is UTC: Calcite's result set turns dates and timestamps into java.sql values through
     * it, which the fast path reproduces only then.
     */
    private static final boolean UTC = java.time.ZoneId.systemDefault().getRules().isFixedOffset()
            && java.time.ZoneId.systemDefault().getRules().getOffset(java.time.Instant.EPOCH).getTotalSeconds() == 0;

    private FastPaths() {
    }

    /** The fast path of the plan {@code root} (as Calcite is about to implement it), or null. */
    @Nullable
    public static FastPath of(@Nullable RelRoot root) {
        if (root == null || !root.isRefTrivial()) {
            return null;
        }
        try {
            RelNode rel = unchecked(root.rel);
            if (rel instanceof RecordLayerTableModify) {
                return modify((RecordLayerTableModify) rel);
            }
            if (root.kind != SqlKind.SELECT) {
                return null;
            }
            for (var field : rel.getRowType().getFieldList()) {
                SqlTypeName type = field.getType().getSqlTypeName();
                if (!QUERY_TYPES.contains(type) || (type == SqlTypeName.DATE || type == SqlTypeName.TIMESTAMP)
                        && !UTC) {
                    return null;
                }
            }
            return source(rel, FastPath.Operation.SELECT, null, new String[0]);
        } catch (RuntimeException e) {
            return null; // an unexpected shape (or code that does not compile): the full plan runs it
        }
    }

    private static FastPath modify(RecordLayerTableModify modify) {
        RecordLayerTable table = modify.getTable().unwrap(RecordLayerTable.class);
        if (table == null || modify.isFlattened()) {
            return null;
        }
        TableModify.Operation op = modify.getOperation();
        FastPath.Operation operation;
        switch (op) {
            case INSERT:
                operation = FastPath.Operation.INSERT;
                break;
            case UPDATE:
                operation = FastPath.Operation.UPDATE;
                break;
            case DELETE:
                operation = FastPath.Operation.DELETE;
                break;
            default:
                return null;
        }
        List<String> columns = modify.getUpdateColumnList();
        return source(unchecked(modify.getInput()), operation, table.table().name(),
                columns == null ? new String[0] : columns.toArray(new String[0]));
    }

    /** {@code rel}: an optional calc over a primary-key point read (or, for INSERT, over one VALUES row). */
    private static FastPath source(RelNode rel, FastPath.Operation operation, @Nullable String modified,
                                   String[] updateColumns) {
        RexProgram program = null;
        if (rel instanceof EnumerableCalc) {
            program = ((EnumerableCalc) rel).getProgram();
            rel = unchecked(((EnumerableCalc) rel).getInput());
        }
        RexBuilder rex = rel.getCluster().getRexBuilder();
        JavaTypeFactory types = new RlJavaTypes(rex.getTypeFactory().getTypeSystem());
        RecordLayerRead read = null;
        List<Object[]> valuesRows = null;
        FastPath.UnionRows union = null;
        String table;
        if (rel instanceof RecordLayerToEnumerableConverter && operation != FastPath.Operation.INSERT) {
            RelNode input = ((RecordLayerToEnumerableConverter) rel).getInput();
            if (!(input instanceof RecordLayerTableScan)) {
                return null;
            }
            RecordLayerTableScan scan = (RecordLayerTableScan) input;
            AccessPath path = scan.path;
            if (path.kind() != AccessPath.Kind.PK_POINT || !path.isPrimaryKey()
                    || path.equal().size() != scan.recordLayerTable.table().primaryKey().length
                    || !path.in().isEmpty() || path.low() != null || path.high() != null) {
                return null;
            }
            for (RexNode operand : path.equal()) {
                if (!safe(operand)) {
                    return null;
                }
            }
            read = RecordLayerRead.of(path, false, null, null, false);
            table = scan.recordLayerTable.table().name();
            if (modified != null && !modified.equals(table)) {
                return null;
            }
        } else if (rel instanceof EnumerableValues && operation == FastPath.Operation.INSERT) {
            valuesRows = literalRows((EnumerableValues) rel, rex, types);
            table = modified;
        } else if (rel instanceof EnumerableUnion && operation == FastPath.Operation.INSERT) {
            union = union((EnumerableUnion) rel, rex, types);
            if (union == null) {
                return null;
            }
            valuesRows = union.valuesRows();
            table = modified;
        } else {
            return null;
        }
        if (program == null) {
            return new FastPath(operation, table, read, valuesRows, null, false, updateColumns, types, union);
        }
        List<RexNode> expressions = new ArrayList<>();
        for (RexLocalRef ref : program.getProjectList()) {
            expressions.add(program.expandLocalRef(ref));
        }
        boolean condition = program.getCondition() != null;
        if (condition) {
            expressions.add(program.expandLocalRef(program.getCondition()));
        }
        for (RexNode e : expressions) {
            if (!safe(e)) {
                return null;
            }
        }
        RelDataType inputType = program.getInputRowType();
        var compiled = RexExecutorImpl.getExecutable(rex, expressions, inputType).getFunction();
        return new FastPath(operation, table, read, valuesRows, compiled, condition, updateColumns, types, union);
    }

    /** The rows of a VALUES of literals, evaluated once. */
    private static List<Object[]> literalRows(EnumerableValues values, RexBuilder rex, JavaTypeFactory types) {
        List<Object[]> rows = new ArrayList<>(values.getTuples().size());
        for (List<RexLiteral> tuple : values.getTuples()) {
            rows.add(RexExecutorImpl.getExecutable(rex, new ArrayList<RexNode>(tuple), rex.getTypeFactory().builder()
                    .build()).getFunction().apply(FastPath.context(new Object[0], types)));
        }
        return rows;
    }

    /**
     * An INSERT of a multi-row VALUES that holds parameters, which Calcite plans as a UNION ALL of one branch per row:
     * a calc (or nothing) over the same one-row VALUES of literals. The branches' expressions are compiled together, a
     * few hundred to a function, once, and make the rows in their order; null for any other union.
     */
    @Nullable
    private static FastPath.UnionRows union(EnumerableUnion union, RexBuilder rex, JavaTypeFactory types) {
        if (!union.all) {
            return null;
        }
        List<RelNode> branches = new ArrayList<>();
        flatten(union, branches);
        int width = union.getRowType().getFieldCount();
        List<RexNode> expressions = new ArrayList<>(width * branches.size());
        EnumerableValues first = null;
        for (RelNode branch : branches) {
            RelNode rel = unchecked(branch);
            RexProgram program = null;
            if (rel instanceof EnumerableCalc) {
                program = ((EnumerableCalc) rel).getProgram();
                rel = unchecked(((EnumerableCalc) rel).getInput());
            }
            if (!(rel instanceof EnumerableValues) || ((EnumerableValues) rel).getTuples().size() != 1) {
                return null;
            }
            EnumerableValues values = (EnumerableValues) rel;
            if (first == null) {
                first = values;
            } else if (!values.getTuples().equals(first.getTuples())
                    || !values.getRowType().equals(first.getRowType())) {
                return null;
            }
            if (program == null) {
                for (int i = 0; i < width; i++) {
                    expressions.add(rex.makeInputRef(values, i));
                }
                continue;
            }
            if (program.getCondition() != null || program.getProjectList().size() != width) {
                return null;
            }
            for (RexLocalRef ref : program.getProjectList()) {
                RexNode e = program.expandLocalRef(ref);
                if (!safe(e)) {
                    return null;
                }
                expressions.add(e);
            }
        }
        if (first == null) {
            return null;
        }
        // whole rows per function, few enough that a function's code stays far below a method's 64 KB
        int perPart = Math.max(1, UNION_EXPRESSIONS / width) * width;
        List<org.apache.calcite.linq4j.function.Function1<org.apache.calcite.DataContext, Object[]>> parts =
                new ArrayList<>();
        try {
            for (int from = 0; from < expressions.size(); from += perPart) {
                parts.add(RexExecutorImpl.getExecutable(rex, expressions.subList(from, Math.min(expressions.size(),
                        from + perPart)), first.getRowType()).getFunction());
            }
        } catch (RuntimeException e) {
            return null; // code Calcite cannot compile: the full plan runs it
        }
        return new FastPath.UnionRows(literalRows(first, rex, types), parts, width);
    }

    /** The branches of {@code rel}, a UNION ALL possibly of UNION ALLs, in order. */
    private static void flatten(RelNode rel, List<RelNode> out) {
        RelNode r = unchecked(rel);
        if (r instanceof EnumerableUnion && ((EnumerableUnion) r).all) {
            for (RelNode in : r.getInputs()) {
                flatten(in, out);
            }
        } else {
            out.add(rel);
        }
    }

    /** Whether {@code e} is made only of inputs, literals, parameters and operators of {@link #SAFE}. */
    static boolean safe(RexNode e) {
        if (e instanceof RexInputRef || e instanceof RexLiteral || e instanceof RexDynamicParam) {
            return true;
        }
        if (!(e instanceof RexCall)) {
            return false;
        }
        RexCall call = (RexCall) e;
        boolean known = SAFE.contains(call.getKind()) || call.getOperator() instanceof SqlUserDefinedFunction
                && call.getOperator().getName().startsWith("rl_checked_");
        if (call.getOperator() == TimestampFunctions.OF) {
            // a TIMESTAMP of microseconds: dynamic only to keep constant folding from it, the long as it is
            return safe(call.getOperands().get(0));
        }
        if (!known || !call.getOperator().isDeterministic() || call.getOperator().isDynamicFunction()) {
            return false;
        }
        for (RexNode operand : call.getOperands()) {
            if (!safe(operand)) {
                return false;
            }
        }
        return true;
    }

    /** {@code rel} without the cancel checks around it (a fast-path statement checks once, before it runs). */
    private static RelNode unchecked(RelNode rel) {
        while (rel instanceof CancelChecks.Check) {
            rel = ((CancelChecks.Check) rel).getInput();
        }
        return rel;
    }
}
