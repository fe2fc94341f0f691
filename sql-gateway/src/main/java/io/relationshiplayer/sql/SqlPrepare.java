package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.TransactionClock;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.interpreter.BindableConvention;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.CalciteSqlValidator;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.Resources;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorException;

/**
 * Calcite's preparation of a statement as it is, with a validator whose errors carry their SQLSTATE from where they are
 * raised ({@link ValidationErrors}) and that names columns as PostgreSQL does ({@link PostgresNames}), and a conversion
 * that keeps a long VALUES list of literals one VALUES ({@link ValuesToRel}).
 */
final class SqlPrepare extends CalcitePrepareImpl {
    /** The texts Calcite's CalcitePrepareImpl answers from its canned plan (its SIMPLE_SQLS). */
    private static final java.util.Set<String> CANNED = java.util.Set.of("SELECT 1", "select 1", "SELECT 1 FROM DUAL",
            "select 1 from dual", "values 1", "VALUES 1");
    /** now() of a statement's run: the start of its transaction, in microseconds ({@link TransactionClock}). */
    private final java.util.function.LongSupplier clock;
    /** The cancel request of the runner's statements, in each run's data context (pg_sleep waits on it). */
    private final io.relationshiplayer.sql.calcite.StatementCancel cancel;

    SqlPrepare(java.util.function.LongSupplier clock, io.relationshiplayer.sql.calcite.StatementCancel cancel) {
        this.clock = clock;
        this.cancel = cancel;
    }

    @Override
    protected CalcitePreparingStmt getPreparingStmt(CalcitePrepare.Context context, Type elementType,
                                                    CalciteCatalogReader catalogReader, RelOptPlanner planner) {
        JavaTypeFactory typeFactory = new io.relationshiplayer.sql.calcite.CheckedTypeFactory(
                context.getTypeFactory().getTypeSystem());
        EnumerableRel.Prefer prefer = elementType == Object[].class ? EnumerableRel.Prefer.ARRAY
                : EnumerableRel.Prefer.CUSTOM;
        org.apache.calcite.plan.RelOptCluster cluster = createCluster(planner,
                new io.relationshiplayer.sql.calcite.CheckedRexBuilder(typeFactory));
        io.relationshiplayer.sql.calcite.CheckedMetadataQuery.install(cluster);
        org.apache.calcite.sql2rel.SqlRexConvertletTable convertlets = createConvertletTable();
        return new CalcitePreparingStmt(this, context, catalogReader, typeFactory, context.getRootSchema(), prefer,
                cluster, enableBindable ? BindableConvention.INSTANCE : EnumerableConvention.INSTANCE, convertlets) {
            @Override
            protected SqlValidator createSqlValidator(Prepare.CatalogReader reader,
                                                      UnaryOperator<SqlValidator.Config> configTransform) {
                return validator(context, (CalciteCatalogReader) reader, configTransform);
            }

            /**
             * Code generation and compilation, which no cancel can interrupt, free a cancelled caller at once; the
             * code is that of the plan with its compared integer literals taken out ({@link
             * io.relationshiplayer.sql.calcite.ShapeLiterals}), which fresh texts of one shape share.
             */
            @Override
            protected Prepare.PreparedResult implement(org.apache.calcite.rel.RelRoot root) {
                return io.relationshiplayer.sql.calcite.StatementCancel.detachable(() -> super.implement(
                        io.relationshiplayer.sql.calcite.ShapeLiterals.parameterize(root)));
            }

            /** No schema here defines a lattice: the schemas are not walked for them at every plan. */
            @Override
            protected List<org.apache.calcite.jdbc.CalciteSchema.LatticeEntry> getLattices() {
                return List.of();
            }

            @Override
            protected org.apache.calcite.sql2rel.SqlToRelConverter getSqlToRelConverter(SqlValidator validator,
                    Prepare.CatalogReader reader, org.apache.calcite.sql2rel.SqlToRelConverter.Config config) {
                return new ValuesToRel(this, validator, reader, cluster, convertlets,
                        config.withTopDownGeneralDecorrelationEnabled(
                                context.config().topDownGeneralDecorrelationEnabled()));
            }
        };
    }

