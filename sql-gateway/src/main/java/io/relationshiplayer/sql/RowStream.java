package io.relationshiplayer.sql;

import java.util.Iterator;

/** The rows of a query, read lazily; closing it ends the scans (and the statement's transaction in autocommit). */
public interface RowStream extends Iterator<Object[]>, AutoCloseable {
    @Override
    void close();
}
