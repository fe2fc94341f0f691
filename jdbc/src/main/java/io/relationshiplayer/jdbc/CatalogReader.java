package io.relationshiplayer.jdbc;

import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.proto.v1.DescribeTableResponse;
import io.relationshiplayer.proto.v1.TableConstraint;
import io.relationshiplayer.proto.v1.TableSummary;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nonnull;
import javax.annotation.Nullable;

/**
 * The database's catalog as the service describes it over the wire: ListTables (SHOW TABLES) and DescribeTable
 * (DESCRIBE: columns with types and nullability, the primary key, and every unique key, foreign key, index and COUNT
 * index with its definition as SQL text, which this class reads back into structure).
 */
final class CatalogReader {
    /** "(project_id) REFERENCES projects (id) ON DELETE CASCADE ON UPDATE NO ACTION". */
    private static final Pattern FOREIGN_KEY = Pattern.compile(
            "\\((.*?)\\)\\s+REFERENCES\\s+(.+?)\\s*\\((.*?)\\)"
                    + "(?:\\s+ON DELETE\\s+(.+?))?(?:\\s+ON UPDATE\\s+(.+?))?\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    /** "(a, b DESC)" optionally followed by " WITH SUM (x, y)". */
    private static final Pattern INDEX = Pattern.compile("\\((.*?)\\)(?:\\s+WITH SUM\\s*\\((.*)\\))?\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    /** One index column; {@code descending} for DESC. */
    record IndexColumn(String name, boolean descending) {
    }

    /** A primary key, unique key, index or COUNT index. */
    record Index(String name, String kind, List<IndexColumn> columns, List<String> sumColumns) {
        boolean unique() {
            return kind.equals("primary key") || kind.equals("unique");
        }

        boolean count() {
            return kind.equals("count index");
        }
    }

    /** A foreign key of {@code table} referencing {@code parent}; actions as DatabaseMetaData's importedKey codes. */
    record ForeignKey(String name, String table, List<String> columns, String parent, List<String> parentColumns,
                      int onDelete, int onUpdate) {
    }

    private final RlConnection connection;

    CatalogReader(@Nonnull RlConnection connection) {
        this.connection = connection;
    }

    @Nonnull
    List<String> tableNames() throws SQLException {
        return new ArrayList<>(tableTypes().keySet());
    }

    /** Every table and view by name, in name order, with its JDBC table type: TABLE or VIEW. */
    @Nonnull
    java.util.SortedMap<String, String> tableTypes() throws SQLException {
        SqlSession session = prepare();
        List<TableSummary> tables;
        try (StatementCall c = new StatementCall(connection, 0)) {
            tables = c.run(session::listTables);
        }
        java.util.SortedMap<String, String> out = new java.util.TreeMap<>();
        for (TableSummary t : tables) {
            out.put(t.getName(), t.getKind().equals("view") ? "VIEW" : "TABLE");
        }
        return out;
    }

    /** The table's description, or null when there is no such table. */
    @Nullable
    DescribeTableResponse describe(@Nonnull String table) throws SQLException {
        SqlSession session = prepare();
        try (StatementCall c = new StatementCall(connection, 0)) {
            return c.run(() -> session.describeTable(table));
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState())) {
                return null;
            }
            throw e;
        }
    }

    private SqlSession prepare() throws SQLException {
        connection.beforeCall();
        return connection.session();
    }

    /** The table's primary key, unique keys, indexes and COUNT indexes. */
    @Nonnull
    static List<Index> indexes(@Nonnull DescribeTableResponse d) {
        List<Index> out = new ArrayList<>();
        for (TableConstraint c : d.getConstraintsList()) {
            String kind = c.getKind();
            if (!kind.equals("primary key") && !kind.equals("unique") && !kind.equals("index")
                    && !kind.equals("count index")) {
                continue;
            }
            Matcher m = INDEX.matcher(c.getDefinition());
            if (!m.matches()) {
                continue;
            }
            List<IndexColumn> columns = new ArrayList<>();
            for (String part : split(m.group(1))) {
                boolean desc = part.toUpperCase(Locale.ROOT).endsWith(" DESC");
                String name = desc ? part.substring(0, part.length() - 5).strip() : part;
                if (name.toUpperCase(Locale.ROOT).endsWith(" ASC")) {
                    name = name.substring(0, name.length() - 4).strip();
                }
                columns.add(new IndexColumn(unquote(name), desc));
            }
            List<String> sums = new ArrayList<>();
            if (m.group(2) != null) {
                for (String s : split(m.group(2))) {
                    sums.add(unquote(s));
                }
            }
            out.add(new Index(c.getName(), kind, columns, sums));
        }
        return out;
    }

    /** The table's foreign keys. */
    @Nonnull
    static List<ForeignKey> foreignKeys(@Nonnull DescribeTableResponse d) {
        List<ForeignKey> out = new ArrayList<>();
        for (TableConstraint c : d.getConstraintsList()) {
            if (!c.getKind().equals("foreign key")) {
                continue;
            }
            Matcher m = FOREIGN_KEY.matcher(c.getDefinition());
            if (!m.matches()) {
                continue;
            }
            List<String> columns = new ArrayList<>();
            split(m.group(1)).forEach(s -> columns.add(unquote(s)));
            List<String> parentColumns = new ArrayList<>();
            split(m.group(3)).forEach(s -> parentColumns.add(unquote(s)));
            out.add(new ForeignKey(c.getName(), d.getTable(), columns, unquote(m.group(2).strip()), parentColumns,
                    action(m.group(4)), action(m.group(5))));
        }
        return out;
    }

    /** The name of {@code parent}'s key on {@code columns}: its primary key or a unique constraint; null if none. */
    @Nullable
    static String keyName(@Nullable DescribeTableResponse parent, List<String> columns) {
        if (parent == null) {
            return null;
        }
        for (Index i : indexes(parent)) {
            if (i.unique() && i.columns().stream().map(IndexColumn::name).toList().equals(columns)) {
                return i.name();
            }
        }
        return null;
    }

    static int action(@Nullable String sql) {
        if (sql == null) {
            return DatabaseMetaData.importedKeyNoAction;
        }
        switch (sql.strip().toUpperCase(Locale.ROOT)) {
            case "CASCADE":
                return DatabaseMetaData.importedKeyCascade;
            case "RESTRICT":
                return DatabaseMetaData.importedKeyRestrict;
            case "SET NULL":
                return DatabaseMetaData.importedKeySetNull;
            case "SET DEFAULT":
                return DatabaseMetaData.importedKeySetDefault;
            default:
                return DatabaseMetaData.importedKeyNoAction;
        }
    }

    private static List<String> split(String list) {
        List<String> out = new ArrayList<>();
        for (String s : list.split(",")) {
            if (!s.isBlank()) {
                out.add(s.strip());
            }
        }
        return out;
    }

    private static String unquote(String name) {
        return name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")
                ? name.substring(1, name.length() - 1).replace("\"\"", "\"") : name;
    }

    /** A JDBC name pattern ({@code %}, {@code _}, escaped by {@code \}) as a regular expression; null: all. */
    @Nonnull
    static Pattern pattern(@Nullable String like) {
        if (like == null) {
            return Pattern.compile(".*", Pattern.DOTALL);
        }
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char ch = like.charAt(i);
            if (ch == '\\' && i + 1 < like.length()) {
                re.append(Pattern.quote(String.valueOf(like.charAt(++i))));
            } else if (ch == '%') {
                re.append(".*");
            } else if (ch == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }
}