    /**
     * Calcite answers the texts "SELECT 1" and "VALUES 1" from a canned plan, whose column is named {@code EXPR$0}
     * whatever the validator would have named it: a space appended makes them plan as any other text does. Each run
     * of the statement reads the clock when it starts ({@link TransactionClock#clocked}).
     */
    @Override
    public <T> CalciteSignature<T> prepareSql(CalcitePrepare.Context context, CalcitePrepare.Query<T> query,
                                              Type elementType, long maxRowCount) {
        CalcitePrepare.Query<T> q = query.sql != null && CANNED.contains(query.sql)
                ? CalcitePrepare.Query.of(query.sql + " ") : query;
        if (q.sql != null && StatementKind.of(q.sql) == StatementKind.EXPLAIN) {
            return io.relationshiplayer.sql.calcite.CancelChecks.explaining(
                    () -> super.prepareSql(context, q, elementType, maxRowCount));
        }
        return TransactionClock.clocked(super.prepareSql(context, q, elementType, maxRowCount), clock, cancel);
    }

    /**
     * The parser settings of the engine's connection ({@link CalciteRunner}): what a view's query is parsed with when
     * a statement that reads the view expands it (Calcite's view expansion would otherwise use its defaults).
     */
    static final SqlParser.Config PARSER = SqlParser.config()
            .withQuotedCasing(org.apache.calcite.avatica.util.Casing.UNCHANGED)
            .withUnquotedCasing(org.apache.calcite.avatica.util.Casing.TO_LOWER)
            .withQuoting(org.apache.calcite.avatica.util.Quoting.DOUBLE_QUOTE)
            .withConformance(org.apache.calcite.sql.validate.SqlConformanceEnum.LENIENT)
            .withCaseSensitive(false)
            .withParserFactory(PostgresSyntax.FACTORY);

    @Override
    protected SqlParser createParser(String sql) {
        return createParser(sql, PARSER);
    }

    /** Every statement's parser takes PostgreSQL's spellings that Calcite's does not ({@link PostgresSyntax}). */
    @Override
    protected SqlParser createParser(String sql, SqlParser.Config config) {
        return super.createParser(sql, config.withParserFactory(PostgresSyntax.FACTORY));
    }

    @Override
    protected org.apache.calcite.sql2rel.SqlRexConvertletTable createConvertletTable() {
        return convertlets(super.createConvertletTable());
    }

    /**
     * How a validated statement's expressions are converted, PostgreSQL's way, over Calcite's {@code base}: the same
     * for statements and for CHECK constraints ({@link CheckExpressions}).
     */
    static org.apache.calcite.sql2rel.SqlRexConvertletTable convertlets(
            org.apache.calcite.sql2rel.SqlRexConvertletTable base) {
        org.apache.calcite.sql2rel.SqlRexConvertletTable windows =
                io.relationshiplayer.sql.calcite.WindowVariance.convertlets(DirectConvertlets.of(base));
        org.apache.calcite.sql2rel.SqlRexConvertletTable table = new TextLiterals(new BooleanLiterals(
                new TimestampLiterals(CharacterFunctions.convertlets(LikeEscape.convertlets(PaddedChars.convertlets(PostgresFunctions.convertlets(
                        new NullArithmetic(windows))))))));
        return call -> {
            io.relationshiplayer.sql.calcite.StatementCancel.checkPreparing(); // a cancel stops it at every call
            return table.get(call);
        };
    }

