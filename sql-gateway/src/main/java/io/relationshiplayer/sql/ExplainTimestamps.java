package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.Timestamps;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * EXPLAIN's text with PostgreSQL's TIMESTAMP and TIME literals ({@code TIMESTAMP '2024-01-02 03:04:05.123456'},
 * {@code TIME '12:34:56.5'}) where the plan holds {@code rl_timestamp(<microseconds>)} or {@code rl_time(...)}, the
 * functions that keep a literal's microseconds
 * ({@code TimestampFunctions.OF}): written inline ({@code rl_timestamp(1704164645123456:BIGINT)}) or, in a Calc's
 * program, over a local that is such a literal ({@code expr#3=[1704164645123456:BIGINT], expr#4=[rl_timestamp($t3)]}).
 * Only the text shown changes; the plan run is the same. Other microseconds in the text (a VALUES list's tuples, which
 * are data) are left as they are.
 */
final class ExplainTimestamps {
    private static final Pattern INLINE = Pattern.compile("(rl_timestamp|rl_time)\\((-?\\d+)(?::BIGINT)?\\)");
    /** A Calc program's local that is a BIGINT literal. */
    private static final Pattern LOCAL_LITERAL = Pattern.compile("expr#(\\d+)=\\[(-?\\d+)(?::BIGINT)?\\]");
    private static final Pattern OF_LOCAL = Pattern.compile("(rl_timestamp|rl_time)\\(\\$t(\\d+)\\)");

    private ExplainTimestamps() {
    }

    /** {@code result}, an EXPLAIN's rows, each text cell {@link #text shown}; other results as they are. */
    static StatementResult shown(StatementResult result) {
        if (!(result instanceof StatementResult.Query q)) {
            return result;
        }
        List<Object[]> rows = new ArrayList<>();
        try (RowStream r = q.rows()) {
            while (r.hasNext()) {
                Object[] row = r.next().clone();
                for (int i = 0; i < row.length; i++) {
                    if (row[i] instanceof String s) {
                        row[i] = text(s);
                    }
                }
                rows.add(row);
            }
        }
        return new StatementResult.Query(q.command(), q.columns(), MetadataCommands.stream(rows));
    }

    /** A plan's text (one line or many) with its TIMESTAMP literals as PostgreSQL writes them. */
    static String text(String plan) {
        if (!plan.contains("rl_timestamp(") && !plan.contains("rl_time(")) {
            return plan;
        }
        String[] lines = plan.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            lines[i] = line(lines[i]);
        }
        return String.join("\n", lines);
    }

    private static String line(String line) {
        Map<String, String> literals = new HashMap<>();
        Matcher locals = LOCAL_LITERAL.matcher(line);
        while (locals.find()) {
            literals.put(locals.group(1), locals.group(2));
        }
        String out = replace(INLINE.matcher(line), m -> m.group(2));
        return literals.isEmpty() ? out : replace(OF_LOCAL.matcher(out), m -> literals.get(m.group(2)));
    }

    /** Each match of {@code m} whose micros {@code micros} gives (null: none) as a TIMESTAMP literal. */
    private static String replace(Matcher m, java.util.function.Function<Matcher, String> micros) {
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = micros.apply(m);
            String literal = value == null ? m.group() : literal(m.group(1), value);
            m.appendReplacement(out, Matcher.quoteReplacement(literal));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String literal(String function, String micros) {
        try {
            long value = Long.parseLong(micros);
            return function.equals("rl_time") ? "TIME '" + io.relationshiplayer.sql.calcite.Times.text(value) + "'"
                    : "TIMESTAMP '" + Timestamps.text(value) + "'";
        } catch (RuntimeException e) {
            return function + "(" + micros + ")"; // out of any value's range: shown as it is
        }
    }
}
