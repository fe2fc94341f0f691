package io.relationshiplayer.access;

import io.grpc.Context;

/**
 * The checks the gRPC services make: the caller's principal is in the gRPC {@link Context} (put there by the server's
 * {@code AuthInterceptor}); a call without one has no grants, so a service outside the interceptor fails closed.
 */
public final class Authorization {
    static final Context.Key<Principal> PRINCIPAL = Context.key("rl-principal");

    private Authorization() {
    }

    /** The principal of the current call ({@link Principal#NOBODY} when there is none). */
    public static Principal current() {
        Principal p = PRINCIPAL.get();
        return p == null ? Principal.NOBODY : p;
    }

    /** Whether the current call's principal has {@code role} on {@code database}. */
    public static boolean may(String database, Role role) {
        return current().may(database, role);
    }

    /** Fails with {@link AccessDeniedException} unless the current call's principal has {@code role} on it. */
    public static void require(String database, Role role) {
        Principal p = current();
        if (!p.may(database, role)) {
            throw new AccessDeniedException(p.name(), role, database);
        }
    }

    /** A context whose calls run as {@code principal}. */
    public static Context withPrincipal(Context context, Principal principal) {
        return context.withValue(PRINCIPAL, principal);
    }
}
