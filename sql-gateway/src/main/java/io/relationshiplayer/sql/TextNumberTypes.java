package io.relationshiplayer.sql;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDynamicParam;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.util.Util;

/**
 * A number beside a text that is no literal, where PostgreSQL has no implicit cast and Calcite cast the text: compared
 * ({@code n = s}, {@code n < s}, {@code n IN (s, ...)}, {@code n BETWEEN s AND ...}) it is 42883 {@code operator does
 * not exist: integer = text} at the operator; assigned to a number column in an INSERT or UPDATE ({@code INSERT INTO
 * t(n) SELECT s FROM u}, {@code UPDATE t SET n = s}) it is 42804 {@code column "n" is of type integer but expression is
 * of type text} at the expression; each with PostgreSQL's HINT. A string literal and a parameter are PostgreSQL's
 * unknown, which takes the number's type ({@code n = '7'}, {@code VALUES ('7')}, {@code n = ?}), and an explicit cast
 * is the cast's type. Arithmetic and functions of such a text are {@link LiteralCoercion}'s. As the rest of these
 * messages, a varchar is named {@code text} ({@code character varying} in PostgreSQL's for a varchar(n) column).
 */
final class TextNumberTypes {
    private static final String ASSIGNMENT_HINT = "You will need to rewrite or cast the expression.";

    private TextNumberTypes() {
    }

    /** Before the validator derives the type of {@code node}: 42883 if it compares a number with such a text. */
    static void refuseComparison(SqlValidator validator, SqlValidatorScope scope, SqlNode node) {
        if (!(node instanceof SqlBasicCall call) || call.operandCount() < 2) {
            return;
        }
        switch (call.getKind()) {
            case EQUALS, IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> compare(validator, scope, call, 1, "=");
            case NOT_EQUALS -> compare(validator, scope, call, 1, "<>");
            case LESS_THAN -> compare(validator, scope, call, 1, "<");
            case GREATER_THAN -> compare(validator, scope, call, 1, ">");
            case LESS_THAN_OR_EQUAL -> compare(validator, scope, call, 1, "<=");
            case GREATER_THAN_OR_EQUAL -> compare(validator, scope, call, 1, ">=");
            case IN, NOT_IN -> in(validator, scope, call, call.getKind() == SqlKind.IN ? "=" : "<>");
            case SOME, ALL -> {
                // n = ANY (...), n > ALL (...): the comparison's operator
                if (call.getOperator() instanceof org.apache.calcite.sql.fun.SqlQuantifyOperator q) {
                    in(validator, scope, call, symbol(q.comparisonKind));
                }
            }
            case BETWEEN -> {
                // PostgreSQL's a >= b AND a <= c (NOT BETWEEN: a < b OR a > c)
                boolean negated = call.getOperator() instanceof SqlBetweenOperator b && b.isNegated();
                if (call.operandCount() == 3) {
                    compare(validator, scope, call, 1, negated ? "<" : ">=");
                    compare(validator, scope, call, 2, negated ? ">" : "<=");
                }
            }
            default -> {
            }
        }
    }

    private static String symbol(SqlKind comparison) {
        return switch (comparison) {
            case NOT_EQUALS -> "<>";
            case LESS_THAN -> "<";
            case GREATER_THAN -> ">";
            case LESS_THAN_OR_EQUAL -> "<=";
            case GREATER_THAN_OR_EQUAL -> ">=";
            default -> "=";
        };
    }

    /** {@code (a, b) IN (SELECT x, y ...)}: each of the row's values beside the query's column. */
    private static void rowIn(SqlValidator validator, SqlValidatorScope scope, SqlBasicCall call, SqlCall row,
                              String op) {
        RelDataType right;
        try {
            right = call.operand(1) instanceof SqlSelect ? validator.deriveType(scope, call.operand(1)) : null;
        } catch (RuntimeException e) {
            return; // the validator reports it as it validates the call itself
        }
        if (right == null || !right.isStruct() || right.getFieldCount() != row.operandCount()) {
            return;
        }
        for (int i = 0; i < row.operandCount(); i++) {
            SqlNode value = row.operand(i);
            RelDataType l = unknown(value) ? null : type(validator, scope, value);
            if (l != null) {
                refuse(call, l, right.getFieldList().get(i).getType(), op);
            }
        }
    }

    private static void in(SqlValidator validator, SqlValidatorScope scope, SqlBasicCall call, String op) {
        if (call.operand(0) instanceof SqlCall row && row.getKind() == SqlKind.ROW) {
            rowIn(validator, scope, call, row, op);
            return;
        }
        RelDataType left = unknown(call.operand(0)) ? null : type(validator, scope, call.operand(0));
        if (left == null || !SqlTypeUtil.isNumeric(left) && !SqlTypeUtil.isCharacter(left)) {
            return; // (a long list of another type's values is not walked)
        }
        if (call.operand(1) instanceof SqlNodeList list) {
            for (SqlNode item : list) {
                refuse(validator, scope, call, call.operand(0), item, op);
            }
        } else if (call.operand(1) instanceof SqlSelect) {
            refuse(validator, scope, call, call.operand(0), call.operand(1), op);
        }
    }

