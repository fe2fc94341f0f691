package io.relationshiplayer.sql;

import java.util.Locale;
import java.util.Set;
import javax.annotation.Nonnull;

/**
 * PostgreSQL 15's keywords by what they may name, as its grammar has them: its reserved keywords and its
 * type-or-function-name keywords are never an unquoted column, table, index, view or constraint name (its
 * {@code ColId}); its column-name keywords are ({@code position}, {@code time}, ...), though quote_ident quotes them;
 * every other word is a name. The DDL parser, the query parser ({@link KeywordNames}) and the names written back as
 * SQL ({@link SqlIdentifiers}) read the one list.
 */
public final class PostgresKeywords {
    /** Reserved keywords. */
    private static final Set<String> RESERVED = Set.of("all", "analyse", "analyze", "and", "any", "array", "as",
            "asc", "asymmetric", "both", "case", "cast", "check", "collate", "column", "constraint", "create",
            "current_catalog", "current_date", "current_role", "current_time", "current_timestamp", "current_user",
            "default", "deferrable", "desc", "distinct", "do", "else", "end", "except", "false", "fetch", "for",
            "foreign", "from", "grant", "group", "having", "in", "initially", "intersect", "into", "lateral",
            "leading", "limit", "localtime", "localtimestamp", "not", "null", "offset", "on", "only", "or", "order",
            "placing", "primary", "references", "returning", "select", "session_user", "some", "symmetric", "table",
            "then", "to", "trailing", "true", "union", "unique", "user", "using", "variadic", "when", "where",
            "window", "with");
    /** Type-or-function-name keywords: a function's or type's name, never a column's. */
    private static final Set<String> TYPE_FUNC_NAME = Set.of("authorization", "binary", "collation", "concurrently",
            "cross", "current_schema", "freeze", "full", "ilike", "inner", "is", "isnull", "join", "left", "like",
            "natural", "notnull", "outer", "overlaps", "right", "similar", "tablesample", "verbose");
    /** Column-name keywords: a column's name, never a function's or type's (they have grammar of their own). */
    private static final Set<String> COL_NAME = Set.of("between", "bigint", "bit", "boolean", "char", "character",
            "coalesce", "dec", "decimal", "exists", "extract", "float", "greatest", "grouping", "inout", "int",
            "integer", "interval", "least", "national", "nchar", "none", "normalize", "nullif", "numeric", "out",
            "overlay", "position", "precision", "real", "row", "setof", "smallint", "substring", "time", "timestamp",
            "treat", "trim", "values", "varchar", "xmlattributes", "xmlconcat", "xmlelement", "xmlexists",
            "xmlforest", "xmlnamespaces", "xmlparse", "xmlpi", "xmlroot", "xmlserialize", "xmltable");

    private PostgresKeywords() {
    }

    /**
     * Whether the word (any case) is no unquoted name in PostgreSQL: a reserved or type-or-function-name keyword
     * ({@code select}, {@code user}, {@code left}, {@code join}, {@code is}, ...).
     */
    public static boolean isReserved(@Nonnull String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return RESERVED.contains(w) || TYPE_FUNC_NAME.contains(w);
    }

    /** Whether PostgreSQL's quote_ident quotes the word as a keyword: any keyword but an unreserved one. */
    public static boolean isQuotedKeyword(@Nonnull String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return isReserved(w) || COL_NAME.contains(w);
    }
}
