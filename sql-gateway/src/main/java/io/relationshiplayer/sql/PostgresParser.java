package io.relationshiplayer.sql;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.impl.ParseException;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;
import org.apache.calcite.sql.parser.impl.SqlParserImplConstants;
import org.apache.calcite.sql.parser.impl.SqlParserImplTokenManager;
import org.apache.calcite.sql.parser.impl.Token;
import org.apache.calcite.sql.validate.SqlConformance;

/**
 * Calcite's parser of a statement as PostgreSQL reads it ({@link PostgresSyntax#FACTORY}): the text rewritten by
 * {@link PostgresSyntax#rewrite} and {@link InfixCasts}, each token at its position in the text as written
 * ({@link OriginalPositions}); and Calcite's reserved words that are names in PostgreSQL ({@link KeywordNames})
 * read as names where Calcite's grammar has no place for the keyword.
 *
 * <p>That last is found by parsing: where Calcite's parser stops at such a word ({@code SELECT year FROM t}, {@code
 * SET value = 1}, {@code SELECT 1 value}), right after one ({@code SELECT count FROM t}) or right before one
 * (a syntactic look-ahead of Calcite's fails at the token before: {@code t.year} at the dot), the word cannot be
 * Calcite's keyword there, so the text is parsed again with the word as the quoted name it stands for (lower-cased,
 * as PostgreSQL folds an unquoted name). A keyword Calcite's grammar takes where it stands is never touched
 * ({@code EXTRACT(YEAR FROM d)}, {@code COUNT(*)}, {@code POSITION('a' IN s)}, {@code INTERVAL '1' DAY}), nor are
 * string literals, quoted names and comments, which the lexer reads as such. The new parse is kept only if it gets
 * further than the one before (it succeeds, or fails at a later token); otherwise the earlier error stands, so that
 * an error names the token PostgreSQL's would. A PostgreSQL keyword that is a label only after AS ({@code year},
 * {@code hour}, ...) is not taken as a bare label of a select list ({@code SELECT 1 year} is 42601 there too).
 * Each parse but the last stops at its error, so the extra work is the statement's text up to each such word.
 */
final class PostgresParser extends SqlParserImpl {
    /** At most this many words of a statement are read as names. */
    private static final int MAX_NAMES = 256;

    private enum Entry { STATEMENT, EXPRESSION, STATEMENTS }

    /** The text as written, after {@link PostgresSyntax#rewrite} (which keeps its length and lines). */
    private String text;
    /** The offsets in {@code text} of the words read as quoted names, ascending. */
    private int[] names;
    private int[] lineStarts;
    // the settings SqlParser gives the parser, given again to each new parse
    private Casing quotedCasing;
    private Casing unquotedCasing;
    private Integer identifierMaxLength;
    private SqlConformance conformance;
    private Map<String, TimeUnit> timeUnitCodes;
    private LexicalState lexicalState;
    /** The number of the text's first {@code ?} marker: a part of a joined UPDATE or DELETE's ({@link JoinedDml}). */
    private int firstParam;

    PostgresParser(String text) {
        this(text, new int[0]);
    }

    private PostgresParser(String text, int[] names) {
        super(new StringReader(""));
        start(text, names);
    }

    private void start(String sql, int[] quoted) {
        this.text = sql;
        this.names = quoted;
        this.lineStarts = lineStarts(sql);
        OriginalPositions rewritten = stream(sql, quoted);
        if (rewritten == null) {
            super.ReInit(CheckedText.of(sql)); // as written: Calcite's own stream, its positions the text's
        } else {
            ReInit(new SqlParserImplTokenManager(rewritten));
        }
    }

