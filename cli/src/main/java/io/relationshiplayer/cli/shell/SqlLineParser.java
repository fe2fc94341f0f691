package io.relationshiplayer.cli.shell;

import io.relationshiplayer.cli.sql.SqlScript;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.impl.DefaultParser;

/**
 * Lines of the shell: a statement continues on the next line until a {@code ;} outside quotes and comments ends it;
 * a backslash command ({@code \d}) is one line. Words are split as JLine does, for completion.
 */
final class SqlLineParser extends DefaultParser {
    SqlLineParser() {
        escapeChars(new char[0]);
        eofOnEscapedNewLine(false);
        eofOnUnclosedQuote(false);
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE) {
            String text = line.strip();
            if (!text.isEmpty() && !text.startsWith("\\") && !SqlScript.blank(text) && !SqlScript.complete(text)) {
                throw new EOFError(-1, cursor, "the statement continues until ;", ";");
            }
        }
        return super.parse(line, cursor, context);
    }
}
