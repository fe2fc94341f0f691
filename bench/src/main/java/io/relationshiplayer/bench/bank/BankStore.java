package io.relationshiplayer.bench.bank;

/** Where the bank lives (the SQL service, PostgreSQL): its tables, its clients and its contents. */
interface BankStore extends AutoCloseable {
    /** How the rows of the report name it. */
    String label();

    /** Creates the empty tables accounts and transfers. */
    void create();

    /** Stores account i with {@code balances[i]}. */
    void load(long[] balances);

    /** A client of its own (a session, a connection) for one worker. */
    Client client();

    /** Account balances by id and the transfer log, read after the run in chunks of ids. */
    Ledger read(int accounts, long maxTransferId);

    @Override
    void close();

    /** What one attempt of a transfer came to. */
    enum Attempt {
        /** COMMIT succeeded: the transfer is acknowledged. */
        COMMITTED,
        /** A serialization failure: nothing was committed; run it again. */
        CONFLICT,
        /** The server was lost before COMMIT: nothing was committed; run it again. */
        LOST,
        /** COMMIT failed in a way that leaves its outcome unknown (the server died during it). */
        AMBIGUOUS,
        /** The transfer's id is already logged: an earlier, ambiguous attempt committed. */
        DUPLICATE
    }

    /** One worker's connection. */
    interface Client extends AutoCloseable {
        /** One attempt of transfer {@code id}: BEGIN, debit, credit, log, COMMIT. */
        Attempt transfer(long id, long from, long to, long amount);

        @Override
        void close();
    }

    /** The state after the run: balances[id], and per logged transfer its accounts and amount. */
    record Ledger(long[] balances, java.util.Map<Long, long[]> transfers) {
    }
}
