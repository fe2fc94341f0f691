package io.relationshiplayer.sql.calcite;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.linq4j.Queryable;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.QueryableTable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.schema.impl.TableFunctionImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * PostgreSQL's {@code regexp_split_to_table(text, pattern [, flags])} in FROM, a table function of the root schema
 * (as {@link GenerateSeries}): a row of text for each piece between the pattern's matches, as PostgreSQL splits (a
 * match of no characters at the start or the end, or right after another match, does not split; pieces may be empty);
 * no row where an argument is NULL. The pattern is PostgreSQL's ({@link PosixRegex}); the flags {@code i}, {@code c},
 * {@code n}, {@code s}, {@code g} 22023. In a select list it is not supported (42883).
 */
public final class RegexpSplit {
    static final String NAME = "regexp_split_to_table";

    private RegexpSplit() {
    }

    /** Adds the functions to {@code root}. */
    public static void addTo(SchemaPlus root) {
        root.add(NAME, TableFunctionImpl.create(RegexpSplit.class, "split"));
        root.add(NAME, TableFunctionImpl.create(RegexpSplit.class, "split3"));
    }

    public static QueryableTable split(String text, String pattern) {
        return split3(text, pattern, "");
    }

    public static QueryableTable split3(String text, String pattern, String flags) {
        return new Pieces(text, pattern, flags);
    }

    /** The pieces of {@code text} between the matches of {@code pattern}, as PostgreSQL splits. */
    static List<String> pieces(String text, String pattern, String flags) {
        Matcher m = PosixRegex.Flags.single(flags, NAME).pattern(pattern).matcher(text);
        List<String> out = new ArrayList<>();
        int start = 0;
        int previousEnd = 0;
        int search = 0;
        while (search <= text.length() && m.find(search)) {
            if (m.start() < text.length() && m.end() > previousEnd) {
                out.add(text.substring(start, m.start()));
                start = m.end();
            }
            previousEnd = m.end();
            search = m.end() > m.start() ? m.end() : m.start() + 1;
        }
        out.add(text.substring(start));
        return out;
    }

    /** The rows of one call; its row type is known without its values. */
    private static final class Pieces extends AbstractTable implements QueryableTable {
        private final String text;
        private final String pattern;
        private final String flags;

        Pieces(String text, String pattern, String flags) {
            this.text = text;
            this.pattern = pattern;
            this.flags = flags;
        }

        @Override
        public RelDataType getRowType(RelDataTypeFactory types) {
            return types.builder().add(NAME, types.createTypeWithNullability(types.createSqlType(
                    SqlTypeName.VARCHAR), true)).build();
        }

        @Override
        public Type getElementType() {
            return Object.class;
        }

        @Override
        public Expression getExpression(SchemaPlus schema, String tableName, Class clazz) {
            throw new UnsupportedOperationException(NAME + " is a call, not a table of a schema");
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Queryable<T> asQueryable(QueryProvider queryProvider, SchemaPlus schema, String tableName) {
            List<Object> rows = text == null || pattern == null || flags == null ? List.of()
                    : new ArrayList<>(pieces(text, pattern, flags));
            return (Queryable<T>) Linq4j.asEnumerable(rows).asQueryable();
        }
    }
}
