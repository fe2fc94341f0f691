package io.relationshiplayer.sql.files;

import io.relationshiplayer.sql.files.SqlTestCase.Outcome;
import io.relationshiplayer.sql.files.SqlTestCase.PlanCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code .sqltest} file (format in {@code src/test/resources/sqltest/README.md}) into its blocks. Blocks are
 * separated by blank lines; each starts with directive lines, then the SQL, then for a query {@code ----} and the
 * expected rows. {@code include <file>} blocks are replaced by the blocks of that file.
 */
final class SqlTestParser {
    private static final Pattern STATEMENT = Pattern.compile("statement\\s+(ok|count\\s+(\\d+)|error\\s+(\\S+)(?:\\s+@(\\d+):(\\d+))?(?:\\s+(.*))?)");
    private static final Pattern QUERY = Pattern.compile("query\\s+(rowsort|ordered|text)");
    private static final Pattern SESSION = Pattern.compile("session\\s+(\\w+)");
    private static final Pattern PLAN = Pattern.compile("plan\\s+(contains|not\\s+contains)\\s+(.+)");
    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.\\d*|\\.\\d+)");
    private static final Pattern DOUBLE = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)[eE][-+]?\\d+");

    private final Path root;
    private final boolean rowsRequired;

    /**
     * @param root         the directory {@code include} names are relative to
     * @param rowsRequired whether a query must give its expected rows (false in cross-check files)
     */
    SqlTestParser(Path root, boolean rowsRequired) {
        this.root = root;
        this.rowsRequired = rowsRequired;
    }

    List<SqlTestCase> parse(Path file) {
        String name = root.relativize(file).toString().replace('\\', '/');
        try {
            return parse(name, Files.readString(file, StandardCharsets.UTF_8), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<SqlTestCase> parse(String name, String text, int depth) {
        String[] lines = text.split("\r?\n", -1);
        List<SqlTestCase> out = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            if (lines[i].isBlank()) {
                i++;
                continue;
            }
            int start = i;
            List<String> block = new ArrayList<>();
            while (i < lines.length && !lines[i].isBlank()) {
                block.add(lines[i]);
                i++;
            }
            block(name, start + 1, block, depth, out);
        }
        return out;
    }

    private void block(String file, int firstLine, List<String> lines, int depth, List<SqlTestCase> out) {
        String session = null;
        String skip = null;
        String include = null;
        String reference = null;
        Outcome outcome = null;
        List<Object> params = List.of();
        List<String> columns = null;
        List<PlanCheck> plan = new ArrayList<>();
        boolean rowsort = false;
        boolean asText = false;
        boolean query = false;
        int i = 0;
        for (; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            int at = firstLine + i;
            Matcher m;
            if (t.startsWith("#")) {
                continue;
            } else if (t.startsWith("--")) {
                String rest = t.substring(2).strip();
                if (rest.toLowerCase(Locale.ROOT).startsWith("skip:")) {
                    skip = rest.substring(5).strip();
                    if (skip.isEmpty()) {
                        throw error(file, at, "-- skip: needs a reason");
                    }
                }
            } else if ((m = STATEMENT.matcher(t)).matches()) {
                requireNone(outcome, query, file, at);
                if (m.group(1).equals("ok")) {
                    outcome = new Outcome.Ok();
                } else if (m.group(2) != null) {
                    outcome = new Outcome.Count(Long.parseLong(m.group(2)));
                } else {
                    outcome = new Outcome.Error(m.group(3), m.group(6) == null ? "" : m.group(6).strip(),
                            m.group(4) == null ? -1 : Integer.parseInt(m.group(4)),
                            m.group(5) == null ? -1 : Integer.parseInt(m.group(5)));
                }
            } else if ((m = QUERY.matcher(t)).matches()) {
                requireNone(outcome, query, file, at);
                query = true;
                rowsort = m.group(1).equals("rowsort");
                asText = m.group(1).equals("text");
            } else if ((m = PLAN.matcher(t)).matches()) {
                plan.add(new PlanCheck(m.group(1).equals("contains"), m.group(2).strip()));
            } else if (t.startsWith("detail:") || t.startsWith("hint:")) {
                if (!(outcome instanceof Outcome.Error e)) {
                    throw error(file, at, "detail: and hint: follow a statement error directive");
                }
                boolean detail = t.startsWith("detail:");
                String value = t.substring(detail ? 7 : 5).strip();
                outcome = detail ? e.with(value, null) : e.with(null, value);
            } else if (t.startsWith("params:")) {
                params = params(t.substring(7), file, at);
            } else if (t.startsWith("columns:")) {
                columns = new ArrayList<>();
                for (String c : t.substring(8).split(",")) {
                    columns.add(c.strip());
                }
            } else if ((m = SESSION.matcher(t)).matches()) {
                session = m.group(1);
            } else if (t.startsWith("reference:")) {
                reference = t.substring(10).strip();
            } else if (t.startsWith("include ")) {
                include = t.substring(8).strip();
            } else if (t.matches("(statement|query|plan|session|include|reference|detail|hint)\\b.*")) {
                throw error(file, at, "unknown directive: " + t);
            } else {
                break;
            }
        }
        if (include != null) {
            if (depth > 5) {
                throw error(file, firstLine, "includes nested too deep");
            }
            Path included = root.resolve(include);
            try {
                out.addAll(parse(include, Files.readString(included, StandardCharsets.UTF_8), depth + 1));
            } catch (IOException e) {
                throw error(file, firstLine, "cannot read included file " + included + ": " + e);
            }
            return;
        }
        List<String> sql = new ArrayList<>();
        for (; i < lines.size() && !lines.get(i).strip().equals("----"); i++) {
            sql.add(lines.get(i));
        }
        List<String> rows = null;
        if (i < lines.size()) {
            if (!query) {
                throw error(file, firstLine + i, "---- (expected rows) is only for query blocks");
            }
            rows = new ArrayList<>(lines.subList(i + 1, lines.size()));
        }
        String text = sql.isEmpty() ? null : String.join("\n", sql);
        if (text == null && outcome == null && !query && session == null && skip == null && plan.isEmpty()
                && params.isEmpty() && columns == null && reference == null) {
            return; // comments only
        }
        if (query) {
            if (rows == null && rowsRequired) {
                throw error(file, firstLine, "a query block needs ---- and its expected rows (none for no rows)");
            }
            outcome = new Outcome.Rows(rowsort, columns, rows, asText);
        } else if (columns != null) {
            throw error(file, firstLine, "columns: is only for query blocks");
        }
        if (outcome == null) {
            if (session == null || text != null) {
                throw error(file, firstLine, "a block needs a statement or query directive: " + lines.get(0).strip());
            }
            if (skip != null || !plan.isEmpty() || !params.isEmpty() || reference != null) {
                throw error(file, firstLine, "a session switch block takes no other directive");
            }
            out.add(new SqlTestCase(file, firstLine, null, List.of(), session, null, new Outcome.SwitchSession(),
                    List.of(), null));
            return;
        }
        if (text == null) {
            throw error(file, firstLine, "the block has no SQL");
        }
        if (!plan.isEmpty() && outcome instanceof SqlTestCase.Outcome.Error) {
            throw error(file, firstLine, "plan assertions are only for query and statement ok / count blocks");
        }
        out.add(new SqlTestCase(file, firstLine, text, params, session, skip, outcome, plan, reference));
    }

    private static void requireNone(Outcome outcome, boolean query, String file, int line) {
        if (outcome != null || query) {
            throw error(file, line, "a block has one statement or query directive");
        }
    }

    /** {@code 1, -2.5, 'it''s', NULL, TRUE, DATE '2024-01-31', TIMESTAMP '2024-01-31 10:00:00', 1e3}. */
    static List<Object> params(String text, String file, int line) {
        List<String> tokens = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\'') {
                quoted = !quoted;
            }
            if (ch == ',' && !quoted) {
                tokens.add(cur.toString().strip());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        if (quoted) {
            throw error(file, line, "unterminated string in params:");
        }
        if (!cur.toString().isBlank() || !tokens.isEmpty()) {
            tokens.add(cur.toString().strip());
        }
        List<Object> out = new ArrayList<>();
        for (String tok : tokens) {
            out.add(value(tok, file, line));
        }
        return out;
    }

    private static Object value(String tok, String file, int line) {
        String upper = tok.toUpperCase(Locale.ROOT);
        if (upper.equals("NULL")) {
            return null;
        }
        if (upper.equals("TRUE") || upper.equals("FALSE")) {
            return Boolean.valueOf(upper.equals("TRUE"));
        }
        if (tok.startsWith("'") && tok.endsWith("'") && tok.length() >= 2) {
            return tok.substring(1, tok.length() - 1).replace("''", "'");
        }
        if (upper.startsWith("DATE '") && tok.endsWith("'")) {
            return LocalDate.parse(tok.substring(6, tok.length() - 1));
        }
        if (upper.startsWith("TIMESTAMP '") && tok.endsWith("'")) {
            return LocalDateTime.parse(tok.substring(11, tok.length() - 1).strip().replace(' ', 'T'));
        }
        if (upper.startsWith("TIME '") && tok.endsWith("'")) {
            return java.time.LocalTime.parse(tok.substring(6, tok.length() - 1).strip());
        }
        if (INTEGER.matcher(tok).matches()) {
            return Long.parseLong(tok);
        }
        if (DECIMAL.matcher(tok).matches()) {
            return new BigDecimal(tok);
        }
        if (DOUBLE.matcher(tok).matches()) {
            return Double.parseDouble(tok);
        }
        throw error(file, line, "cannot read parameter value: " + tok);
    }

    private static IllegalArgumentException error(String file, int line, String message) {
        return new IllegalArgumentException(file + ":" + line + ": " + message);
    }
}