    /**
     * Calcite's lexer of {@code sql} with the words at {@code quoted} as quoted names and its casts as CAST, or null
     * when there is nothing to rewrite.
     */
    private static OriginalPositions stream(String sql, int[] quoted) {
        if (quoted.length == 0 && !sql.contains("::") && !PostgresOperators.mayRewrite(sql)
                && !NoFromClauses.mayRewrite(sql) && !LateralCalls.mayRewrite(sql)) {
            return null;
        }
        StringBuilder q = new StringBuilder(sql.length() + 2 * quoted.length);
        int[] origins = new int[sql.length() + 2 * quoted.length];
        int n = 0;
        int copied = 0;
        for (int at : quoted) {
            for (; copied < at; copied++) {
                q.append(sql.charAt(copied));
                origins[n++] = copied;
            }
            int end = wordEnd(sql, at);
            q.append('"');
            origins[n++] = at;
            q.append(sql.substring(at, end).toLowerCase(Locale.ROOT));
            for (; copied < end; copied++) {
                origins[n++] = copied;
            }
            q.append('"');
            origins[n++] = end - 1;
        }
        for (; copied < sql.length(); copied++) {
            q.append(sql.charAt(copied));
            origins[n++] = copied;
        }
        String quotedText = q.toString();
        InfixCasts.Rewritten rewritten = new InfixCasts.Rewritten(quotedText, Arrays.copyOf(origins, n));
        boolean any = quoted.length > 0;
        for (int step = 0; step < 4; step++) {
            InfixCasts.Rewritten next = step == 0 ? InfixCasts.rewrite(rewritten.text())
                    : step == 1 ? PostgresOperators.rewrite(rewritten.text())
                    : step == 2 ? NoFromClauses.rewrite(rewritten.text())
                    : LateralCalls.rewrite(rewritten.text());
            if (next != null) {
                any = true;
                int[] composed = new int[next.origins().length];
                for (int i = 0; i < composed.length; i++) {
                    composed[i] = rewritten.origins()[next.origins()[i]];
                }
                rewritten = new InfixCasts.Rewritten(next.text(), composed);
            }
        }
        return any ? new OriginalPositions(sql, rewritten.text(), rewritten.origins()) : null;
    }

    /** The current token's position, checking for a cancel when read ({@link CheckedPosition}). */
    @Override
    protected org.apache.calcite.sql.parser.SqlParserPos getPos() throws ParseException {
        Token t = token;
        return new CheckedPosition(t.beginLine, t.beginColumn, t.endLine, t.endColumn);
    }

    @Override
    public SqlNode parseSqlStmtEof() throws Exception {
        io.relationshiplayer.sql.ddl.DmlJoinSyntax joined = io.relationshiplayer.sql.ddl.DmlJoinSyntax.find(text);
        if (joined != null) {
            return joined(joined);
        }
        return checked(CaretPrecedence.apply(text, lineStarts, (SqlNode) parse(Entry.STATEMENT)));
    }

    /** A joined UPDATE or DELETE: its parts parsed in the text's order, each numbering its markers on. */
    private SqlNode joined(io.relationshiplayer.sql.ddl.DmlJoinSyntax joined) throws Exception {
        SqlNode statement = part(joined.statement(), 0).parseSqlStmtEof();
        SqlNode list = part(joined.fromList(), joined.fromParam()).parseSqlStmtEof();
        SqlNode where = joined.where() == null ? null : part(joined.where(), joined.whereParam())
                .parseSqlExpressionEof();
        return JoinedDml.of(statement, ((org.apache.calcite.sql.SqlSelect) list).getFrom(), where);
    }

    private PostgresParser part(String partText, int first) {
        PostgresParser part = new PostgresParser(partText);
        configure(part);
        part.firstParam = first;
        part.nDynamicParams = first;
        return part;
    }

    @Override
    public SqlNode parseSqlExpressionEof() throws Exception {
        return checked(CaretPrecedence.apply(text, lineStarts, (SqlNode) parse(Entry.EXPRESSION)));
    }

    @Override
    public org.apache.calcite.sql.SqlNodeList parseSqlStmtList() throws Exception {
        return checked(CaretPrecedence.apply(text, lineStarts,
                (org.apache.calcite.sql.SqlNodeList) parse(Entry.STATEMENTS)));
    }