    /** The validator Calcite makes for a connection's settings, reporting classified errors. */
    static SqlValidator validator(CalcitePrepare.Context context, CalciteCatalogReader reader,
                                          UnaryOperator<SqlValidator.Config> configTransform) {
        CalciteConnectionConfig config = context.config();
        List<SqlOperatorTable> tables = new ArrayList<>();
        tables.add(SqlOperatorTables.of(EverydayCalls.TO_CHAR)); // before Calcite's to_char: DatetimeToChar
        tables.add(config.fun(SqlOperatorTable.class, SqlStdOperatorTable.instance()));
        tables.add(PostgresFunctions.TABLE);
        tables.add(reader);
        SqlValidator.Config validatorConfig = configTransform.apply(SqlValidator.Config.DEFAULT
                .withLenientOperatorLookup(config.lenientOperatorLookup())
                .withConformance(config.conformance())
                .withDefaultNullCollation(config.defaultNullCollation())
                .withIdentifierExpansion(true)
                .withTypeCoercionFactory(LiteralCoercion::new));
        return new CalciteSqlValidator(SqlOperatorTables.chain(tables), reader, context.getTypeFactory(),
                validatorConfig) {
            /** Source selects of UPDATE and DELETE: their {@code *} keeps the hidden row key (rows are found by it). */
            private final java.util.Set<SqlNode> sourceSelects = java.util.Collections.newSetFromMap(
                    new java.util.IdentityHashMap<>());

            @Override
            protected org.apache.calcite.sql.SqlSelect createSourceSelectForUpdate(
                    org.apache.calcite.sql.SqlUpdate call) {
                org.apache.calcite.sql.SqlSelect select = call instanceof JoinedDml.Update joined
                        ? JoinedDml.sourceSelect(joined) : super.createSourceSelectForUpdate(call);
                sourceSelects.add(select);
                return select;
            }

            @Override
            protected org.apache.calcite.sql.SqlSelect createSourceSelectForDelete(
                    org.apache.calcite.sql.SqlDelete call) {
                org.apache.calcite.sql.SqlSelect select = call instanceof JoinedDml.Delete joined
                        ? JoinedDml.sourceSelect(joined) : super.createSourceSelectForDelete(call);
                sourceSelects.add(select);
                return select;
            }

            @Override
            protected org.apache.calcite.rel.type.RelDataType validateSelectList(
                    org.apache.calcite.sql.SqlNodeList selectItems, org.apache.calcite.sql.SqlSelect select,
                    org.apache.calcite.rel.type.RelDataType targetRowType) {
                StatementBounds.refuseLongTargetList(selectItems);
                boolean hide = !sourceSelects.contains(select);
                org.apache.calcite.sql.SqlNodeList items = hide ? HiddenColumns.qualifiedStars(selectItems,
                        getSelectScope(select), getCatalogReader().nameMatcher()) : selectItems;
                org.apache.calcite.rel.type.RelDataType row = io.relationshiplayer.sql.calcite.RecordLayerTable
                        .expandingStar(hide, () -> super.validateSelectList(items, select, targetRowType));
                StatementBounds.refuseWideRow(row.getFieldCount(), selectItems); // its stars expanded
                return row;
            }

            /**
             * Unnamed select items get PostgreSQL's names, before COALESCE and the like are rewritten, and so do the
             * columns of a VALUES list aliased in FROM without names of its own; {@code 'name'::regclass} is the id
             * ({@link RegClassCasts}).
             */
            @Override
            protected SqlNode performUnconditionalRewrites(SqlNode node, boolean underFrom) {
                if (node instanceof org.apache.calcite.sql.SqlSelect select) {
                    select.setSelectList(PostgresNames.named(select.getSelectList()));
                }
                if (underFrom && node instanceof org.apache.calcite.sql.SqlCall as) {
                    node = PostgresNames.valuesColumns(as);
                }
                return super.performUnconditionalRewrites(RealArithmetic.widen(PaddedChars.concatOperands(
                        io.relationshiplayer.sql.calcite.ByteaCasts.literalCast(RegClassCasts.rewrite(node, reader)))),
                        underFrom);
            }

            /** The columns of a VALUES list get PostgreSQL's names, {@code column1}, ..., as soon as it is validated. */
            @Override
            protected void validateNamespace(org.apache.calcite.sql.validate.SqlValidatorNamespace namespace,
                                             org.apache.calcite.rel.type.RelDataType targetRowType) {
                if (namespace instanceof org.apache.calcite.sql.validate.TableConstructorNamespace) {
                    namespace.validate(targetRowType);
                    namespace.setType(PostgresNames.valuesColumns(namespace.getType(), getTypeFactory()));
                }
                super.validateNamespace(namespace, targetRowType);
            }

            /** A string literal in an INSERT's VALUES is of its column's type ({@link UnknownLiterals}). */
            @Override
            protected void validateValues(org.apache.calcite.sql.SqlCall node,
                                          org.apache.calcite.rel.type.RelDataType targetRowType,
                                          org.apache.calcite.sql.validate.SqlValidatorScope scope) {
                UnknownLiterals.castToTargets(node, targetRowType);
                ValuesLiterals.castBesideNumbers(node, this, scope);
                // a NULL for a NOT NULL column is refused by the write path, with the relation and the failing row
                super.validateValues(node, NotNullTargets.nullable(targetRowType, getTypeFactory()), scope);
            }

            @Override
            public void validateInsert(org.apache.calcite.sql.SqlInsert insert) {
                if (insert.isUpsert()) {
                    // Calcite parses CockroachDB's and Phoenix's UPSERT; running it as an INSERT would not be one
                    throw new SqlException(SqlException.FEATURE_NOT_SUPPORTED, "UPSERT is not supported: use INSERT "
                            + "... ON CONFLICT (key) DO UPDATE SET ...", insert.getParserPosition().getLineNum(),
                            insert.getParserPosition().getColumnNum(), null);
                }
                ReadOnlyViews.refuse(this, insert.getTargetTable(), "insert into");
                org.apache.calcite.sql.validate.SqlValidatorTable target = insert.getTargetTable()
                        instanceof org.apache.calcite.sql.SqlIdentifier id ? getCatalogReader().getTable(id.names) : null;
                if (insert.getTargetColumnList() != null || target != null) {
                    ValidationErrors.refuseExtraValues(insert, insert.getTargetColumnList() != null
                            ? insert.getTargetColumnList().size() : target.getRowType().getFieldCount());
                }
                super.validateInsert(insert);
                requireStored(insert, insert.getTargetTable(), "insert into");
            }

            @Override
            public void validateUpdate(org.apache.calcite.sql.SqlUpdate call) {
                ReadOnlyViews.refuse(this, call.getTargetTable(), "update");
                super.validateUpdate(call);
                requireStored(call, call.getTargetTable(), "update");
            }

            @Override
            public void validateDelete(org.apache.calcite.sql.SqlDelete call) {
                ReadOnlyViews.refuse(this, call.getTargetTable(), "delete from");
                super.validateDelete(call);
                requireStored(call, call.getTargetTable(), "delete from");
            }

            @Override
            public void validateMerge(org.apache.calcite.sql.SqlMerge call) {
                ReadOnlyViews.refuse(this, call.getTargetTable(), "merge into");
                super.validateMerge(call);
            }

            /** Only a table of the store can be written: not a view such as information_schema's. */
            private void requireStored(SqlNode call, SqlNode target, String verb) {
                org.apache.calcite.sql.validate.SqlValidatorNamespace namespace = getNamespace(call);
                org.apache.calcite.sql.validate.SqlValidatorTable table = namespace == null ? null
                        : namespace.getTable();
                if (table != null && table.unwrap(io.relationshiplayer.sql.calcite.RecordLayerTable.class) == null) {
                    List<String> name = table.getQualifiedName();
                    throw ValidationErrors.notWritable(target, verb, name.get(name.size() - 1));
                }
            }

            /**
             * A parameter whose type nothing around it gives ({@code SELECT ?}, {@code ? || name}) is text, as
             * PostgreSQL resolves an unknown-typed parameter; Calcite refuses it ("Illegal use of dynamic parameter").
             * A parameter of date arithmetic takes the type its operator needs ({@code DATE '2024-01-01' + ?} an
             * integer, {@code d = ? - 1} a date: {@link io.relationshiplayer.sql.calcite.DateArithmetic#parameter}).
             */
            @Override
            protected void inferUnknownTypes(org.apache.calcite.rel.type.RelDataType inferredType,
                                             org.apache.calcite.sql.validate.SqlValidatorScope scope,
                                             SqlNode node) {
                io.relationshiplayer.sql.calcite.DateArithmetic.Parameter dated = io.relationshiplayer.sql.calcite
                        .DateArithmetic.parameter(this, scope, node,
                                inferredType.getSqlTypeName() == org.apache.calcite.sql.type.SqlTypeName.DATE);
                if (dated != null) {
                    for (SqlNode operand : ((org.apache.calcite.sql.SqlCall) node).getOperandList()) {
                        super.inferUnknownTypes(operand == dated.node() ? dated.type(this)
                                : deriveType(scope, operand), scope, operand);
                    }
                    return;
                }
                org.apache.calcite.rel.type.RelDataType cast = ParameterCasts.operandType(typeFactory, node);
                if (cast != null) {
                    super.inferUnknownTypes(cast, scope, ((org.apache.calcite.sql.SqlCall) node).operand(0));
                    return;
                }
                org.apache.calcite.rel.type.RelDataType series = SeriesParameters.of(this, scope, node);
                if (series != null) {
                    for (SqlNode operand : ((org.apache.calcite.sql.SqlCall) node).getOperandList()) {
                        super.inferUnknownTypes(operand instanceof org.apache.calcite.sql.SqlDynamicParam ? series
                                : unknownType, scope, operand);
                    }
                    return;
                }
                super.inferUnknownTypes(node instanceof org.apache.calcite.sql.SqlDynamicParam
                        && inferredType.equals(unknownType) ? typeFactory.createSqlType(
                        org.apache.calcite.sql.type.SqlTypeName.VARCHAR) : inferredType, scope, node);
            }

            /** TIMESTAMP literals rounded to microseconds; an INTERVAL with digits below a millisecond is 22008. */
            @Override
            public SqlNode validate(SqlNode topNode) {
                ValidationErrors.refuseSubMillisecond(topNode);
                return super.validate(topNode);
            }

            /** PostgreSQL's {@code date + integer}, {@code date - integer} and {@code date - date}; its refused casts. */
            @Override
            public org.apache.calcite.rel.type.RelDataType deriveType(
                    org.apache.calcite.sql.validate.SqlValidatorScope scope, SqlNode expr) {
                io.relationshiplayer.sql.calcite.StatementCancel.checkPreparing(); // at every expression typed
                io.relationshiplayer.sql.calcite.DateArithmetic.rewrite(this, scope, expr);
                CastChecks.refuse(this, scope, expr);
                TextNumberTypes.refuseComparison(this, scope, expr);
                NumericCasts.constrain(this, scope, expr);
                return super.deriveType(scope, expr);
            }

            /** A text that is no literal assigned to a number column: PostgreSQL's 42804 ({@link TextNumberTypes}). */
            @Override
            protected void checkTypeAssignment(org.apache.calcite.sql.validate.SqlValidatorScope sourceScope,
                    org.apache.calcite.sql.validate.SqlValidatorTable table,
                    org.apache.calcite.rel.type.RelDataType sourceRowType,
                    org.apache.calcite.rel.type.RelDataType targetRowType, SqlNode query) {
                TextNumberTypes.refuseAssignment(this, table.getRowType(), sourceRowType, targetRowType, query);
                super.checkTypeAssignment(sourceScope, table, sourceRowType, targetRowType, query);
            }

            /** Set while a GROUP BY is validated: its errors keep Calcite's words for its alias lookup. */
            private boolean grouping;

            @Override
            protected void validateGroupClause(org.apache.calcite.sql.SqlSelect select) {
                boolean outer = grouping;
                grouping = true;
                try {
                    super.validateGroupClause(select); // GROUP BY alias as PostgreSQL: a column of FROM first
                } finally {
                    grouping = outer;
                }
            }

            @Override
            public CalciteContextException newValidationError(SqlNode node,
                                                              Resources.ExInst<SqlValidatorException> e) {
                CalciteContextException classified = ValidationErrors.classify(e, super.newValidationError(node, e));
                classified = classified instanceof ValidationErrors.Classified c ? c.atOperator(node) : classified;
                return grouping ? ValidationErrors.Classified.inCalciteWords(classified) : classified;
            }

            @Override
            public org.apache.calcite.rel.type.RelDataType getValidatedNodeType(SqlNode node) {
                return ValidationErrors.requireType(getValidatedNodeTypeIfKnown(node), node,
                        super::getValidatedNodeType);
            }
        };
    }
}
