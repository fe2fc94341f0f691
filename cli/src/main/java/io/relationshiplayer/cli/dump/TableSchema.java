package io.relationshiplayer.cli.dump;

import java.util.ArrayList;
import java.util.List;

/**
 * A table as SHOW CREATE TABLE gives it: its name, its DDL, the foreign keys in it (one a line, the last lines of the
 * CREATE TABLE) with the tables they reference, and its primary key's columns as SQL text (empty for a table with a
 * hidden row key).
 */
record TableSchema(String name, String ddl, List<ForeignKey> foreignKeys, String primaryKey) {
    private static final String FK_LINE = "    CONSTRAINT ";

    /** A FOREIGN KEY constraint's text ({@code CONSTRAINT name FOREIGN KEY ...}) and the table it references. */
    record ForeignKey(String clause, String references) {
    }

    static TableSchema parse(String name, String ddl) {
        List<ForeignKey> fks = new ArrayList<>();
        String primaryKey = "";
        for (String line : ddl.split("\n")) {
            String element = line.endsWith(",") ? line.substring(0, line.length() - 1) : line;
            if (element.startsWith("    PRIMARY KEY (") && element.endsWith(")")) {
                primaryKey = element.substring("    PRIMARY KEY (".length(), element.length() - 1);
            } else if (element.startsWith(FK_LINE)) {
                int[] afterName = {FK_LINE.length()};
                identifier(element, afterName);
                if (element.startsWith(" FOREIGN KEY (", afterName[0])) {
                    int[] at = {element.indexOf(") REFERENCES ", afterName[0]) + ") REFERENCES ".length()};
                    fks.add(new ForeignKey(element.strip(), identifier(element, at)));
                }
            }
        }
        return new TableSchema(name, ddl, List.copyOf(fks), primaryKey);
    }

    /** The DDL without the foreign keys in {@code deferred} (they are added later by ALTER TABLE). */
    String ddlWithout(List<ForeignKey> deferred) {
        if (deferred.isEmpty()) {
            return ddl;
        }
        List<String> kept = new ArrayList<>();
        for (String line : ddl.split("\n", -1)) {
            String element = line.endsWith(",") ? line.substring(0, line.length() - 1) : line;
            if (deferred.stream().noneMatch(fk -> element.strip().equals(fk.clause()))) {
                kept.add(line);
            }
        }
        // the element before the closing ");" may have lost its successor: no comma after it
        for (int i = 1; i < kept.size(); i++) {
            if (kept.get(i).equals(");") && kept.get(i - 1).endsWith(",")) {
                kept.set(i - 1, kept.get(i - 1).substring(0, kept.get(i - 1).length() - 1));
                break;
            }
        }
        return String.join("\n", kept);
    }

    /** The (possibly quoted) identifier at {@code at[0]}, as a name; {@code at[0]} moves past it. */
    private static String identifier(String s, int[] at) {
        int i = at[0];
        if (i < s.length() && s.charAt(i) == '"') {
            StringBuilder name = new StringBuilder();
            for (i++; i < s.length(); i++) {
                if (s.charAt(i) == '"') {
                    if (i + 1 < s.length() && s.charAt(i + 1) == '"') {
                        name.append('"');
                        i++;
                        continue;
                    }
                    break;
                }
                name.append(s.charAt(i));
            }
            at[0] = i + 1;
            return name.toString();
        }
        int start = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
            i++;
        }
        at[0] = i;
        return s.substring(start, i);
    }
}
