package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.RecordLayerSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * PostgreSQL's {@code 'name'::regclass} (and {@code CAST('name' AS regclass)}) of a string constant: the
 * {@code pg_class} id of the table, view or index it names, as a BIGINT constant, found as the statement is validated
 * (a plan is cached per catalog version, and an id changes only with its object). The text is read as PostgreSQL reads
 * it: a name, possibly qualified by schema {@code public}, folded to lower case unless double-quoted. An unknown
 * relation is 42P01 and malformed text 42602, at the literal; another schema is 3F000 ({@code pg_catalog}'s and
 * {@code information_schema}'s relations have no ids here: 0A000). There is no regclass type: the value is the id
 * (PostgreSQL prints the name), and a cast of anything but a constant is 0A000 (join {@code pg_class} by
 * {@code relname}).
 */
final class RegClassCasts {
    private RegClassCasts() {
    }

    /** {@code node} with a cast of a string constant to regclass as the id it names; other nodes as they are. */
    static SqlNode rewrite(SqlNode node, CalciteCatalogReader reader) {
        if (!(node instanceof SqlCall call) || call.getKind() != SqlKind.CAST || call.operandCount() != 2
                || !(call.operand(1) instanceof SqlDataTypeSpec spec) || !isRegClass(spec)) {
            return node;
        }
        SqlParserPos at = call.operand(0).getParserPosition();
        if (!(call.operand(0) instanceof SqlCharStringLiteral literal)) {
            throw error(SqlException.FEATURE_NOT_SUPPORTED, "a cast to regclass is supported of a string constant "
                    + "only (a relation's name): join pg_catalog.pg_class by relname instead",
                    call.getParserPosition());
        }
        String text = literal.getValueAs(String.class);
        List<String> names = names(text);
        if (names == null) {
            throw error(SqlException.INVALID_NAME, "invalid name syntax", at);
        }
        String qualified = String.join(".", names);
        if (names.size() > 2) {
            throw error(SqlException.FEATURE_NOT_SUPPORTED, "cross-database references are not implemented: "
                    + qualified, at);
        }
        if (names.size() == 2 && !names.get(0).equals(RecordLayerSchema.PUBLIC)) {
            if (names.get(0).equals("pg_catalog") || names.get(0).equals("information_schema")) {
                throw error(SqlException.FEATURE_NOT_SUPPORTED, "relations of " + names.get(0) + " have no object "
                        + "id here: " + qualified, at);
            }
            throw error("3F000", "schema \"" + names.get(0) + "\" does not exist", at);
        }
        Long oid = null;
        for (CalciteSchema schema : reader.getRootSchema().getSubSchemaMap().values()) {
            if (schema.schema instanceof RecordLayerSchema database) {
                oid = database.relationOid(names.get(names.size() - 1));
                break;
            }
        }
        if (oid == null) {
            throw error(SqlException.UNDEFINED_TABLE, "relation \"" + qualified + "\" does not exist", at);
        }
        SqlParserPos pos = call.getParserPosition();
        return SqlStdOperatorTable.CAST.createCall(pos, SqlLiteral.createExactNumeric(Long.toString(oid), pos),
                SqlTypeUtil.convertTypeToSpec(reader.getTypeFactory().createSqlType(SqlTypeName.BIGINT)));
    }

    private static boolean isRegClass(SqlDataTypeSpec spec) {
        SqlIdentifier name = spec.getTypeName();
        List<String> parts = name.names;
        return parts.get(parts.size() - 1).equalsIgnoreCase("regclass")
                && (parts.size() == 1 || parts.size() == 2 && parts.get(0).equalsIgnoreCase("pg_catalog"));
    }

    /**
     * The names of {@code text} as PostgreSQL splits a qualified name: dot-separated, blanks around each, an unquoted
     * one (letters, digits, {@code _}, {@code $}) folded to lower case, a double-quoted one as written ({@code ""} a
     * quote); null if it is none.
     */
    static List<String> names(String text) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (true) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            StringBuilder name = new StringBuilder();
            if (i < n && text.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= n) {
                        return null;
                    }
                    char c = text.charAt(i++);
                    if (c != '"') {
                        name.append(c);
                    } else if (i < n && text.charAt(i) == '"') {
                        name.append('"');
                        i++;
                    } else {
                        break;
                    }
                }
            } else {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_'
                        || text.charAt(i) == '$')) {
                    i++;
                }
                name.append(text.substring(start, i).toLowerCase(Locale.ROOT));
            }
            if (name.length() == 0) {
                return null;
            }
            out.add(name.toString());
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i == n) {
                return out;
            }
            if (text.charAt(i++) != '.') {
                return null;
            }
        }
    }

    private static SqlException error(String sqlState, String message, SqlParserPos at) {
        return new SqlException(sqlState, message, at.getLineNum(), at.getColumnNum(), null);
    }
}
