package io.relationshiplayer.bench.bank;

import io.relationshiplayer.client.ClientException;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.SqlClientException;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.client.SqlStatement;
import io.relationshiplayer.client.TransactionFlags;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The bank in a database of the SQL service, reached over gRPC; each worker has a session of its own. */
final class GrpcBank implements BankStore {
    static final String CREATE_ACCOUNTS = "CREATE TABLE accounts (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL)";
    static final String CREATE_TRANSFERS = "CREATE TABLE transfers (id BIGINT PRIMARY KEY, from_id BIGINT NOT NULL, "
            + "to_id BIGINT NOT NULL, amount BIGINT NOT NULL)";
    static final String DEBIT = "UPDATE accounts SET balance = balance - ? WHERE id = ?";
    static final String CREDIT = "UPDATE accounts SET balance = balance + ? WHERE id = ?";
    static final String LOG = "INSERT INTO transfers (id, from_id, to_id, amount) VALUES (?, ?, ?, ?)";
    private static final int LOAD_ROWS = 200;
    private static final int READ_CHUNK = 5_000;

    private final SqlClient sql;
    private final String database;
    private final String label;
    private final boolean batch;

    /**
     * {@code batch}: each transfer is one ExecuteBatch of its three statements (one call, one transaction of its own,
     * retried whole by the server on a conflict); else an explicit transaction of three calls.
     */
    GrpcBank(SqlClient sql, String database, String label, boolean batch) {
        this.sql = sql;
        this.database = database;
        this.label = label;
        this.batch = batch;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public void create() {
        try (SqlSession s = sql.openSession(database)) {
            s.update(CREATE_ACCOUNTS);
            s.update(CREATE_TRANSFERS);
        }
    }

    @Override
    public void load(long[] balances) {
        try (SqlSession s = sql.openSession(database)) {
            for (int first = 0; first < balances.length; first += LOAD_ROWS) {
                int n = Math.min(LOAD_ROWS, balances.length - first);
                StringBuilder text = new StringBuilder("INSERT INTO accounts (id, balance) VALUES ");
                List<Object> params = new ArrayList<>(2 * n);
                for (int i = 0; i < n; i++) {
                    text.append(i == 0 ? "(?, ?)" : ", (?, ?)");
                    params.add((long) first + i);
                    params.add(balances[first + i]);
                }
                s.update(text.toString(), params.toArray());
            }
        }
    }

    @Override
    public Client client() {
        return new GrpcClient();
    }

    @Override
    public Ledger read(int accounts, long maxTransferId) {
        long[] balances = new long[accounts];
        Map<Long, long[]> transfers = new HashMap<>();
        try (SqlSession s = sql.openSession(database)) {
            for (long first = 0; first < accounts; first += READ_CHUNK) {
                for (Object[] row : s.query("SELECT id, balance FROM accounts WHERE id >= ? AND id < ?", first,
                        first + READ_CHUNK)) {
                    balances[(int) (long) (Long) row[0]] = (Long) row[1];
                }
            }
            for (long first = 0; first <= maxTransferId; first += READ_CHUNK) {
                for (Object[] row : s.query("SELECT id, from_id, to_id, amount FROM transfers WHERE id >= ? AND id < ?",
                        first, first + READ_CHUNK)) {
                    transfers.put((Long) row[0], new long[] {(Long) row[1], (Long) row[2], (Long) row[3]});
                }
            }
        }
        return new Ledger(balances, transfers);
    }

    @Override
    public void close() {
        // the SqlClient belongs to the caller
    }

    /** A worker's session, opened again whenever the server lost it. */
    private final class GrpcClient implements Client {
        private SqlSession session;

        /**
         * Three calls, not five: BEGIN folded into the debit, COMMIT into the log insert (a failure of that last call
         * rolls the transaction back on the server, so only a lost connection leaves its outcome unknown).
         */
        @Override
        public Attempt transfer(long id, long from, long to, long amount) {
            if (batch) {
                return transferInOneCall(id, from, to, amount);
            }
            SqlSession s;
            try {
                s = session();
                s.update(TransactionFlags.BEGIN, DEBIT, amount, from);
                s.update(CREDIT, amount, to);
            } catch (ClientException e) {
                return failedBeforeCommit(e);
            }
            try {
                s.update(TransactionFlags.COMMIT, LOG, id, from, to, amount);
                return Attempt.COMMITTED;
            } catch (ClientException e) {
                return commitFailed(e);
            }
        }

        /** The call that commits failed: a conflict, the id already logged, or else an outcome unknown. */
        private Attempt commitFailed(ClientException e) {
            if (!e.isConnectionLost()) {
                if (e.isRetryable()) {
                    return Attempt.CONFLICT;
                }
                if (isUniqueViolation(e)) {
                    return Attempt.DUPLICATE;
                }
            }
            drop();
            return Attempt.AMBIGUOUS;
        }

        private static boolean isUniqueViolation(ClientException e) {
            return e instanceof SqlClientException c && c.isUniqueViolation();
        }

        /** The three statements in one call: atomic, so a failure other than a lost connection committed nothing. */
        private Attempt transferInOneCall(long id, long from, long to, long amount) {
            SqlSession s;
            try {
                s = session();
            } catch (ClientException e) {
                return failedBeforeCommit(e);
            }
            try {
                s.executeBatch(List.of(SqlStatement.of(DEBIT, amount, from), SqlStatement.of(CREDIT, amount, to),
                        SqlStatement.of(LOG, id, from, to, amount)));
                return Attempt.COMMITTED;
            } catch (ClientException e) {
                if (!e.isConnectionLost() && !e.isRetryable() && !isUniqueViolation(e)) {
                    throw e; // the batch failed whole, for a reason a retry would not change
                }
                return commitFailed(e);
            }
        }

        private Attempt failedBeforeCommit(ClientException e) {
            if (e.isConnectionLost()) {
                drop();
                return Attempt.LOST;
            }
            rollback();
            if (e.isRetryable()) {
                return Attempt.CONFLICT;
            }
            if (isUniqueViolation(e)) {
                return Attempt.DUPLICATE;
            }
            throw e;
        }

        private SqlSession session() {
            if (session == null) {
                session = sql.openSession(database);
            }
            return session;
        }

        private void rollback() {
            if (session == null) {
                return;
            }
            try {
                session.update("ROLLBACK");
            } catch (ClientException e) {
                drop();
            }
        }

        private void drop() {
            if (session != null) {
                session.close();
                session = null;
            }
        }

        @Override
        public void close() {
            drop();
        }
    }
}
