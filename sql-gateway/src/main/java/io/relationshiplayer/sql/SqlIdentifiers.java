package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.Set;
import javax.annotation.Nonnull;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParser;

/**
 * Names as SQL text that reads back as the same name, as PostgreSQL's quote_ident writes them: bare when the name is
 * lower-case letters, digits and underscores and no keyword of the DDL parser's or Calcite's, else in double quotes
 * (a quote in it doubled).
 */
public final class SqlIdentifiers {
    /** PostgreSQL's reserved keywords (the DDL parser's) and the words Calcite reads as types or values. */
    private static final Set<String> RESERVED = Set.of("all", "analyse", "analyze", "and", "any", "array", "as", "asc",
            "asymmetric", "both", "case", "cast", "check", "collate", "column", "constraint", "create",
            "current_catalog", "current_date", "current_role", "current_time", "current_timestamp", "current_user",
            "default", "deferrable", "desc", "distinct", "do", "else", "end", "except", "false", "fetch", "for",
            "foreign", "from", "grant", "group", "having", "in", "initially", "intersect", "into", "lateral",
            "leading", "limit", "localtime", "localtimestamp", "not", "null", "offset", "on", "only", "or", "order",
            "placing", "primary", "references", "returning", "select", "session_user", "some", "symmetric", "table",
            "then", "to", "trailing", "true", "union", "unique", "user", "using", "variadic", "when", "where",
            "window", "with");
    private static final SqlAbstractParserImpl.Metadata CALCITE = SqlParser.create("", SqlPrepare.PARSER)
            .getMetadata();

    private SqlIdentifiers() {
    }

    /** {@code name} as an identifier in SQL text. */
    @Nonnull
    public static String quote(@Nonnull String name) {
        if (name.matches("[a-z_][a-z0-9_]*") && !RESERVED.contains(name)
                && !CALCITE.isReservedFunctionName(name.toUpperCase(Locale.ROOT))
                && !CALCITE.isReservedWord(name.toUpperCase(Locale.ROOT))) {
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
