package io.relationshiplayer.cli.shell;

import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.proto.v1.TableColumn;
import io.relationshiplayer.proto.v1.TableSummary;
import java.util.List;
import java.util.function.Supplier;
import java.util.Set;
import java.util.TreeSet;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Completes SQL keywords, table names and column names; names come from ListTables and DescribeTable and are read
 * again after a statement that may have changed them ({@link #invalidate}).
 */
final class SqlCompleter implements Completer {
    static final List<String> KEYWORDS = List.of("SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "NULL", "IS", "IN",
            "LIKE", "BETWEEN", "EXISTS", "JOIN", "LEFT", "RIGHT", "FULL", "INNER", "OUTER", "CROSS", "ON", "USING",
            "GROUP", "BY", "HAVING", "ORDER", "ASC", "DESC", "LIMIT", "OFFSET", "FETCH", "UNION", "INTERSECT",
            "EXCEPT", "ALL", "DISTINCT", "AS", "CASE", "WHEN", "THEN", "ELSE", "END", "WITH", "INSERT", "INTO",
            "VALUES", "UPDATE", "SET", "DELETE", "CREATE", "TABLE", "INDEX", "UNIQUE", "PRIMARY", "KEY", "FOREIGN",
            "REFERENCES", "CONSTRAINT", "DEFAULT", "CASCADE", "RESTRICT", "NO", "ACTION", "DROP", "ALTER", "ADD",
            "COLUMN", "BEGIN", "COMMIT", "ROLLBACK", "EXPLAIN", "SHOW", "TABLES", "DESCRIBE", "COUNT", "SUM", "AVG",
            "MIN", "MAX", "CAST", "BIGINT", "INTEGER", "DOUBLE", "BOOLEAN", "VARCHAR", "VARBINARY", "DECIMAL",
            "DATE", "TIME", "TIMESTAMP", "TRUE", "FALSE");

    private final Supplier<SqlSession> session;
    private volatile Set<String> names;

    /** Completes with the names of {@code session}'s database (the shell's current one: \c changes it). */
    SqlCompleter(Supplier<SqlSession> session) {
        this.session = session;
    }

    /** Forgets the names read so far: the next completion reads them again. */
    void invalidate() {
        names = null;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        if (insideLiteral(line.line().substring(0, Math.min(line.cursor(), line.line().length())))) {
            return; // Tab inside a string literal or a comment inserts nothing: it is text, not SQL
        }
        String word = line.word();
        boolean lower = !word.isEmpty() && Character.isLowerCase(word.charAt(0));
        for (String k : KEYWORDS) {
            String shown = lower ? k.toLowerCase(java.util.Locale.ROOT) : k;
            candidates.add(new Candidate(shown, shown, "keyword", null, null, null, true));
        }
        for (String n : names()) {
            candidates.add(new Candidate(n, n, "name", null, null, null, true));
        }
    }

    /** Whether the end of {@code before} (the line up to the cursor) is inside a '...' literal or a -- comment. */
    static boolean insideLiteral(String before) {
        boolean quoted = false;
        for (int i = 0; i < before.length(); i++) {
            char c = before.charAt(i);
            if (c == '\'') {
                quoted = !quoted; // '' inside a literal closes and reopens it: still inside
            } else if (!quoted && c == '-' && i + 1 < before.length() && before.charAt(i + 1) == '-') {
                return true;
            }
        }
        return quoted;
    }

    /** Table and column names of the session's database. */
    Set<String> names() {
        Set<String> known = names;
        if (known == null) {
            known = new TreeSet<>();
            try {
                SqlSession client = session.get();
                for (TableSummary t : client.listTables()) {
                    known.add(t.getName());
                    for (TableColumn c : client.describeTable(t.getName()).getColumnsList()) {
                        known.add(c.getName());
                    }
                }
            } catch (ClientException e) {
                // no names this time: completion must never fail the shell
            }
            names = known;
        }
        return known;
    }
}
