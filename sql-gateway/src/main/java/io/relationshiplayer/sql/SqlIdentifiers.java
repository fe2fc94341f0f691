package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.Nonnull;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;

/**
 * Names as SQL text that reads back as the same name, as PostgreSQL's quote_ident writes them: bare when the name is
 * lower-case letters, digits and underscores and no keyword PostgreSQL quotes (its reserved, type-or-function-name
 * and column-name keywords: {@link PostgresKeywords}), else in double quotes (a quote in it doubled). Calcite's
 * reserved words that PostgreSQL does not reserve ({@code year}, {@code value}, {@code at}) are bare: the DDL parser
 * reads them as names, and so does every statement Calcite parses ({@link KeywordNames}). Quoted too: the few names
 * that Calcite reads bare as a value, its functions without parentheses that PostgreSQL 15 does not reserve
 * ({@code system_user}, {@code current_path}), which a statement would otherwise read as the function.
 */
public final class SqlIdentifiers {
    private static final Set<String> CALCITE_NILADIC = SqlStdOperatorTable.instance().getOperatorList().stream()
            .filter(op -> op.getSyntax() == SqlSyntax.FUNCTION_ID).map(SqlOperator::getName)
            .map(n -> n.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());

    private SqlIdentifiers() {
    }

    /** {@code name} as an identifier in SQL text. */
    @Nonnull
    public static String quote(@Nonnull String name) {
        if (name.matches("[a-z_][a-z0-9_]*") && !PostgresKeywords.isQuotedKeyword(name)
                && !CALCITE_NILADIC.contains(name)) {
            return name;
        }
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** {@code s} as a string literal: in single quotes, a quote in it doubled. */
    @Nonnull
    public static String literal(@Nonnull String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
