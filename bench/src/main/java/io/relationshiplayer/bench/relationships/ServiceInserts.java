package io.relationshiplayer.bench.relationships;

import io.relationshiplayer.bench.bank.LocalSqlServer;
import io.relationshiplayer.client.ClientSecurity;
import io.relationshiplayer.client.SqlClient;
import io.relationshiplayer.client.SqlSession;
import io.relationshiplayer.fdb.BackendSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The comparison's inserts into our SQL service: a server in this process on a loopback port, over the memory engine,
 * reached by the Java client ({@link SqlClient}), each batch one autocommit INSERT with its rows as parameters.
 */
final class ServiceInserts implements InsertComparison.Target, AutoCloseable {
    private static final String DB = "fkbench";
    private final int parents;
    private final List<List<Map<String, Object>>> batches;
    private final LocalSqlServer server;
    private final SqlClient client;

    ServiceInserts(int parents, List<List<Map<String, Object>>> batches) throws IOException {
        this.parents = parents;
        this.batches = batches;
        this.server = LocalSqlServer.start(BackendSpec.memory());
        this.client = SqlClient.connect(server.target(), ClientSecurity.plaintext());
    }

    @Override
    public String name() {
        return "Relationship Layer (s)";
    }

    @Override
    public String describe() {
        return "the SQL service over gRPC on a loopback port, memory engine, the Java client";
    }

    @Override
    public double[] run(String kind) {
        try (SqlSession s = client.openSession(DB)) {
            drop(s);
            s.update("CREATE TABLE " + PostgresInserts.PARENTS + " (id BIGINT PRIMARY KEY, name VARCHAR)");
            s.update("INSERT INTO " + PostgresInserts.PARENTS + " SELECT g, 'parent ' || g FROM generate_series(1, "
                    + parents + ") g");
            for (String ddl : PostgresInserts.childTable(kind)) {
                s.update(ddl);
            }
            try {
                long start = System.nanoTime();
                long first = -1;
                for (List<Map<String, Object>> batch : batches) {
                    Object[] params = new Object[batch.size() * 4];
                    int p = 0;
                    for (Map<String, Object> row : batch) {
                        params[p++] = row.get("id");
                        params[p++] = row.get("parent_id");
                        params[p++] = row.get("note");
                        params[p++] = row.get("amount");
                    }
                    s.update(PostgresInserts.insert(batch.size()), params);
                    first = first < 0 ? System.nanoTime() : first;
                }
                return InsertComparison.times(start, first, System.nanoTime());
            } finally {
                drop(s);
            }
        }
    }

    private static void drop(SqlSession s) {
        s.update("DROP TABLE IF EXISTS " + PostgresInserts.CHILDREN);
        s.update("DROP TABLE IF EXISTS " + PostgresInserts.PARENTS);
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
