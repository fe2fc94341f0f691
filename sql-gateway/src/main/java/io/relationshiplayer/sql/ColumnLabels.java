package io.relationshiplayer.sql;

import java.io.StringReader;
import java.util.Arrays;
import java.util.Locale;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;

/**
 * PostgreSQL takes any word as a label after AS ({@code SELECT 1 AS value}, {@code FROM t AS year}: its ColLabel),
 * where Calcite's parser refuses its reserved words. Such a word after an alias's AS is written as the quoted name it
 * stands for, lower-cased as an unquoted name is: {@code x AS Value} becomes {@code x  "value"}. The AS goes (an alias
 * needs none in Calcite) so that the text keeps its length and lines, and errors' positions stay those of the statement
 * as written. The AS of a CAST, of CREATE VIEW ... AS SELECT, WITH c AS (...), WINDOW w AS (...), GENERATED ... AS
 * IDENTITY and FOR SYSTEM_TIME AS OF are left alone, as are string literals, quoted names and comments.
 */
final class ColumnLabels {
    private static final SqlAbstractParserImpl.Metadata CALCITE = calciteWords();

    private ColumnLabels() {
    }

    /** The words of Calcite's parser. */
    static SqlAbstractParserImpl.Metadata calciteWords() {
        CalciteRunner.settings(); // Calcite reads its default charset once, as it loads: the engine's, not its own
        return SqlParserImpl.FACTORY.getParser(new StringReader("")).getMetadata();
    }

    /** {@code sql} with each Calcite reserved word after an alias's AS quoted (the AS dropped), the same length. */
    static String quote(String sql) {
        char[] out = null;
        int len = sql.length();
        // castLevels[d]: whether the parentheses open at depth d are a CAST's, whose AS names a type
        boolean[] castLevels = new boolean[16];
        int depth = 0;
        String previous = "";
        String word = "";
        int i = StatementText.skipBlank(sql, 0);
        while (i < len) {
            char c = sql.charAt(i);
            int end;
            if (c == '\'' || c == '"') {
                end = StatementText.quotedEnd(sql, i, c);
                word = "";
            } else if (isWordStart(c)) {
                end = wordEnd(sql, i);
                word = sql.substring(i, end).toUpperCase(Locale.ROOT);
                boolean qualified = i > 0 && sql.charAt(i - 1) == '.';
                if (word.equals("AS") && !qualified && !castLevels[depth]) {
                    int at = StatementText.skipBlank(sql, end);
                    int labelEnd = at < len && isWordStart(sql.charAt(at)) ? wordEnd(sql, at) : at;
                    String label = sql.substring(at, labelEnd).toUpperCase(Locale.ROOT);
                    if (labelEnd > at && isLabel(sql, previous, label, labelEnd)) {
                        out = out == null ? sql.toCharArray() : out;
                        // the blanks between AS and the word move to AS's place, the quotes to the rest
                        sql.getChars(end, at, out, i);
                        int q = i + (at - end);
                        out[q] = '"';
                        label.toLowerCase(Locale.ROOT).getChars(0, label.length(), out, q + 1);
                        out[q + 1 + label.length()] = '"';
                        end = labelEnd;
                        word = "";
                    }
                }
            } else if (Character.isDigit(c)) {
                end = i + 1;
                while (end < len && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '.')) {
                    end++;
                }
                word = "";
            } else {
                end = i + 1;
                if (c == '(') {
                    depth++;
                    if (depth == castLevels.length) {
                        castLevels = Arrays.copyOf(castLevels, depth * 2);
                    }
                    castLevels[depth] = previous.equals("CAST") || previous.equals("TRY_CAST")
                            || previous.equals("SAFE_CAST");
                } else if (c == ')' && depth > 0) {
                    depth--;
                }
                word = "";
            }
            previous = word;
            i = StatementText.skipBlank(sql, end);
        }
        return out == null ? sql : new String(out);
    }

    /**
     * Whether the word {@code label} (upper-cased, ending at {@code labelEnd}) after an AS that follows the word
     * {@code previous} is an alias Calcite would refuse: a reserved word of Calcite's that is not what other AS's take.
     */
    private static boolean isLabel(String sql, String previous, String label, int labelEnd) {
        if (!CALCITE.isReservedWord(label) || previous.equals("SYSTEM_TIME")
                || label.equals("IDENTITY") && (previous.equals("ALWAYS") || previous.equals("DEFAULT"))) {
            return false;
        }
        int next = StatementText.skipBlank(sql, labelEnd);
        char after = next < sql.length() ? sql.charAt(next) : ';';
        if (after == '&' || after == '\'' || after == '.') {
            return false; // U&"name", a typed literal, a qualified name: not a label
        }
        String following = isWordStart(after) ? sql.substring(next, wordEnd(sql, next)).toUpperCase(Locale.ROOT) : "";
        switch (label) {
            case "SELECT":
            case "VALUES":
            case "WITH":
            case "TABLE":
                // CREATE VIEW v AS SELECT ...: a query follows, unless the word ends a select item
                return after == ',' || after == ')' || after == ';' || following.equals("FROM");
            case "NOT":
                return !following.equals("MATERIALIZED");
            default:
                return true;
        }
    }

    private static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static int wordEnd(String sql, int from) {
        int i = from;
        while (i < sql.length() && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
                || sql.charAt(i) == '$')) {
            i++;
        }
        return i;
    }

}
