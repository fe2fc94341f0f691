package io.relationshiplayer.sql;

import io.relationshiplayer.proto.v1.ColumnDef;
import io.relationshiplayer.relationships.Table;
import io.relationshiplayer.sql.calcite.CheckedArithmetic;
import io.relationshiplayer.sql.calcite.RlTypeSystem;
import io.relationshiplayer.sql.calcite.SqlTypes;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.Resources;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * The expression of a CHECK constraint, from its text to a Calcite expression over the table's row: parsed, validated
 * as the select item of {@code SELECT <expression> FROM <table>} with the settings, operators and type system of the
 * statements' Calcite connection, converted, and rewritten to checked arithmetic. Refused as PostgreSQL refuses them:
 * a subquery (0A000), an aggregate (42803), a window function (42P20), a parameter (42P02), a result that is not
 * boolean (42804); and, unlike PostgreSQL, a function whose result is not fixed by the row (random, now,
 * CURRENT_DATE, ...: 0A000), since a check is evaluated once per write and must give the same answer for the same row.
 * Errors are {@link SqlException}s positioned in the expression's text.
 */
final class CheckExpressions {
    /** A check's expression over the row type of its table, and the columns (names, positions) it reads. */
    record Analyzed(RexBuilder rexBuilder, RexNode expression, RelDataType rowType, List<String> columns,
                    int[] positions) {
    }

    private static final SqlParser.Config PARSER = SqlParser.config().withCaseSensitive(false)
            .withUnquotedCasing(Casing.TO_LOWER).withQuotedCasing(Casing.UNCHANGED)
            .withConformance(SqlConformanceEnum.LENIENT).withParserFactory(PostgresSyntax.FACTORY);

    private CheckExpressions() {
    }

    /** Analyses {@code expression} over the columns of {@code table}; a check it cannot be is refused. */
    static Analyzed analyze(Table table, String expression) {
        SqlNode parsed;
        try {
            parsed = SqlParser.create(expression, PARSER).parseExpression();
        } catch (SqlParseException e) {
            throw SqlErrors.toSql(e);
        }
        parsed.accept(new Unsupported());
        RelDataTypeFactory types = new io.relationshiplayer.sql.calcite.RlJavaTypes(RlTypeSystem.INSTANCE);
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        root.add(table.name(), new RowTable(table));
        io.relationshiplayer.sql.calcite.PostgresTypeNames.addTo(root.plus());
        Properties p = new Properties();
        p.setProperty("caseSensitive", "false");
        CalciteCatalogReader reader = new CalciteCatalogReader(root, List.of(), types,
                new CalciteConnectionConfigImpl(p));
        SqlValidator validator = new CheckValidator(reader, types);
        SqlSelect select = new SqlSelect(SqlParserPos.ZERO, null, SqlNodeList.of(parsed),
                new SqlIdentifier(table.name(), SqlParserPos.ZERO), null, null, null, null, null, null, null, null,
                null);
        SqlNode validated;
        try {
            validated = validator.validate(select);
        } catch (CalciteContextException e) {
            throw SqlErrors.toSql(e);
        }
        SqlNode item = ((SqlSelect) validated).getSelectList().get(0);
        item.accept(new Nondeterministic());
        RelDataType type = validator.getValidatedNodeType(item);
        if (type.getSqlTypeName() != SqlTypeName.BOOLEAN && type.getSqlTypeName() != SqlTypeName.NULL) {
            throw new SqlException(SqlException.DATATYPE_MISMATCH, "argument of CHECK must be type boolean, not type "
                    + typeName(type), 1, 1, null);
        }
        RexBuilder rex = new RexBuilder(types);
        RelOptCluster cluster = RelOptCluster.create(new HepPlanner(HepProgram.builder().build()), rex);
        SqlToRelConverter converter = new SqlToRelConverter(null, validator, reader, cluster,
                SqlPrepare.convertlets(StandardConvertletTable.INSTANCE),
                SqlToRelConverter.config().withExpand(true));
        RelNode rel = io.relationshiplayer.sql.calcite.ByteaCasts.rewrite(io.relationshiplayer.sql.calcite.BooleanCasts
                .rewrite(io.relationshiplayer.sql.calcite.TimestampMicros.rewrite(
                        io.relationshiplayer.sql.calcite.TimestampCasts.rewrite(CheckedArithmetic.rewrite(
                        converter.convertQuery(validated, false, true).project())))));
        if (!(rel instanceof Project project) || project.getProjects().size() != 1) {
            throw new IllegalStateException("a check expression converted to " + rel.explain());
        }
        RexNode checked = project.getProjects().get(0);
        TreeSet<Integer> read = new TreeSet<>();
        checked.accept(new RexVisitorImpl<Void>(true) {
            @Override
            public Void visitInputRef(RexInputRef ref) {
                read.add(ref.getIndex());
                return null;
            }
        });
        int[] positions = read.stream().mapToInt(Integer::intValue).toArray();
        List<String> columns = read.stream().map(i -> table.column(i).getName()).toList();
        return new Analyzed(rex, checked, project.getInput().getRowType(), columns, positions);
    }

