package io.relationshiplayer.bench.mixed;

/** The glassdb workload's three kinds of transaction, with their shares. */
enum TxClass {
    /** Read and write two random keys in one explicit transaction. */
    UPDATE("update 2 keys", 10),
    /** Read two random keys in one (autocommit) transaction at the current version. */
    STRONG_READ("strong read 2 keys", 60),
    /** Read one random key with bounded staleness (SET max_staleness). */
    WEAK_READ("weak read 1 key", 30);

    final String label;
    final int percent;

    TxClass(String label, int percent) {
        this.label = label;
        this.percent = percent;
    }

    /** The class of a uniform draw in 0..99. */
    static TxClass of(int draw) {
        return draw < UPDATE.percent ? UPDATE : draw < UPDATE.percent + STRONG_READ.percent ? STRONG_READ : WEAK_READ;
    }
}
