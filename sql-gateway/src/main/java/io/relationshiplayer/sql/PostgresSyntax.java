package io.relationshiplayer.sql;

import java.io.Reader;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParserImplFactory;

/**
 * PostgreSQL's spellings that Calcite's parser does not take, made Calcite's before it parses: {@code current_schema()}
 * with parentheses (PostgreSQL's function; Calcite parses only the standard's {@code current_schema}), an interval
 * literal with its unit in the string ({@link IntervalUnits}: {@code INTERVAL '7 days'}), and Calcite's
 * reserved words as aliases after AS ({@link ColumnLabels}). The text keeps
 * its length and lines (the parentheses become spaces), so positions in errors stay those of the statement as written.
 * String literals, quoted names and comments are left as they are. Its parser ({@link PostgresParser}) also reads
 * PostgreSQL's {@code ::} casts and Calcite's reserved words that are names in PostgreSQL.
 */
final class PostgresSyntax {
    /** Calcite's parser, fed the rewritten text: every parser of the engine's statements and views' queries uses it. */
    static final SqlParserImplFactory FACTORY = new SqlParserImplFactory() {
        @Override
        public SqlAbstractParserImpl getParser(Reader stream) {
            CalciteRunner.settings(); // before Calcite's parser class loads: Calcite reads its charset once, then
            String sql = rewrite(PostgresParser.read(stream));
            return new PostgresParser(sql);
        }
    };

    private static final String CURRENT_SCHEMA = "current_schema";

    private PostgresSyntax() {
    }

    /** {@code sql} as Calcite's parser takes it, of the same length. */
    static String rewrite(String sql) {
        return ColumnLabels.quote(currentSchema(IntervalUnits.rewrite(sql)));
    }

    /** {@code sql} with each {@code current_schema ( )} written {@code current_schema}. */
    private static String currentSchema(String sql) {
        if (indexOfIgnoreCase(sql, CURRENT_SCHEMA) < 0) {
            return sql;
        }
        char[] out = sql.toCharArray();
        int len = sql.length();
        int from = 0;
        for (int word; (word = StatementText.nextWord(sql, from, CURRENT_SCHEMA)) >= 0; ) {
            from = word + CURRENT_SCHEMA.length();
            int open = skipSpace(sql, from);
            int close = open < len && sql.charAt(open) == '(' ? skipSpace(sql, open + 1) : -1;
            if (close >= 0 && close < len && sql.charAt(close) == ')') {
                out[open] = ' ';
                out[close] = ' ';
                from = close + 1;
            }
        }
        return new String(out);
    }

    private static int skipSpace(String sql, int from) {
        int i = from;
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int indexOfIgnoreCase(String text, String word) {
        for (int i = 0; i + word.length() <= text.length(); i++) {
            if (text.regionMatches(true, i, word, 0, word.length())) {
                return i;
            }
        }
        return -1;
    }
}