    /** What every entry point does after parsing: PostgreSQL's trees, rewrites and the checks that refuse at once. */
    private <T extends SqlNode> T checked(T parsed) {
        T tree = OperatorPositions.apply(text, lineStarts,
                WindowRewrites.apply(text, PostgresTree.apply(text, lineStarts, parsed)));
        return SeriesNames.apply(RegressionAggregates.apply(OrderedSetAggregates.apply(RowValues.check(
                RewriteExpansion.check(tree)))));
    }

    private Object parse(Entry entry) throws Exception {
        try {
            switch (entry) {
                case STATEMENT:
                    return super.parseSqlStmtEof();
                case EXPRESSION:
                    return super.parseSqlExpressionEof();
                default:
                    return super.parseSqlStmtList();
            }
        } catch (ParseException e) {
            int name = nameToQuote(e);
            if (name < 0 || names.length >= MAX_NAMES) {
                throw castError(e);
            }
            int[] more = Arrays.copyOf(names, names.length + 1);
            more[names.length] = name;
            Arrays.sort(more);
            PostgresParser next = new PostgresParser(text, more);
            configure(next);
            try {
                Object parsed = next.parse(entry);
                warnings.addAll(next.warnings);
                return parsed;
            } catch (ParseException later) {
                // an error without a token (one of the grammar's own messages) is no syntax error of the word's
                throw castError(position(later) == 0 || position(later) > position(e) ? later : e);
            }
        }
    }

    /**
     * {@code e}, or PostgreSQL's error at a {@code ::} with nothing to cast ({@code SELECT 1 + ::int}: {@code syntax
     * error at or near "::"} at the {@code ::}) where {@code e} is not before the token before it: Calcite stops at
     * that token ({@code +}) or after it, as its look-ahead fails there, and would name a single {@code :}.
     */
    private ParseException castError(ParseException e) {
        InfixCasts.Dangling dangling = InfixCasts.dangling(text);
        if (dangling == null || position(e) != 0 && position(e) < position(dangling.before())) {
            return e;
        }
        Token cast = new Token();
        cast.image = "::";
        cast.beginLine = line(dangling.cast());
        cast.beginColumn = dangling.cast() - lineStarts[cast.beginLine - 1] + 1;
        cast.endLine = cast.beginLine;
        cast.endColumn = cast.beginColumn + 1;
        ParseException error = new ParseException("Encountered \"::\" at line " + cast.beginLine + ", column "
                + cast.beginColumn + ".");
        error.currentToken = new Token();
        error.currentToken.next = cast;
        return error;
    }

    /** {@code offset}'s position, comparable with {@link #position(ParseException)}'s. */
    private long position(int offset) {
        int line = line(offset);
        return ((long) line << 32) | ((offset - lineStarts[line - 1] + 1) & 0xffffffffL);
    }

    /** The line (1-based) of {@code offset} in {@code text}. */
    private int line(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return i >= 0 ? i + 1 : -i - 1;
    }

    /** The offset of the word to read as a name that {@code e} stops at or just after, or -1. */
    private int nameToQuote(ParseException e) {
        if (e.currentToken == null) {
            return -1;
        }
        Token bad = e.currentToken.next;
        int at = wordAt(bad);
        if (at >= 0 && isNewName(at, bad.image)
                && !(KeywordNames.isLabelOnlyAfterAs(bad.image) && expects(e, SqlParserImplConstants.AS)
                        && KeywordNames.inSelectList(text, at))) {
            return at;
        }
        int before = wordAt(e.currentToken);
        if (before >= 0 && isNewName(before, e.currentToken.image)) {
            return before;
        }
        // a syntactic look-ahead that failed at the word stops before it: "t.year" at the dot, "AND date = 1" at AND
        Token after = bad == null ? null : bad.next;
        int next = wordAt(after);
        return next >= 0 && isNewName(next, after.image) ? next : -1;
    }

    private boolean isNewName(int at, String word) {
        return KeywordNames.isName(word) && Arrays.binarySearch(names, at) < 0;
    }

