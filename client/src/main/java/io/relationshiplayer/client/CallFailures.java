package io.relationshiplayer.client;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Locale;

/** Failed calls as the client reports them: a server that could not be reached, or the server's refusal. */
final class CallFailures {
    private CallFailures() {
    }

    /** Unreachable (UNAVAILABLE from the transport), or the server's SqlError. */
    static ClientException sql(String address, StatusRuntimeException e) {
        if (unreachable(e)) {
            return new ServerUnreachableException(address, reason(e), e);
        }
        return SqlClientException.from(e);
    }

    /** Whether an UNAVAILABLE status came from the transport rather than from the service. */
    static boolean unreachable(StatusRuntimeException e) {
        return e.getStatus().getCode() == Status.Code.UNAVAILABLE && SqlClientException.sqlError(e) == null;
    }

    /** Why a connection failed, in a few words: "connection refused", "unknown host", ... */
    static String reason(StatusRuntimeException e) {
        Throwable root = e;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("Connection refused") || m.contains("error(-111)")) {
                return "connection refused";
            }
            if (t instanceof java.net.UnknownHostException || m.contains("Unable to resolve host")) {
                return "unknown host";
            }
            if (m.contains("Connection reset") || m.contains("error(-104)")) {
                return "connection reset by the server (is it serving TLS? then add --tls and --ca-file)";
            }
            if (t instanceof java.net.NoRouteToHostException || m.contains("error(-113)")) {
                return "no route to host";
            }
            if (m.contains("timed out")) {
                return "connection timed out";
            }
            root = t;
        }
        String message = root == e ? e.getStatus().getDescription() : root.getMessage();
        if (message == null || message.isBlank()) {
            return root.getClass().getSimpleName();
        }
        int colon = message.indexOf(": ");
        String first = colon > 0 ? message.substring(0, colon) : message;
        return first.substring(0, 1).toLowerCase(Locale.ROOT) + first.substring(1);
    }
}
