package io.relationshiplayer.bench.bank;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * The same bank in PostgreSQL through JDBC, for a side-by-side row: the same statements on tables of its own
 * ({@code rl_bench_accounts}, {@code rl_bench_transfers}, dropped and created again), READ COMMITTED, retrying
 * serialization failures and deadlocks.
 */
final class JdbcBank implements BankStore {
    private static final String ACCOUNTS = "rl_bench_accounts";
    private static final String TRANSFERS = "rl_bench_transfers";

    private final String url;

    private JdbcBank(String url) {
        this.url = url;
    }

    /** The bank at {@code url}, once a connection to it has succeeded. */
    static JdbcBank connect(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            c.isValid(5);
        }
        return new JdbcBank(url);
    }

    /** The label of PostgreSQL's rows, which the table compares this run's other rows with. */
    static final String LABEL = "PostgreSQL JDBC (local)";

    @Override
    public String label() {
        return LABEL;
    }

    @Override
    public void create() {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + ACCOUNTS + ", " + TRANSFERS);
            s.execute(GrpcBank.CREATE_ACCOUNTS.replace("accounts", ACCOUNTS));
            s.execute(GrpcBank.CREATE_TRANSFERS.replace("transfers", TRANSFERS));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void load(long[] balances) {
        try (Connection c = DriverManager.getConnection(url);
             PreparedStatement ps = c.prepareStatement("INSERT INTO " + ACCOUNTS + " (id, balance) VALUES (?, ?)")) {
            c.setAutoCommit(false);
            for (int i = 0; i < balances.length; i++) {
                ps.setLong(1, i);
                ps.setLong(2, balances[i]);
                ps.addBatch();
            }
            ps.executeBatch();
            c.commit();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Client client() {
        return new JdbcClient();
    }

    @Override
    public Ledger read(int accounts, long maxTransferId) {
        long[] balances = new long[accounts];
        Map<Long, long[]> transfers = new HashMap<>();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT id, balance FROM " + ACCOUNTS)) {
                while (rs.next()) {
                    balances[(int) rs.getLong(1)] = rs.getLong(2);
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT id, from_id, to_id, amount FROM " + TRANSFERS)) {
                while (rs.next()) {
                    transfers.put(rs.getLong(1), new long[] {rs.getLong(2), rs.getLong(3), rs.getLong(4)});
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return new Ledger(balances, transfers);
    }

    @Override
    public void close() {
        // connections belong to the clients
    }

    private final class JdbcClient implements Client {
        private Connection connection;
        private PreparedStatement debit;
        private PreparedStatement credit;
        private PreparedStatement log;

        @Override
        public Attempt transfer(long id, long from, long to, long amount) {
            try {
                open();
                set(debit, amount, from).executeUpdate();
                set(credit, amount, to).executeUpdate();
                log.setLong(1, id);
                log.setLong(2, from);
                log.setLong(3, to);
                log.setLong(4, amount);
                log.executeUpdate();
            } catch (SQLException e) {
                return failed(e);
            }
            try {
                connection.commit();
                return Attempt.COMMITTED;
            } catch (SQLException e) {
                if (retryable(e)) {
                    rollback();
                    return Attempt.CONFLICT;
                }
                drop();
                return Attempt.AMBIGUOUS;
            }
        }

        private Attempt failed(SQLException e) {
            if (retryable(e)) {
                rollback();
                return Attempt.CONFLICT;
            }
            if ("23505".equals(e.getSQLState())) {
                rollback();
                return Attempt.DUPLICATE;
            }
            drop();
            if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
                return Attempt.LOST;
            }
            throw new IllegalStateException(e);
        }

        private static boolean retryable(SQLException e) {
            return "40001".equals(e.getSQLState()) || "40P01".equals(e.getSQLState());
        }

        private PreparedStatement set(PreparedStatement ps, long amount, long account) throws SQLException {
            ps.setLong(1, amount);
            ps.setLong(2, account);
            return ps;
        }

        private void open() throws SQLException {
            if (connection == null) {
                connection = DriverManager.getConnection(url);
                connection.setAutoCommit(false);
                debit = connection.prepareStatement(GrpcBank.DEBIT.replace("accounts", ACCOUNTS));
                credit = connection.prepareStatement(GrpcBank.CREDIT.replace("accounts", ACCOUNTS));
                log = connection.prepareStatement(GrpcBank.LOG.replace("transfers", TRANSFERS));
            }
        }

        private void rollback() {
            try {
                connection.rollback();
            } catch (SQLException e) {
                drop();
            }
        }

        private void drop() {
            if (connection != null) {
                try {
                    connection.close();
                } catch (SQLException ignored) {
                    // closing a broken connection
                }
                connection = null;
            }
        }

        @Override
        public void close() {
            drop();
        }
    }
}