    private static boolean expects(ParseException e, int kind) {
        if (e.expectedTokenSequences != null) {
            for (int[] sequence : e.expectedTokenSequences) {
                if (sequence.length > 0 && sequence[0] == kind) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The offset in {@code text} of {@code token} if it is a bare word as written there, else -1. */
    private int wordAt(Token token) {
        if (token == null || token.image == null || token.image.isEmpty() || token.beginLine < 1
                || token.beginLine > lineStarts.length) {
            return -1;
        }
        char first = token.image.charAt(0);
        if (!Character.isLetter(first) && first != '_') {
            return -1;
        }
        int at = lineStarts[token.beginLine - 1] + token.beginColumn - 1;
        if (at < 0 || at >= text.length() || (at > 0 && isWordPart(text.charAt(at - 1)))
                || wordEnd(text, at) - at != token.image.length()
                || !text.regionMatches(true, at, token.image, 0, token.image.length())) {
            return -1;
        }
        return at;
    }

    /** Where {@code e} stops, comparable: line, then column. */
    private static long position(ParseException e) {
        Token t = e.currentToken == null ? null : e.currentToken.next != null ? e.currentToken.next : e.currentToken;
        return t == null ? 0 : ((long) t.beginLine << 32) | (t.beginColumn & 0xffffffffL);
    }

    /** The offset at which each line starts, counted as {@link OriginalPositions} counts lines. */
    private static int[] lineStarts(String sql) {
        int[] starts = new int[8];
        int lines = 1;
        for (int i = 1; i <= sql.length(); i++) {
            char p = sql.charAt(i - 1);
            if (p == '\n' || (p == '\r' && (i == sql.length() || sql.charAt(i) != '\n'))) {
                if (lines == starts.length) {
                    starts = Arrays.copyOf(starts, lines * 2);
                }
                starts[lines++] = i;
            }
        }
        return Arrays.copyOf(starts, lines);
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static int wordEnd(String sql, int from) {
        int i = from;
        while (i < sql.length() && isWordPart(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    private void configure(PostgresParser next) {
        next.firstParam = firstParam;
        next.nDynamicParams = firstParam;
        if (quotedCasing != null) {
            next.setQuotedCasing(quotedCasing);
        }
        if (unquotedCasing != null) {
            next.setUnquotedCasing(unquotedCasing);
        }
        if (identifierMaxLength != null) {
            next.setIdentifierMaxLength(identifierMaxLength);
        }
        if (conformance != null) {
            next.setConformance(conformance);
        }
        if (timeUnitCodes != null) {
            next.setTimeUnitCodes(timeUnitCodes);
        }
        if (lexicalState != null) {
            next.switchTo(lexicalState);
        }
    }

    @Override
    public void setQuotedCasing(Casing casing) {
        quotedCasing = casing;
        super.setQuotedCasing(casing);
    }

    @Override
    public void setUnquotedCasing(Casing casing) {
        unquotedCasing = casing;
        super.setUnquotedCasing(casing);
    }

    @Override
    public void setIdentifierMaxLength(int length) {
        identifierMaxLength = length;
        super.setIdentifierMaxLength(length);
    }

    @Override
    public void setConformance(SqlConformance c) {
        conformance = c;
        super.setConformance(c);
    }

    @Override
    @SuppressWarnings("deprecation")
    public void setTimeUnitCodes(Map<String, TimeUnit> codes) {
        timeUnitCodes = codes;
        super.setTimeUnitCodes(codes);
    }

    @Override
    public void switchTo(LexicalState state) {
        lexicalState = state;
        super.switchTo(state);
    }

    /** A new text to parse ({@code SqlParser.parseQuery(String)}): read as the factory reads one. */
    @Override
    public void ReInit(Reader stream) {
        if (text == null) {
            super.ReInit(stream); // the superclass's constructor
            return;
        }
        start(PostgresSyntax.rewrite(read(stream)), new int[0]);
        if (lexicalState != null) {
            super.switchTo(lexicalState);
        }
    }

    static String read(Reader reader) {
        StringBuilder sb = new StringBuilder();
        char[] buffer = new char[8192];
        try {
            for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
                sb.append(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sb.toString();
    }
}
