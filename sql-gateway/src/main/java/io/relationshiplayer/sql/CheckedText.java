package io.relationshiplayer.sql;

import io.relationshiplayer.sql.calcite.StatementCancel;
import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;

/**
 * A statement's text as the parser reads it, checking for a cancel at every block it reads (JavaCC's stream reads a
 * few thousand characters at a time): parsing half a megabyte of text takes a few hundred milliseconds, and a cancel
 * stops it within a block.
 */
final class CheckedText extends FilterReader {
    private CheckedText(String text) {
        super(new StringReader(text));
    }

    static Reader of(String text) {
        return new CheckedText(text);
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        StatementCancel.checkPreparing();
        return super.read(buffer, offset, length);
    }

    @Override
    public int read() throws IOException {
        StatementCancel.checkPreparing();
        return super.read();
    }
}
