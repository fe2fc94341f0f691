package io.relationshiplayer.sql.calcite;

import java.util.function.Function;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;
import org.apache.calcite.tools.Program;

/**
 * Rewrites of a plan's calls made before it is optimized ({@link TimestampCasts}, {@link ByteaCasts}): each call of every
 * expression of every operator, subqueries' plans included, bottom up, through a function of the plan's RexBuilder;
 * and the functions of our own such a rewrite calls, from generated code.
 */
final class CallRewrites {
    /** What replaces a call (already rewritten below): itself or another expression. */
    interface Rewrite {
        RexNode call(RexCall call);

        /** What replaces a literal: itself unless the rewrite says otherwise. */
        default RexNode literal(RexLiteral literal) {
            return literal;
        }

        /** What replaces a parameter: itself unless the rewrite says otherwise. */
        default RexNode dynamicParam(org.apache.calcite.rex.RexDynamicParam param) {
            return param;
        }

        /** What replaces a windowed aggregate (its operands and window already rewritten): itself by default. */
        default RexNode over(RexOver over) {
            return over;
        }
    }

    /** A rewrite of CASTs of one operand; other calls stay as they are. */
    abstract static class CastRewrite implements Rewrite {
        protected final RexBuilder rex;

        CastRewrite(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public final RexNode call(RexCall call) {
            if (call.getKind() != SqlKind.CAST || call.getOperands().size() != 1) {
                return call;
            }
            RexNode operand = call.getOperands().get(0);
            return cast(call, operand, operand.getType().getSqlTypeName());
        }

        /** What replaces {@code call}, a CAST of {@code operand} (of type {@code from}). */
        abstract RexNode cast(RexCall call, RexNode operand, org.apache.calcite.sql.type.SqlTypeName from);

        /**
         * {@code call}'s target type over {@code function(operand)}, whose result is {@code type} and nullable as
         * {@code operand} is: a cast replaced by a function of PostgreSQL's semantics.
         */
        RexNode castOf(RexCall call, org.apache.calcite.sql.SqlOperator function, RexNode operand,
                       org.apache.calcite.sql.type.SqlTypeName type) {
            org.apache.calcite.rel.type.RelDataTypeFactory types = rex.getTypeFactory();
            return rex.makeCast(call.getType(), rex.makeCall(types.createTypeWithNullability(
                    types.createSqlType(type), operand.getType().isNullable()), function, java.util.List.of(operand)),
                    true, false);
        }
    }

    private CallRewrites() {
    }

    /** {@code planning}, run on a plan after {@code rewrite}. */
    static Program program(Program planning, Function<RexBuilder, Rewrite> rewrite) {
        return (planner, rel, traits, materializations, lattices) ->
                planning.run(planner, apply(rel, rewrite), traits, materializations, lattices);
    }

    /** {@code rel} with every call rewritten by {@code rewrite}. */
    static RelNode apply(RelNode rel, Function<RexBuilder, Rewrite> rewrite) {
        Rewrite calls = rewrite.apply(rel.getCluster().getRexBuilder());
        RelHomogeneousShuttle[] rels = new RelHomogeneousShuttle[1];
        RexShuttle rexes = new Rewriting(calls) {
            @Override
            public RexNode visitSubQuery(RexSubQuery subQuery) {
                RelNode rewritten = subQuery.rel.accept(rels[0]);
                return super.visitSubQuery(rewritten == subQuery.rel ? subQuery : subQuery.clone(rewritten));
            }

            @Override
            public RexNode visitOver(RexOver over) {
                RexNode visited = super.visitOver(over);
                return visited instanceof RexOver o ? calls.over(o) : visited;
            }
        };
        rels[0] = new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return super.visitChildren(other).accept(rexes);
            }
        };
        return rels[0].visit(rel);
    }

    /** {@code e} with every call and literal rewritten by {@code calls} (no subqueries: a plan's expression). */
    static RexNode apply(RexNode e, Rewrite calls) {
        return e.accept(new Rewriting(calls));
    }

    /** Rewrites every call (its operands first) and every literal by {@code calls}. */
    private static class Rewriting extends RexShuttle {
        private final Rewrite calls;

        Rewriting(Rewrite calls) {
            this.calls = calls;
        }

        @Override
        public RexNode visitCall(RexCall original) {
            return calls.call((RexCall) super.visitCall(original));
        }

        @Override
        public RexNode visitLiteral(RexLiteral literal) {
            return calls.literal(literal);
        }

        @Override
        public RexNode visitDynamicParam(org.apache.calcite.rex.RexDynamicParam param) {
            return calls.dynamicParam(param);
        }
    }

    /** The public static method {@code method} of {@code functions} as a SQL function named {@code name}. */
    static SqlUserDefinedFunction function(Class<?> functions, String name, String method,
                                           SqlReturnTypeInference type) {
        ScalarFunctionImpl f = (ScalarFunctionImpl) ScalarFunctionImpl.create(functions, method);
        return new SqlUserDefinedFunction(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, type,
                null, null, f);
    }
}