    /** PostgreSQL's name of a type, for messages. */
    private static String typeName(RelDataType type) {
        switch (type.getSqlTypeName()) {
            case CHAR:
            case VARCHAR:
                return "character varying";
            case DOUBLE:
            case FLOAT:
                return "double precision";
            case DECIMAL:
                return "numeric";
            case VARBINARY:
            case BINARY:
                return "bytea";
            case TIMESTAMP:
                return "timestamp without time zone";
            case TIME:
                return "time without time zone";
            default:
                return type.getSqlTypeName().getName().toLowerCase(Locale.ROOT);
        }
    }

    private static SqlException at(SqlNode node, String sqlState, String message) {
        SqlParserPos pos = node.getParserPosition();
        return new SqlException(sqlState, message, pos.getLineNum(), pos.getColumnNum(), null);
    }

    /** What a check may not contain, found in its parsed text: subqueries, window functions, parameters. */
    private static final class Unsupported extends SqlBasicVisitor<Void> {
        @Override
        public Void visit(SqlCall call) {
            if (call.getKind().belongsTo(SqlKind.QUERY) || call.getKind() == SqlKind.SCALAR_QUERY) {
                throw at(call, SqlException.FEATURE_NOT_SUPPORTED, "cannot use subquery in check constraint");
            }
            if (call.getKind() == SqlKind.OVER) {
                throw at(call, "42P20", "window functions are not allowed in check constraints");
            }
            return super.visit(call);
        }

        @Override
        public Void visit(SqlDynamicParam param) {
            throw at(param, SqlException.INVALID_PARAMETER, "there is no parameter $" + (param.getIndex() + 1));
        }
    }

    /** What a validated check may not call: aggregates, and functions whose result the row does not fix. */
    private static final class Nondeterministic extends SqlBasicVisitor<Void> {
        @Override
        public Void visit(SqlCall call) {
            var op = call.getOperator();
            if (op.isAggregator()) {
                throw at(call, "42803", "aggregate functions are not allowed in check constraints");
            }
            if (!op.isDeterministic() || op.isDynamicFunction() || op == PostgresFunctions.NOW
                    || op == PostgresFunctions.VERSION || op == PostgresFunctions.CURRENT_DATABASE) {
                throw at(call, SqlException.FEATURE_NOT_SUPPORTED, "function " + op.getName().toLowerCase(Locale.ROOT)
                        + " is not allowed in a check constraint: a check must give the same answer for the same "
                        + "row, every time");
            }
            return super.visit(call);
        }
    }

    /** The validator of the statements (its errors classified), over the standard and PostgreSQL operators. */
    private static final class CheckValidator extends SqlValidatorImpl {
        CheckValidator(CalciteCatalogReader reader, RelDataTypeFactory types) {
            super(SqlOperatorTables.chain(SqlLibraryOperatorTableFactory.INSTANCE.getOperatorTable(
                    SqlLibrary.STANDARD, SqlLibrary.POSTGRESQL), PostgresFunctions.TABLE, reader), reader, types,
                    SqlValidator.Config.DEFAULT.withConformance(SqlConformanceEnum.LENIENT)
                            .withIdentifierExpansion(true));
        }

        /** TIMESTAMP literals rounded to microseconds; an INTERVAL with digits below a millisecond is 22008. */
        @Override
        public SqlNode validate(SqlNode topNode) {
            ValidationErrors.refuseSubMillisecond(topNode);
            return super.validate(topNode);
        }

        /**
         * PostgreSQL's {@code date + integer}, {@code date - integer} and {@code date - date}; its refused casts and
         * comparisons ({@link TextNumberTypes}).
         */
        @Override
        public RelDataType deriveType(org.apache.calcite.sql.validate.SqlValidatorScope scope, SqlNode expr) {
            io.relationshiplayer.sql.calcite.DateArithmetic.rewrite(this, scope, expr);
            CastChecks.refuse(this, scope, expr);
            TextNumberTypes.refuseComparison(this, scope, expr);
            return super.deriveType(scope, expr);
        }

        @Override
        public CalciteContextException newValidationError(SqlNode node, Resources.ExInst<SqlValidatorException> e) {
            return ValidationErrors.classify(e, super.newValidationError(node, e));
        }

        @Override
        public RelDataType getValidatedNodeType(SqlNode node) {
            return ValidationErrors.requireType(getValidatedNodeTypeIfKnown(node), node, super::getValidatedNodeType);
        }
    }

    /** The table as the check sees it: its columns, typed as the statements see them. */
    private static final class RowTable extends AbstractTable {
        private final Table table;

        RowTable(Table table) {
            this.table = table;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory typeFactory) {
            RelDataTypeFactory.Builder b = typeFactory.builder();
            for (ColumnDef c : table.columns()) {
                b.add(c.getName(), SqlTypes.relType(typeFactory, c.getType(), !c.getNotNull() || c.getHidden()));
            }
            return b.build();
        }
    }
}