    private static void compare(SqlValidator validator, SqlValidatorScope scope, SqlBasicCall call, int right,
                                String op) {
        refuse(validator, scope, call, call.operand(0), call.operand(right), op);
    }

    private static void refuse(SqlValidator validator, SqlValidatorScope scope, SqlCall call, SqlNode left,
                               SqlNode right, String op) {
        if (unknown(left) || unknown(right)) {
            return;
        }
        RelDataType l = type(validator, scope, left);
        RelDataType r = type(validator, scope, right);
        if (l != null && r != null) {
            refuse(call, l, r, op);
        }
    }

    /** 42883 at {@code call}'s operator if {@code l op r} is a number beside a text. */
    private static void refuse(SqlCall call, RelDataType l, RelDataType r, String op) {
        if (!(SqlTypeUtil.isNumeric(l) && SqlTypeUtil.isCharacter(r)
                || SqlTypeUtil.isCharacter(l) && SqlTypeUtil.isNumeric(r))) {
            return;
        }
        SqlParserPos at = OperatorPositions.errorAt(call);
        throw new SqlException(SqlException.UNDEFINED_FUNCTION, "operator does not exist: "
                + ValidationErrors.typeName(l) + " " + op + " " + ValidationErrors.typeName(r), null,
                ValidationMessages.OPERATOR_HINT, at.getLineNum(), at.getColumnNum(), null);
    }

    /** The type of {@code node} (a scalar subquery's: its one column's), or null where the validator fails on it. */
    private static RelDataType type(SqlValidator validator, SqlValidatorScope scope, SqlNode node) {
        RelDataType type;
        try {
            type = validator.deriveType(scope, node);
        } catch (RuntimeException e) {
            return null; // the validator reports it as it validates the call itself
        }
        if (type != null && type.isStruct()) {
            return type.getFieldCount() == 1 ? type.getFieldList().get(0).getType() : null;
        }
        return type;
    }

    /** Whether {@code node} is of PostgreSQL's unknown type: a string literal, a NULL or a parameter. */
    private static boolean unknown(SqlNode node) {
        return node instanceof org.apache.calcite.sql.SqlCharStringLiteral || node instanceof SqlDynamicParam
                || org.apache.calcite.sql.SqlUtil.isNullLiteral(node, false);
    }

    /**
     * Before the validator checks that an INSERT's or UPDATE's ({@code query}) values of {@code sourceRowType} fit
     * the columns of {@code targetRowType}: 42804 at the first value that is a text, no literal or parameter, for a
     * column of numbers.
     */
    static void refuseAssignment(SqlValidator validator, RelDataType tableRowType, RelDataType sourceRowType,
                                 RelDataType targetRowType, SqlNode query) {
        List<RelDataTypeField> sources = sourceRowType.getFieldList();
        List<RelDataTypeField> targets = targetRowType.getFieldList();
        if (query instanceof SqlUpdate update && update.getSourceExpressionList() != null
                && update.getTargetColumnList() != null) {
            SqlNodeList values = update.getSourceExpressionList();
            SqlNodeList columns = update.getTargetColumnList();
            int k = values.size();
            for (int i = 0; i < k && i < columns.size() && k <= sources.size(); i++) {
                RelDataType type = sources.get(sources.size() - k + i).getType(); // the source select's last k
                RelDataTypeField target = columns.get(i) instanceof org.apache.calcite.sql.SqlIdentifier id
                        ? tableRowType.getField(Util.last(id.names), false, false) : null;
                if (target != null) {
                    refuse(values.get(i), type, target);
                }
            }
        } else if (query instanceof SqlInsert insert) {
            int n = Math.min(sources.size(), targets.size());
            SqlNode source = insert.getSource();
            if (source instanceof SqlSelect select && select.getSelectList().size() == sources.size()) {
                for (int i = 0; i < n; i++) {
                    refuse(select.getSelectList().get(i), sources.get(i).getType(), targets.get(i));
                }
            } else if (source.getKind() == SqlKind.VALUES) {
                for (SqlNode row : ((SqlCall) source).getOperandList()) {
                    if (row instanceof SqlCall r && r.getKind() == SqlKind.ROW && r.operandCount() == sources.size()) {
                        for (int i = 0; i < n; i++) {
                            SqlNode value = r.operand(i);
                            RelDataType type = validator.getValidatedNodeTypeIfKnown(value);
                            refuse(value, type != null ? type : sources.get(i).getType(), targets.get(i));
                        }
                    }
                }
            }
        }
    }

    private static void refuse(SqlNode value, RelDataType type, RelDataTypeField target) {
        SqlNode expression = value.getKind() == SqlKind.AS ? ((SqlCall) value).operand(0) : value;
        if (unknown(expression) || !SqlTypeUtil.isCharacter(type) || !SqlTypeUtil.isNumeric(target.getType())) {
            return;
        }
        SqlParserPos at = expression.getParserPosition();
        throw new SqlException(SqlException.DATATYPE_MISMATCH, "column \"" + target.getName() + "\" is of type "
                + ValidationErrors.typeName(target.getType()) + " but expression is of type "
                + ValidationErrors.typeName(type), null, ASSIGNMENT_HINT, at.getLineNum(), at.getColumnNum(), null);
    }
}
