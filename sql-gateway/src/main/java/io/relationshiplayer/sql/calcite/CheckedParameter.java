package io.relationshiplayer.sql.calcite;

import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.linq4j.tree.Shuttle;
import org.apache.calcite.linq4j.tree.Visitor;

/**
 * A reference, in generated code, to a variable declared elsewhere (the statement's stashed {@link StatementCancel}),
 * that checks for a cancel of the statement being prepared whenever a walk of the code tree reaches it. Code
 * generation optimizes each operator's block of code (linq4j's BlockBuilder: counting and inlining variables, folding
 * constants, hoisting constant expressions), and the block of an operator holds the code of every operator below it,
 * so one such step walks the code of the whole plan (over a hundred milliseconds for a CASE of 999 branches). It calls
 * nothing of the server's, but it visits every node: this reference sits in the code between every two operators
 * ({@link CancelChecks.Check}), so a cancel stops the walk within one operator's code.
 *
 * <p>The Java written for it is the variable's name, as for the variable's own reference, and it is equal only to
 * itself, as every linq4j parameter is: the generated code is unchanged.
 */
final class CheckedParameter extends ParameterExpression {
    private CheckedParameter(ParameterExpression of) {
        super(of.modifier, of.type, of.name);
    }

    /** A reference to {@code e}'s variable that checks when visited, or {@code e} itself if it is no variable. */
    static Expression of(Expression e) {
        return e instanceof ParameterExpression p && !(e instanceof CheckedParameter) ? new CheckedParameter(p) : e;
    }

    @Override
    public Expression accept(Shuttle shuttle) {
        StatementCancel.checkPreparing();
        return super.accept(shuttle);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        StatementCancel.checkPreparing();
        return super.accept(visitor);
    }
}
